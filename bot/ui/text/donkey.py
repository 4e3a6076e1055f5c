"""Everything Donkey says, without Discord.

``DonkeyUI``: the public table and the game's own events in words, the labels of its
moves and of its table buttons. ``SENTENCES``: the sentence for each code its engine
refuses a move with (``bot/games/donkey/legality.py``), a formatter taking the
``IllegalMove``'s details as keyword arguments, merged by ``bot.ui.text.illegal``.
Cards print as players see them (``Q♠``), suits as their symbols.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUIT_SYMBOLS, Card, card
from bot.games.core.game import View
from bot.games.donkey import DonkeyView, LeadReason
from bot.ui.text.game import GameUI, seat_name
from bot.ui.text.words import Formatter

LEAD_REASONS = {LeadReason.OUT: "who has gone out", LeadReason.SITTING_OUT: "who sits this round out",
                LeadReason.TIMED_OUT: "whose time ran out"}


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class DonkeyUI(GameUI):
    game = "donkey"
    title = "Donkey"
    colour = 0x6D4C41

    def table_lines(self, view: View, names: Sequence[str]) -> list[str]:
        assert isinstance(view, DonkeyView)

        def name(seat: int | None) -> str:
            return seat_name(seat, names, "—")

        if view.over:
            return [f"Game over after {view.round_no} round{'s' if view.round_no != 1 else ''}."]
        suit = f"**{SUIT_SYMBOLS[view.active_suit]}**" if view.active_suit else "not set yet (the lead sets it)"
        lines = [f"Round {view.round_no} · active suit: {suit} · {name(view.leader)} leads"]
        if view.trick:
            lines.append("On the table: " + ", ".join(f"{c.symbol} ({name(s)})" for s, c in view.trick))
        else:
            lines.append("On the table: nothing yet.")
        out = sorted((r, s) for s, r in enumerate(view.out_ranks) if r is not None)
        if out:
            lines.append("🏁 Out: " + ", ".join(f"{name(s)} ({ordinal(r)})" for r, s in out))
        if view.sitting_out:
            lines.append("💤 Sitting this round out: " + ", ".join(name(s) for s in sorted(view.sitting_out)))
        if view.sit_out_next:
            lines.append("⏭ Sits out next round (time ran out): "
                         + ", ".join(name(s) for s in sorted(view.sit_out_next)))
        lines.append(f"Discard pile: {view.discard_count} cards")
        return lines

    def seat_note(self, view: View, seat: int) -> str:
        assert isinstance(view, DonkeyView)
        rank = view.out_ranks[seat]
        if rank is not None:
            if view.over and rank == len(view.out_ranks) and view.hand_counts[seat]:
                return "🫏 the Donkey"
            return f"🏁 out ({ordinal(rank)})"
        if seat in view.sitting_out:
            return "💤 sits this round out"
        if seat in view.sit_out_next:
            return "⏭ sits out next round"
        return ""

    def rules_in_force(self, rules: dict[str, Any]) -> list[str]:
        return ["anticlockwise", "no house rules"]

    def event_text(self, event: dict[str, Any], names: Sequence[str]) -> str | None:
        kind = event["event"]

        def name(seat: object) -> str:
            return seat_name(seat, names, "—")

        who = name(event.get("seat"))
        if kind == "Struck":
            return (f"⚡ {who} struck with {card(event['card']).symbol}: {name(event['collector'])} collects "
                    f"{event['count']} card{'s' if event['count'] != 1 else ''} and leads next.")
        if kind == "RoundWon":
            if event.get("seat") is None:
                return "Nobody played a card this round."
            return (f"{who} won the round with {card(event['card']).symbol} "
                    f"({event['discarded']} cards to the discard pile).")
        if kind == "LeadPassed":
            reason = LEAD_REASONS.get(event["reason"], event["reason"])
            return f"The lead passes from {name(event['from_seat'])}, {reason}, to {name(event['to_seat'])}."
        if kind == "WentOut":
            return f"🏁 {who} is out — {ordinal(event['rank'])} place."
        if kind == "SitsOut":
            return f"💤 {who} sits out round {event['round_no']} (their time ran out), keeping their cards."
        if kind == "SitOutForgiven":
            return "Everybody left would sit this round out, so nobody does."
        if kind == "TimedOut":
            return f"⏱ {who} ran out of time: no card this round, and they sit out the next."
        if kind == "RoundStarted":
            return None  # the table's first line says who leads; one line per trick would crowd the log
        if kind == "MatchOver":
            loser = event["result"].get("loser")
            if loser is None:
                return "Game over: the last players went out together — a tie, and no Donkey."
            return f"Game over: 🫏 **{name(loser)}** is the Donkey!"
        return super().event_text(event, names)


# ------------------------------------------------------------ refused moves

EXAMPLE = "`play 9♣`"


def _must_follow(card: Card, suit: str) -> str:
    symbol = SUIT_SYMBOLS[suit]
    return f"You must follow {symbol}: you hold a {symbol}."


SENTENCES: dict[str, Formatter] = {
    # What a move is.
    "not-a-donkey-move": lambda kind: f"There is no `{kind}` in Donkey: play one card, such as {EXAMPLE}.",
    "play-names-only-a-card": lambda: f"A Donkey play names only its card, such as {EXAMPLE}.",
    "one-card-at-a-time": lambda cards: "Play one card at a time.",
    # The card played.
    "must-lead-ace": lambda card, ace, max_seats: (
        f"You must lead {ace}: with 2 to {max_seats} players the first round starts with it."
    ),
    "must-follow": _must_follow,
}
