"""Many games with the computer in every seat, and their statistics (``--simulate``).

`common.simulation.runner` plays them, in one process or over the worker
processes of `common.simulation.workers`, and reports each seat's results
with their 95% confidence intervals.
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from common.simulation.runner import simulate as simulate

__getattr__, __dir__ = exports(__name__)
