"""Run arena as ``python -m arena``."""

from __future__ import annotations

from arena.cli import main

raise SystemExit(main())
