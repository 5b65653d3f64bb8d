"""``prikup solve``: the open-hand value of every legal card at a point of a recorded deal."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from prikup.cli.checks import CliError
from prikup.cli.keywords import notation_words
from prikup.cli.main import app, check_lang, console, fail
from prikup.cli.views import contract_of
from prikup.cli.words import call_words, strain
from prikup.core.errors import PrikupError
from prikup.core.game import Phase, State
from prikup.core.refusals import refusal
from prikup.i18n import t
from prikup.records import RecordError, read, replay

__all__ = ["PATIENCE", "play_position", "solve_cmd"]

#: seconds of searching after which ``prikup solve`` says it is still at it (and how to stop it)
PATIENCE = 3


@contextmanager
def _patience(say: Callable[[], None], after: float = PATIENCE) -> Iterator[None]:
    """Run the block; if it is still running ``after`` seconds on, call ``say`` once.  A SIGALRM
    handler: the C search runs Python's signal handlers while it searches (every 2^16 nodes), as it
    does for Ctrl-C.  Only on the main thread of a system with ``setitimer`` (else just the block)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return
    old = signal.signal(signal.SIGALRM, lambda *_: say())
    signal.setitimer(signal.ITIMER_REAL, after)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _deal_of(record: dict[str, Any], deal: int, lang: str = "en") -> tuple[list[Any], dict[str, Any]]:
    deals = record.get("deals")
    if not isinstance(deals, list) or not (1 <= deal <= len(deals)) or not isinstance(deals[deal - 1], dict):
        count = len(deals) if isinstance(deals, list) else 0
        raise CliError(t("cli.sv_err_deal", lang, deal=deal, count=count))
    actions = deals[deal - 1].get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(refusal("record_actions"), deal=deal)
    return deals, {**deals[deal - 1], "actions": actions}  # a deal without actions (as replay reads it) has none


def _state_after(record: dict[str, Any], deal: int, at: int) -> State:
    deals, this = _deal_of(record, deal)
    cut = dict(this, actions=this["actions"][:at])
    cut.pop("scores", None)
    partial = {k: v for k, v in record.items() if k not in ("deals", "result")}
    partial["deals"] = [*deals[: deal - 1], cut]
    return replay(partial)


def play_position(record: dict[str, Any], deal: int, trick: int, card: int, lang: str = "en") -> int:
    """The number of actions of deal ``deal`` applied before the ``card``-th card (1-based) of
    trick ``trick`` (1-based) is played; a one-line error (in ``lang``) if the deal has no such point."""
    _, this = _deal_of(record, deal, lang)
    actions = this["actions"]
    if trick < 1 or card < 1:
        raise CliError(t("cli.sv_err_numbered", lang, trick=trick, card=card))
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
        done = len(state.observation(None).tricks)
        if done != tricks_done:
            tricks_done, in_trick = done, 0
    raise CliError(t("cli.sv_err_no_point", lang, trick=trick, card=card, deal=deal, done=tricks_done))


@app.command("solve")
def solve_cmd(
    file: Annotated[Path, typer.Argument()],
    deal: Annotated[int, typer.Option()],
    trick: Annotated[int | None, typer.Option()] = None,
    card: Annotated[int, typer.Option()] = 1,
    at: Annotated[int | None, typer.Option()] = None,
    lang: Annotated[str, typer.Option()] = "en",
) -> None:
    """Solve a play position of a record with all hands open: each legal card's value (the
    declarer's final points with perfect play afterwards), the best marked.  The position is
    before the --card-th card of --trick, or after --at actions of the deal."""
    from prikup.solver import position_of, solve

    try:
        check_lang(lang)
    except CliError as exc:
        raise fail(exc, lang) from None
    try:
        if (trick is None) == (at is None):
            raise CliError(t("cli.sv_err_point", lang))
        record = read(file)
        if trick is not None:
            at = play_position(record, deal, trick, card, lang)
        assert at is not None
        _, this = _deal_of(record, deal, lang)
        count = len(this["actions"])
        if not 0 <= at <= count:
            raise CliError(t("cli.sv_err_at", lang, at=at, deal=deal, count=count))
        state = _state_after(record, deal, at)
        if state.phase is not Phase.PLAY or len(state.deals) != deal:
            phase = t(f"cli.sv_phase_{state.phase.value.replace(' ', '_')}", lang)
            raise CliError(t("cli.sv_err_not_play", lang, at=at, deal=deal, phase=phase))
        pos, base = position_of(state)
        with _patience(lambda: console.print(escape(t("cli.sv_still", lang, seconds=PATIENCE)))):
            values = solve(state)
    except (RecordError, PrikupError, ValueError) as exc:
        raise fail(exc if isinstance(exc, PrikupError) else str(exc), lang, str(file)) from None
    except KeyboardInterrupt:  # Ctrl-C: the search stops within a few milliseconds
        console.print(escape(t("cli.sv_stopped", lang)))
        raise typer.Exit(130) from None
    maximise = pos.max_to_move()
    best = (max if maximise else min)(values.values())
    console.print(escape(_header(state, deal, trick, card, at, base, lang)))
    side = t("cli.sv_wants_high" if maximise else "cli.sv_wants_low", lang)
    console.print(escape(t("cli.sv_explain", lang, side=side)))
    mark = "  " + t("cli.sv_best", lang)
    for action, value in values.items():
        said = notation_words(action, lang)  # the notation; in Russian ход Т♠
        console.print(f"  {escape(said):<24} {value:>4}{mark if value == best else ''}")


def _header(state: State, deal: int, trick: int | None, card: int, at: int, base: object, lang: str) -> str:
    """The position said in one line: where it is, who plays, the contract, the points counted."""
    obs = state.observation(None)
    if trick is not None:
        where = t("cli.sv_where_trick", lang, trick=trick, card=card)
    else:
        where = t("cli.sv_where_at", lang, at=at)
    declarer, contract = obs.declarer, contract_of(obs)
    if declarer is None:
        side = t("cli.sv_no_declarer", lang)
    else:
        said = call_words(str(contract), lang) if contract is not None else "-"
        side = t("cli.sv_declarer", lang, seat=declarer, contract=said, trump=strain(obs.trump, lang))
    game = state.game.title_ru if lang == "ru" else state.game.id
    return t("cli.sv_header", lang, game=game, deal=deal, where=where, seat=state.to_act, side=side, base=base)
