"""`chunkscope conformance`: every extractor and mode against the invariants; non-zero on a failure."""

from __future__ import annotations

import argparse
import json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("conformance", help="run the extractor and mode invariants over a built-in corpus")
    p.add_argument("--json", action="store_true", help="the scorecard as JSON")
    p.add_argument(
        "--ext",
        action="append",
        metavar="EXT",
        help="only formats with this extension, e.g. md or .md (repeatable)",
    )
    p.set_defaults(run=run)


def extensions(given: list[str] | None) -> list[str] | None:
    """The ``--ext`` values as the registry spells extensions (``.md``; ``md`` and ``.MD`` taken
    for it); one that no supported format has is a mistake, said as one (the suite had nothing to
    run and wrote "0 passed, 0 failed")."""
    from indexer.formats import registry
    from tui.cli import UserError

    if not given:
        return None
    wanted = ["." + ext.strip().lstrip(".").lower() for ext in given]
    known = {ext for spec in registry.formats() if spec.supported for ext in spec.extensions}
    unknown = [ext for ext in wanted if ext not in known]
    if unknown:
        raise UserError(
            f"no supported format has the extension {', '.join(unknown)}; `chunkscope formats` lists them"
        )
    return wanted


def run(args: argparse.Namespace) -> int:
    from indexer import conformance

    card = conformance.run(extensions=extensions(args.ext))
    if args.json:
        print(json.dumps(card, indent=2, ensure_ascii=False))
    else:
        failures = [c for c in card["checks"] if not c["passed"]]
        for c in failures:
            print(f"FAIL {c['name']} [{c['category']}] {c['detail']}")
        failed = card["total"] - card["passed"]
        print(f"{card['passed']:,} passed, {failed:,} failed")
    return 0 if card["all_passed"] else 1
