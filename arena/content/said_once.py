"""An option or preset refusal under a key path that names the key: the key said once.

The rulesets' option parsers name the key they refuse (``option 'stun': expected ...``,
``unknown option 'zz'; known: ...``, ``preset 'zz': expected ...``), as their message must
when it stands alone. Blamed on ``file:line: options.stun:``, the key is named already, so
its naming in the message is left out. Each form a parser writes is listed here, each with
a test; a message in no listed form is kept whole, which says too much but never too little.
"""

from __future__ import annotations

from arena.content.errors import quote


def option_refusal(message: str, key: str, shown: object = None) -> str:
    """A refusal of option ``key`` for a line that names ``options.KEY`` already.

    ``option 'stun': expected one of off, on, got 'zz'`` becomes ``expected one of off, on,
    got 'zz'``; ``unknown option 'zz' (did you mean 'stun'?); known: ...`` becomes
    ``unknown option (did you mean 'stun'?); known: ...``. When the line shows the value
    too (``--vary option.stun=zz:``), pass it as ``shown``: the ``got`` is left out.
    """
    for lead in (f"option {key!r}: ", f"option {key}: "):
        if message.startswith(lead):
            return _without_got(message[len(lead) :], shown)
    unknown = f"unknown option {key!r}"
    if message.startswith(unknown):
        return "unknown option" + message[len(unknown) :]
    return message


def preset_refusal(message: str, preset: str, *, shown: bool = False) -> str:
    """A refusal of preset ``preset`` for a line that names ``preset`` already.

    ``preset 'zz': expected one of seed, w20`` becomes ``expected one of seed, w20, got
    'zz'``; ``unknown preset 'zz'; known: default`` becomes ``expected one of default, got
    'zz'``. When the line shows the value too (``--grid preset=zz:``), ``shown`` leaves the
    ``got`` out.
    """
    got = "" if shown else f", got {quote(preset)}"
    named = f"preset {preset!r}: "
    if message.startswith(named):
        return f"{message[len(named) :]}{got}"
    unknown = f"unknown preset {preset!r}; known: "
    if message.startswith(unknown):
        return f"expected one of {message[len(unknown) :]}{got}"
    return message


def _without_got(message: str, shown: object) -> str:
    """The message without its closing ``, got VALUE`` when the line shows the value."""
    got = f", got {shown!r}"
    if shown is not None and message.endswith(got):
        return message[: -len(got)]
    return message
