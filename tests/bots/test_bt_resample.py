"""Resampling hidden cards (prikup.core.resample): samples a seat cannot tell from the real deal."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from prikup.core.actions import ActionKind
from prikup.core.cards import Card
from prikup.core.game import Game, Phase, State
from prikup.core.resample import Resampler, resample, rewind, seen_cards
from prikup.games import GAMES

CONFIGS = [(gid, players) for gid in sorted(GAMES) for players in (3, 4)]


def positions(game: Game, seeds: range, every: int = 3) -> Iterator[State]:
    """Positions of random play: every ``every``-th step of the first deals and the first step
    of every phase."""
    for seed in seeds:
        state = game.new_match(seed)
        rng = random.Random(seed)
        last = None
        for step in range(120):
            if state.is_over or len(state.deals) > 2:
                break
            if (step % every == 0 or state.phase is not last) and state.to_act is not None:
                last = state.phase
                yield state
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("gid", "players"), CONFIGS)
def test_sample_is_indistinguishable_and_legal(gid: str, players: int) -> None:
    """(a) the seat's observation is unchanged; (b) the sample is a full legal state."""
    game = GAMES[gid](players=players)
    deck = sum(c.mask for c in game.deck())
    phases = set()
    for state in positions(game, range(3), every=4):
        for seat in state.active_seats()[:2]:
            sample = resample(state, seat, random.Random(seat))
            assert sample.observation(seat).to_json() == state.observation(seat).to_json()
            places = list(sample.card_places().values())
            assert sum(places) == deck and sum(p.bit_count() for p in places) == deck.bit_count()
            assert sample.phase is state.phase and sample.to_act == state.to_act
            assert bool(sample.legal_actions()) == bool(state.legal_actions())
            phases.add(state.phase)
    assert Phase.PLAY in phases and len(phases) >= 2


@pytest.mark.parametrize(("gid", "players"), CONFIGS)
def test_samples_depend_only_on_what_the_seat_knows(gid: str, players: int) -> None:
    """No peeking: a state the seat cannot tell from the real one yields the same samples."""
    game = GAMES[gid](players=players)
    for state in positions(game, range(2), every=5):
        seat = state.to_act
        assert seat is not None
        other = resample(state, seat, random.Random(1))
        a = Resampler(state, seat).sample(random.Random(7))
        b = Resampler(other, seat).sample(random.Random(7))
        assert a.card_places() == b.card_places()
        assert a.deals[-1].actions == b.deals[-1].actions


@pytest.mark.parametrize(("gid", "players"), CONFIGS)
def test_hidden_cards_move_between_places(gid: str, players: int) -> None:
    """Over samples, an unseen card of another hand is sometimes placed elsewhere."""
    game = GAMES[gid](players=players)
    for state in positions(game, range(4), every=7):
        seat = state.to_act
        assert seat is not None
        known = seen_cards(state.observation(seat))
        hidden_hands = [s for s in state.active_seats() if s != seat]
        real = state.card_places()
        sampler = Resampler(state, seat)
        samples = [sampler.sample(random.Random(k)).card_places() for k in range(12)]
        for s in hidden_hands:
            unknown = real[f"hand {s}"] & ~known
            if unknown.bit_count() >= 3 and any(real[f"hand {t}"] & ~known for t in hidden_hands if t != s):
                assert any(sp[f"hand {s}"] != real[f"hand {s}"] for sp in samples)
                return
    pytest.fail("no position with hidden cards in two hands")


def _after_501_gifts(seed: int) -> tuple[State, int, Card, Card]:
    """A 501 deal after both gifts: (state, defender, the other defender's gift, his own)."""
    game = GAMES["501"]()
    state = game.new_match(seed)
    rng = random.Random(seed)
    while state.phase is not Phase.PLAY:
        legal = state.legal_actions()
        if state.phase is Phase.AUCTION:
            bids = [a for a in legal if a.kind is ActionKind.BID]
            looks = [a for a in legal if a.kind is ActionKind.LOOK]
            if looks:
                action = looks[0]
            elif bids and state.high_bid is None:  # type: ignore[attr-defined]
                action = bids[0]
            else:
                action = next(a for a in legal if a.kind is ActionKind.PASS)
        else:
            talon = [Card(i) for i in range(64) if state.talon >> i & 1]  # type: ignore[attr-defined]
            gifts = [a for a in legal if a.kind is ActionKind.GIVE and a.card in talon]
            others = [a for a in legal if a.kind is not ActionKind.CONCEDE]
            action = gifts[0] if gifts else rng.choice(others)
        state.apply(action)
    (r1, c1), (_r2, c2) = state.gifts  # type: ignore[attr-defined]
    return state, r1, c2, c1


