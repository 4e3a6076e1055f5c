"""Everything Donkey says, without Discord.

``DonkeyUI``: the public table and the game's own events in words, the labels of its
moves and of its table buttons. ``SENTENCES``: the sentence for each code its engine
refuses a move with (``bot/games/donkey/legality.py``), a formatter taking the
``IllegalMove``'s details as keyword arguments, merged by ``bot.ui.text.illegal``.
Cards print as players see them (``Q♠``), suits as their symbols.

The words are the catalogue's (``locales/<lang>/donkey.ftl``), in the language of the moment;
the refusals' ids are ``refusal-`` and the code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUIT_SYMBOLS, Card, card
from bot.games.core.game import View
from bot.games.core.rules import Rules
from bot.games.donkey import DonkeyView, LeadReason
from bot.ui.text.game import GameUI, seat_name
from bot.ui.text.i18n import text
from bot.ui.text.words import Formatter, Said, ordinal_form

# Why the lead passes on, by the reason a LeadPassed event names.
_LEAD_REASONS = {LeadReason.OUT: "donkey-lead-out", LeadReason.SITTING_OUT: "donkey-lead-sitting-out",
                 LeadReason.TIMED_OUT: "donkey-lead-timed-out"}


def __getattr__(name: str) -> object:
    # LEAD_REASONS is read as a module attribute, in the language of the moment.
    if name == "LEAD_REASONS":
        return {reason: text(message_id) for reason, message_id in _LEAD_REASONS.items()}
    raise AttributeError(name)


def ordinal(n: int) -> str:
    return text("donkey-ordinal", rank=n, form=ordinal_form(n))


class DonkeyUI(GameUI):
    game = "donkey"
    title = Said("donkey-title")
    colour = 0x6D4C41

    def table_lines(self, view: View, names: Sequence[str]) -> list[str]:
        assert isinstance(view, DonkeyView)

        def name(seat: int | None) -> str:
            return seat_name(seat, names, "—")

        if view.over:
            return [text("donkey-game-over-after", rounds=view.round_no)]
        suit = f"**{SUIT_SYMBOLS[view.active_suit]}**" if view.active_suit else text("donkey-suit-not-set")
        lines = [text("donkey-round-line", round=str(view.round_no), suit=suit, leader=name(view.leader))]
        if view.trick:
            lines.append(text("donkey-on-the-table", cards=[f"{c.symbol} ({name(s)})" for s, c in view.trick]))
        else:
            lines.append(text("donkey-on-the-table-nothing"))
        out = sorted((r, s) for s, r in enumerate(view.out_ranks) if r is not None)
        if out:
            lines.append(text("donkey-out-line", names=[f"{name(s)} ({ordinal(r)})" for r, s in out]))
        if view.sitting_out:
            lines.append(text("donkey-sitting-out-line", names=[name(s) for s in sorted(view.sitting_out)]))
        if view.sit_out_next:
            lines.append(text("donkey-sit-out-next-line", names=[name(s) for s in sorted(view.sit_out_next)]))
        lines.append(text("donkey-discard-line", count=view.discard_size))
        return lines

    def seat_note(self, view: View, seat: int) -> str:
        assert isinstance(view, DonkeyView)
        rank = view.out_ranks[seat]
        if rank is not None:
            if view.over and rank == len(view.out_ranks) and view.hand_counts[seat]:
                return text("donkey-note-donkey")
            return text("donkey-note-out", place=ordinal(rank))
        if seat in view.sitting_out:
            return text("donkey-note-sitting-out")
        if seat in view.sit_out_next:
            return text("donkey-note-sit-out-next")
        return ""

    def rules_in_force(self, rules: Rules) -> list[str]:
        return [text("donkey-in-force-anticlockwise"), text("donkey-in-force-no-house-rules")]

    def event_text(self, event: dict[str, Any], names: Sequence[str]) -> str | None:
        kind = event["event"]

        def name(seat: object) -> str:
            return seat_name(seat, names, "—")

        who = name(event.get("seat"))
        if kind == "Struck":
            return text("donkey-event-struck", who=who, card=card(event["card"]).symbol,
                        collector=name(event["collector"]), count=event["count"])
        if kind == "RoundWon":
            if event.get("seat") is None:
                return text("donkey-event-nobody-played")
            return text("donkey-event-round-won", who=who, card=card(event["card"]).symbol,
                        discarded=event["discarded"])
        if kind == "LeadPassed":
            reason_id = _LEAD_REASONS.get(event["reason"])
            reason = text(reason_id) if reason_id else event["reason"]
            return text("donkey-event-lead-passed", reason=reason, **{"from": name(event["from_seat"]),
                                                                         "to": name(event["to_seat"])})
        if kind == "WentOut":
            return text("donkey-event-went-out", who=who, place=ordinal(event["rank"]))
        if kind == "SitsOut":
            return text("donkey-event-sits-out", who=who, round=str(event["round_no"]))
        if kind == "SitOutForgiven":
            return text("donkey-event-sit-out-forgiven")
        if kind == "TimedOut":
            return text("donkey-event-timed-out", who=who)
        if kind == "RoundStarted":
            return None  # the table's first line says who leads; one line per trick would crowd the log
        if kind == "MatchOver":
            loser = event["result"].get("loser")
            if loser is None:
                return text("donkey-event-no-donkey")
            return text("donkey-event-the-donkey", loser=name(loser))
        return super().event_text(event, names)


# ------------------------------------------------------------ refused moves
# The words are the catalogue's (locales/<lang>/donkey.ftl, ids "refusal-" and the code).

EXAMPLE = "`play 9♣`"  # a command, typed alike in every language (the catalogue writes it out)


def _must_follow(card: Card, suit: str) -> str:
    return text("refusal-must-follow", suit=SUIT_SYMBOLS[suit])


SENTENCES: dict[str, Formatter] = {
    # What a move is.
    "not-a-donkey-move": lambda kind: text("refusal-not-a-donkey-move", kind=kind),
    "play-names-only-a-card": lambda: text("refusal-play-names-only-a-card"),
    "one-card-at-a-time": lambda cards: text("refusal-one-card-at-a-time"),
    # The card played.
    "must-lead-ace": lambda card, ace, max_seats: text("refusal-must-lead-ace", ace=ace, max_seats=max_seats),
    "must-follow": _must_follow,
}
