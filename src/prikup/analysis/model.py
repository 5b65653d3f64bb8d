"""What an analysis gives: :class:`Decision`, :class:`SeatSummary`, :class:`Par`,
:class:`DealAnalysis` and :class:`Hint`, each with ``to_json`` (plain JSON values) and, for the
analysis, ``DealAnalysis.from_json`` back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["FORMAT", "DealAnalysis", "Decision", "Hint", "Par", "SeatSummary"]

#: The ``format`` of an analysis's JSON.
FORMAT = "prikup-analysis/1"

Estimates = tuple[tuple[str, float], ...]


def _pairs(value: Any, kind: type) -> tuple[tuple[str, Any], ...]:
    return tuple((str(text), kind(v)) for text, v in value)


@dataclass(frozen=True)
class Decision:
    """One decision of a deal and its analysis.

    ``number``: the index of the action in the deal's actions (0-based, as in the record);
    ``seat``; ``phase`` (the phase's value, ``"auction"``, ``"play"`` …); ``taken``: the action
    taken (notation); ``best``: the pimc bot's choice from that seat's knowledge; ``estimates``:
    each candidate and the bot's estimate of it, best first (the seat's points in the deal,
    higher is better; see ``unit``); ``open_hand`` (card play): each legal card and its exact
    open-hand value for the seat's side (the declarer's final points or tricks, negated for a
    defender: higher is better), best first, else ``None``; ``loss``: best estimate − estimate of
    the action taken (≥ 0); ``loss_open`` (card play): the same by open-hand value, in the same
    unit as ``loss``, else ``None``; ``grade``: ``good``, ``inaccuracy``, ``mistake`` or
    ``blunder`` (:func:`prikup.analysis.grade` of ``loss``); ``unit``: what the estimates count —
    ``score`` (the seat's score change in the deal less the mean change of every seat,
    sign-adjusted so that higher is better; for card play, what a card's trick total nets in
    the score), ``points`` (card points: 501, Пятьсот) or
    ``tricks`` (preferans, a Five Hundred misère).  Where no deal consistent with what the seat
    saw could be sampled, the estimates are the heuristic's choice and the action taken, both
    0.0 (no loss can be told).  ``unsolved``: a card played at a table of five or six with more
    than seven cards in hand, which the analysis does not solve (as pimc, it solves the play from
    seven cards in hand: a whole deal's exact search can take minutes): ``best`` is the
    heuristic's choice, the estimates are 0.0, no open-hand values, no loss told."""

    number: int
    seat: int
    phase: str
    taken: str
    best: str
    estimates: Estimates
    open_hand: tuple[tuple[str, int], ...] | None
    loss: float
    loss_open: float | None
    grade: str
    unit: str = "score"
    unsolved: bool = False

    def to_json(self) -> dict[str, Any]:
        """The decision as plain JSON values."""
        return {
            "number": self.number,
            "seat": self.seat,
            "phase": self.phase,
            "taken": self.taken,
            "best": self.best,
            "estimates": [[a, v] for a, v in self.estimates],
            "open_hand": None if self.open_hand is None else [[a, v] for a, v in self.open_hand],
            "loss": self.loss,
            "loss_open": self.loss_open,
            "grade": self.grade,
            "unit": self.unit,
        } | ({"unsolved": True} if self.unsolved else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        """A decision from :meth:`to_json`'s values."""
        open_hand = data.get("open_hand")
        loss_open = data.get("loss_open")
        return cls(
            number=int(data["number"]),
            seat=int(data["seat"]),
            phase=str(data["phase"]),
            taken=str(data["taken"]),
            best=str(data["best"]),
            estimates=_pairs(data["estimates"], float),
            open_hand=None if open_hand is None else _pairs(open_hand, int),
            loss=float(data["loss"]),
            loss_open=None if loss_open is None else float(loss_open),
            grade=str(data["grade"]),
            unit=str(data.get("unit", "score")),
            unsolved=bool(data.get("unsolved", False)),
        )


@dataclass(frozen=True)
class SeatSummary:
    """A seat's decisions in sum: ``lost`` (the sum of its losses by estimate) and ``worst``
    (the numbers of its costliest decisions with a loss, at most three, costliest first)."""

    seat: int
    lost: float
    worst: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The summary as plain JSON values."""
        return {"seat": self.seat, "lost": self.lost, "worst": list(self.worst)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatSummary:
        """A summary from :meth:`to_json`'s values."""
        return cls(int(data["seat"]), float(data["lost"]), tuple(int(n) for n in data["worst"]))


@dataclass(frozen=True)
class Par:
    """The deal's open-hand par: every hand played perfectly with all cards seen, from the
    first card of the play on (the bids, talon and contract as they were).  ``value``: the
    declarer's (contractor's, in raspasy the solver's side's) final card points or tricks as the
    open-hand solver counts them (:func:`prikup.solver.solve`); ``changes``: every seat's score
    change in the deal when the play is finished so, as the game scores it (in 501 a score counts
    down: lower is better there), ``None`` if the deal did not end with it; ``from_trick``:
    the tricks played before the par's position (0: from the first card; at a table of five or
    six the par is taken from the first lead with at most seven cards in each hand, the tricks
    before as they were played)."""

    value: int
    changes: tuple[int, ...] | None
    from_trick: int = 0

    def to_json(self) -> dict[str, Any]:
        """The par as plain JSON values."""
        out: dict[str, Any] = {"value": self.value, "changes": None if self.changes is None else list(self.changes)}
        return out | ({"from_trick": self.from_trick} if self.from_trick else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Par:
        """A par from :meth:`to_json`'s values."""
        changes = data.get("changes")
        return cls(
            int(data["value"]),
            None if changes is None else tuple(int(c) for c in changes),
            int(data.get("from_trick", 0)),
        )


@dataclass(frozen=True)
class DealAnalysis:
    """The analysis of one deal of a record: ``game`` (id), ``deal`` (1-based), ``par`` (see
    :class:`Par`; ``None`` for a deal without play: all passed, conceded), ``decisions`` (in
    the order of the deal), ``seats`` (one summary per seat analysed), ``seed`` and ``samples``
    (play samples, other-decision samples) it was made with."""

    game: str
    deal: int
    par: Par | None
    decisions: tuple[Decision, ...]
    seats: tuple[SeatSummary, ...]
    seed: int = 0
    samples: tuple[int, int] = (0, 0)

    def to_json(self) -> dict[str, Any]:
        """The analysis as plain JSON values (read back by :meth:`from_json`)."""
        return {
            "format": FORMAT,
            "game": self.game,
            "deal": self.deal,
            "seed": self.seed,
            "samples": list(self.samples),
            "par": None if self.par is None else self.par.to_json(),
            "decisions": [d.to_json() for d in self.decisions],
            "seats": [s.to_json() for s in self.seats],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealAnalysis:
        """An analysis from :meth:`to_json`'s values; ``ValueError`` naming what is wrong if
        they are not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not an analysis: expected an object with format {FORMAT!r}")
        try:
            par = data.get("par")
            play, other = data.get("samples", [0, 0])
            return cls(
                game=str(data["game"]),
                deal=int(data["deal"]),
                par=None if par is None else Par.from_json(par),
                decisions=tuple(Decision.from_json(d) for d in data["decisions"]),
                seats=tuple(SeatSummary.from_json(s) for s in data["seats"]),
                seed=int(data.get("seed", 0)),
                samples=(int(play), int(other)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed analysis: {exc!r}") from None


@dataclass(frozen=True)
class Hint:
    """The pimc bot's suggestion for the seat to act: ``action`` (notation) and the top
    ``candidates`` with their estimates (see :class:`Decision`), best first; ``unit`` as there."""

    seat: int
    action: str
    candidates: Estimates
    unit: str = "score"

    def to_json(self) -> dict[str, Any]:
        """The hint as plain JSON values."""
        return {
            "seat": self.seat,
            "action": self.action,
            "candidates": [[a, v] for a, v in self.candidates],
            "unit": self.unit,
        }
