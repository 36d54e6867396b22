"""Structured field extraction (SPEC §9)."""
