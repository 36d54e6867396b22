"""Stored field-extraction results: what `chunkscope fields --folder` found, for the UI.

Two tables in the index database, made by migration ``0011_field_results`` (they are derived
data: dropping them loses nothing a re-run cannot rebuild):

- ``field_schemas``: one row per schema ever run (``schema_hash`` = :meth:`Schema.digest`), with
  its name, its JSON and the time of its last run;
- ``field_results``: one row per (document path, schema hash): the document's sha256 at run time
  (so a result of an older revision of the file can be told apart), the result JSON in the
  corpus's ``expected.json`` form plus ``lostRequired``/``defaultedRequired``, and the run time.

Writes go through the store's single writer; reads use the store's own read connection.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from indexer.fields import FieldResult, Schema, coverage, schema_from_dict


@dataclass(frozen=True)
class SchemaRun:
    schema_hash: str
    name: str
    schema: Schema
    run_at: float
    documents: int


@dataclass(frozen=True)
class StoredResult:
    path: str
    schema_hash: str
    sha256: str
    result: FieldResult
    run_at: float
    current: bool  # the document's stored sha256 still equals the one the result was made from


def _result_json(result: FieldResult) -> str:
    body = result.to_expected()
    body["lostRequired"] = list(result.lost_required)
    body["defaultedRequired"] = list(result.defaulted_required)
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


def _result_from(raw: str) -> FieldResult:
    body = json.loads(raw)
    return FieldResult(
        empty=bool(body["empty"]),
        states=body["states"],
        data=body["data"],
        malformed_required=tuple(body.get("malformedRequired") or ()),
        lost_required=tuple(body.get("lostRequired") or ()),
        defaulted_required=tuple(body.get("defaultedRequired") or ()),
    )


class FieldStore:
    """Field results on top of an open :class:`storage.store.Store`."""

    def __init__(self, store: Any) -> None:
        self.store = store

    # -- writing -----------------------------------------------------------------------------------

    def begin_run(self, schema: Schema) -> float:
        """Record the schema (or refresh its run time); returns the run time to stamp results with."""
        run_at = time.time()
        row = {
            "schema_hash": schema.digest(),
            "name": schema.name or schema.root_name,
            "schema": json.dumps(schema.to_dict(), ensure_ascii=False, sort_keys=True),
            "run_at": run_at,
        }
        self.store.writer.call(lambda db: db["field_schemas"].upsert(row, pk="schema_hash"))
        return run_at

    def save(self, schema: Schema, results: Iterable[tuple[str, str, FieldResult]], *, run_at: float) -> int:
        """Store (path, document sha256, result) rows for ``schema`` in one transaction."""
        digest = schema.digest()
        name = schema.name or schema.root_name
        rows = [
            {
                "path": path,
                "schema_hash": digest,
                "schema_name": name,
                "sha256": sha or "",
                "result": _result_json(result),
                "ok": int(result.ok),
                "run_at": run_at,
            }
            for path, sha, result in results
        ]
        if rows:
            self.store.writer.call(
                lambda db: db["field_results"].upsert_all(rows, pk=("path", "schema_hash"))
            )
        return len(rows)

    # -- reading -----------------------------------------------------------------------------------

    def _rows(self, sql: str, params: list[Any]) -> list[tuple]:
        import sqlite3

        try:
            return self.store._conn().execute(sql, params).fetchall()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                return []  # an index made before 0011, opened read-only: nothing was run on it
            raise

    def schemas(self) -> list[SchemaRun]:
        """Every schema run on this index, latest run first."""
        rows = self._rows(
            "SELECT s.schema_hash, s.name, s.schema, s.run_at, "
            "(SELECT COUNT(*) FROM field_results r JOIN documents d ON d.path = r.path "
            " WHERE r.schema_hash = s.schema_hash) FROM field_schemas s ORDER BY s.run_at DESC",
            [],
        )
        return [
            SchemaRun(h, n, schema_from_dict({**json.loads(s), "name": n}), t, c) for h, n, s, t, c in rows
        ]

    def result(self, path: str, schema_hash: str) -> StoredResult | None:
        """One document's result for one schema (the UI's fields panel)."""
        rows = self._rows(
            "SELECT r.path, r.schema_hash, r.sha256, r.result, r.run_at, COALESCE(d.sha256 = r.sha256, 0) "
            "FROM field_results r LEFT JOIN documents d ON d.path = r.path "
            "WHERE r.path = ? AND r.schema_hash = ?",
            [path, schema_hash],
        )
        return _stored(rows[0]) if rows else None

    def results(self, schema_hash: str) -> list[StoredResult]:
        """Every stored result of a schema for documents still in the index, by path."""
        rows = self._rows(
            "SELECT r.path, r.schema_hash, r.sha256, r.result, r.run_at, d.sha256 = r.sha256 "
            "FROM field_results r JOIN documents d ON d.path = r.path "
            "WHERE r.schema_hash = ? ORDER BY r.path",
            [schema_hash],
        )
        return [_stored(r) for r in rows]

    def coverage(self, schema_hash: str) -> tuple[dict[str, dict[str, int]], int]:
        """(coverage table, documents) of a schema's stored results (the UI's coverage table)."""
        runs = {r.schema_hash: r for r in self.schemas()}
        stored = self.results(schema_hash)
        schema = runs[schema_hash].schema if schema_hash in runs else None
        return coverage((s.result for s in stored), schema), len(stored)


def _stored(row: tuple) -> StoredResult:
    path, digest, sha, raw, run_at, current = row
    return StoredResult(path, digest, sha, _result_from(raw), run_at, bool(current))