def test_501_talon_card_given_to_the_other_defender_may_be_with_the_declarer() -> None:
    """501: a defender knows the turned talon, not which talon card the other defender got."""
    state, defender, other_gift, own_gift = _after_501_gifts(3)
    declarer = state.declarer  # type: ignore[attr-defined]
    sampler = Resampler(state, defender)
    holders = set()
    for k in range(40):
        places = sampler.sample(random.Random(k)).card_places()
        holders |= {p for p, m in places.items() if m >> other_gift.id & 1}
        assert places[f"hand {defender}"] >> own_gift.id & 1
    assert holders == {f"hand {declarer}", f"hand {3 - defender - declarer}"}


def test_fill_finds_a_consistent_assignment_whenever_one_exists():
    """The final fill is a bipartite matching: a random greedy start that paints itself into a
    corner (A takes 2, B takes 3, C is left with nothing) is repaired, and an impossible fill
    is reported as such."""
    import random as _random

    from prikup.core.resample import _fill

    allowed = [0b0110, 0b1010, 0b1100]  # A {1, 2}, B {1, 3}, C {2, 3}: two perfect fills
    seen = set()
    for seed in range(200):
        got = _fill([0, 1, 2], allowed, _random.Random(seed))
        assert got is not None and len(set(got)) == 3
        assert all(allowed[i] >> c & 1 for i, c in enumerate(got))
        seen.add(tuple(got))
    assert seen == {(1, 3, 2), (2, 1, 3)}
    assert _fill([0, 1], [0b10, 0b10], _random.Random(0)) is None


def _heuristic_positions(game: Game, seeds: range) -> Iterator[State]:
    """The non-play decisions and first plays of deals driven by the heuristic bots."""
    from prikup.bots import make_bot

    for seed in seeds:
        state = game.new_match(seed)
        bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(game.players)]
        plays = 0
        while len(state.deals) == 1 and not state.is_over and plays < 6:
            seat = state.to_act
            assert seat is not None
            if len(state.legal_actions()) > 1:
                yield state
            plays += state.phase is Phase.PLAY
            state.apply(bots[seat].act(state, seat))


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_accept_judges_only_the_other_seats_public_choices_and_narrows_the_samples(gid: str) -> None:
    """``accept`` is asked about every public non-play action of the other seats, on the sample
    just before it (never about the seat's own, a trick play or a hidden move); a refused sample
    is drawn again; a judge that refuses everything leaves no sample."""
    from prikup.core.resample import ResampleError

    game = GAMES[gid]()
    judged_any = False
    for state in _heuristic_positions(game, range(3)):
        seat = state.to_act
        assert seat is not None
        asked: list[tuple[int, str]] = []

        def judge(sample: State, who: int, action, asked=asked) -> bool:  # type: ignore[no-untyped-def]
            assert sample.to_act == who and action in sample.legal_actions()
            asked.append((who, str(action)))
            return True

        Resampler(state, seat).sample(random.Random(3), accept=judge)
        others = [(who, str(a)) for who, a in state.deals[-1].actions if who != seat and a.kind is not ActionKind.PLAY]
        assert set(asked) <= set(others)
        bids = [(who, str(a)) for who, a in others if a.startswith(("bid", "pass"))]
        assert set(bids) <= set(asked)  # the auction is public: every other seat's call is judged
        judged_any |= bool(asked)
        if asked:
            with pytest.raises(ResampleError):
                Resampler(state, seat).sample(random.Random(3), tries=20, accept=lambda *_: False)
    assert judged_any


def _unexplained(game: Game, sample: State, seat: int) -> int:
    """How many of the other seats' public non-play choices in ``sample`` the heuristic in their
    place would not have made."""
    from prikup.bots import make_bot

    replay = rewind(sample)
    judges = {s: make_bot("heuristic", game, 104729 + s) for s in range(game.players)}
    bad = 0
    for who, action in sample.deals[-1].actions:
        if who != seat and action.kind is not ActionKind.PLAY and replay.action_view(who, action, seat) == str(action):
            bad += judges[who].act(replay, who) != action
        replay.apply(action)
    return bad


