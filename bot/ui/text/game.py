"""How a game looks at the table: the words for its events and its public state.

The runtime and the Discord views are written once; each game gives a small
``GameUI`` that turns its ``View`` and its own events into lines of text. The
public table message is drawn from ``view(None)`` only, so it cannot show a
hand; a hand message adds ``view(seat)`` for its one owner.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any, ClassVar

from bot.games.cards import SUIT_SYMBOLS, Card, card, format_cards
from bot.games.core.game import View
from bot.games.core.moves import Demand, Move, MoveKind
from bot.ui.text import rules
from bot.ui.text.table import ENDED_BECAUSE

DOCS = resources.files(rules)  # the rules pages, package data (bot/ui/text/rules/<game>.md)


def ask_text(ask: str | Card | Demand | None) -> str:
    """What a play asks for, in words: a suit (``♥``), a card (``K♣``), a special card."""
    if ask is None:
        return ""
    if isinstance(ask, Card):
        return ask.symbol
    if ask == Demand.SPECIAL:
        return "a special card"
    return SUIT_SYMBOLS.get(ask, ask)


def seat_name(seat: object, names: Sequence[str], missing: str = "") -> str:
    """The player's name for a seat number taken from an event or a view (``missing``
    when there is none, or it is not a seat)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else missing


def cards_text(codes: Sequence[str]) -> str:
    return format_cards(card(c) for c in codes)


class GameUI:
    """Defaults that suit every game; subclasses add their own words."""

    game: ClassVar[str] = ""
    title: ClassVar[str] = ""
    # The game's name in a list of games to pick from (/leaderboard, /stats): the title
    # unless a game says more there.
    choice_name: ClassVar[str] = ""
    call_label: ClassVar[str] = "Call"
    colour: ClassVar[int] = 0x2E7D32

    @property
    def choice_title(self) -> str:
        return self.choice_name or self.title

    # ---- rules page
    def rules_markdown(self) -> str:
        """The game's rules page (package data, so any install has it)."""
        return rules.markdown(self.game) or rules.no_rules_page(self.title)

    def rules_pages(self) -> tuple[rules.RulesPage, ...]:
        """The rules page as messages: an overview, then each section (``rules.pages``)."""
        return rules.pages(self.rules_markdown())

    # ---- public state
    def table_lines(self, view: View, names: Sequence[str]) -> list[str]:
        """Lines about the public table (top card, what is asked, pending pick-up, ...)."""
        return []

    def seat_note(self, view: View, seat: int) -> str:
        """A short marker after a seat's card count (called, cardless, out, ...)."""
        return ""

    def rules_in_force(self, rules: dict[str, Any]) -> list[str]:
        return []

    def rule_title(self, name: str) -> str:
        """A rule switch's name for players (consent questions, footers)."""
        return name.replace("_", " ").capitalize()

    def rules_words(self, names: Sequence[str]) -> str:
        return " and ".join(self.rule_title(n) for n in names) or "these rules"

    # ---- extra controls
    def table_buttons(self, view: View) -> list[tuple[str, str]]:
        """Extra (key, label) buttons on the public table message during play, such as a
        plug or a challenge; a click offers the clicker ``table_button_moves``."""
        return []

    def table_button_moves(self, view: View, key: str, legal: Sequence[Move]) -> tuple[list[Move], bool]:
        """The clicker's legal moves behind table button ``key`` (from ``view``, their own),
        and whether to let them choose from a menu even when there is one."""
        return [], False

    def table_button_prompt(self, key: str) -> str:
        """The private question above the menu a table button opens."""
        return "Choose one (only you see this):"

    def button_plays(self, view: View, legal: Sequence[Move]) -> list[Move]:
        """Plays shown as their own buttons on the hand message (besides the menu)."""
        return []

    # ---- moves
    def move_label(self, view: View, move: Move) -> str:
        """The words on a button or a menu entry for a move."""
        if move.kind == MoveKind.DRAW:
            return "Draw"
        if move.kind == MoveKind.PASS:
            return "Pass"
        if move.kind == MoveKind.CALL:
            return self.call_label
        if move.kind == MoveKind.TIMEOUT:
            return "Sit out"
        if move.kind == MoveKind.HIDE:
            return f"Hide {format_cards(move.cards)}"
        label = format_cards(move.cards)
        if move.asking:
            label += f" → ask {ask_text(move.ask_suit if move.ask_suit is not None else move.demand)}"
        return label

    # ---- events
    def event_text(self, event: dict[str, Any], names: Sequence[str]) -> str | None:
        """Words for one event (as saved: ``Event.to_dict()``); None to leave it out."""
        kind = event["event"]
        who = seat_name(event.get("seat"), names)
        if kind == "Played":
            text = f"{who} played {cards_text(event['cards'])}"
            ask = event.get("ask")
            if ask:
                text += f", asking for {ask_text(card(ask) if len(ask) > 1 and ask != Demand.SPECIAL else ask)}"
            return text + "."
        if kind == "Drew":
            count = event["count"]
            noun = "card" if count == 1 else "cards"
            reason = event.get("reason", "draw")
            why = {"bomb": " (bomb)", "stack": " (draw stack)", "question": " (unanswered question)",
                   "penalty": " (penalty)", "cardless": " to get back in", "demand": " (demand)"}.get(reason, "")
            return f"{who} picked up {count} {noun}{why}."
        if kind == "Forgiven":
            return f"{who} was let off {event['count']}: no more cards to pick up."
        if kind == "Reshuffled":
            return f"The discard pile was shuffled into a new draw pile ({event['count']} cards)."
        if kind == "Skipped":
            return f"{who} was skipped."
        if kind == "Reversed":
            return "Direction reversed: now " + ("clockwise." if event["clockwise"] else "anticlockwise.")
        if kind == "Called":
            return f"{who} called **{self.call_label}**"
        if kind == "TimedOut":
            return f"{who} ran out of time."
        if kind == "RoundStarted":
            return f"Round {event['round_no']} — {names[event['first']]} starts."
        if kind == "RoundBlocked":
            return ("Nothing was left to draw and nobody laid a card for a whole turn of the table: "
                    "the round ends on points.")
        if kind == "RoundOver":
            winners = ", ".join(names[w] for w in event["result"]["winners"])
            return f"Round {event['round_no']} over: {winners} won."
        if kind == "MatchOver":
            winners = ", ".join(names[w] for w in event["result"]["winners"])
            return f"Game over: {winners} won."
        if kind == "ComputerTookSeat":
            return f"{who} timed out three times in a row: a computer plays for them until they act."
        if kind == "SeatTakenBack":
            return f"{who} is back and plays their own cards again."
        if kind == "HostPassed":
            return f"The host left: {who} is the host now."
        if kind == "SeatLeft":
            return f"{who} left; a computer plays on with their cards."
        if kind == "TableEnded":
            because = ENDED_BECAUSE.get(event.get("reason", ""))
            return f"The table was closed ({because})." if because else "The table was closed."
        if kind == "ConsentGiven":
            return f"Every player agreed: **{self.rules_words(event['rules'])}** is on."
        if kind == "ConsentRefused":
            words = self.rules_words(event["rules"])
            refuser = seat_name(event.get("seat"), names)
            if refuser:
                return f"{refuser} said no, so **{words}** is off: the game starts without it."
            return f"Not every player agreed in time, so **{words}** is off: the game starts without it."
        return None
