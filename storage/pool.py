"""Worker processes with a per-task time-out and a memory limit.

Each worker is a separate process (``forkserver`` on Linux, else ``spawn``) with its own pipe; the
parent hands it one task at a time. A task that runs past the time-out is killed with its worker,
reported as a ``DOCUMENT_LIMIT`` failure, and the worker is replaced; a worker that dies (the
kernel's OOM killer, a crash in a C library) is reported and replaced the same way. The address
space of a worker is capped with ``RLIMIT_AS``, so an extractor that allocates without bound gets
a ``MemoryError`` (reported as ``DOCUMENT_LIMIT``) instead of taking the machine down.

A task may say what it is doing (:func:`note`, in the worker): the pool gives that with a failed
outcome, so a file whose worker was killed at the time-out or died says which extractor was
reading it. The note is a small buffer the worker shares with the parent, written in place: it
costs no message, and outlives the worker.

A new worker says once when it is ready (its imports done). From then on it is either working on
its task or waiting for the next one, which it begins the moment it is handed it: the parent
knows which tasks are being worked on without a message per task.

The task function is named as ``"module:function"`` so that it is imported in the worker;
``extra_modules`` (and the ``CHUNKSCOPE_EXTRA_MODULES`` environment variable, comma-separated) are
imported in every worker first, e.g. to register an extra extractor. The variable is read by the
parent when it makes the pool, and the modules handed to each worker: a worker's own environment
is the forkserver's, as it was when the first pool of the process started it, so a change made
since would not reach it.
"""

from __future__ import annotations

import gc
import importlib
import multiprocessing
import multiprocessing.connection
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from indexer import errors, heap
from indexer.quiet import silence_worker

EXTRA_MODULES_ENV = "CHUNKSCOPE_EXTRA_MODULES"
READY = "ready"  # a new worker's first message: it waits for tasks from now on
DEFAULT_MEMORY_MB = 3072
DEFAULT_RECYCLE_MB = 400
#: with an ``on_idle`` given, :meth:`Pool.run` calls it when no worker has answered for this long
IDLE_S = 0.25
MiB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Failure:
    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Outcome:
    key: Any
    ok: bool
    value: Any  # the task's result when ok, else a Failure
    seconds: float
    worker_pid: int
    worker_max_rss_kb: int = 0
    cpu_seconds: float = 0.0  # CPU time the worker spent on the task (a figure that load does not skew)
    note: str = ""  # for a failed task: what it last said of itself (:func:`note`)


#: room for a task's note, in bytes (the extractors that read a file and the files it holds, as
#: ``indexer.formats.registry.read_by`` writes them, take a few dozen)
NOTE_BYTES = 1024
_note_buffer = None  # in a worker: the note it shares with the parent


def note(text: str) -> None:
    """Say what the task running in this worker is doing, for the parent to know should the task
    fail, even by the worker being killed or dying before it answers: the failed
    :class:`Outcome`'s ``note``. The latest note stands (cut to :data:`NOTE_BYTES`); outside a
    worker it goes nowhere."""
    if _note_buffer is not None:
        _note_buffer.value = text.encode("utf-8")[: NOTE_BYTES - 1]


def env_extra_modules() -> tuple[str, ...]:
    raw = os.environ.get(EXTRA_MODULES_ENV, "")
    return tuple(m.strip() for m in raw.split(",") if m.strip())


def import_extra(modules: Iterable[str]) -> None:
    for name in modules:
        importlib.import_module(name)


def _resolve(func_path: str) -> Callable[[Any], Any]:
    module, _, name = func_path.partition(":")
    return getattr(importlib.import_module(module), name)


def _current_rss_kb() -> int:
    """Resident memory now (Linux), 0 where /proc is absent."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            pages = int(fh.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * (os.sysconf("SC_PAGE_SIZE") // 1024)


MMAP_THRESHOLD = 1 << 20
TRIM_THRESHOLD = 32 << 20
TRIM_ABOVE_KB = 150 * 1024  # a worker holding more than this after a task hands free heap pages back


def _libc():
    """glibc, for ``malloc_trim``; None elsewhere (musl, macOS)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt") else None


def _tune_malloc() -> None:
    """Blocks of 1 MiB and more (a large file's bytes, its text, its JSON) get their own mapping,
    handed back whole when freed. glibc otherwise raises that threshold after the first large free
    and serves the next ones from the heap, where they leave the worker holding the memory.

    Setting the mapping threshold also fixes glibc's top-of-heap trim threshold at 128 KiB, so
    the heap would shrink after nearly every file and fault its pages back in on the next one
    (about 90,000 page faults and 0.2 s of CPU per 200 corpus files). Free space at the top of the
    heap is kept up to 32 MiB instead; above that, and after a large file (:func:`_trim`), it
    goes back to the system as before.

    (Set through :mod:`indexer.heap`, so that an extractor's own wish, e.g. PDF's, does not undo
    them later.)"""
    heap.tune(own_mapping_from=MMAP_THRESHOLD, keep_top=TRIM_THRESHOLD)  # a no-op where not glibc


