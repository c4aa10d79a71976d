"""The ECS layer: one esper world per fight, one system per step (the only esper importer)."""

from __future__ import annotations
