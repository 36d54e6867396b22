"""Field extraction over a folder of generated model replies: documents/s and the coverage table.

    python bench/bench_fields.py [--replies 1000] [--seed 7] [--keep DIR]

Writes ``--replies`` deterministic model replies (clean JSON, fenced JSON with prose, prose-wrapped,
JSONC with comments and trailing commas, single quotes, truncated, refusals) and a review schema
into a temporary folder, then times, in the same run:

- ``read``: reading every reply from disk (the floor: what any extractor pays);
- ``json.loads``: the strict parser on the clean replies only (a reference rate, not a rival:
  it reads a subset and rejects the rest);
- ``fields``: the whole tolerant pipeline (read + select + parse + classify) on every reply;
- ``chunkscope fields``: the command on the folder (reads, extracts, prints the coverage table).

Rates are reported as documents/s and as ratios to ``read``. A scaling check times the tolerant
readers on one reply padded to 1× and 8× size (the ratio should stay near 8: linear work).

The generator's plan says which state every field must end in; the run checks every reply's
states against it and reports any disagreement (there should be none).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SCHEMA = {
    "format": "JSON",
    "rootName": "review",
    "fields": [
        {
            "name": "verdict",
            "kind": "ENUM",
            "required": True,
            "enumValues": ["ACCEPT", "REVISE", "REJECT"],
            "enumAlias": {"approve": "ACCEPT"},
        },
        {"name": "score", "kind": "INT", "required": True, "min": 0, "max": 10},
        {"name": "confidence", "kind": "DOUBLE", "required": False, "min": 0, "max": 1},
        {"name": "tags", "kind": "STRING", "required": False, "array": True, "maxItems": 5},
        {"name": "flagged", "kind": "BOOLEAN", "required": False, "default": "false"},
        {
            "name": "meta",
            "kind": "OBJECT",
            "required": False,
            "fields": [
                {"name": "model", "kind": "STRING", "required": True},
                {"name": "tokens", "kind": "LONG", "required": False},
            ],
        },
        {"name": "summary", "kind": "STRING", "required": True},
    ],
}
REQUIRED = {"verdict", "score", "summary"}
GOOD, BAD, ABSENT = "good", "bad", "absent"
WORDS = [
    "the",
    "plot",
    "moves",
    "fast",
    "crème",
    "brûlée",
    "naïve",
    "café",
    "résumé",
    "data",
    "model",
    "reply",
    "{braces}",
    '"quotes"',
    "it's",
]


def _good(rng: random.Random, name: str):
    if name == "verdict":
        return rng.choice(["ACCEPT", "accept", "Revise", "re-ject", "approve"])
    if name == "score":
        return rng.choice([rng.randint(0, 10), str(rng.randint(0, 10)), 7.9, 12, -1])
    if name == "confidence":
        return rng.choice([round(rng.random(), 3), str(round(rng.random(), 2)), 1.5])
    if name == "tags":
        return [rng.choice(WORDS) for _ in range(rng.randint(1, 7))]
    if name == "flagged":
        return rng.choice([True, False, "yes", "no", "0", "1"])
    if name == "meta":
        return {"model": rng.choice(["m-small", "m-large"]), "tokens": rng.randint(10, 10**10)}
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 40)))


def _bad(rng: random.Random, name: str):
    return {
        "verdict": "maybe",
        "score": rng.choice(["high", "NaN", "0x10"]),
        "confidence": "very",
        "tags": ["ok", {"nested": 1}],
        "flagged": "perhaps",
        "meta": "m-large",
        "summary": {"text": "an object where a string belongs"},
    }[name]


def _expected(plan: dict[str, str], empty: bool, truncated: bool) -> dict[str, str]:
    states: dict[str, str] = {}
    for field in SCHEMA["fields"]:
        name = field["name"]
        fate = ABSENT if empty else plan[name]
        if name == "summary" and truncated and fate == GOOD:
            fate = BAD  # cut off inside its string
        if fate == GOOD:
            states[name] = "EXTRACTED"
        elif fate == BAD:
            states[name] = "MALFORMED"
        elif name == "flagged":
            states[name] = "DEFAULTED"
        else:
            states[name] = "LOST_REQUIRED" if name in REQUIRED else "LOST_OPTIONAL"
        if name == "meta" and states[name] == "EXTRACTED":
            states["meta.model"] = states["meta.tokens"] = "EXTRACTED"
    return states


def make_reply(i: int, rng: random.Random) -> tuple[str, dict[str, str]]:
    """One reply and the states its plan implies."""
    style = rng.choices(
        ["clean", "fenced", "prose", "jsonc", "single", "truncated", "refusal"],
        weights=[30, 25, 15, 10, 8, 8, 4],
    )[0]
    plan = {}
    obj = {}
    for field in SCHEMA["fields"]:
        name = field["name"]
        fate = rng.choices([GOOD, BAD, ABSENT], weights=[80, 8, 12])[0]
        if name == "summary" and fate == ABSENT and style == "truncated":
            fate = GOOD  # a truncated reply is cut inside its summary
        plan[name] = fate
        if fate == GOOD:
            obj[name] = _good(rng, name)
        elif fate == BAD:
            obj[name] = _bad(rng, name)
    if style == "refusal":
        return "I'm sorry, I can't review this submission.", _expected(plan, True, False)
    body = json.dumps(obj, ensure_ascii=rng.random() < 0.5)
    if style == "clean":
        text = body
    elif style == "fenced":
        text = f"Here is my review of item {i}:\n```json\n{json.dumps(obj, indent=2)}\n```\nLet me know!"
    elif style == "prose":
        text = f'Draft: {{"step": {i}}}\nMy answer: {body} — hope that helps.'
    elif style == "jsonc":
        text = "{ // review\n" + body[1:-1].replace(", ", ",\n  /* next */ ") + ",\n}"
    elif style == "single":
        text = body.replace('"', "'") if "'" not in body and "\\" not in body else body
    else:  # truncated inside the summary string (the last key)
        cut = body.rfind('"summary"')
        text = body[: cut + len('"summary": "') + 3] if cut >= 0 else body
        if cut < 0 or isinstance(obj.get("summary"), dict):
            text = body
            style = "clean"
    return text, _expected(plan, False, style == "truncated")


def generate(folder: Path, replies: int = 1000, seed: int = 7) -> dict[str, dict[str, str]]:
    """Write replies and ``schema.json`` into ``folder``; return {file name: expected states}."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    replies_dir = folder / "replies"
    replies_dir.mkdir(exist_ok=True)
    (folder / "schema.json").write_text(json.dumps(SCHEMA, indent=2), encoding="utf-8")
    plan: dict[str, dict[str, str]] = {}
    for i in range(replies):
        text, states = make_reply(i, rng)
        name = f"reply-{i:05d}.txt"
        (replies_dir / name).write_text(text, encoding="utf-8")
        plan[name] = states
    return plan


