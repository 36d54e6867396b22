"""The documentation generated from the code stays current."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_formats_md_matches_the_registry():
    proc = subprocess.run(
        [sys.executable, "-m", "tui", "formats", "--markdown"], capture_output=True, text=True, check=True
    )
    current = (ROOT / "docs" / "formats.md").read_text()
    assert proc.stdout == current, (
        "docs/formats.md is stale: run `chunkscope formats --markdown > docs/formats.md`"
    )


def test_formats_cover_the_36_extensions_of_the_spec():
    from indexer.formats import registry

    spec_list = [
        ".txt",
        ".md",
        ".markdown",
        ".html",
        ".htm",
        ".xhtml",
        ".json",
        ".jsonl",
        ".ndjson",
        ".csv",
        ".tsv",
        ".eml",
        ".mbox",
        ".msg",
        ".pdf",
        ".xlsx",
        ".xlsm",
        ".xltx",
        ".xltm",
        ".ods",
        ".docx",
        ".docm",
        ".dotx",
        ".dotm",
        ".pptx",
        ".potx",
        ".ppsx",
        ".odt",
        ".odp",
        ".epub",
        ".ipynb",
        ".rtf",
    ]
    supported = {e for f in registry.formats() if f.supported for e in f.extensions}
    listed = {e for f in registry.formats() for e in f.extensions}
    assert set(spec_list) <= supported, sorted(set(spec_list) - supported)
    assert {".xls", ".xlsb", ".doc", ".ppt"} <= listed  # read, or listed as unsupported with a reason
    for spec in registry.formats():
        if not spec.supported:
            assert spec.note, spec.name


def test_readme_quick_start_is_two_commands():
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in quick.splitlines() if line.startswith("    ")]
    assert commands == [
        "pip install -e . && chunkscope sample_corpus",
        "pip install -e '.[test]' && pytest",
    ]
    ci = (ROOT / ".ci" / "run").read_text()
    assert commands[1] in ci


def user_docs() -> list:
    """README.md and the written pages of docs/ (docs/formats.md is generated from the registry)."""
    return [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "formats.md")]


def code_lines(text: str) -> list[str]:
    """The lines of the Markdown ``text`` that are code: in a fence, or indented four spaces."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif fenced or line.startswith("    "):
            lines.append(line.strip())
    return lines


def test_every_command_line_the_docs_show_is_one_the_parser_takes():
    """A synopsis (``chunkscope export [FOLDER] [--mode MODE] [-o FILE]``) names options the command
    has, and writes an option outside brackets only where the command requires it; an example
    (``chunkscope fields --schema review.json replies/ --json``) parses as it stands."""
    import argparse
    import re

    from tui.cli import _commands, build_parser

    commands = _commands(build_parser())
    seen = 0
    for page in user_docs():
        for line in code_lines(page.read_text()):
            if not line.startswith("chunkscope "):
                continue
            seen += 1
            shown = re.split(r"\s{2,}|\s#", line, maxsplit=1)[0]  # the README's description, a comment
            words = shown.split()[1:]
            name = words[0] if words and words[0] in commands else "ui"
            parser = commands[name]
            options = {o: a for a in parser._actions for o in a.option_strings}
            if "[" in shown or re.search(r"\b[A-Z]{2,}\b", shown):  # a synopsis: brackets, placeholders
                depth = 0
                for token in re.findall(r"\[|\]|[^\s\[\]|]+", shown):
                    depth += {"[": 1, "]": -1}.get(token, 0)
                    if not token.startswith("-"):
                        continue
                    assert token in options, (page.name, line, token)
                    assert (depth == 0) == options[token].required, (page.name, line, token)
            else:
                args = words if name in words[:1] else ["ui", *words]
                try:
                    parsed, unknown = build_parser().parse_known_args(args)
                except SystemExit:
                    raise AssertionError((page.name, line)) from None
                assert not unknown and isinstance(parsed, argparse.Namespace), (page.name, line, unknown)
    assert seen > 15, seen


def test_every_key_the_app_binds_is_in_the_keys_of_docs_ui_md():
    """The Keys table of docs/ui.md names every key a screen or widget of the app binds."""
    import importlib
    import inspect
    import pkgutil
    import re

    from textual.binding import Binding

    import tui.screens
    import tui.widgets

    section = (ROOT / "docs" / "ui.md").read_text().split("\n## Keys\n", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`([^`]+)`", section))
    for first, last in re.findall(r"`(\d)`–`(\d)`", section):
        named |= {str(n) for n in range(int(first), int(last) + 1)}
    said = {"question_mark": "?", "slash": "/", "pageup": "pgup", "pagedown": "pgdn"}
    modules = ["tui.app"] + [
        f"{package.__name__}.{info.name}"
        for package in (tui.screens, tui.widgets)
        for info in pkgutil.iter_modules(package.__path__)
    ]
    bound = set()
    for module_name in modules:
        module = importlib.import_module(module_name)
        for cls in vars(module).values():
            if inspect.isclass(cls) and cls.__module__ == module_name and "BINDINGS" in vars(cls):
                for binding in cls.BINDINGS:
                    keys = binding.key if isinstance(binding, Binding) else binding[0]
                    bound |= {said.get(key, key) for key in keys.split(",")}
    assert len(bound) > 25, sorted(bound)
    assert bound <= named, sorted(bound - named)


def test_every_mode_key_the_docs_show_is_one_the_store_writes():
    """``sliding_window:window_size=3,overlap=1`` and its kin, as the docs write them, are keys
    :func:`indexer.modes.registry.key_for` gives for the mode in a family it serves."""
    import re

    from indexer.modes import registry
    from indexer.modes.params import ModeParams

    families = tuple(registry.DEFAULT_FOR)
    names = {name for family in families for name in registry.modes_for(family)}
    seen = 0
    for page in user_docs():
        for shown, mode in re.findall(r"`(([a-z_]+):[a-z_]+=\w+(?:,[a-z_]+=\w+)*)`", page.read_text()):
            if mode not in names:
                continue
            seen += 1
            given = dict(part.split("=") for part in shown.split(":", 1)[1].split(","))
            params = ModeParams(**{k: None if v == "None" else int(v) for k, v in given.items()})
            keys = {registry.key_for(f, mode, params) for f in families if mode in registry.modes_for(f)}
            assert shown in keys, (page.name, shown, keys)
    assert seen >= 4, seen
