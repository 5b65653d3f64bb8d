"""The Пятьсот table and score sheet: scores, dashes (—) and the barrel's marks (B, X, falls)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from prikup.cli.views import VIEWS, GameView
from prikup.core.game import State

__all__ = ["PyatsotView", "sheet_cell"]

_KIND_NAMES = {"KQJ": "triangle K+Q+J", "KQ": "marriage K+Q", "QJ": "marriage Q+J"}


def sheet_cell(score: int, seat: int, result: dict[str, Any]) -> str:
    """One seat's entry for one deal: the score, a dash if he took no point, ``B`` and his X
    marks while on the barrel, ``↓`` for a fall, ``0!`` for the third fall."""
    flags = ""
    if seat in result.get("dashes", ()):
        flags += "—"
    if seat in result.get("dash_penalties", ()):
        flags += "(−120)"
    if seat in result.get("falls", ()):
        flags += "↓"
    if seat in result.get("reset_to_zero", ()):
        flags += "0!"
    marks = result.get("marks") or {}
    if marks.get("seat") == seat:
        flags += "B" + "X" * int(marks.get("crosses", 0))
    return f"{score}{flags}"


class PyatsotView(GameView):
    """Trumps and declarations, the talon's gifts, the barrel; the sheet with its marks."""

    def status(self, obs: dict[str, Any]) -> list[str]:
        """The deal's own moments, from one seat's observation."""
        lines: list[str] = []
        barrel = obs.get("barrel") or {}
        on = barrel.get("seat")
        if on is not None:
            refusals_left = obs["options"]["barrel_refusals"] - barrel["refusals"]
            lines.append(
                f"[bold]barrel[/bold]: seat {on} at {obs['options']['barrel']}, "
                f"X {barrel['crosses']}/{obs['options']['barrel_attempts']}, refusals left {refusals_left}"
            )
        if obs.get("phase") == "barrel":
            lines.append(
                f"seat {obs['to_act']} is on the barrel: take the talon and play for {obs['barrel_contract']} "
                "(take), or refuse (concede: 60 to each opponent)"
            )
        if obs.get("barred"):
            lines.append("may not bid (at -120 or below): " + ", ".join(map(str, obs["barred"])))
        if obs.get("kept"):
            lines.append(f"you kept {obs['kept']}")
        gifts = [g for g in obs.get("gifts") or [] if g["card"]]
        if gifts and obs.get("received") is None:
            lines.append("you gave: " + ", ".join(f"{g['card']} to seat {g['to']}" for g in gifts))
        elif obs.get("received"):
            lines.append(f"you received {obs['received']} from the talon")
        for d in obs.get("declarations") or []:
            lines.append(f"seat {d['seat']} declared the {d['suit']} {_KIND_NAMES[d['kind']]}: {d['value']}")
        if obs.get("trump_maker") is not None:
            lines.append(f"trumps {obs['trump']} made by seat {obs['trump_maker']}")
        elif obs.get("phase") == "play":
            lines.append("no trumps yet: a leader who has taken a trick may declare a combination")
        if obs.get("phase") == "play":
            active = obs.get("active") or []
            lines.append("points this deal: " + "  ".join(f"{s}: {obs['points'][s]}" for s in active))
        dashes = barrel.get("dashes")
        if dashes and any(dashes):
            lines.append("dashes: " + "  ".join(f"{s}: {'—' * n}" for s, n in enumerate(dashes) if n))
        return [escape(line) if "[bold]" not in line else line for line in lines]

    def sheet(self, state: State) -> list[str]:
        """Every deal's scores with their marks, then the running counts."""
        n = state.game.players
        width = 14
        lines = ["deal  " + "".join(f"{'seat ' + str(s):>{width}}" for s in range(n)) + "  result"]
        last_marks: dict[str, Any] = {}
        for i, log in enumerate(state.deals, 1):
            if log.scores_after is None:
                continue
            cells = "".join(f"{sheet_cell(v, s, log.result):>{width}}" for s, v in enumerate(log.scores_after))
            outcome = str(log.result.get("outcome", ""))
            if "declarer" in log.result:
                outcome += f" by {log.result['declarer']}"
            if log.result.get("contract") is not None:
                outcome += f" ({log.result['contract']})"
            lines.append(f"{i:>4}  {cells}  {escape(outcome)}")
            last_marks = log.result.get("marks") or last_marks
        if last_marks:
            lines.append("dashes " + " ".join(str(d) for d in last_marks["dashes"]))
            lines.append("falls  " + " ".join(str(f) for f in last_marks["falls"]))
        return lines


VIEWS["pyatsot"] = PyatsotView()
