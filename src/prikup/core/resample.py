"""Resampling the hidden cards of a deal from one seat's point of view (for search bots).

:func:`resample` returns a complete, legal state of the current deal that ``seat`` cannot tell
from the real one: every card it has not seen is placed again at random, consistently with
everything it has observed.  This is OpenSpiel's ``ResampleFromInfostate``, done generically
for every game of the project from three things each game already provides: its observations,
its ``action_view`` and its ``card_places``.

**How.**  The deal is replayed once from its start.  The sampler keeps a model of where the
seat's *tokens* are: one token per card place of the deal (a card of a hand, of the talon…).
A token is *bound* to a card once the seat knows that card's identity at that place, else it is
*free*.  At every step:

* a card that newly appears in the seat's observation (its own hand, the turned talon, a played
  card, a gift it received, an open hand) is bound to a free token of the place where it lies
  (the place an action takes it from, for a card that moves);
* a card that moves without the seat seeing which card it is (a gift between two other seats, a
  face-down discard, a talon taken closed) moves a *random* token of its source place — bound or
  free, so a talon card the seat saw may or may not be the one given away;
* a card played to a trick tells which cards the player cannot hold (the voids: every card
  ``x`` for which playing that card would be illegal had the player held ``x``, asked of the
  game's own rules with a probe hand of just the two cards, so effective suits, the left bower,
  the joker and must-trump rules all come from the engine); the player's free tokens may then
  not be those cards;
* a play that needs more than its card (a marriage announced, a combination declared) tells which
  cards the player holds: each ``x`` without which a hand of every other card would make it
  illegal; those are bound to the player's hand like cards seen there.

A game whose deal log is ordered by when cards leave their places (Five Hundred's drawing form:
a player's logged hand is his draws in turn) says so with a ``deal_order_by_moves`` attribute;
then a token that leaves its place unseen is ordered by that step (the card the action names
first) and the tokens never moved come after, in random order.

At the end the free tokens are filled with the cards not yet bound (most constrained first,
uniformly among the allowed cards, repaired by augmenting paths where the voids leave a token no
card: a bipartite matching, so this step never fails when a fill exists), which gives a whole
deal (the tokens' first places) and the cards of the hidden actions (the tokens they moved).
That deal and the action log (hidden actions rewritten) are replayed through the public engine;
a sample whose replay is illegal, or whose observation for ``seat`` differs from the real one, is
rejected and drawn again.

**What it reads.**  From the real deal only what the seat observes: its observation after each
step, the action views it gets, which *places* cards move between (who gives to whom, who
discards: public in every game here), and the trick plays.  A real card identity that the seat
has not seen is never used, so two states the seat cannot tell apart give the same samples for
the same generator (a tested property).

**Not exact.**  The samples are consistent deals, but not drawn exactly uniformly among them
(the fill and the choice of moved tokens are sequential).  By itself it infers nothing from how
the other players bid or chose; a caller may move the samples towards the deals that explain
those choices (:meth:`Resampler.inferred`: Metropolis swaps of hidden cards weighted by the
likelihood of the other seats' public choices — the pimc bot asks the heuristic bot in each
other seat's place — which never gives up and costs a bounded number of replays) or, strictly,
keep only those that explain them all (``accept`` of :meth:`Resampler.sample`, which gives up
after its tries).

**Cost.**  A draw is a few hundred integer operations on the token model; its replay applies the
deal's actions (tens) to a copy of the state, and the consistency check compares one observation
with the real one (read once).  Measured at a first lead: 0.5–0.9 ms a sample in every game
(``python bench/bench_pimc.py``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card
from prikup.core.errors import CardParseError
from prikup.core.game import Phase, State
from prikup.core.observation import Observation

__all__ = ["Accept", "Likelihood", "ResampleError", "Resampler", "resample", "rewind", "seen_cards"]

#: Observation keys whose text values are calls, not cards (``bid 7H``, ``contract 8S``).


#: A judge of the other seats' choices in a sample: ``accept(state, seat, action)`` (see
#: :meth:`Resampler.sample`).
Accept = Callable[[State, int, Action], bool]

#: How likely another seat's public choice is in a sample, in [0, 1]: ``likelihood(state, seat,
#: action)`` (see :meth:`Resampler.inferred`).
Likelihood = Callable[[State, int, Action], float]


class ResampleError(RuntimeError):
    """No consistent sample was found within the allowed number of attempts."""


def seen_cards(obs: Observation) -> int:
    """The bitmask of every card an observation shows."""
    return obs.card_mask()


def rewind(state: State) -> State:
    """A copy of ``state`` at the start of its current deal (just dealt, no action taken)."""
    st = state.copy()
    log = st.deals.pop()
    st.phase = Phase.DEAL
    st._next_dealer = log.dealer
    st._rng = None
    st.deal(log.hands, log.talon)
    return st


def _places(state: State) -> dict[int, str]:
    """Card id → its place name."""
    out: dict[int, str] = {}
    for name, mask in state.card_places().items():
        while mask:
            low = mask & -mask
            out[low.bit_length() - 1] = name
            mask ^= low
    return out


def _illegal_with(state: State, seat: int, action: Action, hand_of: Callable[[int], int], cards: int) -> int:
    """Each card ``x`` of ``cards`` (a one-card mask) for which ``seat`` holding ``hand_of(x)``
    could not take ``action`` (asked of the game's own rules; ``seat``'s hand is restored)."""
    hands: list[int] = state.hands  # type: ignore[attr-defined]
    saved = hands[seat]
    found = 0
    try:
        while cards:
            low = cards & -cards
            cards ^= low
            hands[seat] = hand_of(low)
            if state._why_illegal(seat, action) is not None:
                found |= low
    finally:
        hands[seat] = saved
    return found


def _forbidden(state: State, seat: int, action: Action, deck_mask: int) -> int:
    """Cards ``seat`` cannot hold after playing ``action`` to the trick in progress: each ``x``
    such that a hand of just ``action.card`` and ``x`` would make the play illegal; 0 if the play
    needs more than its card (a declaration: no inference)."""
    assert action.card is not None
    own = action.card.mask
    if _illegal_with(state, seat, action, lambda _: own, own):
        return 0
    return _illegal_with(state, seat, action, lambda x: own | x, deck_mask & ~own)


def _required(state: State, seat: int, action: Action, deck_mask: int) -> int:
    """Cards ``seat`` must hold to take the play ``action`` (a declaration: the king and queen of
    an announced marriage …): each ``x`` without which a hand of every other card would make the
    play illegal; 0 if the card alone makes it legal or a hand of every card does not."""
    assert action.card is not None
    own = action.card.mask
    if not _illegal_with(state, seat, action, lambda _: own, own):
        return 0
    if _illegal_with(state, seat, action, lambda _: deck_mask, own):
        return 0
    return _illegal_with(state, seat, action, lambda x: deck_mask & ~x, deck_mask & ~own)


@dataclass
class _Draw:
    """One draw of the token model: every token's place in the deal, card and allowed cards."""

    first: list[str]  # token → its place in the deal
    card: list[int]  # token → card id
    order: list[float]  # token → sorting key within its place (when it was seen; talon order)
    allowed: list[int]  # token → the cards it may hold (not the voids its places showed)
    free: list[int]  # the tokens filled at random at the end (their cards may be swapped)
    hidden: dict[int, int]  # step index → the token carrying that hidden action's card
    #: The hands whose choices the last weighing of this draw found unexplained.
    blamed: frozenset[str] = frozenset()
    #: card id → its place in the talon as dealt: cards seen at the same moment keep that order
    dealt: dict[int, int] = field(default_factory=dict)

    def deal(self) -> tuple[dict[str, list[int]], dict[int, int]]:
        """The cards of each place of the deal, and the card of each hidden action."""
        deal: dict[str, list[int]] = {}
        dealt = self.dealt
        for t in sorted(
            range(len(self.card)), key=lambda t: (self.order[t], dealt.get(self.card[t], -1), self.card[t])
        ):
            deal.setdefault(self.first[t], []).append(self.card[t])
        return deal, {i: self.card[t] for i, t in self.hidden.items()}

    def swapped(self, rng: random.Random, tries: int = 12) -> _Draw | None:
        """This draw with the cards of two randomly filled tokens of different places swapped,
        where each card is allowed at the other's token, one of them in a :attr:`blamed` hand if
        there is one; ``None`` if none was found in ``tries``."""
        if len(self.free) < 2:
            return None
        suspects = [t for t in self.free if self.first[t] in self.blamed]
        for _ in range(tries):
            a, b = rng.sample(self.free, 2)
            if suspects:  # a card of a hand whose choice is unexplained, for one from elsewhere
                a = rng.choice(suspects)
            ca, cb = self.card[a], self.card[b]
            if self.first[a] != self.first[b] and self.allowed[a] >> cb & 1 and self.allowed[b] >> ca & 1:
                card = list(self.card)
                card[a], card[b] = cb, ca
                return _Draw(self.first, card, self.order, self.allowed, self.free, self.hidden, dealt=self.dealt)
        return None


