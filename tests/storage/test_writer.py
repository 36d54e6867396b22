"""The writer's lingering: jobs that say more are coming share a transaction."""

from __future__ import annotations

import time

from storage.writer import Writer


def test_a_lingering_job_waits_for_company_and_a_plain_job_ends_the_wait(tmp_path):
    writer = Writer(tmp_path / "index.db")
    try:
        ran: dict[str, float] = {}

        def job(name):
            def run(d):
                ran[name] = time.monotonic()
                d.execute("INSERT INTO settings VALUES (?, ?)", [name, "x"])

            return run

        t0 = time.monotonic()
        first = writer.submit(job("a"), linger=5.0)
        time.sleep(0.3)
        assert not first.done()  # still waiting for company
        last = writer.submit(job("b"))  # no linger: the batch runs now
        first.result(timeout=3)
        last.result(timeout=3)
        # both ran after the second was submitted (one transaction), long before the 5 s linger
        assert ran["a"] >= t0 + 0.3 and ran["b"] >= ran["a"]
        assert time.monotonic() - t0 < 3
        # a lone lingering job is committed once its linger is over
        t1 = time.monotonic()
        writer.submit(job("c"), linger=0.2).result(timeout=3)
        assert 0.2 <= time.monotonic() - t1 < 3
    finally:
        writer.close()


def test_hurry_ends_a_linger_for_a_caller_about_to_wait(tmp_path):
    writer = Writer(tmp_path / "index.db")
    try:
        writer.hurry()  # with nothing lingering it is a no-op
        t0 = time.monotonic()
        future = writer.submit(
            lambda d: d.execute("INSERT INTO settings VALUES ('k', 'v')").rowcount, linger=5.0
        )
        writer.hurry()
        assert future.result(timeout=3) == 1
        assert time.monotonic() - t0 < 3  # not the 5 s linger
    finally:
        writer.close()
