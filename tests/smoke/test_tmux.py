"""The installed ``chunkscope`` command on a real pseudo-terminal (tmux), against a temp copy of
sample_corpus/: wait for the tree, press keys for compare and images, read the screen.

Textual draws through stderr, so the command runs in the tmux pane with stderr untouched."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_CORPUS

BIN = Path(sys.executable).parent
TMUX = shutil.which("tmux")
COMMAND = shutil.which("chunkscope", path=str(BIN)) or shutil.which("chunkscope")

pytestmark = [
    pytest.mark.skipif(TMUX is None, reason="tmux is not installed"),
    pytest.mark.skipif(COMMAND is None, reason="the chunkscope command is not installed"),
]


SOCKET = f"chunkscope-smoke-{uuid.uuid4().hex[:8]}"  # a private tmux server, no user config


# COLUMNS/LINES (set in some test environments) would override the pane's real size in the app
ENV = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}


def tmux(*args: str) -> str:
    proc = subprocess.run(
        [TMUX, "-L", SOCKET, "-f", "/dev/null", *args], capture_output=True, text=True, timeout=20, env=ENV
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def screen(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session)


def wait_screen(session: str, *texts: str, timeout: float = 60.0) -> str:
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        text = screen(session)
        if all(t in text for t in texts):
            return text
        time.sleep(0.2)
    raise AssertionError(f"{texts} not on screen after {timeout}s:\n{text}")


@pytest.fixture
def session(tmp_path):
    root = tmp_path / "corpus"
    shutil.copytree(SAMPLE_CORPUS, root, ignore=shutil.ignore_patterns(".chunkscope"))
    name = f"chunkscope-smoke-{uuid.uuid4().hex[:8]}"
    command = f"cd {shlex.quote(str(root))} && TERM=xterm-256color exec {shlex.quote(COMMAND)} --jobs 1"
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", command)
    try:
        yield name, root
    finally:
        subprocess.run([TMUX, "-L", SOCKET, "kill-server"], capture_output=True, timeout=20)


def wait_still(session: str, quiet: float = 1.0, timeout: float = 30.0) -> None:
    """Wait until the screen has not changed for ``quiet`` seconds (the tree's reload after the
    first scan has drawn)."""
    deadline = time.monotonic() + timeout
    last, since = screen(session), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = screen(session)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
    raise AssertionError(f"the screen kept changing for {timeout}s:\n{last}")


def test_the_installed_command_browses_compares_and_shows_images(session):
    name, root = session
    # the tree with indexed files and the header counts appear
    text = wait_screen(name, "Files", "inspection_report.docx", "docs ·", "✔")
    assert "chunks" in text
    # typing before the first scan ends races the tree's reload for the focus: wait for it
    wait_screen(name, "up to date")
    wait_still(name)
    # find the Word report through the filter, then compare three modes; a person sees the filter
    # take the focus before typing, and so does the test (on a loaded machine the focus moves a
    # moment after the key, and letters typed sooner would be read as shortcuts)
    tmux("send-keys", "-t", name, "f")
    time.sleep(0.5)
    tmux("send-keys", "-t", name, "-l", "inspection")
    tmux("send-keys", "-t", name, "Enter")
    wait_screen(name, "office/inspection_report.docx ·", "✔ inspection_report.docx")
    time.sleep(0.5)  # the focus moves from the filter to the tree after Enter
    tmux("send-keys", "-t", name, "c")
    text = wait_screen(name, "default (", "section (", "semantic (")
    assert "sizes" in text and "over 1,200" in text
    # the images panel: placeholders on the left, extracted images on the right
    tmux("send-keys", "-t", name, "i")
    wait_screen(name, "Placeholders (", "Extracted (")
    # the index file was written where the SPEC says
    assert (root / ".chunkscope" / "index.db").exists()
    tmux("send-keys", "-t", name, "q")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if (
            subprocess.run([TMUX, "-L", SOCKET, "has-session", "-t", name], capture_output=True).returncode
            != 0
        ):
            break
        time.sleep(0.2)
    else:
        raise AssertionError("chunkscope did not quit on q")
