"""The mode registry: a mode is a pure function ``(Document, ModeParams) -> list[Chunk]``.

A mode registers with a decorator naming the families it serves and the parameters it reads (so
``mode_key`` and validation know them). ``default`` is an alias resolved per family: ``structural``
for documents, ``row`` for spreadsheets and CSV.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from ..errors import InvalidArgument
from ..model import CSV, DOCUMENT, SPREADSHEET, Chunk, Document
from .params import ModeParams, mode_key

ModeFunc = Callable[[Document, ModeParams], list[Chunk]]

DEFAULT_FOR = {DOCUMENT: "structural", SPREADSHEET: "row", CSV: "row"}

#: The order modes are offered in, per family (the UI's number keys follow it). Every family lists
#: ``default`` first, the mode it stands for next: a list of a format's modes (an unknown mode's
#: error, ``chunkscope formats``, the app's mode bar) names every mode the format accepts.
ORDER = {
    DOCUMENT: ("default", "structural", "section", "semantic", "sliding_window", "sentence", "page_aware"),
    SPREADSHEET: ("default", "row", "table", "sheet", "sliding_window", "page_aware", "semantic"),
    CSV: ("default", "row", "sliding_window", "page_aware"),
}


@dataclass(frozen=True)
class ModeSpec:
    name: str
    family: str
    reads: tuple[str, ...] = ()  # parameter names this mode reads
    bound: int | None = None  # size bound in characters (None: counted in units)
    func: ModeFunc | None = field(default=None, compare=False)
    #: what the mode uses for a parameter left unset (``None`` in ModeParams)
    defaults: tuple[tuple[str, int], ...] = ()

    def value(self, params: ModeParams, name: str) -> object:
        """The value of parameter ``name`` this mode works with: the one set, else its default."""
        value = getattr(params, name)
        return dict(self.defaults).get(name) if value is None else value


_MODES: dict[tuple[str, str], ModeSpec] = {}
_LOADED = False

#: The module of ``indexer.modes`` that registers each mode, so that running one mode imports
#: that module only (chunking in the default mode never compiles the sentence splitter's
#: patterns). A test holds this table equal to what the modules register; a mode it does not
#: list is found by importing every module, as before.
MODULE_OF: dict[tuple[str, str], str] = {
    (DOCUMENT, "structural"): "structural",
    (DOCUMENT, "section"): "section",
    (DOCUMENT, "semantic"): "semantic",
    (DOCUMENT, "sliding_window"): "sliding_window",
    (DOCUMENT, "sentence"): "sentence",
    (DOCUMENT, "page_aware"): "page_aware",
    **{
        (family, name): "tabular"
        for family in (SPREADSHEET, CSV)
        for name in ORDER[family]
        if name != "default"
    },
}


def mode(
    name: str,
    *,
    families: Iterable[str],
    reads: Iterable[str] = (),
    bound: int | None = None,
    defaults: Mapping[str, int] | None = None,
) -> Callable[[ModeFunc], ModeFunc]:
    def register(func: ModeFunc) -> ModeFunc:
        for family in families:
            _MODES[(family, name)] = ModeSpec(
                name, family, tuple(reads), bound, func, tuple((defaults or {}).items())
            )
        return func

    return register


def load_all() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    package = importlib.import_module("indexer.modes")
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name not in ("registry", "params") and not info.name.startswith("_"):
            importlib.import_module(f"indexer.modes.{info.name}")


def modes_for(family: str) -> tuple[str, ...]:
    """The valid mode names for a family, in the order they are offered."""
    load_all()
    known = {name for (fam, name) in _MODES if fam == family}
    return tuple(m for m in ORDER.get(family, ()) if m in known or m == "default") + tuple(
        sorted(known - set(ORDER.get(family, ())))
    )


def resolve(family: str, name: str) -> ModeSpec:
    wanted = DEFAULT_FOR.get(family, "structural") if name == "default" else name
    spec = _MODES.get((family, wanted))
    if spec is None and not _LOADED:
        module = MODULE_OF.get((family, wanted))
        if module is not None:
            importlib.import_module(f"indexer.modes.{module}")
        else:
            load_all()
        spec = _MODES.get((family, wanted))
    if spec is None or spec.func is None:
        raise InvalidArgument(unknown_mode(name, modes_for(family), family))
    return spec


def unknown_mode(name: str | Iterable[str], valid: Iterable[str], family: str | None = None) -> str:
    """The one wording of a mode that is not one of ``valid`` (the modes of ``family``, or of
    every family when ``family`` is None), for the library's error, every command and the app:
    ``unknown mode 'rows' for spreadsheet files; choose from page_aware, row, …``. ``name`` may be
    several names (``index --modes``)."""
    names = [name] if isinstance(name, str) else list(name)
    what = "unknown mode" if len(names) == 1 else "unknown modes"
    whose = f" for {family} files" if family else ""
    choices = ", ".join(sorted(set(valid)))
    return f"{what} {', '.join(repr(n) for n in names)}{whose}; choose from {choices}"


def run(doc: Document, name: str, params: ModeParams) -> list[Chunk]:
    spec = resolve(doc.family, name)
    assert spec.func is not None
    return spec.func(doc, params)


#: What ``rows_per_chunk=None`` means per family, so that None and the explicit default share a key.
ROWS_PER_CHUNK_DEFAULT = {SPREADSHEET: 1, CSV: 3}


def key_for(family: str, name: str, params: ModeParams) -> str:
    spec = resolve(family, name)
    if params.rows_per_chunk is None and "rows_per_chunk" in spec.reads and family in ROWS_PER_CHUNK_DEFAULT:
        params = replace(params, rows_per_chunk=ROWS_PER_CHUNK_DEFAULT[family])
    return mode_key(spec.name, params, spec.reads)
