"""The four games' environments: PettingZoo's and Gymnasium's own checks, the
console's deal and words, and no hidden card in another seat's observation.

They need the extra ``rl``; without it they are skipped.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from helpers.cli import run_game  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from bigtwo.research import ACTIONS, bigtwo_v0  # noqa: E402
from common.engine.dealer import Dealer  # noqa: E402
from common.research.environment import CardGameEnv  # noqa: E402
from common.research.versions import Version  # noqa: E402
from inbetween.research import inbetween_v0  # noqa: E402
from reddog.cards import Shoe  # noqa: E402
from reddog.research import gym_env, reddog_v0  # noqa: E402
from stud.cards import StudDeck  # noqa: E402
from stud.research import stud_v0  # noqa: E402

VERSIONS = [bigtwo_v0, stud_v0, inbetween_v0, reddog_v0]
NAMES = [version.name for version in VERSIONS]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # The checks warn of what PettingZoo's own classic games do too (a Dict
    # observation space, an all-zero observation once a game is over).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("version", VERSIONS, ids=NAMES)
def test_pettingzoo_s_api_test_and_seed_test_pass(version: Version) -> None:
    api_test(version.env(), num_cycles=200)
    seed_test(version.env, num_cycles=200)


def test_in_between_passes_them_with_more_players_and_the_house_rules() -> None:
    def make() -> Any:
        return inbetween_v0.env(players=6, refill=True, rounds=30)

    api_test(make(), num_cycles=200)
    seed_test(make, num_cycles=200)


def test_gymnasium_s_check_env_passes_for_red_dog() -> None:
    check_env(gym_env())
    check_env(gym_env(decks=1, rounds=10).unwrapped)


def episode(version: Version, seed: int, **settings: Any) -> list[Any]:
    """Play a game with random legal actions; return everything it showed."""
    env = version.env(**settings)
    env.reset(seed=seed)
    rng = random.Random(seed)
    seen: list[Any] = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        seen.append((agent, observation["observation"].tolist(),
                     observation["action_mask"].tolist(), reward, terminated))
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(rng.choice(legal)))
    return seen


@pytest.mark.parametrize("version", VERSIONS, ids=NAMES)
def test_a_seed_replays_the_same_episode(version: Version) -> None:
    first = episode(version, 11)
    assert first == episode(version, 11)
    assert first != episode(version, 12)
    assert first[-1][-1] is True  # played to the end


def smart_transcript(version: Version, seed: int, **settings: Any) -> str:
    """What the console shows of a game of the smart strategy in every seat."""
    env = version.raw_env(render_mode="ansi", **settings)
    env.reset(seed=seed)
    policy = env.policy("smart", seed)
    text = env.render() or ""
    while env.game.current_seat is not None:
        env.step(policy(env.observe(env.agent_selection)))
        text += env.render() or ""
    return text


@pytest.mark.parametrize(("version", "settings", "options"), [
    (bigtwo_v0, {}, ["--computer", "all"]),
    (stud_v0, {"hands": 3}, ["--computer", "all", "--hands", "3"]),
    (inbetween_v0, {"players": 3}, ["--computer", "all", "--players", "3"]),
    (reddog_v0, {"rounds": 30}, ["--computer", "--rounds", "30"]),
], ids=NAMES)
def test_seed_deals_and_renders_as_the_console_does(
        version: Version, settings: dict[str, Any], options: list[str]) -> None:
    # The smart policies in every seat, rendered, are the console's own
    # transcript of the computer playing every seat with the same --seed.
    for seed in (5, 6):
        played = run_game(version.encoding.spec.name, "--seed", str(seed), *options)
        assert played.returncode == 0, played.stderr
        assert smart_transcript(version, seed, **settings) == played.stdout.decode()


def test_a_reset_without_a_seed_plays_the_next_game_of_the_last() -> None:
    env = stud_v0.raw_env()
    env.reset(seed=3)
    first = env.game.hole_card(0), env.game.hole_card(1)
    env.reset()
    second = env.game.hole_card(0), env.game.hole_card(1)
    env.reset(seed=3)
    assert (env.game.hole_card(0), env.game.hole_card(1)) == first
    env.reset()
    assert (env.game.hole_card(0), env.game.hole_card(1)) == second


@pytest.mark.parametrize("version", VERSIONS, ids=NAMES)
def test_the_computer_s_strategies_play_as_policies(version: Version) -> None:
    for name in ("smart", "random"):
        env = version.env()
        env.reset(seed=1)
        policy = env.unwrapped.policy(name, seed=1)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            action = None if terminated or truncated else policy(observation)
            if action is not None:
                assert observation["action_mask"][action] == 1
            env.step(action)
        assert not env.agents


def test_rewards_are_the_game_s_results_at_its_end() -> None:
    env = bigtwo_v0.raw_env()
    env.reset(seed=2)
    policy = env.policy("random", seed=2)
    while env.game.current_seat is not None:
        assert set(env.rewards.values()) == {0}
        env.step(policy(env.observe(env.agent_selection)))
    assert list(env.rewards.values()) == list(env.game.returns())
    assert sorted(env.rewards.values()) == [0, 0, 0, 1]
    assert all(env.terminations.values()) and not any(env.truncations.values())


def test_an_illegal_action_is_refused_raw_and_ends_the_game_wrapped() -> None:
    raw = bigtwo_v0.raw_env()
    raw.reset(seed=4)
    illegal = int(np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"]
                                 == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        raw.step(illegal)
    env = bigtwo_v0.env()
    env.reset(seed=4)
    agent = env.agent_selection
    env.step(illegal)
    assert env.rewards[agent] == -1 and all(env.terminations.values())
    # Ended: nothing is open to anyone, and nothing is seen.
    for anyone in env.agents:
        assert not env.observe(anyone)["action_mask"].any()
        assert not env.observe(anyone)["observation"].any()
    gym = gym_env()
    gym.reset(seed=1)
    observation, reward, terminated, _, info = gym.step(0)  # play: no spread yet
    assert (reward, terminated, info) == (-1.0, True, {"illegal": True})
    assert not observation["action_mask"].any()


def test_the_gymnasium_environment_deals_the_shoe_it_is_given() -> None:
    shoe = list(Dealer(random.Random(5)).deal(Shoe(1)))
    shoe.reverse()  # not the shoe seed 0 deals
    given, plain = gym_env(decks=1), gym_env(decks=1)
    given.reset(seed=0, options={"decks": [shoe]})
    plain.reset(seed=0)
    for env in (given, plain):
        env.step(2)  # deal, at $50
    assert given.env.game.view().dealt[:2] == tuple(shoe[:2])
    assert plain.env.game.view().dealt[:2] != tuple(shoe[:2])


def test_settings_and_render_modes_the_games_lack_are_refused() -> None:
    with pytest.raises(ValueError, match="no setting 'players'"):
        stud_v0.env(players=3)
    with pytest.raises(ValueError, match="no render mode 'human'"):
        reddog_v0.env(render_mode="human")


# --- No hidden card reaches another seat's observation ----------------------
#
# Each test plays part of a game, then deals again with the cards the
# watching seat may not see (the others' hands, a hole card, the undealt
# cards) placed otherwise, makes the same plays, and finds every
# observation of the watching seat the same all along.


def watched(env: CardGameEnv[Any, Any], seat: int) -> list[float]:
    observation: list[float] = env.observe(
        env.possible_agents[seat])["observation"].tolist()
    return observation


def dealt_again(version: Version, deck: list[Any], **settings: Any,
                ) -> CardGameEnv[Any, Any]:
    env = version.raw_env(**settings)
    env.reset(seed=0, options={"decks": [deck]})
    return env


def test_big_two_no_card_another_seat_holds_reaches_an_observation() -> None:
    rng = random.Random(8)
    checked = 0
    for game in range(30):
        env = bigtwo_v0.raw_env()
        env.reset(seed=game)
        deck = list(env.game.get_deck())
        policy = env.policy("random", seed=game)
        watcher = rng.randrange(4)
        plays, seen = [], []
        # The opening move plays the ♦3, so it stays where it was dealt.
        for _ in range(rng.randrange(1, 40)):
            if env.game.current_seat is None:
                break
            seen.append(watched(env, watcher))
            action = policy(env.observe(env.agent_selection))
            held = env.game.get_player_list()[env.game.current_seat].get_cards_in_hand()
            plays.append([held[index] for index in ACTIONS[action]])
            env.step(action)
        played = {card for hand in env.game.get_hands_on_table() for card in hand}
        hidden = [index for index, card in enumerate(deck)
                  if index % 4 != watcher and card not in played]
        other = list(deck)
        cards = [deck[index] for index in hidden]
        rng.shuffle(cards)
        for index, card in zip(hidden, cards, strict=True):
            other[index] = card
        if env.game.current_seat is None or other == deck:
            continue
        again = dealt_again(bigtwo_v0, other)
        for step, cards_played in enumerate(plays):
            assert watched(again, watcher) == seen[step]
            seat = again.game.current_seat
            held = list(again.game.get_player_list()[seat].get_cards_in_hand())
            again.step(ACTIONS.index(tuple(held.index(card) for card in cards_played)))
        assert watched(again, watcher) == watched(env, watcher)
        assert [list(player.get_cards_in_hand())
                for player in env.game.get_player_list()] != [
            list(player.get_cards_in_hand()) for player in again.game.get_player_list()]
        checked += 1
    assert checked >= 20


def test_stud_no_other_hole_card_nor_undealt_card_reaches_an_observation() -> None:
    rng = random.Random(9)
    for game in range(30):
        env = stud_v0.raw_env()
        env.reset(seed=game)
        deck = list(Dealer(random.Random(game)).deal(StudDeck()))
        policy = env.policy("random", seed=game)
        watcher = rng.randrange(2)
        actions, seen = [], []
        while env.game.current_seat is not None:
            seen.append(watched(env, watcher))
            actions.append(policy(env.observe(env.agent_selection)))
            env.step(actions[-1])
        # Cards 0 and 1 are the hole cards; 2 to 9 the up cards; the rest
        # are never dealt.  The other's hole card goes among them.
        other = list(deck)
        swap = rng.randrange(10, 52)
        other[1 - watcher], other[swap] = other[swap], other[1 - watcher]
        undealt = other[10:]
        rng.shuffle(undealt)
        other[10:] = undealt
        again = dealt_again(stud_v0, other)
        for step, action in enumerate(actions):
            assert watched(again, watcher) == seen[step]
            again.step(action)
        assert again.game.hole_card(1 - watcher) != env.game.hole_card(1 - watcher)


def test_red_dog_no_undealt_card_reaches_the_observation() -> None:
    rng = random.Random(10)
    for game in range(20):
        env = reddog_v0.raw_env(decks=1)
        env.reset(seed=game)
        shoe = list(Dealer(random.Random(game)).deal(Shoe(1)))
        policy = env.policy("random", seed=game)
        actions, seen = [], []
        for _ in range(rng.randrange(1, 12)):
            if env.game.current_seat is None or env.game.view().new_shoe_next:
                break
            seen.append(watched(env, 0))
            actions.append(policy(env.observe(env.agent_selection)))
            env.step(actions[-1])
        dealt = len(env.game.view().dealt) if env.game.current_seat is not None \
            else len(shoe)
        undealt = shoe[dealt:]
        rng.shuffle(undealt)
        again = dealt_again(reddog_v0, shoe[:dealt] + undealt, decks=1)
        for step, action in enumerate(actions):
            assert watched(again, 0) == seen[step]
            again.step(action)
        assert watched(again, 0) == watched(env, 0)
