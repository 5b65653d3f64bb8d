"""Run from a source tree whose C extension was never built, the solver falls back to Python."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import prikup


def test_an_unbuilt_extension_falls_back_to_the_python_search(tmp_path: Path) -> None:
    # the package's sources without the built extension: ``_fast`` is then only the folder of
    # the C sources, which Python imports as a namespace package
    src = Path(prikup.__file__).resolve().parent
    shutil.copytree(src, tmp_path / "prikup", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    code = (
        "from prikup.solver import fast, solve\n"
        "from prikup import make_game\n"
        "assert not fast.enabled()\n"
        "s = make_game('preferans').new_match(3)\n"
        "while s.phase.value != 'play':\n"
        "    s.apply(s.legal_actions()[-1])\n"
        "print(len(solve(s)))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env={"PYTHONPATH": str(tmp_path)}, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) > 0
