"""The research interfaces stay optional: the rules, bots and records import none of them."""

from __future__ import annotations

import subprocess
import sys


def test_rules_core_imports_no_research_library() -> None:
    code = (
        "import sys, prikup, prikup.games, prikup.bots, prikup.records, prikup.arena\n"
        "s = prikup.make_game('501').new_match(1); s.observation(s.to_act)\n"
        "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel', 'torch') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_importing_envs_registers_gymnasium_ids_only() -> None:
    code = (
        "import sys, prikup.envs, gymnasium\n"
        "print(sorted(k for k in gymnasium.registry if k.startswith('prikup/')))\n"
        "print('pyspiel' in sys.modules, 'pettingzoo' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    ids = ["prikup/501-v0", "prikup/five-hundred-v0", "prikup/preferans-v0", "prikup/pyatsot-v0"]
    assert out[0] == str(sorted(ids))
    assert out[1] == "False False"
