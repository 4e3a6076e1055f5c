"""Kadi at the table: its public state and its own events in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUIT_SYMBOLS
from bot.games.core.game import View
from bot.games.core.moves import Move, MoveKind
from bot.games.kadi.view import KadiView
from bot.ui.game_ui import GameUI, seat_name

SWITCH_NAMES = {
    "punishment_accumulates": "Punishment accumulates",
    "bombs_answer_bombs": "Bombs answer bombs",
    "forgotten_call_costs_a_card": "Forgotten call costs a card",
    "ace_finish": "Ace finish",
    "no_jokers": "No Jokers",
    "deal_5": "Deal 5",
}


class KadiUI(GameUI):
    game = "kadi"
    title = "Kadi"
    call_label = "Niko Kadi!"
    colour = 0xC62828

    def table_lines(self, view: View, names: Sequence[str]) -> list[str]:
        assert isinstance(view, KadiView)
        lines = [f"Top card: **{view.top.symbol}**"]
        if view.base is not None and view.base is not view.top:
            lines[0] += f" (play on {view.base.symbol})"
        if view.demand is not None:
            lines.append(f"Asked for: **{view.demand.symbol}** (or an Ace)")
        elif view.ask_suit is not None:
            lines.append(f"Asked for: **{SUIT_SYMBOLS[view.ask_suit]}** (or an Ace)")
        if view.bomb:
            lines.append(f"💣 Pending pick-up: **{view.bomb}** cards")
        if view.skips:
            lines.append(f"⏭ Pending jump: **{view.skips}** skip{'s' if view.skips != 1 else ''}")
        direction = "clockwise" if view.clockwise else "anticlockwise"
        lines.append(f"Direction: {direction} · draw pile {view.draw_size} · discard pile {view.discard_size}")
        if view.call_window is not None:
            lines.append(f"📣 {names[view.call_window]} may call **Niko Kadi!** until the next player moves.")
        if view.rounds > 1:
            tally = ", ".join(f"{names[i]} {w}" for i, w in enumerate(view.round_wins))
            lines.append(f"Round {view.round_no} of {view.rounds} · wins: {tally}")
        return lines

    def seat_note(self, view: View, seat: int) -> str:
        assert isinstance(view, KadiView)
        notes = []
        if seat in view.called:
            notes.append("📣 Niko Kadi")
        if seat in view.cardless:
            notes.append("(cardless)")
        return " ".join(notes)

    def rules_in_force(self, rules: dict[str, Any]) -> list[str]:
        shown = [name for key, name in SWITCH_NAMES.items() if rules.get(key)]
        deal = rules.get("deal", 4)
        rounds = rules.get("rounds", 1)
        extra = [f"deal {deal}"]
        if rounds > 1:
            extra.append(f"{rounds} rounds")
        return extra + shown

    def move_label(self, view: View, move: Move) -> str:
        if isinstance(view, KadiView):
            if move.kind == MoveKind.DRAW and view.bomb and view.seat is not None:
                return f"Pick up {view.bomb}"
            if move.kind == MoveKind.DRAW and view.seat in view.cardless:
                return "Draw back in"
            if move.kind == MoveKind.PASS:
                return "Take the skip"
        return super().move_label(view, move)

    def event_text(self, event: dict[str, Any], names: Sequence[str]) -> str | None:
        kind = event["event"]
        who = seat_name(event.get("seat"), names)
        if kind == "WentCardless":
            return f"{who} ran out without a call and is **cardless**: they draw back in next turn."
        if kind == "CallCancelled":
            return f"Drawing cancelled {who}'s Niko Kadi call."
        if kind == "PlayAgain":
            return f"{who} plays again."
        if kind == "BombBlocked":
            return f"{who} blocked the bomb with an Ace."
        if kind == "RequestCancelled":
            suit = event.get("suit")
            return f"{who}'s Aces took the request off" + (f" ({SUIT_SYMBOLS[suit]} still asked)." if suit else ".")
        if kind == "JumpDropped":
            return f"The jump ends at {who}, who laid a Jack in it."
        return super().event_text(event, names)
