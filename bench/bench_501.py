"""Throughput of 501: full random deals per second.

Run: python bench/bench_501.py [--seconds 5]

* public API: legal_actions() + apply() of a uniformly random legal action, auction to score;
* public API with the random bot (observation built at every decision, as the arena does);
* internal play path: the int-bitmask trick functions (core.tricks) the engine uses, playing
  the eight tricks of a fixed contract with random legal cards, no objects.
"""

from __future__ import annotations

import argparse
import random
import time

from prikup import make_game
from prikup.bots import make_bot
from prikup.core.tricks import follow_mask, trick_winner
from prikup.games.five_oh_one import DECK, STRENGTH, SUIT_MASKS


def deals_public(seconds: float) -> float:
    game = make_game("501")
    rng = random.Random(1)
    state = game.new_match(seed=1)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        n = len(state.deals)
        state.apply(rng.choice(state.legal_actions()))
        if len(state.deals) != n:
            deals += 1
        if state.is_over:
            state = game.new_match(seed=deals)
    return deals / (time.perf_counter() - start)


def deals_bots(seconds: float) -> float:
    game = make_game("501")
    bots = [make_bot("random", game, s) for s in range(3)]
    state = game.new_match(seed=2)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        n = len(state.deals)
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
        if len(state.deals) != n:
            deals += 1
        if state.is_over:
            state = game.new_match(seed=deals)
    return deals / (time.perf_counter() - start)


def playouts_internal(seconds: float) -> float:
    rng = random.Random(3)
    ids = [c.id for c in DECK]
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng.shuffle(ids)
        hands = [sum(1 << i for i in ids[k * 8 : k * 8 + 8]) for k in range(3)]
        trump = SUIT_MASKS[rng.randrange(4)]
        leader = 0
        for _ in range(8):
            trick: list[int] = []
            led = 0
            for k in range(3):
                seat = (leader + k) % 3
                allowed = hands[seat] if k == 0 else follow_mask(hands[seat], led, trump, True)
                choices = [i for i in range(64) if allowed >> i & 1]
                card = rng.choice(choices)
                if k == 0:
                    led = SUIT_MASKS[card >> 4]
                hands[seat] &= ~(1 << card)
                trick.append(card)
            leader = (leader + trick_winner(trick, led, trump, STRENGTH)) % 3
        done += 1
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    print(f"public API, random legal actions : {deals_public(args.seconds):10.0f} deals/s")
    print(f"public API, random bots (obs)     : {deals_bots(args.seconds):10.0f} deals/s")
    print(f"internal int play path (8 tricks) : {playouts_internal(args.seconds):10.0f} playouts/s")


if __name__ == "__main__":
    main()