def _trim(libc) -> None:
    """Return the heap's free pages to the system after a task."""
    if libc is not None:
        libc.malloc_trim(0)


# Container objects allocated (net) between two collections of the youngest generation in a worker,
# instead of Python's 700. A document's blocks, chunks and rows live until its result is sent, so
# at 700 each of them was traversed again and again by young collections with nothing to free:
# about 6 % of a worker's CPU over the corpus files, a third of that at 5,000. Cycles are still
# collected (the older generations' thresholds are unchanged); peak memory is the same.
WORKER_GC_THRESHOLD = 5000


def _tune_gc() -> None:
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(WORKER_GC_THRESHOLD, older, oldest)


# Workers run this much nicer than the process that started them. With as many workers as cores,
# the parent (handing out tasks, storing results, and in the app drawing the screen) competes with
# them for the CPU; at equal priority the writer fell behind while the workers ran and finished
# the last transactions alone after them (corpus scale 1, -j2: 0.06-0.28 s of a 2.6-2.9 s run
# with one core idle). Nicer workers give the parent the CPU when it needs it and still take all
# the rest: the run's CPU time is the same and its wall time about 4 % shorter.
WORKER_NICENESS = 5


def _lower_priority() -> None:
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no nice() here, or not allowed: run at the parent's priority
        pass


def _max_rss_kb() -> int:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _worker_main(
    tasks: multiprocessing.connection.Connection,
    conn: multiprocessing.connection.Connection,
    func_path: str,
    memory_bytes: int | None,
    extra_modules: tuple[str, ...],
    note_buffer=None,
) -> None:
    """Answers the tasks read from ``tasks`` on ``conn``, one at a time, until told to stop."""
    global _note_buffer
    _note_buffer = note_buffer
    if memory_bytes:
        import resource

        try:
            resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        except (ValueError, OSError):
            pass  # a lower hard limit is already in place
    silence_worker()  # libraries' chatter would draw over the terminal UI
    import_extra(extra_modules)  # the variable's too, as the parent read it (not this process's)
    func = _resolve(func_path)
    libc = _libc()
    _tune_malloc()
    _tune_gc()
    _lower_priority()
    try:
        conn.send(READY)  # the task handed to it while it started is begun now
    except (BrokenPipeError, OSError):
        return
    while True:
        try:
            message = tasks.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        if message is None:
            return
        task_id, payload = message
        cpu0 = time.process_time()
        try:
            reply = (task_id, True, func(payload))
        except errors.ChunkscopeError as exc:
            reply = (task_id, False, Failure(exc.code, exc.message))
        except MemoryError:
            reply = (
                task_id,
                False,
                Failure(errors.DOCUMENT_LIMIT, "ran out of memory (worker memory limit)"),
            )
        except RecursionError:
            reply = (task_id, False, Failure(errors.PARSE_ERROR, "structure nested too deeply to read"))
        except Exception as exc:  # a bug in a mode or extractor: recorded on the file, never fatal
            reply = (
                task_id,
                False,
                Failure(errors.PARSE_ERROR, f"internal error: {type(exc).__name__}: {exc}"[:500]),
            )
        try:
            current = _current_rss_kb()
            conn.send((*reply, (_max_rss_kb(), current, time.process_time() - cpu0)))
            del reply
            if current > TRIM_ABOVE_KB:
                _trim(libc)  # after a large file (trimming costs a heap walk: not after every file)
        except MemoryError:
            conn.send(
                (
                    task_id,
                    False,
                    Failure(errors.DOCUMENT_LIMIT, "result too large for the worker memory limit"),
                    (_max_rss_kb(), _current_rss_kb(), time.process_time() - cpu0),
                )
            )
        except (BrokenPipeError, OSError):
            return


def _context() -> multiprocessing.context.BaseContext:
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


RESULT_PIPE_BYTES = 1 << 20  # a typical result fits: the worker hands it over without waiting


def _widen(conn: multiprocessing.connection.Connection) -> None:
    """Give a pipe a buffer of ``RESULT_PIPE_BYTES`` where the system allows (Linux): a worker then
    writes its result and goes on instead of waiting, 64 KiB at a time, for the parent to read."""
    if not sys.platform.startswith("linux"):
        return
    import fcntl

    setpipe = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setpipe is None:
        return
    try:
        fcntl.fcntl(conn.fileno(), setpipe, RESULT_PIPE_BYTES)
    except OSError:
        pass  # above the system's pipe-max-size: the default buffer does


