"""Whether the extractors that read a stored document are still the ones this chunkscope runs.

Each document row records the extractors (id and version) that read the file and the files it
holds (``documents.extractors``, as ``indexer.formats.registry.read_by`` writes it: ``"eml 53;
pdf 35"``). The change scan reads a file again when one of them now has another version.

The versions are those the extractor modules register, and importing every one of them with its
libraries takes about 1.3 s, forty times what the scan of an unchanged folder of 200 files takes.
So the table is kept in the index (``settings``, :data:`SETTING`) with the size, mtime and place
of each module that registers extractors (the test by which Python finds a compiled module
current): while they are the same, the table is read from there; otherwise it is made again and
stored. It is made by a short-lived Python process that imports the modules: the indexing
process (the UI's, say) does not hold the interpreter for that import nor keep the extractors'
libraries in its memory (about 35 MB), where its workers do the reading.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from indexer.formats import registry

from .pool import env_extra_modules, import_extra
from .store import Store

#: the ``settings`` key of the stored table
SETTING = "extractor_versions"


class ExtractorVersions:
    """The current version of each extractor, for one indexer: :meth:`refresh` at the start of each
    pass, then :meth:`current` for each stored row (one dict lookup for a text seen before)."""

    def __init__(self, store: Store, extra_modules: Iterable[str] = ()) -> None:
        self.store = store
        self.extra_modules = tuple(extra_modules)
        self._sources = ""
        self._table: dict[str, dict[str, str]] | None = None  # loaded when first needed
        self._verdicts: dict[str, bool] = {}  # a row's recorded text → whether it is current

    def refresh(self) -> None:
        """Look again at the modules that register extractors: changed, the table is read again."""
        sources = sources_key(self.extra_modules + env_extra_modules())
        if sources != self._sources:
            self._sources = sources
            self._table = None
            self._verdicts = {}

    def current(self, recorded: str | None) -> bool:
        """Whether every extractor named in ``recorded`` has that version still. None (a row from
        before the extractors were recorded) is not current; an empty text (none known) is."""
        if recorded is None:
            return False
        verdict = self._verdicts.get(recorded)
        if verdict is None:
            versions = self._loaded()["versions"] if recorded else {}
            verdict = all(versions.get(name) == version for name, version in registry.readers_of(recorded))
            self._verdicts[recorded] = verdict
        return verdict

    def of_file(self, path: str) -> str:
        """The extractor that reads ``path`` by its extension (``"pdf 35"``), for a failure before
        any extractor began (the worker said none); empty when none claims the extension."""
        table = self._loaded()
        name = table["extensions"].get(registry.suffix_of(path))
        return registry.read_by([(name, table["versions"][name])]) if name else ""

    def load(self) -> None:
        """Have the table now (from the index, else from the modules, then stored in the index): a
        pass that read files calls it, so that the next scan of the folder unchanged finds it
        there rather than importing every extractor."""
        self._loaded()

    def _loaded(self) -> dict[str, dict[str, str]]:
        if self._table is None:
            if not self._sources:
                self.refresh()
            self._table = self._stored() or self._imported()
        return self._table

    def _stored(self) -> dict[str, dict[str, str]] | None:
        raw = self.store.setting(SETTING)
        if raw is None:
            return None
        try:
            saved = json.loads(raw)
        except ValueError:
            return None
        if not isinstance(saved, dict) or saved.get("sources") != self._sources:
            return None
        table = {key: saved.get(key) for key in ("versions", "extensions")}
        return table if all(isinstance(part, dict) for part in table.values()) else None

    def _imported(self) -> dict[str, dict[str, str]]:
        modules = self.extra_modules + env_extra_modules()
        table = None if registry.all_loaded() else _table_of_child(modules)
        if table is not None:
            # what the modules on disk say; stored unless they changed while it was made
            keep = sources_key(modules) == self._sources
        else:  # this process has them imported already (or no child could be run)
            table = table_here(modules)
            # the modules changed on disk while this process ran (chunkscope upgraded under the
            # app): what it imported may be older than them, so its table, right for this process
            # and its workers, is not stored under their new key for the next one to trust
            keep = sources_key() == _STARTED_WITH
        if not keep:
            return table
        text = json.dumps({"sources": self._sources, **table}, sort_keys=True)
        self.store.writer.call(
            lambda d: d.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", [SETTING, text])
        )
        return table


def table_here(modules: Iterable[str] = ()) -> dict[str, dict[str, str]]:
    """The table of this process's extractors: every id's version, and which extractor each
    extension names (imports every extractor module and the ``modules`` that register more)."""
    registry.load_all()
    import_extra(modules)
    extensions = {}
    for ext in registry.extensions():
        spec = registry.for_extension(ext)
        if spec is not None and spec.supported:
            extensions[ext] = spec.name
    return {"versions": registry.versions(), "extensions": extensions}


#: what the child process runs: the table, as JSON on its standard output
_CHILD = "import json, sys; from storage.extractors import table_here; json.dump(table_here(sys.argv[1:]), sys.stdout)"
#: how long the child may take (it imports every extractor's libraries: a third of a second idle)
CHILD_TIMEOUT = 120.0


def _table_of_child(modules: Iterable[str]) -> dict[str, dict[str, str]] | None:
    """:func:`table_here` as a fresh Python process finds it, with this process's import path;
    None when it cannot tell (no interpreter to run, a failure, a time-out)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(entry or os.getcwd() for entry in sys.path)
    try:
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, *modules],
            capture_output=True,
            text=True,
            env=env,
            timeout=CHILD_TIMEOUT,
            check=False,
        )
        table = json.loads(done.stdout) if done.returncode == 0 else None
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    if not isinstance(table, dict) or not all(
        isinstance(table.get(k), dict) for k in ("versions", "extensions")
    ):
        return None
    return {"versions": table["versions"], "extensions": table["extensions"]}


def sources_key(extra_modules: Iterable[str] = ()) -> str:
    """A digest of the place, size and mtime of every module of ``indexer.formats`` and of the
    ``extra_modules`` (which register extractors too), without importing them."""
    files = sorted(
        entry.path
        for entry in os.scandir(Path(registry.__file__).parent)
        if entry.name.endswith(".py") and entry.is_file()
    )
    for module in extra_modules:
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            spec = None
        files.append(spec.origin if spec is not None and spec.origin else module)
    digest = hashlib.sha256()
    for name in files:
        try:
            st = os.stat(name)
            digest.update(f"{name}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
        except OSError:  # a module that is not a file: named alone
            digest.update(f"{name}\n".encode())
    return digest.hexdigest()


#: the key of ``indexer.formats`` as this process found it on starting, before it imported the
#: extractors (in the usual order of things)
_STARTED_WITH = sources_key()
