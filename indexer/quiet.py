"""Keeping third-party libraries' log records and warnings off the terminal.

PDF, e-mail and spreadsheet libraries log and warn about the damage they work around ("Data-loss
while decompressing corrupted data", "Workbook contains no default style"), without naming the
file. What a user can act on reaches them as error codes and coverage warnings instead; a stray
line on stderr only breaks a progress bar or, from a worker process, draws over the terminal UI.
"""

from __future__ import annotations

import logging
import warnings

#: the project's own packages, whose warnings stay visible in the command-line process
OWN_PACKAGES = ("indexer", "storage", "tui")


def silence_worker() -> None:
    """In an extraction worker: no log record and no warning reaches stderr."""
    logging.disable(logging.CRITICAL)
    warnings.simplefilter("ignore")


def quiet_libraries() -> None:
    """In the command-line process: libraries' records below ERROR and all warnings are dropped;
    the project's own loggers keep WARNING."""
    logging.getLogger().setLevel(logging.ERROR)
    for name in OWN_PACKAGES:
        logging.getLogger(name).setLevel(logging.WARNING)
    warnings.simplefilter("ignore")
