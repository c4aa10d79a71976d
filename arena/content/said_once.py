"""An option or preset refusal under words that name its key already: the key said once.

A ruleset refuses a preset or an option as an `OptionRefused`, whose words stand alone and
name the key (``option 'stun': expected ...``). Blamed on ``file:line: options.stun:``, the
key is named already: the line says what is wrong from the refusal's fields instead. A
refusal of another key (a change that upsets a second option) is said whole.
"""

from __future__ import annotations

from arena.content.errors import quote
from arena.rules.refused import OptionRefused, Refusing


def option_refusal(err: ValueError, key: str, *, shown: bool = False) -> str:
    """A refusal of option ``key`` for words that name ``options.KEY`` already.

    ``expected one of off, on, got 'zz'``, or ``unknown option (did you mean 'stun'?);
    known: ...``. When the words show the value too (``--vary option.stun=zz:``), ``shown``
    leaves the ``got`` out.
    """
    return _said(err, "option", key, shown)


def preset_refusal(err: ValueError, preset: str, *, shown: bool = False) -> str:
    """A refusal of preset ``preset`` for words that name ``preset`` already.

    ``expected one of seed, w20, got 'zz'``; with ``shown`` (``--grid preset=zz:``), without
    the ``got``.
    """
    return _said(err, "preset", preset, shown)


def _said(err: ValueError, refusing: Refusing, key: str, shown: bool) -> str:
    if not isinstance(err, OptionRefused) or err.refusing != refusing or err.key != key:
        return str(err)
    if shown or not err.value:
        return err.wrong
    return f"{err.wrong}, got {quote(err.value[0])}"
