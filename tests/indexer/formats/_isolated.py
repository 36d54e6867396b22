"""Run extraction + chunking in a child process, one time-out per input (a hang must not hang the
test run, and a crash of a native parser must not take pytest down with it)."""

from __future__ import annotations

import multiprocessing as mp
from dataclasses import dataclass
from typing import Any

TIMEOUT = 30.0


@dataclass(frozen=True)
class Outcome:
    status: str  # "ok", a documented error code, "UNDOCUMENTED", "TIMEOUT" or "CRASH"
    detail: str = ""
    chunks: int = 0
    info: Any = None


def _serve(conn) -> None:
    from indexer import chunk_document, errors
    from indexer.api import extract_bytes

    while True:
        job = conn.recv()
        if job is None:
            return
        data, filename, mode = job
        try:
            doc = extract_bytes(data, filename)
            chunks = chunk_document(doc, mode)
            cov = doc.coverage
            info = {
                "blocks": len(doc.blocks),
                "images": [im.name for im in doc.images],
                "skipped": [(s.what, s.name, s.reason) for s in cov.skipped],
                "on_purpose": [s.name for s in cov.skipped if s.on_purpose],
                "warnings": list(cov.warnings),
                "notes": list(cov.notes),
                "messages_total": cov.messages_total,
                "sheets_read": list(cov.sheets_read),
                "attachments_indexed": list(cov.attachments_indexed),
            }
            conn.send(Outcome("ok", "", len(chunks), info))
        except errors.ChunkscopeError as exc:
            status = exc.code if exc.code in errors.CODES else "UNDOCUMENTED"
            conn.send(Outcome(status, exc.message[:300]))
        except BaseException as exc:  # noqa: BLE001 - the point is to report anything undocumented
            conn.send(Outcome("UNDOCUMENTED", f"{type(exc).__name__}: {exc}"[:300]))


class Isolated:
    """A child process that extracts and chunks one input at a time, restarted after a time-out."""

    def __init__(self, timeout: float = TIMEOUT) -> None:
        self.timeout = timeout
        self._ctx = mp.get_context("fork")
        self._start()

    def _start(self) -> None:
        self.conn, child = self._ctx.Pipe()
        self.proc = self._ctx.Process(target=_serve, args=(child,), daemon=True)
        self.proc.start()

    def run(self, data: bytes, filename: str, mode: str = "default") -> Outcome:
        self.conn.send((data, filename, mode))
        if not self.conn.poll(self.timeout):
            self.proc.kill()
            self.proc.join()
            self._start()
            return Outcome("TIMEOUT", f"no answer within {self.timeout:g} s")
        try:
            return self.conn.recv()
        except EOFError:
            self.proc.join()
            code = self.proc.exitcode
            self._start()
            return Outcome("CRASH", f"the child died (exit code {code})")

    def close(self) -> None:
        try:
            self.conn.send(None)
        except (BrokenPipeError, OSError):
            pass
        self.proc.join(timeout=5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
