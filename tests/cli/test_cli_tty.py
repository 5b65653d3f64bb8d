"""``prikup play`` in a terminal (a real pseudo-terminal): the table by default, lines with --plain."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def run_in_tty(args: list[str], until: bytes, then: bytes, timeout: float = 60) -> tuple[int, bytes]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = dict(os.environ, TERM="xterm-256color")
    proc = subprocess.Popen(
        [sys.executable, "-m", "prikup", *args], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
    )
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + timeout
    sent = False
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break
            if not sent and until in seen:
                os.write(master, then)
                sent = True
        code = proc.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    return code, seen


def test_the_table_is_the_default_in_a_terminal() -> None:
    code, seen = run_in_tty(["play", "501", "--seed", "1"], until=b"Deal", then=b"\x11")  # Ctrl+Q
    assert b"Deal" in seen and b"\x1b[?1049h" in seen  # the table took the whole screen
    assert code == 0


def test_plain_keeps_the_line_mode_in_a_terminal() -> None:
    code, seen = run_in_tty(["play", "501", "--seed", "1", "--plain"], until=b"help lists them", then=b"quit\n")
    assert b"action (help lists them)>" in seen and b"\x1b[?1049h" not in seen
    # the seats are introduced first: the person's own seat in words, each bot by its kind
    assert seen.lstrip().startswith(b"you: your seat") and b"Ivan: heuristic bot" in seen
    assert code == 0
