"""The preferans score sheet drawn the way players keep it: for every player his pulya, his gora
and his whists on each opponent, each as the running chain of totals (``2.4.6.10``)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.markup import escape

from prikup.cli.views import VIEWS, GameView
from prikup.core.game import State
from prikup.games.preferans_sheet import Sheet, balances

__all__ = ["PreferansView", "chain"]


def _num(value: Fraction | int) -> str:
    """A whist amount as players write it: whole, or rounded to one decimal with the exact value kept."""
    v = Fraction(value)
    if v.denominator == 1:
        return str(v.numerator)
    return f"{float(v):.1f}"


def chain(values: Sequence[Fraction | int], *, show_zero: bool = False) -> str:
    """The running totals of one cell of the sheet, each change appended: ``10.9.7``."""
    out: list[str] = []
    last: Fraction | int | None = None
    for v in values:
        if v != last:
            if v != 0 or show_zero or out:
                out.append(_num(v))
            last = v
    if len(out) > 12:  # a long cell keeps its latest totals
        out = ["…", *out[-11:]]
    return ".".join(out) if out else "—"


class PreferansView(GameView):
    """Pulya, gora and whists on each opponent, per player; the deal's moments in the status."""

    def status(self, obs: dict[str, Any]) -> list[str]:
        """The contract, the whisting and the between-deals questions."""
        lines: list[str] = []
        question = obs.get("settle_question")
        if question == "pulya":
            lines.append(f"seat {obs['to_act']} may carry his last pulya into his gora (settle / pass)")
        elif question == "gora":
            lines.append(f"seat {obs['to_act']} may settle the last gora and end the match (settle / pass)")
        if obs.get("raspasy"):
            lines.append("[bold]raspasy[/bold]: take as few tricks as you can — 5 whists a trick")
        if obs.get("contract"):
            who = obs["declarer"]
            line = f"contract [bold]{escape(obs['contract'])}[/bold] by seat {who}"
            if obs["whisters"]:
                kind = "alone" if obs["lone_whister"] is not None else "both"
                line += f"; whist: {', '.join(map(str, obs['whisters']))} ({kind}"
                if obs["open"] is not None:
                    line += ", open" if obs["open"] else ", closed"
                line += ")"
            lines.append(line)
        if obs.get("whist_calls"):
            lines.append("whisting: " + ", ".join(f"{s} {w}" for s, w in obs["whist_calls"]))
        if obs.get("half_calls"):
            line = "misère half with the dealer: " + ", ".join(f"{s} {w}" for s, w in obs["half_calls"])
            if obs.get("half_partner") is not None:
                line += f" (seat {obs['half_partner']} shares it)"
            lines.append(line)
        if obs.get("to_act") == obs.get("declarer") and obs.get("half_partner") is not None and obs.get("tricks"):
            if len(obs["tricks"]) == 10 and obs.get("half_split") is None:
                lines.append("misère made: pulya 3 (3 into the pulya, 2 off the gora) or pulya 2; the dealer the rest")
        if obs.get("hand_to_play") is not None and obs["hand_to_play"] != obs.get("to_act"):
            lines.append(f"seat {obs['to_act']} plays the hand of seat {obs['hand_to_play']}")
        for seat, cards in sorted((obs.get("hands_seen") or {}).items()):
            lines.append(f"hand of seat {seat}: {' '.join(cards)}")
        sheet = obs.get("sheet")
        if sheet:
            lines.append(
                "pulya "
                + " ".join(f"{p}/{sheet['target']}" for p in sheet["pulya"])
                + "   gora "
                + " ".join(map(str, sheet["gora"]))
            )
        return lines

    def sheet(self, state: State) -> list[str]:
        """The whole sheet after the last deal, with each cell's running totals."""
        history: list[Sheet] = list(getattr(state, "sheets", []))
        current = getattr(state, "sheet", None)
        if not isinstance(current, Sheet):
            return super().sheet(state)
        first = _first_sheet(state, history, current)
        steps = [first, *history]
        if steps[-1] != current:
            steps.append(current)
        n = current.players
        rows: list[tuple[str, list[str]]] = [
            (f"pulya (to {current.target})", [chain([s.pulya[p] for s in steps]) for p in range(n)]),
            ("gora", [chain([s.gora[p] for s in steps], show_zero=True) for p in range(n)]),
        ]
        for o in range(n):
            cells = ["·" if p == o else chain([s.whists[p][o] for s in steps]) for p in range(n)]
            rows.append((f"whists on {o}", cells))
        rows.append(("result", [_signed(b) for b in balances(current)]))
        label = max(len(r[0]) for r in rows) + 2
        width = max(10, *(len(c) + 2 for _, cells in rows for c in cells))
        lines = [" " * label + "".join(f"{'seat ' + str(p):<{width}}" for p in range(n))]
        lines += [f"{name:<{label}}" + "".join(f"{c:<{width}}" for c in cells) for name, cells in rows]
        return lines


def _signed(value: Fraction) -> str:
    text = _num(value)
    return text if value <= 0 else "+" + text


def _first_sheet(state: State, history: list[Sheet], current: Sheet) -> Sheet:
    from prikup.games.preferans_sheet import new_sheet

    game = state.game
    target = game.options.get("pulya", current.target)
    start = game.options.get("start_gora", 0)
    assert isinstance(target, int) and isinstance(start, int)
    return new_sheet(current.players, target, start)


VIEWS["preferans"] = PreferansView()
