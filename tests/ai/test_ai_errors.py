"""The AI raises its own error for a policy name that names none, and needs no content layer."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from arena.ai import UnknownPolicy, choose_with_reason, unknown_policy
from arena.rules.views import Decision, FightView


def test_an_unknown_policy_raises_the_ais_own_error_naming_the_known_ones() -> None:
    with pytest.raises(UnknownPolicy, match="unknown AI policy 'berserker'; known: ") as err:
        choose_with_reason(
            "berserker", FightView.__new__(FightView), Decision.__new__(Decision), random.Random(1)
        )
    assert err.value.policy == "berserker"
    assert "thug" in err.value.known
    assert isinstance(err.value, ValueError)  # callers that catch bad input still do


@pytest.mark.parametrize("name", ["x" * 500, "bad\nname\x00" * 40])
def test_a_long_or_hostile_policy_name_is_quoted_cut_short(name: str) -> None:
    with pytest.raises(UnknownPolicy) as err:
        choose_with_reason(
            name, FightView.__new__(FightView), Decision.__new__(Decision), random.Random(1)
        )
    quoted = str(err.value).removeprefix("unknown AI policy ").split("; known:")[0]
    assert len(quoted) == 80
    assert "\n" not in str(err.value)
    problem = unknown_policy(f"ai:{name}")
    assert problem is not None
    assert "\n" not in problem
    assert len(problem.split("; known:")[0].removeprefix("no AI policy ")) <= 80


def test_the_ai_loads_no_content_module() -> None:
    probe = (
        "import sys; import arena.ai; "
        "print(sorted(m for m in sys.modules if m.startswith(('arena.content', 'yaml'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
