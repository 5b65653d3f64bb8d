"""``prikup solve``: the open-hand value of every legal card at a point of a recorded deal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from prikup.cli.checks import CliError
from prikup.cli.main import app, console, fail
from prikup.core.errors import PrikupError
from prikup.core.game import Phase, State
from prikup.records import RecordError, read, replay

__all__ = ["play_position", "solve_cmd"]


def _deal_of(record: dict[str, Any], deal: int) -> tuple[list[Any], dict[str, Any]]:
    deals = record.get("deals")
    if not isinstance(deals, list) or not (1 <= deal <= len(deals)) or not isinstance(deals[deal - 1], dict):
        count = len(deals) if isinstance(deals, list) else 0
        raise CliError(f"--deal {deal} is out of range: the record has {count} deal(s), numbered from 1")
    actions = deals[deal - 1].get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"deal {deal}: 'actions' is not a list")
    return deals, deals[deal - 1]


def _state_after(record: dict[str, Any], deal: int, at: int) -> State:
    deals, this = _deal_of(record, deal)
    cut = dict(this, actions=this["actions"][:at])
    cut.pop("scores", None)
    partial = {k: v for k, v in record.items() if k not in ("deals", "result")}
    partial["deals"] = [*deals[: deal - 1], cut]
    return replay(partial)


def play_position(record: dict[str, Any], deal: int, trick: int, card: int) -> int:
    """The number of actions of deal ``deal`` applied before the ``card``-th card (1-based) of
    trick ``trick`` (1-based) is played; a one-line error if the deal has no such point."""
    _, this = _deal_of(record, deal)
    actions = this["actions"]
    if trick < 1 or card < 1:
        raise CliError(f"--trick {trick} --card {card}: tricks and cards are numbered from 1")
    tricks_done = 0
    in_trick = 0
    for index, entry in enumerate(actions):
        text = entry[1] if isinstance(entry, list | tuple) and len(entry) == 2 else ""
        if not isinstance(text, str) or not text.startswith("play"):
            continue
        if tricks_done == trick - 1 and in_trick == card - 1:
            return index
        in_trick += 1
        state = _state_after(record, deal, index + 1)
        if state.phase is not Phase.PLAY or len(state.deals) != deal:
            tricks_done, in_trick = tricks_done + 1, 0
            continue
        obs = state.observation(None)
        done = len(obs.get("tricks") or [])
        if done != tricks_done:
            tricks_done, in_trick = done, 0
    raise CliError(
        f"--trick {trick} --card {card}: deal {deal} has no such point ({tricks_done} trick(s) played in the record)"
    )


@app.command("solve")
def solve_cmd(
    file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    deal: Annotated[int, typer.Option(help="the deal, 1-based")],
    trick: Annotated[int | None, typer.Option(help="the trick, 1-based (with --card)")] = None,
    card: Annotated[int, typer.Option(help="the card of the trick, 1-based: 1 is the lead")] = 1,
    at: Annotated[int | None, typer.Option(help="or: the number of actions of that deal applied")] = None,
) -> None:
    """Solve a play position of a record with all hands open: each legal card's value (the
    declarer's final points with perfect play afterwards), the best marked.  The position is
    before the --card-th card of --trick, or after --at actions of the deal."""
    from prikup.solver import position_of, solve

    try:
        if (trick is None) == (at is None):
            raise CliError("give the point of the deal: --trick T [--card K], or --at N")
        record = read(file)
        if trick is not None:
            at = play_position(record, deal, trick, card)
        assert at is not None
        _, this = _deal_of(record, deal)
        count = len(this["actions"])
        if not 0 <= at <= count:
            raise CliError(f"--at {at} is out of range: deal {deal} has {count} action(s) (0..{count})")
        state = _state_after(record, deal, at)
        if state.phase is not Phase.PLAY or len(state.deals) != deal:
            raise CliError(
                f"after {at} action(s) of deal {deal} the position is not in the play phase "
                f"(it is in the {state.phase}); --trick 1 is the first lead"
            )
        pos, base = position_of(state)
        values = solve(state)
    except (RecordError, PrikupError, ValueError) as exc:
        raise fail(f"{file}: {exc}") from None
    maximise = pos.max_to_move()
    best = (max if maximise else min)(values.values())
    obs = state.observation(None)
    where = f"trick {trick}, card {card}" if trick is not None else f"after {at} action(s)"
    console.print(
        f"{state.game.id}, deal {deal}, {where}: seat {state.to_act} to play; declarer seat "
        f"{obs.get('declarer')}, contract {obs.get('contract')}, trump {obs.get('trump')}; "
        f"counted so far: {base}"
    )
    side = "the side to play wants the highest" if maximise else "the side to play wants the lowest"
    console.print(
        "Value of each legal play = the counted final total with perfect play by all (501, Пятьсот: the "
        "declarer's points; Five Hundred, preferans: the declaring side's tricks — in misère the bidder's "
        f"tricks, in raspasy and a no-bid deal the tricks of the seat to play); {side}:"
    )
    for action, value in values.items():
        mark = "  <- best" if value == best else ""
        console.print(f"  {escape(str(action)):<24} {value:>4}{mark}")
