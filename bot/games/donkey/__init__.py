"""Donkey (Kazhutha Kali): the engine (game.py) and its rules value, events and
view (records.py). Rules: docs/rules/donkey.md; formats: docs/engine/donkey.md."""

from __future__ import annotations

from bot.games.donkey.game import ACE_OF_SPADES, PLAY_MOVES, DonkeyGame
from bot.games.donkey.records import (
    LEAD_OUT,
    LEAD_SITTING_OUT,
    LEAD_TIMED_OUT,
    DonkeyRules,
    DonkeyView,
    LeadPassed,
    RoundWon,
    SitOutForgiven,
    SitsOut,
    Struck,
    WentOut,
)

__all__ = [
    "ACE_OF_SPADES",
    "LEAD_OUT",
    "LEAD_SITTING_OUT",
    "LEAD_TIMED_OUT",
    "PLAY_MOVES",
    "DonkeyGame",
    "DonkeyRules",
    "DonkeyView",
    "LeadPassed",
    "RoundWon",
    "SitOutForgiven",
    "SitsOut",
    "Struck",
    "WentOut",
]
