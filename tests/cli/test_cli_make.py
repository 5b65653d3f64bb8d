"""``make test`` stops the database server it started, whether the tests pass or fail."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_test_stops_the_services_after_the_tests_pass_or_fail() -> None:
    command = ["make", "--no-print-directory", "-n", "test"]  # CI runs make test under a parent make
    plan = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    steps = plan.replace("\\\n", " ")
    assert steps.index("ci-services.sh >") < steps.index("pytest") < steps.index("ci-services.sh stop")
    assert "|| status=$?" in steps and steps.rstrip().endswith("exit $status")


def test_stop_stops_only_what_the_script_started(tmp_path: Path) -> None:
    mark = tmp_path / "started"
    env = dict(os.environ, PRIKUP_CI_MARK=str(mark))
    script = str(ROOT / "scripts" / "ci-services.sh")
    run = subprocess.run(["bash", script, "stop"], env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stderr == ""  # nothing started: nothing stopped
    mark.write_text("0 no-such-cluster\n")
    run = subprocess.run(["bash", script, "stop"], env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and not mark.exists()
    assert "PostgreSQL 0/no-such-cluster was not running any more" in run.stderr
