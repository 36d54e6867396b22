"""Chunking modes: one module per mode, each registering itself in ``registry``."""

from .params import ModeParams, mode_key
from .registry import key_for, mode, modes_for, resolve, run

__all__ = ["ModeParams", "key_for", "mode", "mode_key", "modes_for", "resolve", "run"]
