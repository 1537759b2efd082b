"""Rich measured as the terminal draws: a spacing vowel sign takes a cell.

Rich (and so Textual) counts every combining mark as taking no cell,
the spacing ones (Unicode's category Mc) among them: Gurmukhi's ਾ, ਿ and
ੀ, and every Indic script's spacing vowel signs.  Terminals draw each of
them in a cell of its own (glibc's ``wcwidth``, tmux, the wcwidth package's
``wcswidth``), so a Punjabi line Rich thinks is 40 cells wide takes 50 on
the screen, and the table's borders break.  `measure_as_terminals_do`
corrects the widths Rich reads, as `common.console.cells.width` counts them
in line mode; nothing else of Rich changes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from common.console import cells

__all__ = ["measure_as_terminals_do"]

_corrected: set[int] = set()


def _takes_a_cell(code: int) -> bool:
    """Whether the mark `code` takes a cell as terminals draw it (a spacing one)."""
    char = chr(code)
    return unicodedata.category(char) == "Mc" and cells.width(char) == 1


def _split(ranges: Iterable[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Return `ranges` (start, end, width) with the spacing marks' zero widths gone.

    A code point no range holds is one cell wide, so taking it out of a
    zero-width range is all it needs.
    """
    result = []
    for start, end, width in ranges:
        if width != 0:
            result.append((start, end, width))
            continue
        run_start = None
        for code in range(start, end + 1):
            if _takes_a_cell(code):
                if run_start is not None:
                    result.append((run_start, code - 1, 0))
                    run_start = None
            elif run_start is None:
                run_start = code
        if run_start is not None:
            result.append((run_start, end, 0))
    return result


def measure_as_terminals_do() -> bool:
    """Make Rich count a spacing mark as one cell, as terminals draw it.

    Call it before Rich measures any text.  Return whether Rich's widths
    are as `common.console.cells.width` counts them now: False when this
    Rich keeps its widths where it is not corrected here (the full-screen
    table then plays on, its Indic text measured Rich's way).
    """
    import rich.cells as rich_cells

    try:
        # Not in rich.cells' __all__, but its own name for the table it reads.
        table = getattr(rich_cells, "load_cell_table")("auto")  # noqa: B009
        widths = table.widths
        if id(widths) not in _corrected and isinstance(widths, list):
            widths[:] = _split(widths)
            _corrected.add(id(widths))
            for name in ("get_character_cell_size", "cached_cell_len"):
                getattr(rich_cells, name).cache_clear()
    except (AttributeError, TypeError):
        pass
    sample = "ਖਿਡਾਰੀ ਸਿੱਕੇ"
    return bool(rich_cells.cell_len(sample) == cells.width(sample))
