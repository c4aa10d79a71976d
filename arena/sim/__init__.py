"""Batch simulation: many fights on worker processes, streamed statistics."""

from __future__ import annotations