class _Worker:
    def __init__(self, ctx, func_path: str, memory_bytes: int | None, extra: tuple[str, ...]) -> None:
        # one pipe each way: tasks to the worker, results back on a widened pipe
        task_reader, self.tasks = ctx.Pipe(duplex=False)
        self.conn, result_writer = ctx.Pipe(duplex=False)
        _widen(result_writer)
        # what the task says of itself (see note()): shared memory, read by the parent after the
        # worker has answered, died or been killed, cleared by it before the next task
        self.note = ctx.RawArray("c", NOTE_BYTES)
        self.process = ctx.Process(
            target=_worker_main,
            args=(task_reader, result_writer, func_path, memory_bytes, extra, self.note),
            daemon=True,
            name="chunkscope-worker",
        )
        self.process.start()
        task_reader.close()
        result_writer.close()
        self.task: tuple[int, Any, float] | None = None  # (task id, key, start time)
        self.max_rss_kb = 0
        self.ready = False  # it said READY: a task handed to it is begun at once

    def said(self) -> str:
        """The note of its task (the worker has answered or is gone: it writes no more)."""
        return self.note.value.decode("utf-8", "ignore")

    def _close(self) -> None:
        self.tasks.close()
        self.conn.close()

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self._close()

    def stop(self) -> None:
        try:
            self.tasks.send(None)
        except (BrokenPipeError, OSError):
            pass
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(5)
        self._close()


