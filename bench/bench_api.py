"""prikup's public API against OpenSpiel, in one process: player decisions per second.

Run::

    pip install -e '.[bench]'          # OpenSpiel (the optional ``bench`` extra)
    python bench/bench_api.py [--rounds 5] [--seconds 0.4]

Every contender plays random full deals (a uniformly random legal action at every decision,
chosen with ``random.choice``) for ``--seconds`` of CPU time per round; the contenders take
turns round after round (interleaved), and each figure is the median over the rounds of
decisions per CPU second (``time.process_time``, robust to other load on the machine).

* prikup, public path: ``state.legal_actions()`` then ``state.apply(action)``;
* prikup, integer path: ``state.legal_action_ids()`` then ``state.apply_id(i)``;
* OpenSpiel ``oh_hell(players=3,num_tricks_fixed=8)`` (and ``euchre`` for Five Hundred with 4
  players) driven from Python: ``legal_actions()`` then ``apply_action(a)``; its chance
  outcomes (the deal) are applied too, but only player decisions are counted.

States decide in C (``prikup.core._fastcore``) the trick loop (follows, leads — a lead that
may declare a marriage, a combination or the joker's suit lists the declarations after the plain
cards and leaves them to Python —, the trick's winner and, where the game adds nothing, the trick's
end: Five Hundred's too outside misère), the auctions (501, Пятьсот, preferans, and Five Hundred's
standard auction), the choices of cards and contracts (talon, gift, keep, discard, give, contract)
and the deal (shuffle and packets); ``PRIKUP_PURE=1 python bench/bench_api.py`` measures the pure-Python
reference instead, the same figures before the C path.  The first line of the output says which
one ran.

It then prints, per game, the CPU cost of ``copy()`` and ``observation(seat)`` in the middle of
a deal (the 10th card played), beside OpenSpiel's ``clone()``.

``--breakdown`` prints instead where a deal's time goes, per game: each kind of decision (a lead,
a follow, an auction call, a choice — decided in C, or ``py``: by the Python reference — and the
decision that ends a deal, with its scoring and the next deal), how many a deal has and the CPU
microseconds of ``legal_action_ids()`` + ``apply_id()`` for it (``time.process_time_ns``; the
timer's own cost and ``random.choice``'s, printed first, are in every figure alike; each game's
last line is a follow less both: the two calls at the cheapest decision, against the budget of a
whole decision at 2× ``oh_hell`` that the table prints).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from prikup import make_game
from prikup.core.game import FAST, State

pyspiel: Any
try:
    pyspiel = importlib.import_module("pyspiel")
except ImportError:  # pragma: no cover - the optional extra is missing
    pyspiel = None

#: The prikup configurations measured, with the OpenSpiel game each is compared with.
GAMES: tuple[tuple[str, str, dict[str, object], str], ...] = (
    ("501", "501", {}, "oh_hell"),
    ("pyatsot", "pyatsot", {}, "oh_hell"),
    ("preferans", "preferans", {}, "oh_hell"),
    ("five-hundred 3p", "five-hundred", {"players": 3}, "oh_hell"),
    ("five-hundred 4p", "five-hundred", {}, "euchre"),
)
SPIEL_GAMES = {"oh_hell": "oh_hell(players=3,num_tricks_fixed=8)", "euchre": "euchre"}

Runner = Callable[[float], tuple[int, float]]


#: A new match after this many deals: random play may never end a match (Пятьсот's scores
#: fall without bound), and one endless match would measure one score sheet's arithmetic.
MAX_DEALS = 20


def looped(step: Callable[[], int]) -> Runner:
    """A runner calling ``step`` (one action; it returns the decisions it made, 0 or 1) until
    ``seconds`` of CPU time are spent."""

    def run(seconds: float) -> tuple[int, float]:
        done = 0
        start = time.process_time()
        while True:
            for _ in range(200):
                done += step()
            spent = time.process_time() - start
            if spent >= seconds:
                return done, spent

    return run


def prikup_runner(name: str, options: dict[str, object], ids: bool) -> Runner:
    """Random play through legal_actions()/apply(), or legal_action_ids()/apply_id()."""
    game = make_game(name, **options)
    rng = random.Random(1)
    choice = rng.choice
    box = [game.new_match(seed=1)]

    def step() -> int:
        state = box[0]
        if state.is_over or len(state.deals) > MAX_DEALS:
            state = box[0] = game.new_match(seed=rng.randrange(1 << 30))
        if ids:
            state.apply_id(choice(state.legal_action_ids()))
        else:
            state.apply(choice(state.legal_actions()))
        return 1

    return looped(step)


def spiel_runner(spec: str) -> Runner:
    """Random play of an OpenSpiel game from Python; chance outcomes are applied, not counted."""
    game = pyspiel.load_game(spec)
    rng = random.Random(3)
    choice = rng.choice
    box = [game.new_initial_state()]

    def step() -> int:
        state = box[0]
        if state.is_terminal():
            state = box[0] = game.new_initial_state()
        chance = state.is_chance_node()
        state.apply_action(choice(state.legal_actions()))
        return 0 if chance else 1

    return looped(step)


def mid_deal(name: str, options: dict[str, object]) -> State:
    """A state in the middle of the play of a deal: the 10th card of the play to come."""
    game = make_game(name, **options)
    rng = random.Random(4)
    for seed in range(1000):
        state = game.new_match(seed=seed)
        played = 0
        while not state.is_over and len(state.deals) == 1:
            actions = state.legal_actions()
            if any(a.kind.value == "play" for a in actions):
                played += 1
                if played == 10:
                    return state
            state.apply(rng.choice(actions))
    raise RuntimeError(f"no deal of {name} reached its play")


def per_call(fn: Callable[[], Any], seconds: float = 0.2) -> float:
    """Median CPU microseconds per call of ``fn`` over five batches."""
    times = []
    for _ in range(5):
        n = 0
        start = time.process_time()
        while True:
            for _ in range(50):
                fn()
            n += 50
            spent = time.process_time() - start
            if spent >= seconds / 5:
                break
        times.append(spent / n * 1e6)
    return statistics.median(times)


def decision_kind(state: Any) -> str:
    """What the next decision is, and whether the C path decides it (``py``: the reference)."""
    phase = str(state.phase)
    rule: object
    if phase == "play":
        kind = "follow" if state.trick else "lead"
        rule = state._follow_rule() if state.trick else state._lead_rule()
    elif phase == "auction":
        kind, rule = phase, state._auction_rule()
    else:
        kind, rule = phase, state._choice_rule()
    return kind if rule is not None else kind + " py"


def floor_costs(rounds: int = 200_000) -> tuple[float, float]:
    """CPU microseconds of what every decision of the breakdown pays besides the two calls: the
    timer's own pair of readings, and ``random.choice`` of one of eight ids."""
    clock = time.process_time_ns
    rng = random.Random(2)
    ids = list(range(8))
    took = 0
    for _ in range(rounds):
        start = clock()
        took += clock() - start
    begin = time.process_time()
    for _ in range(rounds):
        rng.choice(ids)
    return took / rounds / 1000, (time.process_time() - begin) / rounds * 1e6


