"""A Werewolf thug that fights as a gang: the thug's blows, with Willpower spent on any roll."""

from __future__ import annotations

from typing import Final

from arena.ai.werewolf import policy
from arena.ai.werewolf.fighters import thug

EAGER: Final = 0.001
"""The rise in a roll's chance that makes Willpower worth it: any. Measured against the hard
thug, who waits for a rise of 15%, it wins more: a point unspent when the thug goes down is
lost, and a sure success early decides who stands."""

GANG: Final = policy(thug, willpower_gain=EAGER)