def _rate(n: int, seconds: float) -> str:
    return f"{n / seconds:>10,.0f}/s" if seconds > 0 else "         –"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replies", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="generate into this folder and keep it")
    args = parser.parse_args(argv)

    from indexer.fields import coverage, extract_fields, jsonread, load_schema
    from tui.cli import main as cli_main
    from tui.commands.fields import coverage_table

    with contextlib.ExitStack() as stack:
        folder = args.keep or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="fields-bench-")))
        plan = generate(folder, args.replies, args.seed)
        schema = load_schema(folder / "schema.json")
        files = sorted((folder / "replies").iterdir())
        n = len(files)
        total_bytes = sum(p.stat().st_size for p in files)

        t = time.perf_counter()
        texts = [p.read_text(encoding="utf-8") for p in files]
        t_read = time.perf_counter() - t

        clean = []
        for text in texts:
            try:
                json.loads(text)
                clean.append(text)
            except ValueError:
                pass
        t = time.perf_counter()
        for text in clean:
            json.loads(text)
        t_strict = time.perf_counter() - t

        t = time.perf_counter()
        results = [extract_fields(p.read_text(encoding="utf-8"), schema) for p in files]
        t_fields = time.perf_counter() - t

        t = time.perf_counter()
        sink = io.StringIO()
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(io.StringIO()):
            status = cli_main(
                ["fields", "--schema", str(folder / "schema.json"), str(folder / "replies"), "--quiet"]
            )
        t_cli = time.perf_counter() - t

        wrong = [
            (p.name, dict(r.states))
            for p, r in zip(files, results, strict=True)
            if dict(r.states) != plan[p.name]
        ]

        # Scaling: one reply with its summary padded to ~100 KB and ~800 KB.
        base = {"verdict": "accept", "score": 5, "summary": "x"}
        timings = []
        for factor in (1, 8):
            body = json.dumps({**base, "summary": 'it\'s {fine} "q" ' * (6_000 * factor)})
            text = "Prose {with braces} first.\n" * (500 * factor) + body
            t = time.perf_counter()
            extract_fields(text, schema)
            jsonread.select_object(text, lambda o: False)
            timings.append((len(text), time.perf_counter() - t))

    print(f"{n:,} replies, {total_bytes / 1e6:.2f} MB, seed {args.seed}")
    print(f"{'read files':<22}{_rate(n, t_read)}  ×1.00")
    print(
        f"{'json.loads (clean)':<22}{_rate(len(clean), t_strict)}  ({len(clean):,} of {n:,} replies parse strictly)"
    )
    print(f"{'fields (all)':<22}{_rate(n, t_fields)}  ×{t_fields / t_read:.1f} the read time")
    print(f"{'chunkscope fields':<22}{_rate(n, t_cli)}  ×{t_cli / t_read:.1f} the read time (exit {status})")
    (s1, t1), (s8, t8) = timings
    print(
        f"scaling: {s1 / 1e3:,.0f} KB in {t1 * 1e3:.1f} ms, {s8 / 1e3:,.0f} KB in {t8 * 1e3:.1f} ms → ×{t8 / t1:.1f}"
    )
    print(f"plan agreement: {n - len(wrong):,}/{n:,} replies classified as generated")
    for name, states in wrong[:5]:
        print(f"  {name}: {states} != {plan[name]}")
    print()
    print(coverage_table(coverage(results, schema), n))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
