"""Analysis of played deals: double-dummy grading of each decision (``paston analyse``)."""

from .core import (
    Analysis,
    DealAnalysis,
    Decision,
    PlayerSummary,
    analyse_deal,
    analyse_record,
    count_steps,
    deals_of_record,
)

__all__ = [
    "Analysis",
    "DealAnalysis",
    "Decision",
    "PlayerSummary",
    "analyse_deal",
    "analyse_record",
    "count_steps",
    "deals_of_record",
]
