"""How much look-ahead an expert decision buys: numbers the engine and the command line share.

They live here, in the bottom layer, so that the command line can name them in its help
without loading the engine before the UI's first frame.
"""

from __future__ import annotations

from typing import Final

DEFAULT_BUDGET_MS: Final = 100
"""The default time budget of one expert decision (``--ai-budget``)."""
MAX_BUDGET_MS: Final = 60_000
"""The most look-ahead one expert decision may be given."""
MS_PER_ROLLOUT: Final = 4
"""The budget buys one rollout per this many milliseconds: a fixed count, never a clock, so
the choice does not depend on the machine's speed or load."""
