"""The trick-counting play position on ints, shared by Five Hundred and preferans: each rule of
play written once, parametrized by the tables and flags a game's adapter reads from the game
(:mod:`prikup.solver.play_five_hundred`, :mod:`prikup.solver.play_preferans`); the C search
(``_fast/fast_tricks.c``) is the same position driven by the same tables and flags.

:class:`TrickPosition` is a plain trick-counting game on ints: ``n`` seats in play order
``0 … n-1`` (3, or 4 in the partnership game; a misère partner sitting out is not in it), each
trick one card per seat, the effective suits, trumps and card order as bitmasks of the engine's
layout (:class:`prikup.games.five_hundred.Layout`: the left bower counts as a trump, the joker is
the top trump, in no-trump and misère the only trump).  Legality is the engine's: follow the
effective suit led if you can, else anything (:func:`prikup.core.tricks.follow_mask`, no duty to
trump in Five Hundred, ``must_trump`` in preferans); in no-trump the joker follows the engine's
``joker_nt`` (``void_only``: only when void; ``any_time``: also when holding the suit led) and,
led, names a suit (``play JK as D``) as the engine's ``joker_lead`` allows, by the game's own
rule (:func:`prikup.games.five_hundred.joker_lead_suits`): ``not_void``, not a suit its holder
has shown void in (all four when he has shown void in all); ``not_void_unless_alone``, the same
unless the jokers are his last cards (``joker_alone``); ``first_or_last``, a suit he has played
no card of in the deal or holds none of, possibly none (the joker is then not led now; the
suits each seat has played, ``played``, are kept as the voids are).  The shown-void facts (under
``first_or_last`` the suits played) are tracked exactly as the engine does and the joker
holders' facts are part of :meth:`key`.
Tricks are taken by :func:`prikup.core.tricks.trick_winner`.

**The value** is the number of tricks still to come taken by the seats of ``count``; the seats
of ``maximisers`` maximise it and the others minimise it:

* a trick contract: the contractor's side (the contractor and, in the partnership game, his
  partner; alone in the 3-player and 4-player each-for-himself forms) is ``count`` and
  maximises; the others minimise;
* misère (open or not): ``count`` is the misère bidder, and the **defenders maximise** his
  tricks (the bidder minimising them is the same game); play stops at his first trick
  (``stop``), so the value is 0 (made) or 1 (broken);
* a no-bid deal played in no-trump (``no_bid=play_nt``, each for himself): the reduction to two
  sides from one seat's view: the seat to act when the position is built counts and maximises
  his tricks, all the others minimise them (the "paranoid" reduction: it is his guaranteed
  number of tricks);
* an exact target (Five Hundred's Hi/Lo: exactly five tricks, ``target``): ``count`` seats
  maximise and the others minimise a value of 1 when the ``count`` seats' tricks end exactly
  ``target`` more than now, else 0; play stops (``broken``, value 0) as soon as they have taken
  more or can no longer reach it, and the key holds the tricks still wanted;
* preferans's own (misère played out, raspasy): :mod:`prikup.solver.play_preferans`.

Search reductions, each exact: **equivalent cards** (groups, see :mod:`prikup.solver.search`):
cards of one effective suit in one hand that are adjacent in the order of that suit's cards still
in play (the hands and the trick in progress; a bower is in the trump suit) form a group, with
points 0 (tricks are counted, not card points).  Twins follow, win, lose and show voids alike.
A joker in no-trump is never grouped.  **Rank-relative keys**: between tricks the
transposition key is who holds each still-live card of each effective suit in that suit's order
(and the no-trump jokers), not the cards themselves: every rule above (following, winning, shown
voids) depends only on that order, so positions reached by playing different cards of a suit share
one entry.  Moves are a card id, plus ``128 * (suit + 1)`` for a
joker led naming that suit.

**A choice that changes nothing** (preferans's lone whister choosing to play open or closed,
before the first card of a defender's lead, ``chooser``, or after the declarer's first card,
``choose_after_lead``): its moves :data:`OPEN` and :data:`CLOSED` change only the turn; both are
listed by :meth:`TrickPosition.legal_moves`, the search tries ``OPEN`` only.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from prikup.core.tricks import follow_mask, trick_winner
from prikup.games.five_hundred import joker_lead_suits
from prikup.games.table_rules import JokerLead
from prikup.solver import fast
from prikup.solver.search import Move

__all__ = ["CLOSED", "NAMED", "OPEN", "TrickPosition", "fast_bounds", "fast_values"]

#: The move offset of a led no-trump joker naming a suit (card id + ``NAMED * (suit + 1)``).
NAMED = 128
#: The C search's ``target`` of a position without one.
NO_TARGET = -128
#: The C search's code of each ``joker_lead`` rule (its ``joker_lead`` argument).
JOKER_LEAD_CODES = {
    JokerLead.NOT_VOID: 0,
    JokerLead.ANY: 1,
    JokerLead.NOT_VOID_UNLESS_ALONE: 2,
    JokerLead.FIRST_OR_LAST: 3,
}
#: The moves of the choice that changes nothing (as the C search numbers them).
OPEN = 5 * NAMED
CLOSED = OPEN + 1


def _ids(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _fast_args(pos: TrickPosition) -> tuple[object, ...]:
    """The position as the C search reads it (see :func:`fast_values`)."""
    hands = pos.hands
    universe = pos.suits[0] | pos.suits[1] | pos.suits[2] | pos.suits[3] | pos.trump | pos.jokers
    for hand in hands:
        universe |= hand
    for c in pos.trick:
        universe |= 1 << c
    ids = _ids(universe)
    index = {c: i for i, c in enumerate(ids)}

    def squeeze(mask: int) -> int:
        return sum(1 << index[c] for c in _ids(mask))

    s = pos.suits
    return (
        tuple(ids),
        tuple(pos.strength[c] for c in ids),
        tuple(squeeze(h) for h in hands),
        pos.leader,
        tuple(index[c] for c in pos.trick),
        pos.led,
        (squeeze(s[0]), squeeze(s[1]), squeeze(s[2]), squeeze(s[3])),
        squeeze(pos.trump),
        pos.count,
        pos.maximisers,
        int(pos.stop),
        int(pos.must_trump),
        squeeze(pos.nt_jokers),
        int(pos.joker_any_time),
        JOKER_LEAD_CODES[pos.joker_rule],
        tuple(pos.voids),
        int(pos.broken),
        NAMED,
        -1 if pos.chooser is None else pos.chooser,
        -1 if pos.choose_after_lead is None else pos.choose_after_lead,
    )


def _fast_extra(pos: TrickPosition) -> tuple[object, ...]:
    """The C search's arguments after ``best``: the suits each seat has played (``first_or_last``)
    and the target (:data:`NO_TARGET`: none)."""
    return (tuple(pos.played) if pos.played is not None else (), NO_TARGET if pos.need is None else pos.need)


def fast_values(pos: TrickPosition, best: bool = False) -> tuple[dict[int, int], int]:
    """Every legal move's exact future gain by the C search (only one best move's with
    ``best``), and the nodes it searched.

    The C search works on compact card indices (the layout's card ids in ascending order, so the
    joker, id 64, fits a 64-bit mask and the order of cards is kept); its moves come back as ids.
    """
    values: tuple[dict[int, int], int] = fast.module().values_tricks(*_fast_args(pos), int(best), *_fast_extra(pos))
    return values


def fast_bounds(pos: TrickPosition) -> tuple[int, int]:
    """The lower and upper bound of the position's value that the C search starts from (its
    sure-trick and top-trump bounds; what the tests check never cut off the exact value)."""
    bounds: tuple[tuple[int, int], int] = fast.module().values_tricks(*_fast_args(pos), 2, *_fast_extra(pos))
    return bounds[0]


class TrickPosition:
    """A trick-counting play position with every hand visible; see the module docstring."""

    def __init__(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        led: int,
        suits: Sequence[int],
        trump: int,
        strength: Sequence[int],
        count: int,
        maximisers: int,
        *,
        stop: bool = False,
        must_trump: bool = False,
        jokers: int = 0,
        no_trump: bool = False,
        joker_any_time: bool = False,
        joker_lead_any: bool = True,
        voids: Sequence[int] | None = None,
        chooser: int | None = None,
        choose_after_lead: int | None = None,
        joker_alone: bool = False,
        played: Sequence[int] | None = None,
        target: int | None = None,
    ) -> None:
        """``hands`` in play order; ``trick`` the card ids of the trick in progress, led by
        ``leader``, ``led`` the effective suit it is played in (-1 with no trick); ``suits`` the
        four effective suits' masks, ``trump`` the trumps' mask, ``strength`` the card order;
        ``count`` / ``maximisers`` bitmasks of seat numbers (see the module docstring); ``stop``:
        play ends at the first trick a ``count`` seat takes; ``jokers``, ``no_trump``,
        ``joker_any_time``, ``joker_lead_any`` the Five Hundred joker rules (``joker_lead``
        ``any`` or ``not_void``; with ``joker_alone`` ``not_void_unless_alone``; with ``played``,
        each seat's suits played in the deal, ``first_or_last``); ``voids`` each seat's suits
        shown void (bit per suit); ``chooser`` the seat to make the choice that changes nothing
        now, or ``choose_after_lead`` the seat to make it after the next card; ``target``: the
        tricks the ``count`` seats must still take, exactly (the value is then 1 or 0)."""
        self.n = len(hands)
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.led = led
        self.suits = tuple(suits)
        self.trump = trump
        self.strength = tuple(strength)
        self.count = count
        self.maximisers = maximisers
        self.stop = stop
        self.must_trump = must_trump
        self.jokers = jokers
        self.nt_jokers = jokers if no_trump else 0
        self.joker_any_time = joker_any_time
        self.joker_lead_any = joker_lead_any
        self.played = list(played) if played is not None else None
        #: the ``joker_lead`` rule of the engine this position follows
        self.joker_rule = (
            JokerLead.FIRST_OR_LAST
            if played is not None
            else JokerLead.ANY
            if joker_lead_any
            else JokerLead.NOT_VOID_UNLESS_ALONE
            if joker_alone
            else JokerLead.NOT_VOID
        )
        #: the tricks the ``count`` seats must still take, exactly (``None``: the value counts them)
        self.need = target
        self.voids = list(voids) if voids is not None else [0] * self.n
        self.broken = False
        self.left = sum(h.bit_count() for h in hands)  # cards still to be played
        # the effective suit a card leads (-1: a no-trump joker, which names one)
        self.lead_suit = [-1] * 67
        for s in range(4):
            for c in _ids(self.suits[s]):
                self.lead_suit[c] = s
        #: each effective suit's cards, highest first
        self.order = [sorted(_ids(self.suits[s]), key=lambda c: -self.strength[c]) for s in range(4)]
        #: the between-tricks key's parts: each effective suit (and the no-trump jokers), its
        #: cards highest first, and a memo of its codes (holders in that order) by holdings
        self._key_parts: list[tuple[int, list[int], dict[int, int]]] = [
            (self.suits[s], self.order[s], {}) for s in range(4)
        ]
        if self.nt_jokers:
            self._key_parts.append((self.nt_jokers, _ids(self.nt_jokers), {}))
        self._undo: list[tuple[int, list[int], int, int, bool, int, int, int | None, int]] = []
        self.chooser = chooser
        self.choose_after_lead = choose_after_lead
        self._choices: list[tuple[int | None, int | None, bool]] = []

    # -- the protocol ----------------------------------------------------------------------
    def over(self) -> bool:
        """True when every card has been played, or play stopped (a broken misère)."""
        return self.left == 0 or self.broken

    def turn(self) -> int:
        """The play-order number of the seat to play."""
        return (self.leader + len(self.trick)) % self.n

    def max_to_move(self) -> bool:
        """True when a maximising seat is to play (or to make the choice)."""
        if self.chooser is not None:
            return bool(self.maximisers >> self.chooser & 1)
        return bool(self.maximisers >> ((self.leader + len(self.trick)) % self.n) & 1)

    def key(self) -> Hashable:
        """Between tricks: who holds each live card of each effective suit, in that suit's
        order (the cards' ranks do not matter, only their order), the leader and the shown voids
        of a no-trump joker's holder; within a trick: the hands, leader, trick and its suit; both with
        the choice still to make."""
        return (self._cards_key(), self.chooser, self.choose_after_lead, self.need)

    def _cards_key(self) -> Hashable:
        h = self.hands
        vk = 0
        if self.nt_jokers and not self.joker_lead_any:
            facts = self.voids if self.played is None else self.played
            for s in range(self.n):
                if h[s] & self.nt_jokers:
                    vk |= facts[s] << (4 * s)
        if self.trick:
            packed = 0
            for hand in h:
                packed = packed << 67 | hand
            return (packed, self.leader, tuple(self.trick), self.led, vk, self.broken)
        out: list[int] = [self.leader, vk, self.broken]
        for mask, order, codes in self._key_parts:
            x = 0
            for hand in h:
                x = x << 67 | hand & mask
            code = codes.get(x)
            if code is None:
                code = 0
                for c in order:
                    for p, hand in enumerate(h):
                        if hand >> c & 1:
                            code = code << 3 | (p + 1)
                            break
                codes[x] = code
            out.append(code)
        return tuple(out)

    def allowed(self, seat: int) -> int:
        """The cards ``seat`` may play now (as the engine: follow the suit led, else anything, in
        preferans else a trump; the no-trump joker rule)."""
        hand = self.hands[seat]
        if not self.trick:
            return hand
        led = self.suits[self.led]
        allowed = follow_mask(hand, led, self.trump, self.must_trump)
        if self.joker_any_time and self.nt_jokers and hand & led:
            allowed |= hand & self.nt_jokers
        return allowed

    def joker_names(self, seat: int) -> list[int]:
        """The suits a no-trump joker led by ``seat`` may name (the game's rule,
        :func:`~prikup.games.five_hundred.joker_lead_suits`; possibly none under ``first_or_last``)."""
        if self.joker_lead_any:
            return [0, 1, 2, 3]
        hand = self.hands[seat]
        held = sum(1 << s for s in range(4) if hand & self.suits[s])
        played = 0 if self.played is None else self.played[seat]
        allowed = joker_lead_suits(self.joker_rule, self.voids[seat], played, held, not hand & ~self.nt_jokers)
        return [s for s in range(4) if allowed >> s & 1]

    def legal_moves(self) -> list[int]:
        """Every legal move (a led no-trump joker once per suit it may name; :data:`OPEN` and
        :data:`CLOSED` while the choice is to be made)."""
        if self.chooser is not None:
            return [OPEN, CLOSED]
        seat = self.turn()
        allowed = self.allowed(seat)
        moves = []
        for c in _ids(allowed):
            if not self.trick and self.nt_jokers >> c & 1:
                moves += [c + NAMED * (s + 1) for s in self.joker_names(seat)]
            else:
                moves.append(c)
        return moves

    def groups(self, seat: int, allowed: int) -> dict[int, int]:
        """Card id → group id (the group's highest card) of the equivalence rule."""
        live = 0
        for h in self.hands:
            live |= h
        for c in self.trick:
            live |= 1 << c
        hand = self.hands[seat]
        out: dict[int, int] = {}
        for s in range(4):
            if not allowed & self.suits[s]:
                continue
            top = -1
            for c in self.order[s]:
                if not live >> c & 1:
                    continue
                if hand >> c & 1:
                    if top < 0:
                        top = c
                    out[c] = top
                else:
                    top = -1
        return out

    def _wants(self, seat: int, winner: int) -> bool:
        """Whether ``winner`` taking a trick is what ``seat``'s side wants."""
        return bool(self.count >> winner & 1) == bool(self.maximisers >> seat & 1)

    def moves(self) -> list[Move]:
        """Every legal move, ordered, with equivalence groups (see the module docstring; of the
        choice, ``OPEN`` only: it changes nothing)."""
        if self.chooser is not None:
            return [(OPEN, -1, 0)]
        seat = self.turn()
        allowed = self.allowed(seat)
        groups = self.groups(seat, allowed)
        cards = _ids(allowed)
        strength = self.strength
        trick = self.trick
        trump = self.trump
        if trick:
            led = self.suits[self.led]
            win = trick_winner(trick, led, trump, strength)
            best = trick[win]
            best_trump = trump >> best & 1

            def beats(c: int) -> bool:
                if trump >> c & 1:
                    return not best_trump or strength[c] > strength[best]
                return not best_trump and bool(led >> c & 1) and strength[c] > strength[best]

            winner_now = (self.leader + win) % self.n
            if self._wants(seat, seat):
                if len(trick) == self.n - 1 and self._wants(seat, winner_now):
                    cards.sort(key=lambda c: (beats(c), strength[c]))
                else:
                    cards.sort(key=lambda c: (not beats(c), strength[c]))
            else:
                cards.sort(key=lambda c: (beats(c), -strength[c]))
            return [(c, groups.get(c, -1), 0) for c in cards]
        if self._wants(seat, seat):
            cards.sort(key=lambda c: -strength[c] - (64 if trump >> c & 1 else 0))
        else:
            cards.sort(key=lambda c: strength[c] + (64 if trump >> c & 1 else 0))
        out: list[Move] = []
        for c in cards:
            if self.nt_jokers >> c & 1:
                out += [(c + NAMED * (s + 1), -1, 0) for s in self.joker_names(seat)]
            else:
                out.append((c, groups.get(c, -1), 0))
        return out

    def play(self, move: int) -> int:
        """Play a move; returns 1 if it completes a trick taken by a ``count`` seat, else 0
        (the choice's moves change only the turn)."""
        self._choices.append((self.chooser, self.choose_after_lead, move >= OPEN))
        if move >= OPEN:
            self.chooser = None
            return 0
        if self.choose_after_lead is not None:
            self.chooser, self.choose_after_lead = self.choose_after_lead, None
        seat = self.turn()
        card = move % NAMED
        played = 0 if self.played is None else self.played[seat]
        undo = (self.leader, list(self.trick), self.led, self.voids[seat], self.broken, seat, card, self.need, played)
        self._undo.append(undo)
        if not self.trick:
            self.led = move // NAMED - 1 if move >= NAMED else self.lead_suit[card]
        elif not self.suits[self.led] >> card & 1 and not (self.joker_any_time and self.nt_jokers >> card & 1):
            self.voids[seat] |= 1 << self.led
        if self.played is not None:
            # the suit a card shows played, as the engine counts it: its own; a joker's, only the
            # suit it names when led
            suit = self.lead_suit[card] if not self.jokers >> card & 1 else move // NAMED - 1
            if suit >= 0:
                self.played[seat] |= 1 << suit
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.left -= 1
        if len(self.trick) < self.n:
            return 0
        winner = (self.leader + trick_winner(self.trick, self.suits[self.led], self.trump, self.strength)) % self.n
        self.leader = winner
        self.trick = []
        self.led = -1
        if self.need is not None:
            return self._target_trick(bool(self.count >> winner & 1))
        if self.count >> winner & 1:
            if self.stop:
                self.broken = True
            return 1
        return 0

    def _target_trick(self, counted: bool) -> int:
        """A trick is over in a target position: 1 when it is the last and the ``count`` seats
        end exactly at the target; play stops (0) once they have passed it or cannot reach it."""
        assert self.need is not None
        if counted:
            self.need -= 1
        if self.left == 0:
            return int(self.need == 0)
        if self.need < 0 or self.need > self.left // self.n:
            self.broken = True
        return 0

    def undo(self) -> None:
        """Take back the last move."""
        chooser, after, choice = self._choices.pop()
        self.chooser, self.choose_after_lead = chooser, after
        if choice:
            return
        leader, trick, led, voids, broken, seat, card, need, played = self._undo.pop()
        self.hands[seat] |= 1 << card
        self.leader, self.trick, self.led, self.voids[seat], self.broken = leader, trick, led, voids, broken
        self.need = need
        if self.played is not None:
            self.played[seat] = played
        self.left += 1

    def upper(self) -> int:
        """The tricks still to come (1 when play stops at the first trick counted; with a target
        1, or 0 when the target is out of reach)."""
        t = (self.left + len(self.trick)) // self.n
        if self.need is not None:
            return int(0 <= self.need <= t and not self.broken)
        return min(t, 1) if self.stop else t
