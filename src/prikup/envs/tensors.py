"""Observation tensors: a seat's typed observation as a fixed-size float32 vector.

:class:`TensorEncoder` (one per game configuration) turns ``state.observation(seat)`` into a
vector whose length depends only on the configuration, and the legal actions into a 0/1 mask
over the game's stable action ids (``game.all_actions()``).  The vector is built from the typed
observation alone, so it holds exactly what the seat may know.

Conventions (every game):

* Seats are **relative**: block entry ``r`` of a per-seat block is the seat ``r`` places to the
  observer's left (``r = 0`` is the observer).  ``D`` is the deck size, cards in
  ``game.deck()`` order; ``N`` is the number of seats.
* Card sets are 0/1 per card; one-hot blocks are all zero when the value is absent (no declarer
  yet, no trumps yet…).
* Counts and points are scaled into ``[-1, 1]`` by a divisor named in the block's meaning and
  clipped there.
* A *call* is an auction word (``pass``, ``look``, ``bid 80``, ``whist``…): the ``calls`` block
  holds each seat's last call, one-hot over the game's call words (the action ids of kinds pass,
  look, concede, bid, whist, half-whist, open, closed, take, settle, invite, pulya, in id order).

``TensorEncoder(game).layout()`` lists the blocks as ``(name, start, size, meaning)``;
``describe()`` prints them as a table — the documented layout of a configuration
(``python -m prikup.envs 501 players=4`` prints it).  The blocks,
in order:

=================  ==========  ===================================================================
block              size        meaning
=================  ==========  ===================================================================
phase              phases      the phase, one-hot over every game's phases
dealer             N           the dealer
to_act             N           the seat to act (zero when nobody is)
declarer           N           the declarer (bidder, soloist) once known
active             N           the seats dealt in this deal
hand               D           the observer's own hand (zero while 501's dark hides it)
hand_sizes         N           cards held per seat / 16
talon              D           the talon or kitty as far as the observer has seen it
played             N × D       cards each seat played to finished tricks
trick              N × D       cards each seat played to the trick in progress
trick_leader       N           who led the trick in progress
tricks_won         N           tricks taken per seat / 16
trump              6           trumps: ♠ ♣ ♦ ♥, no trump, none yet
calls              N × C       each seat's last call, one-hot over the C call words
scores             N           match scores / the game's scale (501 and Пятьсот, Five Hundred:
                               1000; preferans: whist balances / 200)
=================  ==========  ===================================================================

then the game's own blocks:

* **501**: ``dark`` N (still dark), ``declarer_dark`` 1, ``gifts`` N × D (cards the observer saw
  given, by recipient), ``gift_count`` N (cards given to each seat / 2), ``contract`` 1
  (/ max_bid), ``marriages`` N × 4 (announced, by seat and suit), ``points`` N (/ 250).
* **Five Hundred**: ``contract`` C (the contract as a call word), ``partners`` N (the
  observer's side), ``no_bid_play`` 1, ``discards`` D (the kitty discards, to their owner),
  ``discards_left`` 1 (/ kitty size), ``sitting_out`` N, ``playing`` N, ``open_hand`` N × D (an
  open misère hand on the table), ``trick_suit`` 4, ``voids`` N × 4 (suits shown void).
* **Пятьсот**: ``barred`` N, ``barrel_deal`` 1, ``talon_taken`` 1, ``kept`` D, ``gifts`` N × D,
  ``gift_count`` N, ``received`` D, ``contract`` 1 (/ 300), ``trump_maker`` N,
  ``declarations`` N × 4, ``points`` N (/ 250), ``barrel_seat`` N, ``barrel_marks`` 2
  (crosses, refusals / 3), ``falls`` N (/ 3), ``dashes`` N (/ 3), ``barrel_contract`` 1 (/ 300).
* **preferans**: ``hands_seen`` N × D (other hands shown to the observer), ``discards`` D,
  ``contract`` C, ``raspasy`` 1, ``whist_calls`` N × 5 (pass, whist, half-whist, open, closed:
  each seat's last), ``whisters`` N, ``lone_whister`` N, ``half_whister`` N, ``open_play`` 2
  (open, closed), ``hand_to_play`` N, ``pulya`` N (/ the pulya), ``gora`` N (/ 100).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from prikup.core.actions import ActionKind
from prikup.core.cards import Card
from prikup.core.game import Game, State
from prikup.core.observation import NO_TRUMP, Observation
from prikup.games.obs_501 import Gift, Obs501
from prikup.games.obs_five_hundred import ObsFiveHundred
from prikup.games.obs_preferans import ObsPreferans
from prikup.games.obs_pyatsot import ObsPyatsot

__all__ = ["CALL_KINDS", "FloatArray", "MaskArray", "TensorEncoder", "encoder_for"]

#: A float32 vector.
FloatArray = npt.NDArray[np.float32]
#: An int8 0/1 vector.
MaskArray = npt.NDArray[np.int8]
#: The action kinds that are auction words (the ``calls`` block's vocabulary): every keyword but
#: the card verbs and the contract.
CALL_KINDS = frozenset(ActionKind) - {
    ActionKind.CONTRACT,
    ActionKind.GIVE,
    ActionKind.KEEP,
    ActionKind.DISCARD,
    ActionKind.PLAY,
}
#: The phases of every game, in a fixed order (the tensor's layout must not depend on which
#: game modules were imported first).
_PHASES = (
    "deal",
    "auction",
    "talon",
    "gift",
    "keep",
    "discard",
    "contract",
    "barrel",
    "whist",
    "play",
    "match over",
    "settle",
)
_WHIST_WORDS = ("pass", "whist", "half-whist", "open", "closed")
_SCORE_SCALE = {"501": 1000.0, "five-hundred": 1000.0, "pyatsot": 1000.0, "preferans": 200.0}

Fill = Callable[[Observation, FloatArray], None]


def _num(value: int | float | Fraction) -> float:
    return float(value)


class TensorEncoder:
    """The tensor and action mask of one game configuration (see the module's layout table).

    Build it once per game (:func:`encoder_for` caches one per configuration); ``encode(obs)``
    writes a new float32 vector of length :attr:`size`, ``mask(state)`` the legal ids.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = n = game.players
        self.deck: tuple[Card, ...] = tuple(game.deck())
        self._index = {c: i for i, c in enumerate(self.deck)}
        actions = game.all_actions()
        self.num_actions = len(actions)
        self.call_ids: tuple[int, ...] = tuple(i for i, a in enumerate(actions) if a.kind in CALL_KINDS)
        self._call_slot = {str(actions[i]): k for k, i in enumerate(self.call_ids)}
        self._blocks: list[tuple[str, int, int, str, Fill]] = []
        self.size = 0
        d, c = len(self.deck), len(self.call_ids)
        self._seat: int = 0
        self._add("phase", len(_PHASES), "the phase, one-hot", self._phase)
        self._add("dealer", n, "the dealer (relative seat)", lambda o, v: self._one(v, o.dealer))
        self._add("to_act", n, "the seat to act", lambda o, v: self._one(v, o.to_act))
        self._add("declarer", n, "the declarer once known", lambda o, v: self._one(v, o.declarer))
        self._add("active", n, "the seats dealt in", lambda o, v: self._seats(v, o.active))
        self._add("hand", d, "own hand", lambda o, v: self._cards(v, o.hand))
        self._add("hand_sizes", n, "cards held / 16", self._hand_sizes)
        self._add("talon", d, "the talon as seen", lambda o, v: self._cards(v, o.talon))
        self._add("played", n * d, "cards played to finished tricks, by seat", self._played)
        self._add("trick", n * d, "the trick in progress, by seat", self._trick)
        self._add("trick_leader", n, "who led the trick in progress", self._leader)
        self._add("tricks_won", n, "tricks taken / 16", lambda o, v: self._per_seat(v, o.tricks_won, 16.0))
        self._add("trump", 6, "trumps: S C D H, no trump, none yet", self._trump)
        self._add("calls", n * c, "each seat's last call, one-hot over the call words", self._calls)
        scale = _SCORE_SCALE.get(game.id, 1000.0)
        self._add("scores", n, f"scores / {scale:g}", lambda o, v: self._per_seat(v, o.scores, scale))
        extra = {
            "501": self._blocks_501,
            "five-hundred": self._blocks_500,
            "pyatsot": self._blocks_pyatsot,
            "preferans": self._blocks_preferans,
        }.get(game.id)
        if extra is not None:
            extra(n, d, c)

    # -- the layout --------------------------------------------------------------------------
    def _add(self, name: str, size: int, meaning: str, fill: Fill) -> None:
        self._blocks.append((name, self.size, size, meaning, fill))
        self.size += size

    def layout(self) -> list[tuple[str, int, int, str]]:
        """The blocks as ``(name, start, size, meaning)``, in vector order."""
        return [(name, start, size, meaning) for name, start, size, meaning, _ in self._blocks]

    def describe(self) -> str:
        """The layout as a text table (what ``python -m prikup.envs GAME`` prints)."""
        head = f"{self.game.id} {dict(self.game.changed_options)}: {self.size} floats, {self.num_actions} actions"
        rows = [f"{start:6d} {size:5d}  {name:16s} {meaning}" for name, start, size, meaning in self.layout()]
        return "\n".join([head, " start  size  block            meaning", *rows])

    def block(self, vector: FloatArray, name: str) -> FloatArray:
        """The slice of ``vector`` holding block ``name``."""
        for block_name, start, size, _, _ in self._blocks:
            if block_name == name:
                return vector[start : start + size]
        raise KeyError(f"no block {name!r}; blocks: {', '.join(b[0] for b in self._blocks)}")

    # -- encoding ----------------------------------------------------------------------------
    def encode(self, obs: Observation) -> FloatArray:
        """The observation's tensor (``obs.seat`` must be a seat, not a spectator)."""
        if obs.seat is None:
            raise ValueError("a tensor is a seat's view: observation(seat) with a seat 0..N-1, not a spectator's")
        out = np.zeros(self.size, dtype=np.float32)
        self._seat = obs.seat
        for _, start, size, _, fill in self._blocks:
            fill(obs, out[start : start + size])
        return out

    def mask(self, state: State) -> MaskArray:
        """1 at the id of every legal action of the seat to act, else 0."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        out[state.legal_action_ids()] = 1
        return out

    # -- helpers -----------------------------------------------------------------------------
    def _rel(self, seat: int) -> int:
        return (seat - self._seat) % self.players

    def _one(self, v: FloatArray, seat: int | None) -> None:
        if seat is not None:
            v[self._rel(seat)] = 1.0

    def _seats(self, v: FloatArray, seats: Sequence[int]) -> None:
        for s in seats:
            v[self._rel(s)] = 1.0

    def _cards(self, v: FloatArray, cards: Sequence[Card] | Card | None) -> None:
        if cards is None:
            return
        index = self._index
        if isinstance(cards, Card):
            v[index[cards]] = 1.0
        elif cards:
            v[[index[c] for c in cards]] = 1.0

    def _per_seat(self, v: FloatArray, values: Sequence[int | float | Fraction], scale: float) -> None:
        seat, n = self._seat, self.players
        for s, x in enumerate(values):
            y = _num(x) / scale
            v[(s - seat) % n] = 1.0 if y > 1.0 else -1.0 if y < -1.0 else y

    def _seat_cards(self, v: FloatArray, seat: int, cards: Sequence[Card] | Card | None) -> None:
        d = len(self.deck)
        r = self._rel(seat)
        self._cards(v[r * d : (r + 1) * d], cards)

    def _phase(self, o: Observation, v: FloatArray) -> None:
        v[_PHASES.index(o.phase.value)] = 1.0

    def _hand_sizes(self, o: Observation, v: FloatArray) -> None:
        self._per_seat(v, o.hand_sizes, 16.0)

    def _played(self, o: Observation, v: FloatArray) -> None:
        for t in o.tricks:
            for p in t.cards:
                self._seat_cards(v, p.seat, p.card)

    def _trick(self, o: Observation, v: FloatArray) -> None:
        for p in o.trick:
            self._seat_cards(v, p.seat, p.card)

    def _leader(self, o: Observation, v: FloatArray) -> None:
        if o.trick:
            self._one(v, o.trick[0].seat)

    def _trump(self, o: Observation, v: FloatArray) -> None:
        t = o.trump
        v[5 if t is None else 4 if t == NO_TRUMP else int(t)] = 1.0

    def _call(self, v: FloatArray, seat: int, word: str | None) -> None:
        if word is None:
            return
        k = self._call_slot.get(word)
        if k is not None:
            c = len(self.call_ids)
            v[self._rel(seat) * c + k] = 1.0

    def _calls(self, o: Observation, v: FloatArray) -> None:
        last: dict[int, str] = {}
        for seat, word in o.calls:
            last[seat] = word
        for seat, word in last.items():
            self._call(v, seat, word)

    def _contract_call(self, v: FloatArray, contract: str | None) -> None:
        if contract is not None:
            k = self._call_slot.get(f"bid {contract}")
            if k is not None:
                v[k] = 1.0

    def _gift_blocks(self, n: int, d: int, get: Callable[[Observation], Sequence[Gift]]) -> None:
        def seen(o: Observation, v: FloatArray) -> None:
            for g in get(o):
                if g.card is not None:
                    self._seat_cards(v, g.to, g.card)

        def count(o: Observation, v: FloatArray) -> None:
            for g in get(o):
                v[self._rel(g.to)] += 0.5

        self._add("gifts", n * d, "cards seen given, by recipient", seen)
        self._add("gift_count", n, "cards given to each seat / 2", count)

    # -- each game's own blocks --------------------------------------------------------------
    def _blocks_501(self, n: int, d: int, c: int) -> None:
        def o5(o: Observation) -> Obs501:
            assert isinstance(o, Obs501)
            return o

        max_bid = float(self.game.rules.max_bid)  # type: ignore[attr-defined]

        def contract(o: Observation, v: FloatArray) -> None:
            x = o5(o).contract
            v[0] = 0.0 if x is None else x / max_bid

        def marriages(o: Observation, v: FloatArray) -> None:
            for m in o5(o).marriages:
                v[self._rel(m.seat) * 4 + int(m.suit)] = 1.0

        def dark(o: Observation, v: FloatArray) -> None:
            self._seats(v, [s for s, x in enumerate(o5(o).dark) if x])

        self._add("dark", n, "seats still dark", dark)
        self._add("declarer_dark", 1, "the declarer played dark", lambda o, v: v.fill(float(o5(o).declarer_dark)))
        self._gift_blocks(n, d, lambda o: o5(o).gifts)
        self._add("contract", 1, f"the contract / {max_bid:g}", contract)
        self._add("marriages", n * 4, "marriages announced, by seat and suit", marriages)
        self._add("points", n, "card points this deal / 250", lambda o, v: self._per_seat(v, o5(o).points, 250.0))

    def _blocks_500(self, n: int, d: int, c: int) -> None:
        def o5(o: Observation) -> ObsFiveHundred:
            assert isinstance(o, ObsFiveHundred)
            return o

        def partners(o: Observation, v: FloatArray) -> None:
            for unit in o5(o).units:
                if self._seat in unit:
                    self._seats(v, unit)

        def open_hand(o: Observation, v: FloatArray) -> None:
            h = o5(o).open_hand
            if h is not None:
                self._seat_cards(v, h.seat, h.cards)

        def trick_suit(o: Observation, v: FloatArray) -> None:
            s = o5(o).trick_suit
            if s is not None:
                v[int(s)] = 1.0

        def voids(o: Observation, v: FloatArray) -> None:
            for seat, suits in enumerate(o5(o).voids):
                for s in suits:
                    v[self._rel(seat) * 4 + int(s)] = 1.0

        def left(o: Observation, v: FloatArray) -> None:
            x = o5(o)
            v[0] = x.discards_left / max(1, x.kitty_size)

        self._add("contract", c, "the contract as a call word", lambda o, v: self._contract_call(v, o5(o).contract))
        self._add("partners", n, "the observer's side", partners)
        self._add("no_bid_play", 1, "played with no bid", lambda o, v: v.fill(float(o5(o).no_bid_play)))
        self._add("discards", d, "the kitty discards (to their owner)", lambda o, v: self._cards(v, o5(o).discards))
        self._add("discards_left", 1, "discards still to make / kitty size", left)
        self._add("sitting_out", n, "seats sitting out", lambda o, v: self._seats(v, o5(o).sitting_out))
        self._add("playing", n, "seats playing this deal", lambda o, v: self._seats(v, o5(o).playing))
        self._add("open_hand", n * d, "an open misère hand on the table", open_hand)
        self._add("trick_suit", 4, "the suit of the trick in progress", trick_suit)
        self._add("voids", n * 4, "suits each seat has shown void in", voids)

    def _blocks_pyatsot(self, n: int, d: int, c: int) -> None:
        def op(o: Observation) -> ObsPyatsot:
            assert isinstance(o, ObsPyatsot)
            return o

        def contract(o: Observation, v: FloatArray) -> None:
            x = op(o).contract
            v[0] = 0.0 if x is None else min(1.0, x / 300.0)

        def declarations(o: Observation, v: FloatArray) -> None:
            for m in op(o).declarations:
                v[self._rel(m.seat) * 4 + int(m.suit)] = 1.0

        def marks(o: Observation, v: FloatArray) -> None:
            b = op(o).barrel
            v[0] = min(1.0, b.crosses / 3.0)
            v[1] = min(1.0, b.refusals / 3.0)

        def barrel_contract(o: Observation, v: FloatArray) -> None:
            v[0] = min(1.0, op(o).barrel_contract / 300.0)

        self._add("barred", n, "seats barred from the auction", lambda o, v: self._seats(v, op(o).barred))
        self._add("barrel_deal", 1, "a barrel deal", lambda o, v: v.fill(float(op(o).barrel_deal)))
        self._add("talon_taken", 1, "the declarer has taken the talon", lambda o, v: v.fill(float(op(o).talon_taken)))
        self._add("kept", d, "the talon card kept (to the declarer)", lambda o, v: self._cards(v, op(o).kept))
        self._gift_blocks(n, d, lambda o: op(o).gifts)
        self._add("received", d, "the card given to the observer", lambda o, v: self._cards(v, op(o).received))
        self._add("contract", 1, "the contract / 300", contract)
        self._add("trump_maker", n, "who made trumps", lambda o, v: self._one(v, op(o).trump_maker))
        self._add("declarations", n * 4, "declarations, by seat and suit", declarations)
        self._add("points", n, "card points this deal / 250", lambda o, v: self._per_seat(v, op(o).points, 250.0))
        self._add("barrel_seat", n, "the seat on the barrel", lambda o, v: self._one(v, op(o).barrel.seat))
        self._add("barrel_marks", 2, "his crosses and refusals / 3", marks)
        self._add("falls", n, "falls off the barrel / 3", lambda o, v: self._per_seat(v, op(o).barrel.falls, 3.0))
        self._add("dashes", n, "dashes / 3", lambda o, v: self._per_seat(v, op(o).barrel.dashes, 3.0))
        self._add("barrel_contract", 1, "the barrel's contract / 300", barrel_contract)

    def _blocks_preferans(self, n: int, d: int, c: int) -> None:
        def op(o: Observation) -> ObsPreferans:
            assert isinstance(o, ObsPreferans)
            return o

        pulya = float(self.game.rules.pulya)  # type: ignore[attr-defined]

        def seen(o: Observation, v: FloatArray) -> None:
            for seat, cards in op(o).hands_seen.items():
                self._seat_cards(v, seat, cards)

        def whists(o: Observation, v: FloatArray) -> None:
            last = dict(op(o).whist_calls)
            for seat, word in last.items():
                if word in _WHIST_WORDS:
                    v[self._rel(seat) * 5 + _WHIST_WORDS.index(word)] = 1.0

        def open_play(o: Observation, v: FloatArray) -> None:
            x = op(o).open_play
            if x is not None:
                v[0 if x else 1] = 1.0

        self._add("hands_seen", n * d, "other hands shown to the observer", seen)
        self._add("discards", d, "the declarer's discards (to him)", lambda o, v: self._cards(v, op(o).discards))
        self._add("contract", c, "the contract as a call word", lambda o, v: self._contract_call(v, op(o).contract))
        self._add("raspasy", 1, "a deal of passes (распасы)", lambda o, v: v.fill(float(op(o).raspasy)))
        self._add("whist_calls", n * 5, "each seat's last whist word: pass whist half open closed", whists)
        self._add("whisters", n, "the whisters", lambda o, v: self._seats(v, op(o).whisters))
        self._add("lone_whister", n, "the lone whister", lambda o, v: self._one(v, op(o).lone_whister))
        self._add("half_whister", n, "the half-whister", lambda o, v: self._one(v, op(o).half_whister))
        self._add("open_play", 2, "the defenders play open / closed", open_play)
        self._add("hand_to_play", n, "the hand being played from", lambda o, v: self._one(v, op(o).hand_to_play))
        self._add("pulya", n, f"pulya / {pulya:g}", lambda o, v: self._per_seat(v, op(o).sheet.pulya, pulya))
        self._add("gora", n, "gora / 100", lambda o, v: self._per_seat(v, op(o).sheet.gora, 100.0))


_ENCODERS: dict[Game, TensorEncoder] = {}


def encoder_for(game: Game) -> TensorEncoder:
    """The (cached) encoder of a game configuration."""
    enc = _ENCODERS.get(game)
    if enc is None:
        enc = _ENCODERS[game] = TensorEncoder(game)
    return enc
