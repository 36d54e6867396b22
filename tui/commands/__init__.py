"""Subcommands of ``chunkscope``: one module each, discovered by ``tui.cli``."""
