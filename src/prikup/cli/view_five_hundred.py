"""Terminal hooks for Five Hundred: the contract, the tricks per side, the misère moments, the
shown voids, and a score sheet by side (partnerships) or by player."""

from __future__ import annotations

from typing import Any

from prikup.cli.views import VIEWS, GameView
from prikup.core.game import State
from prikup.games.five_hundred import GameFiveHundred

__all__ = ["FiveHundredView"]


def _who(units: list[list[int]], seat: int) -> str:
    for unit in units:
        if seat in unit and len(unit) > 1:
            return "side " + "+".join(map(str, unit))
    return f"seat {seat}"


class FiveHundredView(GameView):
    """Five Hundred's status lines and score sheet."""

    def status(self, obs: dict[str, Any]) -> list[str]:
        """Contract and contractor, tricks per side, misère partner out, open hand, voids."""
        lines: list[str] = []
        units: list[list[int]] = obs.get("units") or []
        if obs.get("no_bid_play"):
            lines.append("[bold]No bid[/bold]: played in no-trump, 10 a trick to whoever takes it")
        elif obs.get("contract") and obs.get("declarer") is not None:
            lines.append(f"Contract [bold]{obs['contract']}[/bold] by seat {obs['declarer']}")
        if obs.get("phase") == "discard" and obs.get("discards_left"):
            lines.append(f"The contractor discards {obs['discards_left']} more card(s)")
        if obs.get("tricks_won") and obs.get("phase") == "play":
            won = obs["tricks_won"]
            parts = [
                f"{_who(units, u[0])}: {sum(won[s] for s in u)}" for u in units if any(s in obs["active"] for s in u)
            ]
            lines.append("Tricks — " + ", ".join(parts))
        if obs.get("sitting_out"):
            lines.append("Sitting out (misère partner): " + ", ".join(f"seat {s}" for s in obs["sitting_out"]))
        if obs.get("open_hand"):
            shown = obs["open_hand"]
            lines.append(f"Open misère, seat {shown['seat']} shows: {' '.join(shown['cards'])}")
        if obs.get("trick_suit") and obs.get("trick") and len(obs["trick"][0]) > 2:
            lines.append(f"The joker was led as {obs['trick_suit']}")
        voids = obs.get("voids") or []
        shown_voids = [f"seat {s}: {''.join(v)}" for s, v in enumerate(voids) if v]
        if shown_voids:
            lines.append("[dim]Shown void — " + "; ".join(shown_voids) + "[/dim]")
        return lines

    def sheet(self, state: State) -> list[str]:
        """One line per finished deal: the contract, its outcome, and every side's running score."""
        game = state.game
        units: list[tuple[int, ...]] = (
            list(game.units()) if isinstance(game, GameFiveHundred) else [(s,) for s in range(game.players)]
        )
        heads = ["+".join(map(str, u)) if len(u) > 1 else f"seat {u[0]}" for u in units]
        lines = ["deal  contract        " + "".join(f"{h:>10}" for h in heads)]
        for i, log in enumerate(state.deals, 1):
            if log.scores_after is None:
                continue
            r = log.result
            what = r.get("contract", "")
            if "contractor" in r:
                what = f"{what} s{r['contractor']} {r['outcome']}"
            else:
                what = str(r.get("outcome", ""))
            lines.append(f"{i:>4}  {what[:14]:<14}  " + "".join(f"{log.scores_after[u[0]]:>10}" for u in units))
        return lines


VIEWS["five-hundred"] = FiveHundredView()
