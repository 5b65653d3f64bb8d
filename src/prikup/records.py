"""Game records: a JSON document from which a whole match is replayed and checked.

Format ``prikup-record/1``::

    {
      "format": "prikup-record/1",
      "game": "501",
      "options": {"players": 3, "max_bid": 220, ...},
      "seats": [{"name": "heuristic", "kind": "bot"}, ...],
      "seed": 7,                      # optional: the seed the match was dealt from
      "single_deal": true,            # optional: a single deal, not a match
      "deals": [
        {
          "dealer": 0,
          "hands": {"1": ["AS", ...], "2": [...], "0": [...]},   # per active seat
          "talon": ["9H", "KD", "TS"],
          "actions": [[1, "look"], [1, "bid 80"], ...],
          "scores": [501, 469, 481]   # every seat's score after the deal
        }, ...
      ],
      "result": {"finished": true, "winners": [2], "scores": [...]}
    }

:func:`replay` re-applies every action through the rules engine; anything the engine does not
reproduce raises :class:`RecordError` naming the deal (1-based), the action's index (0-based)
and the reason.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prikup.core.errors import PrikupError
from prikup.core.game import Game, State
from prikup.core.refusals import Refusal, refusal
from prikup.games import make_game

__all__ = ["FORMAT", "RecordError", "Seat", "dump", "load", "read", "replay", "save", "to_record"]

FORMAT = "prikup-record/1"


class RecordError(PrikupError):
    """A record that is malformed or that the rules engine does not reproduce."""

    def __init__(self, why: Refusal, *, deal: int | None = None, index: int | None = None) -> None:
        self.deal = deal
        self.index = index
        super().__init__(why)
        where = ""
        if deal is not None:
            where = f"deal {deal}"
            if index is not None:
                where += f", action {index}"
            where += ": "
        self.args = (where + str(why),)


def _cause(exc: BaseException) -> Refusal:
    """The refusal of a wrapped error (a foreign one's message kept as ``text``)."""
    return exc.refusal if isinstance(exc, PrikupError) else refusal("text", text=str(exc))


@dataclass(frozen=True)
class Seat:
    """Who sat in a seat: a name and ``human`` or ``bot``."""

    name: str
    kind: str = "bot"


def to_record(state: State, seats: Sequence[Seat] | None = None, seed: int | None = None) -> dict[str, Any]:
    """The record of a match so far (finished or not)."""
    n = state.game.players
    seat_list = list(seats) if seats is not None else [Seat(f"seat {i}") for i in range(n)]
    deals = []
    for log in state.deals:
        active = state.active_seats(log.dealer)
        deal: dict[str, Any] = {
            "dealer": log.dealer,
            "hands": {str(s): [str(c) for c in hand] for s, hand in zip(active, log.hands, strict=True)},
            "talon": [str(c) for c in log.talon],
            "actions": [[seat, str(a)] for seat, a in log.actions],
        }
        if log.scores_after is not None:
            deal["scores"] = _scores_json(state, log.scores_after)
        deals.append(deal)
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.id,
        "options": dict(state.game.options),
        "seats": [{"name": s.name, "kind": s.kind} for s in seat_list],
    }
    if seed is not None:
        record["seed"] = seed
    if state.single_deal:
        record["single_deal"] = True
    record["deals"] = deals
    record["result"] = {
        "finished": state.is_over,
        "winners": list(state.winners),
        "scores": state.scores_json(),
    }
    return record


def _scores_json(state: State, scores: Sequence[Any]) -> list[Any]:
    return [v if isinstance(v, int | str) else str(v) for v in scores]


def _listed(value: Any) -> Any:
    """A stated list (or tuple) as a list; anything else (a number, a text) as it is, so that it
    differs from every list of values instead of failing to convert."""
    return list(value) if isinstance(value, list | tuple) else value


def _require(cond: bool, why: Refusal, deal: int | None = None) -> None:
    if not cond:
        raise RecordError(why, deal=deal)


