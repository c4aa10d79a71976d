"""A quicker ``__init__`` for the frozen values a fight makes thousands of times.

A frozen dataclass sets each field through ``object.__setattr__``, looked up afresh for every
field; events, rolls, views and choices are made so often that this alone was a tenth of a
batch fight. `quick_init` gives such a class an ``__init__`` with the same signature that
stores each field through its slot directly. The class stays frozen: only ``__init__`` changes.

A store through a slot's setter is a call of its own (some 600 machine instructions); a class
with many fields is filled instead as a twin of the same slots that is not frozen, by plain
stores, and then becomes the class it was made as (two changes of class, whatever its size).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final, TypeVar

T = TypeVar("T")

TWIN_FROM: Final = 5
"""Fields from which a class is filled as its unfrozen twin (fewer: slot by slot)."""


def quick_init(cls: type[T]) -> type[T]:
    """Give a frozen, slotted dataclass an ``__init__`` that fills its slots directly.

    Raises:
        TypeError: the class is not a frozen, slotted dataclass, or has a ``__post_init__``
            (left to dataclasses' own ``__init__``).
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in vars(cls):
        raise TypeError(f"{cls.__name__}: quick_init takes a frozen, slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init cannot run a __post_init__")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    scope: dict[str, Any] = {"MISSING": dataclasses.MISSING}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for i, f in enumerate(fields):
        scope[f"set_{i}"], scope[f"default_{i}"], scope[f"factory_{i}"] = (
            getattr(cls, f.name).__set__,
            f.default,
            f.default_factory,
        )
        made = f"factory_{i}()" if f.default_factory is not dataclasses.MISSING else ""
        if not f.init:  # not an argument: its default, as dataclasses' own __init__ does
            body.append(f"    set_{i}(self, {made or f'default_{i}'})")
            continue
        arg = f.name
        if made:
            arg, value = f"{f.name}=MISSING", f"{made} if {f.name} is MISSING else {f.name}"
        elif f.default is not dataclasses.MISSING:
            arg, value = f"{f.name}=default_{i}", f.name
        else:
            value = f.name
        body.append(f"    set_{i}(self, {value})")
        (keyword if f.kw_only else positional).append(arg)
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    lines = body or ["    pass"]
    twin = unfrozen_twin(cls) if len(body) >= TWIN_FROM else None
    if twin is not None:
        # Filled as the twin (plain stores), then made the class itself; an instance of a
        # subclass (another layout, maybe) is filled slot by slot.
        # (Under names no field takes: a field's argument would hide them.)
        scope.update(QUICK_TWIN_=twin, QUICK_KIND_=cls, QUICK_PUT_=object.__setattr__)
        stores = [
            line.replace(f"set_{i}(self, ", f"self.{f.name} = (", 1)
            for line, (i, f) in zip(body, enumerate(fields), strict=True)
        ]
        lines = [
            "    if type(self) is not QUICK_KIND_:",
            *("    " + line for line in body),
            "        return",
            "    QUICK_PUT_(self, '__class__', QUICK_TWIN_)",
            *stores,
            "    self.__class__ = QUICK_KIND_",
        ]
    source = f"def __init__({signature}):\n" + "\n".join(lines) + "\n"
    # Compiled under the class's name, so a profile tells one class's __init__ from another's.
    code = compile(source, f"<{cls.__qualname__}.__init__>", "exec")
    exec(code, scope)  # noqa: S102 - the same way dataclasses writes its own __init__
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def unfrozen_twin(cls: type) -> type | None:
    """A class of the same slots as ``cls``, not frozen, whose instances may become ``cls``'s.

    None where the layouts differ (a base class with slots of its own, say): such a class is
    filled slot by slot. A frozen class with an ``__init__`` of its own fills itself as one.
    """
    if cls.__bases__ != (object,):
        return None
    twin = type(f"{cls.__name__}Parts", (), {"__slots__": vars(cls)["__slots__"]})
    probe: Any = object.__new__(twin)
    try:
        probe.__class__ = cls
        object.__setattr__(probe, "__class__", twin)
    except TypeError:
        return None
    return twin
