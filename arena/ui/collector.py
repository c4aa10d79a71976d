"""The garbage collector's full passes kept off the keys: what a fight keeps is set aside."""

from __future__ import annotations

import gc


def set_aside() -> None:
    """Collect everything now, then leave what survives out of the collector's full passes.

    With eight combatants the content, the fight and its screen are some 100,000 objects: a
    full pass over them took a tenth of a second, and it fell on whichever key came next.
    What an earlier fight left behind is collected here, as the next one opens.
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def set_aside_since() -> None:
    """Collect the young objects, then set aside what survives: a full pass stays short.

    A millisecond or two, as a decision is shown. Garbage among what was set aside waits for
    the next fight's `set_aside`.
    """
    gc.collect(1)
    gc.freeze()
