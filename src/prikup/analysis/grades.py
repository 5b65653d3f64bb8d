"""How a decision's loss is named: good, inaccuracy, mistake, blunder — thresholds per game.

A loss is in the acting seat's points of the deal (:mod:`prikup.analysis.engine`).  The
thresholds follow each game's scale of a deal:

* **501**: bids run 66–220 and a defender scores his card points (rounded to fives), so a deal
  moves a score by some 60–200: 10 points (two rounding steps, a marriage of ♠'s fourth) is an
  inaccuracy, 25 a mistake, 60 (a typical contract, a big marriage) a blunder.
* **Five Hundred**: a contract is worth 40–520 and each trick the other side takes 10: one trick
  (10) is an inaccuracy, 40 (the smallest contract, a set of a low one) a mistake, 100 a blunder.
* **Пятьсот**: the fast Thousand to 500, contracts from 100, a trick's cards worth 10–30 points
  and a marriage 40–100: 10, 25 and 60, as in 501.
* **preferans** (Rostov, a deal's change counted in whists): a whist or two is an inaccuracy,
  10 (a trick of a 6-contract's undertrick on the mountain, counted in whists) a mistake, 40 (a
  set contract or a lost пуля entry) a blunder.

For card play the open-hand and sampled values of preferans and of Five Hundred's misère are
tricks (the solver's measure): there one trick is a mistake and two a blunder (:data:`TRICK_GRADES`).
"""

from __future__ import annotations

__all__ = ["GRADES", "GRADE_NAMES", "TRICK_GRADES", "grade"]

#: The grades, from the smallest loss to the largest.
GRADE_NAMES = ("good", "inaccuracy", "mistake", "blunder")

#: Loss thresholds (inaccuracy, mistake, blunder) in a game's points, by game id.
GRADES: dict[str, tuple[float, float, float]] = {
    "501": (10.0, 25.0, 60.0),
    "five-hundred": (10.0, 40.0, 100.0),
    "pyatsot": (10.0, 25.0, 60.0),
    "preferans": (2.0, 10.0, 40.0),
}

#: Loss thresholds when the loss is counted in tricks (card play in trick games).
TRICK_GRADES: tuple[float, float, float] = (0.25, 1.0, 2.0)

#: Thresholds of a game not listed above.
_DEFAULT = (10.0, 25.0, 60.0)


def grade(game: str, loss: float, unit: str = "score") -> str:
    """The grade of a loss of ``loss`` in ``game`` (``unit``: ``"tricks"`` for a loss counted
    in tricks, anything else for points)."""
    limits = TRICK_GRADES if unit == "tricks" else GRADES.get(game, _DEFAULT)
    name = GRADE_NAMES[0]
    for limit, next_name in zip(limits, GRADE_NAMES[1:], strict=True):
        if loss >= limit:
            name = next_name
    return name