def replay(record: dict[str, Any]) -> State:
    """Replay a record through the rules engine and check every stated score; returns the state."""
    _require(isinstance(record, dict), refusal("record_not_object"))
    _require(
        record.get("format") == FORMAT, refusal("record_format", format=repr(record.get("format")), expected=FORMAT)
    )
    game_id = record.get("game")
    _require(isinstance(game_id, str), refusal("record_no_game"))
    options = record.get("options", {})
    _require(isinstance(options, dict), refusal("record_options"))
    assert isinstance(game_id, str)
    try:
        game = make_game(game_id, **options)
    except ValueError as exc:
        raise RecordError(refusal("record_bad_game", _cause(exc))) from None
    deals = record.get("deals")
    _require(isinstance(deals, list), refusal("record_deals"))
    assert isinstance(deals, list)
    _require(bool(deals), refusal("record_no_deal"))
    first = deals[0]
    _require(isinstance(first, dict) and isinstance(first.get("dealer"), int), refusal("record_no_dealer"), 1)
    state = game.new_replay(first["dealer"], single_deal=bool(record.get("single_deal", False)))
    for number, deal in enumerate(deals, 1):
        _replay_deal(state, game, deal, number, last=number == len(deals))
    result = record.get("result")
    if isinstance(result, dict):
        if result.get("finished") is not None and bool(result["finished"]) != state.is_over:
            raise RecordError(refusal("record_finished", stated=str(result["finished"]), got=str(state.is_over)))
        if "winners" in result and state.is_over and _listed(result["winners"]) != list(state.winners):
            raise RecordError(refusal("record_winners", stated=str(result["winners"]), got=str(list(state.winners))))
        if "scores" in result and _listed(result["scores"]) != state.scores_json():
            raise RecordError(refusal("record_scores", stated=str(result["scores"]), got=str(state.scores_json())))
    return state


def _replay_deal(state: State, game: Game, deal: Any, number: int, *, last: bool) -> None:
    _require(isinstance(deal, dict), refusal("record_deal_object"), number)
    _require(not state.is_over, refusal("record_match_over"), number)
    dealer = deal.get("dealer")
    _require(
        dealer == state.dealer,
        refusal("record_dealer", stated=repr(dealer), got=state.dealer),
        number,
    )
    hands = deal.get("hands")
    _require(isinstance(hands, dict), refusal("record_hands"), number)
    assert isinstance(hands, dict)
    try:
        by_seat = {int(k): v for k, v in hands.items()}
        state.deal(by_seat, deal.get("talon", []))
    except (ValueError, TypeError) as exc:
        raise RecordError(refusal("record_bad_card", _cause(exc)), deal=number) from None
    actions = deal.get("actions", [])
    _require(isinstance(actions, list), refusal("record_actions"), number)
    for index, item in enumerate(actions):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int) and isinstance(item[1], str)):
            raise RecordError(refusal("record_action_form", item=repr(item)), deal=number, index=index)
        seat, text = item
        if state.to_act != seat:
            raise RecordError(
                refusal("record_wrong_seat", text=text, seat=seat, to_act=state.to_act), deal=number, index=index
            )
        try:
            state.apply(text)
        except ValueError as exc:
            raise RecordError(refusal("record_action_refused", _cause(exc)), deal=number, index=index) from None
    log = state.deals[-1]
    if log.scores_after is None:
        _require(last, refusal("record_unfinished"), number)
        return
    stated = deal.get("scores")
    if stated is not None:
        got = _scores_json(state, log.scores_after)
        if _listed(stated) != got:
            raise RecordError(refusal("record_deal_scores", stated=str(stated), got=str(got)), deal=number)


def dump(record: dict[str, Any]) -> str:
    """A record as JSON text: objects indented, short lists (cards, an action) on one line."""
    return _dump(record, 0)


def _flat(value: Any) -> bool:
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) or (isinstance(v, list) and _flat(v)) for v in value)
    return not isinstance(value, dict)


def _dump(value: Any, depth: int) -> str:
    pad = " " * (depth + 1)
    if isinstance(value, dict) and value:
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    if isinstance(value, list) and value and not (_flat(value) and len(json.dumps(value)) <= 100):
        items = [pad + _dump(v, depth + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * depth + "]"
    return json.dumps(value, ensure_ascii=False)


def load(text: str) -> dict[str, Any]:
    """Parse a record's JSON text (without replaying it)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(refusal("record_json", detail=str(exc), line=exc.lineno, column=exc.colno)) from None
    if not isinstance(value, dict):
        raise RecordError(refusal("record_not_object"))
    return value


def save(path: str | Path, record: dict[str, Any]) -> None:
    """Write a record to a file."""
    Path(path).write_text(dump(record) + "\n", encoding="utf-8")


def read(path: str | Path) -> dict[str, Any]:
    """Read a record from a file (without replaying it)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(refusal("record_read", path=str(path), why=str(exc.strerror), errno=exc.errno)) from None
    except UnicodeDecodeError as exc:
        raise RecordError(refusal("record_not_text", path=str(path), at=exc.start)) from None
    return load(text)
