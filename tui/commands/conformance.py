"""`chunkscope conformance`: every extractor and mode against the invariants; non-zero on a failure."""

from __future__ import annotations

import argparse
import json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("conformance", help="run the extractor and mode invariants over a built-in corpus")
    p.add_argument("--json", action="store_true", help="print the scorecard as JSON")
    p.add_argument("--ext", action="append", help="only formats with this extension (repeatable)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from indexer import conformance

    card = conformance.run(extensions=args.ext)
    if args.json:
        print(json.dumps(card, indent=2, ensure_ascii=False))
    else:
        failures = [c for c in card["checks"] if not c["passed"]]
        for c in failures:
            print(f"FAIL {c['name']} [{c['category']}] {c['detail']}")
        print(f"{card['passed']} passed, {card['total'] - card['passed']} failed")
    return 0 if card["all_passed"] else 1
