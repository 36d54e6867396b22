"""`chunkscope [FOLDER]`: the terminal UI on a folder, indexing it and watching it."""

from __future__ import annotations

import argparse
from pathlib import Path

from tui.commands.chunks import add_extract_options, add_index_options, extract_options


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ui", help="the terminal UI on a folder (the default command)")
    p.add_argument(
        "folder",
        nargs="?",
        default=".",
        metavar="FOLDER",
        help="the folder to index and browse (default: the current one)",
    )
    add_index_options(p, poll=True)
    p.add_argument("--no-watch", action="store_true", help="show the index without indexing or watching")
    p.add_argument(
        "--images",
        choices=("auto", "halfcell", "unicode", "sixel", "tgp"),
        default="auto",
        help="how images are drawn (default: auto, the best the terminal supports)",
    )
    add_extract_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from tui.cli import UserError, existing_folder

    folder = existing_folder(Path(args.folder).expanduser())
    if args.jobs is not None and args.jobs < 1:
        raise UserError("--jobs must be at least 1")
    from storage.errors import StoreError
    from storage.store import Store, default_db_path

    db_path = Path(args.db).expanduser() if args.db else default_db_path(folder.resolve())
    try:  # a damaged or newer index is one clear line, not a traceback inside the UI
        db_path.parent.mkdir(parents=True, exist_ok=True)
        Store.open(db_path, root=folder.resolve()).close()
    except (StoreError, OSError) as exc:
        raise UserError(f"cannot open the index {db_path}: {exc}") from None
    # textual-image asks the terminal about graphics support when imported; that must happen
    # before Textual takes the terminal over.
    import textual_image.widget  # noqa: F401

    from tui.app import ChunkscopeApp

    app = ChunkscopeApp(
        folder,
        db_path=db_path,
        jobs=args.jobs,
        poll=args.poll,
        watch=not args.no_watch,
        image_renderer=args.images,
        options=extract_options(args),
    )
    app.run()
    return 0