@dataclass
class _Step:
    """One action of the deal as the seat knows it."""

    seat: int
    action: Action
    #: Visible moves: (card id, from place, to place), in card order.
    shown: list[tuple[int, str, str]] = field(default_factory=list)
    #: Hidden moves: (from place, to place, count, carries the action's card).
    hidden: list[tuple[str, str, int, bool]] = field(default_factory=list)
    #: Cards newly seen where they lie (they did not move): (card id, place).
    revealed: list[tuple[int, str]] = field(default_factory=list)
    #: For a trick play: (player, cards the player cannot hold from now on).
    void: tuple[int, int] | None = None


class Resampler:
    """What ``seat`` knows of the current deal of ``state``, ready to draw samples from.

    Building it replays the deal once; :meth:`sample` then draws one consistent state.
    """

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        start = rewind(state)
        self.dealer = state.deals[-1].dealer
        #: the talon's cards in their dealt order (the order a seat that sees them sees them in)
        self._dealt = {c.id: i for i, c in enumerate(state.deals[-1].talon)}
        self.active = start.active_seats(self.dealer)
        deck_mask = sum(c.mask for c in state.game.deck())
        self.deck_mask = deck_mask
        places = _places(start)
        seen = seen_cards(start.observation(seat, with_legal=False))
        self.initial_bound: dict[int, str] = {c: p for c, p in places.items() if seen >> c & 1}
        counts: dict[str, int] = {}
        for c, p in places.items():
            if not seen >> c & 1:
                counts[p] = counts.get(p, 0) + 1
        self.initial_free = sorted(counts.items())
        self.steps: list[_Step] = []
        #: a game whose deal's order is the order its cards leave their places (the drawing form
        #: of Five Hundred: a hand's log is its draws in turn): hidden moves order the tokens too
        self._ordered_moves = bool(getattr(start, "deal_order_by_moves", False))
        #: Per action of the deal: whether ``accept`` judges it (another seat's public choice).
        self._judged: list[bool] = []
        #: Attempts made by :meth:`sample` and :meth:`inferred` so far (kept or not).
        self.attempts = 0
        self._target: Observation | None = None  # the seat's real observation, once read
        st = start
        for seat_acting, action in state.deals[-1].actions:
            step = _Step(seat_acting, action)
            before = places
            required = 0
            if action.kind is ActionKind.PLAY and action.card is not None:
                if st.card_places().get("trick", 0):
                    step.void = (seat_acting, _forbidden(st, seat_acting, action, deck_mask))
                required = _required(st, seat_acting, action, deck_mask)
            st.apply(action)
            places = _places(st)
            seen_after = seen_cards(st.observation(seat, with_legal=False))
            visible = st.action_view(seat_acting, action, seat) == str(action)
            self._judged.append(seat_acting != seat and action.kind is not ActionKind.PLAY and visible)
            groups: dict[tuple[str, str], list[int]] = {}
            for c in range(deck_mask.bit_length()):
                if required >> c & 1 and not (seen | seen_after) >> c & 1:
                    step.revealed.append((c, f"hand {seat_acting}"))  # known to be there, unseen
            for c in sorted(places):
                src, dst = before[c], places[c]
                if src == dst:
                    if seen_after >> c & 1 and not seen >> c & 1:
                        step.revealed.append((c, dst))
                    continue
                if seen_after >> c & 1 and (visible or not seen >> c & 1):
                    step.shown.append((c, src, dst))
                else:
                    groups.setdefault((src, dst), []).append(c)
            carried = action.card.id if action.card is not None else -1
            for (src, dst), cards in sorted(groups.items()):
                step.hidden.append((src, dst, len(cards), carried in cards))
            seen |= seen_after
            self.steps.append(step)

    def sample(self, rng: random.Random, tries: int = 400, check: bool = True, accept: Accept | None = None) -> State:
        """A consistent complete state (see the module docstring); ``ResampleError`` if none of
        ``tries`` attempts is consistent.

        ``accept`` (optional) narrows the samples to those in which the other seats' public
        choices are plausible: it is asked ``accept(state, seat, action)`` for every action of
        another seat that is not a card played to a trick and that this seat saw as it was (bids,
        passes, contracts, whists, a gift to this seat …), with ``state`` the sample just before
        that action, and a sample it refuses is drawn again (within the same ``tries``).  For
        inference that never gives up see :meth:`inferred`."""
        judge = None if accept is None else (lambda st, who, a: 1.0 if accept(st, who, a) else 0.0)
        for _ in range(tries):
            got = self._attempt(rng, check, judge)
            if got is not None and got[1] > -math.inf:
                return got[0]
        raise ResampleError(f"no consistent sample for seat {self.seat} in {tries} attempts")

    def inferred(self, rng: random.Random, likelihood: Likelihood, steps: int) -> State:
        """A consistent sample moved towards the deals that explain the other seats' public
        choices: a draw, then up to ``steps`` moves, in turn a fresh draw and a swap of two
        randomly filled cards between two places (within what the seat's knowledge allows:
        voids, cards seen; one of the cards from a hand whose choice is unexplained), each kept
        with probability ``min(1, w' / w)`` (Metropolis) where ``w`` is a deal's weight, the
        product of ``likelihood(state, seat, action)`` over the actions ``accept`` of
        :meth:`sample` would judge.  A proposal is dropped as soon as its running product falls
        below the acceptance threshold (each factor is at most 1), and the moves stop once the
        deal explains every choice (weight 1).  The targeted swaps make this a search towards
        likely deals rather than an exact draw from their distribution.

        It never gives up for want of a deal that explains everything (it keeps the best it
        reaches), and costs at most ``steps + 1`` replays (plus rare inconsistent draws);
        ``ResampleError`` only if no consistent draw at all is found in 400 attempts."""
        for _ in range(400):
            draw = self._draw(rng)
            got = None if draw is None else self._evaluate(draw, rng, likelihood, -math.inf)
            if draw is not None and got is not None and got[1] > -math.inf:
                break
        else:
            raise ResampleError(f"no consistent sample for seat {self.seat} in 400 attempts")
        state, weight = got
        for step in range(steps):
            if weight >= 0.0:
                break
            # alternate a fresh draw (an independence move: the deal may be anywhere) and a swap
            # of two cards (a local move: a deal near one that almost explains the calls)
            proposal = self._draw(rng) if step % 2 == 0 else draw.swapped(rng)
            if proposal is None:
                continue
            threshold = weight + math.log(1.0 - rng.random())
            moved = self._evaluate(proposal, rng, likelihood, threshold)
            if moved is not None and moved[1] >= threshold:
                draw, (state, weight) = proposal, moved
        return state

    def _attempt(self, rng: random.Random, check: bool, judge: Likelihood | None) -> tuple[State, float] | None:
        """One draw and its replay: the state and the log of its weight, or ``None`` if the draw
        is inconsistent."""
        draw = self._draw(rng)
        return None if draw is None else self._evaluate(draw, rng, judge, -math.inf, check)

    def _evaluate(
        self, draw: _Draw, rng: random.Random, judge: Likelihood | None, floor: float, check: bool = True
    ) -> tuple[State, float] | None:
        """The replay of ``draw`` and the log of its weight (``-inf`` once it falls below
        ``floor``), or ``None`` if the draw is inconsistent."""
        self.attempts += 1
        deal, hidden_cards = draw.deal()
        blamed: set[str] = set()
        result = self._replay(deal, hidden_cards, rng, judge, floor, blamed)
        draw.blamed = frozenset(blamed)
        if result is None:
            return None
        if check and result[1] > -math.inf:
            if self._target is None:
                self._target = self.state.observation(self.seat)
            if result[0].observation(self.seat) != self._target:
                return None
        return result

    # -- one attempt ---------------------------------------------------------------------------
    def _draw(self, rng: random.Random) -> _Draw | None:
        where: list[str] = []  # token → current place
        first: list[str] = []  # token → its place in the deal
        card: list[int] = []  # token → card id, or -1 while free
        forbid: list[int] = []
        order: list[float] = []  # sorting key within the deal's place (talon order)
        token_of: dict[int, int] = {}
        for c, p in sorted(self.initial_bound.items()):
            token_of[c] = len(where)
            where.append(p)
            first.append(p)
            card.append(c)
            forbid.append(0)
            order.append(-1.0)
        for p, n in self.initial_free:
            for _ in range(n):
                where.append(p)
                first.append(p)
                card.append(-1)
                forbid.append(0)
                order.append(float("inf"))
        hidden_cards: dict[int, int] = {}  # step index → token carrying the action's card

        def bind(c: int, place: str, when: int) -> bool:
            t = token_of.get(c)
            if t is not None:
                return where[t] == place
            choices = [t for t in range(len(where)) if where[t] == place and card[t] < 0 and not forbid[t] >> c & 1]
            if not choices:
                return False
            t = rng.choice(choices)
            card[t] = c
            token_of[c] = t
            if not (self._ordered_moves and order[t] < math.inf):  # a move already placed it
                order[t] = float(when)
            return True

        for i, step in enumerate(self.steps):
            if step.void is not None:
                player, mask = step.void
                place = f"hand {player}"
                for t in range(len(where)):
                    if where[t] == place:
                        if card[t] >= 0:
                            if mask >> card[t] & 1:
                                return None
                        else:
                            forbid[t] |= mask
            for c, src, dst in step.shown:
                if not bind(c, src, i):
                    return None
                where[token_of[c]] = dst
            for src, dst, n, carries in step.hidden:
                pool = [t for t in range(len(where)) if where[t] == src]
                if len(pool) < n:
                    return None
                moved = rng.sample(pool, n)
                if carries:
                    hidden_cards[i] = moved[0]
                for t in moved:
                    if self._ordered_moves and where[t] == first[t] and card[t] < 0:
                        order[t] = i + (0.0 if carries and t == moved[0] else 0.5)  # the action's card first
                    where[t] = dst
            for c, place in step.revealed:
                if not bind(c, place, i):
                    return None
        free_cards = self.deck_mask
        for c in card:
            if c >= 0:
                free_cards &= ~(1 << c)
        free_tokens = [t for t in range(len(card)) if card[t] < 0]
        filled = _fill(free_tokens, [free_cards & ~forbid[t] for t in free_tokens], rng)
        if filled is None:
            return None
        for t, c in zip(free_tokens, filled, strict=True):
            card[t] = c
            if self._ordered_moves and order[t] == math.inf:
                order[t] = len(self.steps) + rng.random()  # cards not yet moved: in random order
        allowed = [self.deck_mask & ~f for f in forbid]
        return _Draw(first, card, order, allowed, free_tokens, hidden_cards, dealt=self._dealt)

    def _replay(
        self,
        deal: dict[str, list[int]],
        hidden_cards: dict[int, int],
        rng: random.Random,
        judge: Likelihood | None,
        floor: float = -math.inf,
        blamed: set[str] | None = None,
    ) -> tuple[State, float] | None:
        """The state of ``deal`` after the deal's actions (hidden cards rewritten) and the log of
        its weight under ``judge`` (``-inf`` as soon as a factor is 0 or the weight falls below
        ``floor``: the replay stops there); ``None`` if illegal.  The hands of the seats whose
        choices ``judge`` found less than certain are added to ``blamed``."""
        st = self.state.copy()
        log = st.deals.pop()
        st.phase = Phase.DEAL
        st._next_dealer = log.dealer
        st._rng = None
        by_places = getattr(self.state, "deal_from_places", None)  # a game whose deal's order is not its places'
        laid = None if by_places is None else by_places({p: [Card(c) for c in cs] for p, cs in deal.items()})
        if laid is not None:
            hands, talon = laid
        else:
            hands = [[Card(c) for c in deal.get(f"hand {s}", [])] for s in self.active]
            talon_places = [p for p in deal if not p.startswith("hand ")]
            talon = [Card(c) for p in talon_places for c in deal[p]]
        weight = 0.0
        try:
            st.deal(hands, talon)
            for i, (seat, action) in enumerate(log.actions):
                if i in hidden_cards:
                    action = _with_card(action, Card(hidden_cards[i]))
                if st.to_act != seat:
                    return None
                if judge is not None and self._judged[i]:
                    factor = judge(st, seat, action)
                    if factor < 1.0 and blamed is not None:
                        blamed.add(f"hand {seat}")
                    if factor <= 0.0:
                        return st, -math.inf
                    weight += math.log(factor)
                    if weight < floor:
                        return st, -math.inf
                st.apply(action)
        except (ValueError, CardParseError):
            return None
        st._rng = random.Random(rng.getrandbits(64))
        return st, weight


