"""Fixtures shared by the format tests."""

from __future__ import annotations

import pytest


@pytest.fixture(params=["pyromark", "markdown-it"])
def markdown_parser(request, monkeypatch) -> str:
    """The Markdown reader's parser a test runs with: pulldown-cmark (pyromark, the main path) or
    markdown-it-py (the fallback when pyromark is missing), each test once with each."""
    from indexer.formats import markdown

    if request.param == "markdown-it":
        monkeypatch.setattr(markdown, "pyromark", None)
    return request.param
