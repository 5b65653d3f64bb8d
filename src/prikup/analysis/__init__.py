"""Deal analysis and hints: every decision of a recorded deal judged from its seat's knowledge by
the pimc bot (and, for card play, by the exact open-hand solver); the bot's suggestion during a
game.  Outside the rules core: it uses the bots and the solver."""

from prikup.analysis.engine import (
    DEFAULT_DECISION_SAMPLES,
    DEFAULT_PLAY_SAMPLES,
    AnalysisError,
    analyze_deal,
    decision_count,
    hint,
    state_before_deal,
)
from prikup.analysis.grades import GRADE_NAMES, GRADES, TRICK_GRADES, grade
from prikup.analysis.model import FORMAT, DealAnalysis, Decision, Hint, Par, SeatSummary

__all__ = [
    "DEFAULT_DECISION_SAMPLES",
    "DEFAULT_PLAY_SAMPLES",
    "FORMAT",
    "GRADES",
    "GRADE_NAMES",
    "TRICK_GRADES",
    "AnalysisError",
    "DealAnalysis",
    "Decision",
    "Hint",
    "Par",
    "SeatSummary",
    "analyze_deal",
    "decision_count",
    "grade",
    "hint",
    "state_before_deal",
]