def breakdown(seconds: float) -> None:
    """Per game: each kind of decision per deal and its CPU cost; first, the timer's and
    ``random.choice``'s own costs, which each figure includes (a follow less both is what
    ``legal_action_ids()`` and ``apply_id()`` cost at the cheapest decision)."""
    timer, choice = floor_costs()
    print(f"in every figure below: the timer {timer:.2f} us, random.choice {choice:.2f} us")
    clock = time.process_time_ns
    for label, name, options, _ in GAMES:
        game = make_game(name, **options)
        rng = random.Random(1)
        count: dict[str, int] = {}
        spent: dict[str, int] = {}
        deals = decisions = 0
        state = game.new_match(seed=1)
        end = time.process_time() + seconds
        while time.process_time() < end:
            for _ in range(200):
                if state.is_over or len(state.deals) > MAX_DEALS:
                    state = game.new_match(seed=rng.randrange(1 << 30))
                kind, dealt = decision_kind(state), len(state.deals)
                start = clock()
                state.apply_id(rng.choice(state.legal_action_ids()))
                took = clock() - start
                if len(state.deals) != dealt or state.is_over:
                    kind, deals = kind + " + deal end", deals + 1
                count[kind] = count.get(kind, 0) + 1
                spent[kind] = spent.get(kind, 0) + took
                decisions += 1
        total = sum(spent.values())
        print(f"{label}: {decisions / deals:.1f} decisions a deal, {total / decisions / 1000:.2f} us each")
        for kind in sorted(count, key=lambda k: -spent[k]):
            print(
                f"  {kind:<28}{count[kind] / deals:>7.2f} a deal{spent[kind] / count[kind] / 1000:>8.2f} us"
                f"{spent[kind] / total:>8.1%}"
            )
        if count.get("follow"):
            calls = spent["follow"] / count["follow"] / 1000 - timer - choice
            print(f"  a follow's legal_action_ids() + apply_id() alone: {calls:.2f} us")


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=0.4, help="CPU seconds per contender per round")
    parser.add_argument("--breakdown", action="store_true", help="where a deal's time goes, per kind of decision")
    args = parser.parse_args(argv)
    if args.breakdown:
        breakdown(args.seconds * args.rounds)
        return 0
    if pyspiel is None:
        print("bench_api needs OpenSpiel: pip install -e '.[bench]' (the open-spiel wheel)")
        return 1

    runners: dict[str, Runner] = {f"spiel {k}": spiel_runner(v) for k, v in SPIEL_GAMES.items()}
    for label, name, options, _ in GAMES:
        runners[f"{label} public"] = prikup_runner(name, options, ids=False)
        runners[f"{label} ids"] = prikup_runner(name, options, ids=True)
    rates: dict[str, list[float]] = {k: [] for k in runners}
    for _ in range(args.rounds):
        for key, run in runners.items():
            done, spent = run(args.seconds)
            rates[key].append(done / spent)
    rate = {k: statistics.median(v) for k, v in rates.items()}

    path = "C fast path" if FAST else "pure-Python reference (PRIKUP_PURE=1 or the extension not built)"
    print(f"prikup's state machine: {path}")
    print(f"decisions per CPU second (median of {args.rounds} interleaved rounds of {args.seconds}s)")
    for key in SPIEL_GAMES:
        print(f"  OpenSpiel {SPIEL_GAMES[key]:<40} {rate['spiel ' + key]:>10,.0f}")
    print(f"{'game':<18}{'public/s':>11}{'ratio':>8}{'ids/s':>11}{'ratio':>8}  against")
    two_x = 1e6 / rate["spiel oh_hell"] / 2
    print(f"  at 2x oh_hell a decision may cost {two_x:.2f} us in all (the loop, random.choice and the calls)")
    for label, _, _, anchor in GAMES:
        base = rate["spiel " + anchor]
        pub, ids = rate[f"{label} public"], rate[f"{label} ids"]
        print(f"{label:<18}{pub:>11,.0f}{pub / base:>7.2f}x{ids:>11,.0f}{ids / base:>7.2f}x  {anchor}")
        if anchor == "euchre":  # Five Hundred 4p is also read against oh_hell
            base = rate["spiel oh_hell"]
            print(f"{'':<18}{'':>11}{pub / base:>7.2f}x{'':>11}{ids / base:>7.2f}x  oh_hell")

    print("CPU microseconds per call, mid-deal (10th card of the play)")
    for key, spec in SPIEL_GAMES.items():
        sgame = pyspiel.load_game(spec)
        sstate = sgame.new_initial_state()
        srng = random.Random(5)
        for _ in range(30):
            sstate.apply_action(srng.choice(sstate.legal_actions()))
        print(f"  OpenSpiel {key:<10} clone {per_call(sstate.clone):6.2f}")
    print(f"{'game':<18}{'copy':>8}{'observation':>13}")
    for label, name, options, _ in GAMES:
        state = mid_deal(name, options)
        seat = state.to_act
        copy_us = per_call(state.copy)
        obs_us = per_call(lambda state=state, seat=seat: state.observation(seat))  # type: ignore[misc]
        print(f"{label:<18}{copy_us:>8.2f}{obs_us:>13.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
