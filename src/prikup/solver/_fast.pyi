"""Type stubs of the C extension (see src/prikup/solver/_fast/*.c)."""

def values_points(
    strength: tuple[int, ...],
    points: tuple[int, ...],
    suit_masks: tuple[int, int, int, int],
    combos: tuple[tuple[int, int, int], ...],
    flags: int,
    hands: tuple[int, int, int],
    leader: int,
    trick: tuple[int, ...],
    decl: int,
    trump: int,
    maker: int,
    used: int,
    won: int,
    pending: int,
    best: bool = ...,
) -> tuple[dict[int, int], int]: ...
def values_tricks(
    ids: tuple[int, ...],
    strength: tuple[int, ...],
    hands: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...],
    led: int,
    suits: tuple[int, int, int, int],
    trump: int,
    count: int,
    maximisers: int,
    stop: int,
    must_trump: int,
    nt_jokers: int,
    joker_any_time: int,
    joker_lead_any: int,
    voids: tuple[int, ...],
    broken: int,
    named: int,
    chooser: int,
    after: int,
    best: bool = ...,
) -> tuple[dict[int, int], int]: ...
def clear() -> None:
    """Empty every game's transposition table before its next search."""
