"""The four games as OpenSpiel games: its own checks, seeds, hidden cards, ISMCTS."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from bigtwo.research import bigtwo_v0  # noqa: E402
from common.research.spiel import CardGameState  # noqa: E402
from common.research.versions import Version  # noqa: E402
from inbetween.research import inbetween_v0  # noqa: E402
from reddog.research import reddog_v0  # noqa: E402
from stud.research import stud_v0  # noqa: E402

VERSIONS = [bigtwo_v0, stud_v0, inbetween_v0, reddog_v0]
SETTINGS: dict[str, dict[str, int]] = {"reddog_v0": {"rounds": 10},
                                       "stud_v0": {"hands": 2}}
HIDDEN = [bigtwo_v0, stud_v0]
"""The games whose seats hold cards the others may not see."""


def game_of(version: Version, **params: int) -> Any:
    return version.spiel_game(**{**SETTINGS.get(version.name, {}), **params})


def played(state: CardGameState, seed: int) -> CardGameState:
    """Play `state` to its end with random legal actions; return it."""
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("version", VERSIONS, ids=lambda version: version.name)
def test_openspiel_s_random_simulation_test_passes(version: Version) -> None:
    game = game_of(version, rng_seed=5)
    assert pyspiel.load_game(version.name) is not None  # registered by name
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("version", VERSIONS, ids=lambda version: version.name)
def test_a_game_ends_within_its_bound_with_the_engine_s_returns(version: Version,
                                                                ) -> None:
    game = game_of(version)
    for seed in range(3):
        state = played(game.deal(seed), seed)
        assert state.returns() == list(state.engine.returns())
        assert len(state.history()) <= game.max_game_length()
        low, high = game.min_utility(), game.max_utility()
        assert all(low <= result <= high for result in state.returns())
        if game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM:
            assert sum(state.returns()) == game.utility_sum()


@pytest.mark.parametrize("version", VERSIONS, ids=lambda version: version.name)
def test_the_seed_deals_the_game_of_the_environment_s_seed(version: Version) -> None:
    game = game_of(version, rng_seed=11)
    first, second = game.new_initial_state(), game.new_initial_state()
    env = version.raw_env(**SETTINGS.get(version.name, {}))
    for state, seed in ((first, 11), (second, None)):
        env.reset(seed=seed)
        seat = state.current_player()
        assert np.array_equal(state.observation_tensor(seat),
                              env.observe(env.agent_selection)["observation"])
        assert state.legal_actions() == sorted(env.legal_actions())
    again = game_of(version, rng_seed=11).new_initial_state()
    assert played(again, 1).history() == played(first, 1).history()


@pytest.mark.parametrize("version", HIDDEN, ids=lambda version: version.name)
def test_no_hidden_card_reaches_another_seat_s_information(version: Version) -> None:
    # The same game dealt twice, the cards seat 0 may not see redealt in the
    # second, then played on alike until a card is dealt (the redeal changed
    # the cards to come too): whatever seat 0 is told is the same in both,
    # while the other seats' cards differ.
    game = game_of(version)
    encoding = game.encoding
    differed = False
    for seed in range(6):
        state = game.deal(seed)
        rng = random.Random(seed)
        for _ in range(seed % 3):
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        other = state.resample_from_infostate(0, random.Random(seed + 100).random)
        differed |= any(state.engine.view(seat) != other.engine.view(seat)
                        for seat in range(1, game.num_players()))
        while not state.is_terminal() and (
                sorted(map(str, encoding.seen_cards(state.engine.view(0))))
                == sorted(map(str, encoding.seen_cards(other.engine.view(0))))):
            for told in ("information_state_string", "observation_string",
                         "observation_tensor"):
                assert getattr(state, told)(0) == getattr(other, told)(0)
            # Play on with the moves open in both deals, as announced.
            seat = state.current_player()
            both = {other.action_to_string(seat, action): action
                    for action in other.legal_actions()}
            moves = [(action, both[said]) for action in state.legal_actions()
                     if (said := state.action_to_string(seat, action)) in both]
            if not moves:
                break
            mine, theirs = rng.choice(moves)
            if seat == 0:
                assert mine == theirs
            state.apply_action(mine)
            other.apply_action(theirs)
    assert differed


@pytest.mark.parametrize("version", VERSIONS, ids=lambda version: version.name)
def test_a_resampled_game_keeps_the_seat_s_information_and_what_it_saw(
        version: Version) -> None:
    game = game_of(version)
    for seed in range(4):
        state = game.deal(seed)
        rng = random.Random(seed)
        for _ in range(seed):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = state.current_player()
        sampler = random.Random(seed).random
        again = state.resample_from_infostate(seat, sampler)
        assert (again.information_state_string(seat)
                == state.information_state_string(seat))
        assert again.legal_actions() == state.legal_actions()
        assert again.announced() == state.announced()
        encoding = game.encoding
        assert (sorted(map(str, encoding.seen_cards(again.engine.view(seat))))
                == sorted(map(str, encoding.seen_cards(state.engine.view(seat)))))


def test_big_two_s_redeal_gives_the_others_other_cards() -> None:
    state = game_of(bigtwo_v0).deal(3)
    seat = state.current_player()
    hands = {tuple(state.resample_from_infostate(seat, random.Random(draw).random)
                   .engine.view((seat + 1) % 4).hand) for draw in range(5)}
    assert len(hands) == 5


def test_the_information_state_holds_the_moves_announced() -> None:
    state = game_of(stud_v0).deal(2)
    before = state.information_state_string(1)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(1) != before
    assert state.information_state_string(1).endswith(
        f"{state.announced()[-1][0]}:{state.announced()[-1][1]}")


@pytest.mark.parametrize("version", HIDDEN, ids=lambda version: version.name)
def test_openspiel_s_ismcts_plays_a_whole_game(version: Version) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = game_of(version)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 8,
                           random_state=rng)
    state = game.deal(7)
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else \
            rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns() == list(state.engine.returns())


def test_a_game_without_a_bound_is_refused() -> None:
    from common.research.spiel import register
    from reddog.research import RedDogEncoding

    with pytest.raises(ValueError, match="rounds"):
        register(RedDogEncoding, rounds=None)