@pytest.mark.parametrize("gid", ["501", "five-hundred"])
def test_pimc_samples_explain_the_other_seats_bids_as_the_heuristic_would_make_them(gid: str) -> None:
    """With ``infer`` (the default) pimc's samples explain the other seats' calls (as the
    heuristic in their place would make them) far better than plain draws: fewer unexplained
    calls per sample and more samples that explain every call, on the same positions."""
    from prikup.bots import make_bot
    from prikup.bots.pimc import PimcBot

    game = GAMES[gid]()
    checked = {1: 0, 0: 0}
    unexplained = {1: 0, 0: 0}
    explained_all = {1: 0, 0: 0}
    for state in _heuristic_positions(game, range(6)):
        seat = state.to_act
        assert seat is not None
        if not any(who != seat for who, _ in state.deals[-1].actions):
            continue
        for infer in (1, 0):
            bot = make_bot(f"pimc:infer={infer}", game, 5)
            assert isinstance(bot, PimcBot)
            samples = bot.samples_of(state, seat)
            for _ in range(3):
                bad = _unexplained(game, next(samples), seat)
                unexplained[infer] += bad
                explained_all[infer] += bad == 0
                checked[infer] += 1
    assert checked[1] == checked[0] >= 60
    assert unexplained[1] <= 0.8 * unexplained[0], unexplained
    assert explained_all[1] >= 1.3 * explained_all[0], explained_all


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_inferred_samples_are_consistent_and_never_give_up(gid: str) -> None:
    """``Resampler.inferred`` with a model that no deal satisfies still gives a sample every
    time, each one the seat cannot tell from the real deal, within ``steps + 1`` replays (and
    the rare inconsistent draw); with a model every deal satisfies it makes no move at all."""
    game = GAMES[gid]()
    judged = 0
    for state in _heuristic_positions(game, range(2)):
        seat = state.to_act
        assert seat is not None
        sampler = Resampler(state, seat)
        real = state.observation(seat).to_json()
        rng = random.Random(4)
        for _ in range(3):
            before = sampler.attempts
            sample = sampler.inferred(rng, lambda *_: 0.01, 5)
            assert sample.observation(seat).to_json() == real
            assert sampler.attempts - before <= 5 + 1 + 3
        before = sampler.attempts
        sampler.inferred(rng, lambda *_: 1.0, 5)
        assert sampler.attempts - before <= 1 + 3
        judged += any(sampler._judged)
    assert judged >= 3


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_pimc_inferring_samples_depend_only_on_what_the_seat_knows(gid: str) -> None:
    """No peeking with inference either: a state the seat cannot tell from the real one gives
    pimc the same samples."""
    from prikup.bots import make_bot

    game = GAMES[gid]()
    compared = 0
    for state in _heuristic_positions(game, range(3)):
        seat = state.to_act
        assert seat is not None
        if not any(who != seat for who, _ in state.deals[-1].actions):
            continue
        other = resample(state, seat, random.Random(11))
        a, b = (make_bot("pimc", game, 2).samples_of(s, seat) for s in (state, other))  # type: ignore[attr-defined]
        for _ in range(2):
            x, y = next(a), next(b)
            assert x.card_places() == y.card_places()
            assert x.deals[-1].actions == y.deals[-1].actions
        compared += 1
    assert compared >= 3


def test_501_a_marriage_announced_binds_its_king_and_queen_to_the_announcer() -> None:
    """501 (a leader may announce a marriage: he holds its king and queen): in every sample the
    announcer held both, and no draw is wasted on a deal where he did not."""
    from prikup.core.cards import Rank, Suit

    game = GAMES["501"]()
    found = 0
    for seed in range(40):
        state = game.new_match(seed)
        rng = random.Random(seed)
        while len(state.deals) == 1 and state.phase is not Phase.PLAY:
            state.apply(rng.choice([a for a in state.legal_actions() if a.kind is not ActionKind.CONCEDE]))
        if len(state.deals) > 1:
            continue
        for _ in range(30):
            legal = state.legal_actions()
            marriages = [a for a in legal if a.modifier == "marriage"]
            if marriages and found < 6:
                action, who = marriages[0], state.to_act
                state.apply(action)
                suit = Suit[action.argument or ""]
                pair = Card.of(Rank.KING, suit).mask | Card.of(Rank.QUEEN, suit).mask
                seat = next(s for s in state.active_seats() if s != who)
                sampler = Resampler(state, seat)
                for k in range(5):
                    sample = sampler.sample(random.Random(k))
                    before = rewind(sample)
                    for _, done in sample.deals[-1].actions[:-1]:  # up to the announcement
                        before.apply(done)
                    assert before.card_places()[f"hand {who}"] & pair == pair
                assert sampler.attempts == 5
                found += 1
                break
            if state.phase is not Phase.PLAY:
                break
            state.apply(rng.choice(legal))
    assert found >= 3


@pytest.mark.parametrize("talon_text", ["8C 7C", "7C 8C"])
def test_talon_seen_in_dealt_order_is_sampled_in_that_order(talon_text: str) -> None:
    """A talon dealt out of card order ("8C 7C") and then turned up is seen in that order: every
    seat's samples keep it, so a sample is found at every decision of the deal (it failed at
    each of them when the sampled talon was put in card order)."""
    game = GAMES["preferans"](players=3)
    talon = [Card.parse(t) for t in talon_text.split()]
    rest = [c for c in game.deck() if c not in talon]
    state = game.new_replay(first_dealer=0, single_deal=True)
    state.deal([rest[0:10], rest[10:20], rest[20:30]], talon)
    rng = random.Random(1)
    decisions = 0
    while not state.is_over and state.to_act is not None and decisions < 30:
        seat = state.to_act
        sample = Resampler(state, seat).sample(rng, tries=50)
        assert sample.observation(seat) == state.observation(seat)
        legal = state.legal_actions()
        bids = [a for a in legal if a.kind is ActionKind.BID]
        state.apply(bids[0] if bids and not state.calls else legal[0])
        decisions += 1
    assert decisions >= 10
