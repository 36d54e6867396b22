"""The debouncer as a pure component, with a fake clock: coalescing, the quiet window, the cap."""

from __future__ import annotations

from storage.watch import Debouncer, is_transient


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_on_one_path_becomes_one_change_after_the_quiet_window():
    clock = Clock()
    d = Debouncer(quiet=0.3, cap=2.0, clock=clock)
    for _ in range(50):
        d.touch("a.md")
        clock.now += 0.01  # 50 events within 0.5 s, never 0.3 s apart
    assert d.take_ready() is None
    # the last event was at +0.49 s and the clock is at +0.50 s
    clock.now += 0.27
    assert d.take_ready() is None  # +0.77 s: still inside the quiet window after the last event
    clock.now += 0.04
    batch = d.take_ready()
    assert batch.paths == ("a.md",) and batch.events == 50 and batch.coalesced == {"a.md": 50}
    assert d.take_ready() is None and d.pending() == 0


def test_a_file_written_continuously_is_released_at_the_cap():
    clock = Clock()
    d = Debouncer(quiet=0.3, cap=2.0, clock=clock)
    released = []
    for _ in range(500):  # one write every 10 ms for 5 s: never quiet
        d.touch("log.txt")
        clock.now += 0.01
        batch = d.take_ready()
        if batch:
            released.append(round(clock.now - 100.0, 2))
    # released at the cap (2 s after the first event of each run), not starved until the writes stop
    assert len(released) == 2
    assert 1.99 <= released[0] <= 2.02 and 3.99 <= released[1] <= 4.05


def test_paths_are_released_independently():
    clock = Clock()
    d = Debouncer(quiet=0.3, cap=2.0, clock=clock)
    d.touch("a.md")
    clock.now += 0.2
    d.touch("b.md")
    clock.now += 0.15
    assert d.take_ready().paths == ("a.md",)
    clock.now += 0.2
    assert d.take_ready().paths == ("b.md",)


def test_a_rename_is_handed_over_with_both_ends():
    clock = Clock()
    d = Debouncer(quiet=0.3, cap=2.0, clock=clock)
    d.touch("x.md")
    clock.now += 0.1
    d.rename("old/x.md", "new/x.md")
    clock.now += 0.31
    batch = d.take_ready()
    assert set(batch.paths) == {"x.md", "old/x.md", "new/x.md"}
    assert batch.renames == (("old/x.md", "new/x.md"),)


def test_a_folder_hinted_only_by_its_listing_changing_is_marked_as_such():
    clock = Clock()
    d = Debouncer(quiet=0.3, cap=2.0, clock=clock)
    d.touch("archive", listing=True)  # a file added in it
    d.touch("archive", listing=True)  # and saved
    d.touch("fresh", listing=True)
    d.touch("fresh")  # created (or moved in) itself: its whole tree must be looked at
    d.touch("fresh", listing=True)
    d.touch("a.md")
    clock.now += 0.31
    batch = d.take_ready()
    assert batch.paths == ("a.md", "archive", "fresh")
    assert batch.listings == {"archive"}
    d.touch("archive")
    clock.now += 0.31
    assert d.take_ready().listings == frozenset()  # a new run of hints starts unmarked


def test_next_due_tells_how_long_to_wait():
    clock = Clock()
    d = Debouncer(quiet=0.3, cap=2.0, clock=clock)
    assert d.next_due() is None
    d.touch("a")
    assert abs(d.next_due() - 0.3) < 1e-9
    clock.now += 0.1
    assert abs(d.next_due() - 0.2) < 1e-9


def test_transient_names_are_never_indexed():
    for name in (".x.md.swp", "x.md~", "4913", ".#x.md", "~$report.docx", "draft.tmp"):
        assert is_transient(name), name
    for name in ("x.md", "report.docx", "notes~final.txt"):
        assert not is_transient(name), name


def test_two_moves_onto_one_name_are_handed_over_together():
    # `mv a.md c.md; mv b.md c.md`, b.md's move a moment after a.md's: when a.md is ready, b.md is
    # not yet, and c.md comes along as a.md's destination; b.md's move onto it came in the next
    # batch, a move on its own of a file c.md no longer held
    clock = Clock()
    d = Debouncer(quiet=0.3, cap=2.0, clock=clock)
    d.rename("a.md", "c.md")
    clock.now = 100.01
    d.rename("b.md", "c.md")
    clock.now = 100.0 + 0.3  # a.md's quiet window over, b.md's and c.md's 10 ms short of it
    batch = d.take_ready()
    assert batch.renames == (("a.md", "c.md"), ("b.md", "c.md"))
    assert batch.paths == ("a.md", "b.md", "c.md")
    assert batch.events == 4 and d.pending() == 0