def _fill(tokens: list[int], allowed: list[int], rng: random.Random) -> list[int] | None:
    """A card for every token, all different, each among its ``allowed`` bitmask; ``None`` if
    there is no such assignment.

    Random greedy choices (most constrained token first), repaired by augmenting paths (Kuhn's
    bipartite matching) where a token finds no card left: so a consistent fill is always found
    when one exists, however tight the voids make it.
    """
    owner: dict[int, int] = {}  # card -> index in tokens
    chosen = [-1] * len(tokens)

    def cards_of(i: int) -> list[int]:
        mask = allowed[i]
        ids = [c for c in range(mask.bit_length()) if mask >> c & 1]
        rng.shuffle(ids)
        return ids

    def augment(i: int, visited: set[int]) -> bool:
        for c in cards_of(i):
            if c in visited:
                continue
            visited.add(c)
            j = owner.get(c)
            if j is None or augment(j, visited):
                owner[c] = i
                chosen[i] = c
                return True
        return False

    for i in sorted(range(len(tokens)), key=lambda i: (allowed[i].bit_count(), tokens[i])):
        free = [c for c in cards_of(i) if c not in owner]
        if free:
            owner[free[0]] = i
            chosen[i] = free[0]
        elif not augment(i, set()):
            return None
    return chosen


def _with_card(action: Action, card: Card) -> Action:
    from dataclasses import replace

    return replace(action, card=card)


def resample(state: State, seat: int, rng: random.Random) -> State:
    """A complete state of the current deal that ``seat`` cannot tell from ``state``, drawn
    from what ``seat`` knows only (see the module docstring).  For many samples of one
    position build a :class:`Resampler` once and call its ``sample``."""
    return Resampler(state, seat).sample(rng)
