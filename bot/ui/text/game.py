"""How a game looks at the table: the words for its events and its public state.

The runtime and the Discord views are written once; each game gives a small
``GameUI`` that turns its ``View`` and its own events into lines of text. The
public table message is drawn from ``view(None)`` only, so it cannot show a
hand; a hand message adds ``view(seat)`` for its one owner.

The shared words are the catalogue's (``locales/<lang>/game.ftl``), in the language of
the moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any, ClassVar

from bot.games.cards import SUIT_SYMBOLS, Card, card, format_cards
from bot.games.core.game import View
from bot.games.core.moves import Demand, Move, MoveKind
from bot.games.core.rules import Rules
from bot.ui.text import rules
from bot.ui.text import table as table_words
from bot.ui.text.i18n import text

DOCS = resources.files(rules)  # the rules pages, package data (bot/ui/text/rules/<game>.md)


def ask_text(ask: str | Card | Demand | None) -> str:
    """What a play asks for, in words: a suit (``♥``), a card (``K♣``), a special card."""
    if ask is None:
        return ""
    if isinstance(ask, Card):
        return ask.symbol
    if ask == Demand.SPECIAL:
        return text("game-ask-special-card")
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
    # The game's call (Niko Kadi!); "" for the catalogue's word ("Call").
    call_label: ClassVar[str] = ""
    colour: ClassVar[int] = 0x2E7D32

    @property
    def choice_title(self) -> str:
        return self.choice_name or self.title

    def call_word(self) -> str:
        """The call's name on its button and in its event."""
        return self.call_label or text("game-move-call")

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

    def rules_in_force(self, rules: Rules) -> list[str]:
        """What the table shows of its rules (the lobby's and the table message's footer)."""
        return []

    def rule_title(self, name: str) -> str:
        """A rule switch's name for players (consent questions, footers)."""
        return name.replace("_", " ").capitalize()

    def rules_words(self, names: Sequence[str]) -> str:
        titles = [self.rule_title(n) for n in names]
        if not titles:
            return text("screen-these-rules")
        joined = titles[0]
        for title in titles[1:]:
            joined = text("game-and", first=joined, second=title)
        return joined

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
        return text("game-table-button-prompt")

    def button_plays(self, view: View, legal: Sequence[Move]) -> list[Move]:
        """Plays shown as their own buttons on the hand message (besides the menu)."""
        return []

    # ---- moves
    def move_label(self, view: View, move: Move) -> str:
        """The words on a button or a menu entry for a move."""
        if move.kind == MoveKind.DRAW:
            return text("game-move-draw")
        if move.kind == MoveKind.PASS:
            return text("game-move-pass")
        if move.kind == MoveKind.CALL:
            return self.call_word()
        if move.kind == MoveKind.TIMEOUT:
            return text("game-move-sit-out")
        if move.kind == MoveKind.HIDE:
            return text("game-move-hide", cards=format_cards(move.cards))
        label = format_cards(move.cards)
        if move.asking:
            asked = ask_text(move.ask_suit if move.ask_suit is not None else move.demand)
            return text("game-move-play-ask", cards=label, ask=asked)
        return label

    # ---- events
    def event_text(self, event: dict[str, Any], names: Sequence[str]) -> str | None:
        """Words for one event (as saved: ``Event.to_dict()``); None to leave it out."""
        kind = event["event"]
        who = seat_name(event.get("seat"), names)
        if kind == "Played":
            cards = cards_text(event["cards"])
            ask = event.get("ask")
            if ask:
                asked = ask_text(card(ask) if len(ask) > 1 and ask != Demand.SPECIAL else ask)
                return text("game-event-played-ask", who=who, cards=cards, ask=asked)
            return text("game-event-played", who=who, cards=cards)
        if kind == "Drew":
            return text("game-event-drew", who=who, count=event["count"], reason=event.get("reason", "draw"))
        if kind == "Forgiven":
            return text("game-event-forgiven", who=who, count=event["count"])
        if kind == "Reshuffled":
            return text("game-event-reshuffled", count=event["count"])
        if kind == "Skipped":
            return text("game-event-skipped", who=who)
        if kind == "Reversed":
            return text("game-event-reversed", clockwise=bool(event["clockwise"]))
        if kind == "Called":
            return text("game-event-called", who=who, call=self.call_word())
        if kind == "TimedOut":
            return text("game-event-timed-out", who=who)
        if kind == "RoundStarted":
            return text("game-event-round-started", round=str(event["round_no"]), first=names[event["first"]])
        if kind == "RoundBlocked":
            return text("game-event-round-blocked")
        if kind == "RoundOver":
            winners = ", ".join(names[w] for w in event["result"]["winners"])
            return text("game-event-round-over", round=str(event["round_no"]), winners=winners)
        if kind == "MatchOver":
            winners = ", ".join(names[w] for w in event["result"]["winners"])
            return text("game-event-match-over", winners=winners)
        if kind == "ComputerTookSeat":
            return text("game-event-computer-took-seat", who=who)
        if kind == "SeatTakenBack":
            return text("game-event-seat-taken-back", who=who)
        if kind == "HostPassed":
            return text("game-event-host-passed", who=who)
        if kind == "SeatLeft":
            return text("game-event-seat-left", who=who)
        if kind == "TableEnded":
            because = table_words.ENDED_BECAUSE.get(event.get("reason", ""))
            return text("game-event-table-ended", reason=because) if because else text("game-event-table-closed")
        if kind == "ConsentGiven":
            return text("game-event-consent-given", rules=self.rules_words(event["rules"]))
        if kind == "ConsentRefused":
            words = self.rules_words(event["rules"])
            refuser = seat_name(event.get("seat"), names)
            if refuser:
                return text("game-event-consent-refused", who=refuser, rules=words)
            return text("game-event-consent-timed-out", rules=words)
        return None
