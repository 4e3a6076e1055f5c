"""The sentences for what the table runtime refuses (``TableError``, bot/tables/runtime.py)
and the shard guard (``bot.shards.NOT_SERVED_HERE``), merged by ``bot.ui.text.illegal``:
``sentence(err)`` says them as it says an ``IllegalMove``.

Each formatter takes the error's details as keyword arguments. A detail only for the
log (``cannot-deal``'s ``reason``, the engine's own words) is accepted and not said.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ui.text.i18n import text
from bot.ui.text.words import Formatter

# Why the runtime closed a table (``bot.tables.events.EndReason``, by value): the codes
# whose words ``ENDED_BECAUSE`` holds (tests/bot/test_saved_records.py checks they are all).
_END_REASONS = ("message-not-posted", "channel-deleted", "host-left", "every-human-left",
                "nobody-started", "ended-by-host", "ended-by-moderator")


def __getattr__(name: str) -> dict[str, str]:
    if name == "ENDED_BECAUSE":
        # Why the runtime closed a table, by reason code, as its ``TableEnded`` event says
        # it, as in "The table was closed (the host left).": read as a module attribute,
        # in the language of the moment (``locales/<lang>/game.ftl``).
        return {reason: text(f"game-ended-because-{reason}") for reason in _END_REASONS}
    raise AttributeError(name)


def already_here(link: str | None = None) -> str:
    """"This channel already has a table", with where it is when its message's ``link`` is known."""
    return text("refusal-already-here-link", link=link) if link else text("refusal-already-here")


def _unknown_level(levels: Sequence[str], level: object = None) -> str:
    return text("refusal-unknown-level", levels=", ".join(levels))


def _cannot_deal(seats: int, reason: object = None) -> str:
    return text("refusal-cannot-deal", seats=seats)


SENTENCES: dict[str, Formatter] = {
    "finished": lambda: text("refusal-finished"),
    "stale": lambda: text("refusal-stale"),
    "not-asking-consent": lambda: text("refusal-not-asking-consent"),
    "save-failed": lambda: text("refusal-save-failed"),
    "not-served-here": lambda: text("refusal-not-served-here"),
    "already-here": already_here,
    "unknown-level": _unknown_level,
    "unknown-rules": lambda reason=None: text("refusal-unknown-rules"),
    "too-many-players": lambda seats: text("refusal-too-many-players", seats=seats),
    "too-late-to-join": lambda: text("refusal-too-late-to-join"),
    "about-to-start": lambda: text("refusal-about-to-start"),
    "already-seated": lambda: text("refusal-already-seated"),
    "table-full": lambda seats: text("refusal-table-full", seats=seats),
    "computers-before-start": lambda: text("refusal-computers-before-start"),
    "players-add-computers": lambda: text("refusal-players-add-computers"),
    "not-at-table": lambda: text("refusal-not-at-table"),
    "already-started": lambda: text("refusal-already-started"),
    "not-host": lambda: text("refusal-not-host"),
    "awaiting-consent": lambda: text("refusal-awaiting-consent"),
    "too-few-players": lambda needed: text("refusal-too-few-players", needed=needed),
    "cannot-deal": _cannot_deal,
    "consent-players-only": lambda: text("refusal-consent-players-only"),
    "already-agreed": lambda: text("refusal-already-agreed"),
    "not-host-or-moderator": lambda: text("refusal-not-host-or-moderator"),
    "not-started": lambda: text("refusal-not-started"),
    "not-playing": lambda: text("refusal-not-playing"),
    "clock-only": lambda: text("refusal-clock-only"),
}