class Pool:
    """``run(tasks)`` yields an :class:`Outcome` per ``(key, payload)`` task, in completion order.

    Workers start on first use and are kept between ``run`` calls until :meth:`close`.
    """

    def __init__(
        self,
        func_path: str,
        *,
        jobs: int | None = None,
        timeout: float = 120.0,
        memory_mb: int | None = DEFAULT_MEMORY_MB,
        extra_modules: Iterable[str] = (),
        recycle_mb: int | None = DEFAULT_RECYCLE_MB,
    ) -> None:
        self.func_path = func_path
        # a worker still holding more than this after a task (a large file's memory that Python
        # does not hand back) is replaced by a fresh one
        self.recycle_kb = recycle_mb * 1024 if recycle_mb else 0
        self.recycled = 0
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        self.timeout = timeout
        self.memory_bytes = memory_mb * MiB if memory_mb else None
        # read now, not by the workers (see the module's note): a pool made after the variable
        # changed has its workers import what it says then
        self.extra_modules = tuple(dict.fromkeys((*extra_modules, *env_extra_modules())))
        self._ctx = _context()
        if self._ctx.get_start_method() == "forkserver":
            # imported once by the forkserver, so that each worker is forked with them (see storage.preload)
            self._ctx.set_forkserver_preload(["storage.job", "storage.preload"])
        self._workers: list[_Worker] = []
        self._next_id = 0
        self.replaced = 0
        self.peak_rss_kb: dict[int, int] = {}  # worker pid → peak RSS seen

    def _spawn(self) -> _Worker:
        worker = _Worker(self._ctx, self.func_path, self.memory_bytes, self.extra_modules)
        self._workers.append(worker)
        return worker

    def _retire(self, worker: _Worker) -> None:
        worker.kill()
        self._workers.remove(worker)
        self.replaced += 1

    def run(
        self,
        tasks: Iterable[tuple[Any, Any]],
        on_start: Callable[[Any], None] | None = None,
        on_idle: Callable[[], None] | None = None,
    ) -> Iterator[Outcome]:
        """The outcomes of ``tasks``; ``on_start(key)`` is called when a worker begins a task: when
        it is handed to a ready worker, or when the worker it was handed to while starting up is
        ready (a task waiting for a worker's imports has not begun). ``on_idle()`` is called when
        no worker has answered for :data:`IDLE_S` (a slow file): the caller may finish what the
        outcomes it was given began (the writes it queued) without waiting for the next one."""
        try:
            yield from self._run(tasks, on_start, on_idle)
        finally:
            # the caller stopped early (an exception, a break): a worker still busy with a task
            # of this run must not hand its result to the next run
            for worker in [w for w in self._workers if w.task is not None]:
                self._retire(worker)

    def _run(
        self,
        tasks: Iterable[tuple[Any, Any]],
        on_start: Callable[[Any], None] | None,
        on_idle: Callable[[], None] | None,
    ) -> Iterator[Outcome]:
        pending = iter(tasks)
        exhausted = False
        queue: deque[tuple[Any, Any]] = deque()

        def next_task() -> tuple[Any, Any] | None:
            nonlocal exhausted
            if queue:
                return queue.popleft()
            if exhausted:
                return None
            try:
                return next(pending)
            except StopIteration:
                exhausted = True
                return None

        done: list[Outcome] = []
        while True:
            # hand out work to idle workers (starting workers up to ``jobs``)
            begun: list[Any] = []  # tasks handed to ready workers: they are being worked on now
            while True:
                idle = [w for w in self._workers if w.task is None]
                if not idle and len(self._workers) >= self.jobs:
                    break
                task = next_task()
                if task is None:
                    break
                worker = idle[0] if idle else self._spawn()
                key, payload = task
                self._next_id += 1
                worker.note.value = b""  # idle: its last task's note is not this one's
                try:
                    worker.tasks.send((self._next_id, payload))
                except (BrokenPipeError, OSError):
                    self._retire(worker)
                    queue.appendleft(task)
                    continue
                worker.task = (self._next_id, key, time.monotonic())
                if worker.ready:
                    begun.append(key)
            # the results read last round go to the caller only now, once every idle worker has its
            # next task: the workers go on while the caller stores the results
            if done:
                yield from done
                done = []
            if on_start is not None:
                for key in begun:  # said after the results of the tasks done before them
                    on_start(key)
            busy = [w for w in self._workers if w.task is not None]
            if not busy:
                return
            now = time.monotonic()
            wait_for = max(0.0, min(w.task[2] + self.timeout - now for w in busy))  # type: ignore[index]
            if on_idle is not None:
                wait_for = min(wait_for, IDLE_S)
            ready = multiprocessing.connection.wait(
                [w.conn for w in busy] + [w.process.sentinel for w in busy], timeout=wait_for
            )
            if not ready and on_idle is not None:
                on_idle()
            for worker in busy:
                if worker.task is None:
                    continue
                task_id, key, started = worker.task
                if worker.conn in ready or worker.process.sentinel in ready:
                    reply = _receive(worker, key, on_start)
                    if reply is _RUNNING and worker.process.sentinel not in ready:
                        continue  # the worker only said it is ready: it is working on its task now
                    if reply is None or reply is _RUNNING:
                        worker.process.join(1)
                        code = worker.process.exitcode
                        self._retire(worker)
                        done.append(
                            Outcome(
                                key,
                                False,
                                Failure(errors.DOCUMENT_LIMIT, _death_message(code)),
                                time.monotonic() - started,
                                worker.process.pid or 0,
                                note=worker.said(),
                            )
                        )
                        continue
                    rid, ok, value, (rss, current, cpu) = reply
                    worker.task = None
                    worker.max_rss_kb = max(worker.max_rss_kb, rss)
                    self.peak_rss_kb[worker.process.pid or 0] = worker.max_rss_kb
                    if self.recycle_kb and current > self.recycle_kb:
                        worker.stop()
                        self._workers.remove(worker)
                        self.recycled += 1
                    done.append(
                        Outcome(
                            key,
                            ok,
                            value,
                            time.monotonic() - started,
                            worker.process.pid or 0,
                            rss,
                            cpu,
                            "" if ok else worker.said(),
                        )
                    )
                elif time.monotonic() - started >= self.timeout:
                    pid = worker.process.pid or 0
                    said = worker.said()
                    self._retire(worker)
                    done.append(
                        Outcome(
                            key,
                            False,
                            Failure(
                                errors.DOCUMENT_LIMIT,
                                f"extraction timed out after {self.timeout:g} s (worker killed)",
                            ),
                            time.monotonic() - started,
                            pid,
                            note=said,
                        )
                    )

    def close(self) -> None:
        for worker in list(self._workers):
            worker.stop()
        self._workers.clear()

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_RUNNING = object()  # what :func:`_receive` found when the worker has not answered yet


def _receive(worker: _Worker, key: Any, on_start: Callable[[Any], None] | None) -> Any:
    """The worker's answer to its task; ``_RUNNING`` when it has only said that it is ready (it
    begins the task handed to it while it started: ``on_start(key)`` is called); None when its
    pipe is closed (the worker died)."""
    try:
        while worker.conn.poll():
            message = worker.conn.recv()
            if message != READY:
                return message
            worker.ready = True
            if on_start is not None:
                on_start(key)
    except (EOFError, OSError):
        return None
    return _RUNNING


def _death_message(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        import signal

        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return f"the extraction worker was killed by {name} (memory limit or a crash in a parser)"
    return f"the extraction worker exited unexpectedly (exit code {exitcode})"
