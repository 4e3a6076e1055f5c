"""Everything Kadi says, without Discord.

``KadiUI``: the public table and the game's own events in words, the labels of its
moves and of its table buttons. ``SENTENCES``: the sentence for each code its engine
refuses a move with (``bot/games/kadi/legality.py``), a formatter taking the
``IllegalMove``'s details as keyword arguments, merged by ``bot.ui.text.illegal``.
Cards print as players see them (``Q♠``), suits as their symbols.

The words are the catalogue's (``locales/<lang>/kadi.ftl``), in the language of the moment;
the refusals' ids are ``refusal-`` and the code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import ACE, SUIT_SYMBOLS, Card
from bot.games.core.game import View
from bot.games.core.moves import Move, MoveKind
from bot.games.core.rules import Rules
from bot.games.kadi.rules import KadiRules
from bot.games.kadi.view import KadiView
from bot.ui.text.game import GameUI, seat_name
from bot.ui.text.i18n import text
from bot.ui.text.words import Formatter, Said, rank_key

# The house-rule switches of /kadi new, in the order a table's footer lists them.
SWITCH_KEYS = ("punishment_accumulates", "bombs_answer_bombs", "forgotten_call_costs_a_card", "ace_finish",
               "no_jokers", "deal_5")


def switch_name(key: str) -> str:
    return text(f"kadi-switch-{key}")


def __getattr__(name: str) -> object:
    # SWITCH_NAMES is read as a module attribute, in the language of the moment.
    if name == "SWITCH_NAMES":
        return {key: switch_name(key) for key in SWITCH_KEYS}
    raise AttributeError(name)


class KadiUI(GameUI):
    game = "kadi"
    title = Said("kadi-title")
    call_label = Said("kadi-call")
    colour = 0xC62828

    def table_lines(self, view: View, names: Sequence[str]) -> list[str]:
        assert isinstance(view, KadiView)
        lines = [text("kadi-top-card", top=view.top.symbol)]
        if view.base is not None and view.base is not view.top:
            lines[0] += text("kadi-play-on", base=view.base.symbol)
        if view.demand is not None:
            lines.append(text("kadi-asked-for", ask=view.demand.symbol))
        elif view.ask_suit is not None:
            lines.append(text("kadi-asked-for", ask=SUIT_SYMBOLS[view.ask_suit]))
        if view.pick_up:
            lines.append(text("kadi-pending-bomb", bomb=view.pick_up))
        if view.skips:
            lines.append(text("kadi-pending-jump", skips=view.skips))
        lines.append(text("kadi-direction", clockwise=view.clockwise, draw=view.draw_size,
                          discard=view.discard_size))
        if view.call_window is not None:
            lines.append(text("kadi-call-window", name=names[view.call_window]))
        if view.rounds > 1:
            tally = ", ".join(f"{names[i]} {w}" for i, w in enumerate(view.round_wins))
            lines.append(text("kadi-match-tally", round=str(view.round_no), rounds=view.rounds, tally=tally))
        return lines

    def seat_note(self, view: View, seat: int) -> str:
        assert isinstance(view, KadiView)
        notes = []
        if seat in view.called:
            notes.append(text("kadi-note-called"))
        if seat in view.cardless:
            notes.append(text("kadi-note-cardless"))
        return " ".join(notes)

    def rules_in_force(self, rules: Rules) -> list[str]:
        assert isinstance(rules, KadiRules)
        shown = [switch_name(key) for key in SWITCH_KEYS if getattr(rules, key)]
        extra = [text("kadi-deal", deal=rules.deal)]
        if rules.rounds > 1:
            extra.append(text("kadi-rounds", rounds=rules.rounds))
        return extra + shown

    def move_label(self, view: View, move: Move) -> str:
        if isinstance(view, KadiView):
            if move.kind == MoveKind.DRAW and view.pick_up and view.seat is not None:
                return text("kadi-move-pick-up", count=view.pick_up)
            if move.kind == MoveKind.DRAW and view.seat in view.cardless:
                return text("kadi-move-draw-back-in")
            if move.kind == MoveKind.PASS:
                return text("kadi-move-take-skip")
        return super().move_label(view, move)

    def event_text(self, event: dict[str, Any], names: Sequence[str]) -> str | None:
        kind = event["event"]
        who = seat_name(event.get("seat"), names)
        if kind == "WentCardless":
            return text("kadi-event-went-cardless", who=who)
        if kind == "CallCancelled":
            return text("kadi-event-call-cancelled", who=who)
        if kind == "PlayAgain":
            return text("kadi-event-play-again", who=who)
        if kind == "BombBlocked":
            return text("kadi-event-bomb-blocked", who=who)
        if kind == "RequestCancelled":
            suit = event.get("suit")
            if suit:
                return text("kadi-event-request-cancelled-suit", who=who, suit=SUIT_SYMBOLS[suit])
            return text("kadi-event-request-cancelled", who=who)
        if kind == "JumpDropped":
            return text("kadi-event-jump-dropped", who=who)
        return super().event_text(event, names)


# ------------------------------------------------------------ refused moves
# The words are the catalogue's (locales/<lang>/kadi.ftl, ids "refusal-" and the code);
# what English says with an article ("an 8", "a Joker") goes there as the bare rank.

def _bomb_not_countered(card: Card, bomb: int, bomb_kind: int, any_bomb: bool) -> str:
    counter = text("kadi-counter-any-bomb") if any_bomb else text("kadi-counter-bomb", rank=rank_key(bomb_kind))
    return text("refusal-bomb-not-countered", card=card, bomb=bomb, counter=counter)


def _no_match(card: Card, base: Card) -> str:
    suit = SUIT_SYMBOLS[base.suit]
    if base.rank == ACE:  # an Ace that blocked a bomb: "or an Ace" says it once
        return text("refusal-no-match-on-ace", card=card, base=base, suit=suit)
    return text("refusal-no-match", card=card, base=base, suit=suit, rank=rank_key(base.rank))


def _not_the_joker_colour(card: Card, joker: Card) -> str:
    return text("refusal-not-the-joker-colour", card=card, joker=joker, colour="red" if joker.suit == "R" else "black")


def _refusal(code: str) -> str:
    return text(f"refusal-{code}")


SENTENCES: dict[str, Formatter] = {
    # What kind of move.
    "not-a-kadi-move": lambda kind: text("refusal-not-a-kadi-move", kind=kind),
    "cardless-must-draw": lambda: _refusal("cardless-must-draw"),
    "skipped-cannot-draw": lambda: _refusal("skipped-cannot-draw"),
    "no-skip-to-take": lambda: _refusal("no-skip-to-take"),
    # Niko Kadi.
    "already-called": lambda: _refusal("already-called"),
    "call-needs-winning-hand": lambda: _refusal("call-needs-winning-hand"),
    "call-window-closed": lambda: _refusal("call-window-closed"),
    # The cards named.
    "not-a-card-value": lambda: _refusal("not-a-card-value"),
    "ranks-differ": lambda first, card: text("refusal-ranks-differ", first=first, card=card),
    "ask-without-ace": lambda: _refusal("ask-without-ace"),
    # The first card: a jump, a bomb, a request, the card to match.
    "skipped-jacks-only": lambda: _refusal("skipped-jacks-only"),
    "question-on-bomb": lambda: _refusal("question-on-bomb"),
    "bomb-not-countered": _bomb_not_countered,
    "not-the-demanded-card": lambda card, demand: text("refusal-not-the-demanded-card", card=card, demand=demand),
    "joker-on-suit-request": lambda card, suit: text("refusal-joker-on-suit-request", suit=SUIT_SYMBOLS[suit]),
    "not-the-asked-suit": lambda card, suit: text("refusal-not-the-asked-suit", card=card, suit=SUIT_SYMBOLS[suit]),
    "not-the-joker-colour": _not_the_joker_colour,
    "no-match": _no_match,
    # Aces.
    "aces-only": lambda first, card: text("refusal-aces-only", first=first, card=card),
    "ask-on-bomb": lambda: _refusal("ask-on-bomb"),
    "ace-needs-ask": lambda: _refusal("ace-needs-ask"),
    "demand-needs-spades-or-two": lambda: _refusal("demand-needs-spades-or-two"),
    "ask-needs-spades": lambda on_demand: text("refusal-ask-needs-spades", on_demand=bool(on_demand)),
    "ace-demanded": lambda card: _refusal("ace-demanded"),
    "no-jokers": lambda card: _refusal("no-jokers"),
    "demand-under-aces": lambda card: text("refusal-demand-under-aces", card=card),
    "not-a-kadi-ask": lambda: _refusal("not-a-kadi-ask"),
    # Questions and answers.
    "question-after-answer": lambda card: text("refusal-question-after-answer", card=card),
    "not-an-answer": lambda card: text("refusal-not-an-answer", card=card),
    "answers-differ": lambda first, card: text("refusal-answers-differ", first=first, card=card),
    "wrong-answer-suit": lambda answer, question: text(
        "refusal-wrong-answer-suit", answer=answer, question=question, suit=SUIT_SYMBOLS[question.suit]),
    # The Jack chain finish.
    "chain-jacks-first": lambda: _refusal("chain-jacks-first"),
    "jack-with-others": lambda first, card: text("refusal-jack-with-others", first=first, card=card),
    "chain-needs-call": lambda: _refusal("chain-needs-call"),
    "chain-while-cardless": lambda seat: text("refusal-chain-while-cardless", seat=seat),
    "chain-jack-count": lambda opponents: text("refusal-chain-jack-count", opponents=opponents),
    "chain-needs-winning-set": lambda: _refusal("chain-needs-winning-set"),
    "chain-suit": lambda card, jack: text("refusal-chain-suit", card=card, jack=jack),
    "chain-questions-first": lambda: _refusal("chain-questions-first"),
}
