"""Everything Karata and Kadi Moja says, without Discord.

``KarataUI``: the public table and the game's own events in words, the labels of its
moves and of its table buttons. ``SENTENCES``: the sentence for each code its engine
refuses a move with (``bot/games/karata/legality.py``), a formatter taking the
``IllegalMove``'s details as keyword arguments, merged by ``bot.ui.text.illegal``.
Cards print as players see them (``Q♠``), suits as their symbols.

The words are the catalogue's (``locales/<lang>/karata.ftl``), in the language of the moment;
the refusals' ids are ``refusal-`` and the code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import JACK, JOKER, SUIT_SYMBOLS, Card, card
from bot.games.core.game import View
from bot.games.core.moves import Demand, Move, MoveKind
from bot.games.core.rules import Rules
from bot.games.karata.events import NotFinishedReason
from bot.games.karata.rules import (
    PLUG_WINDOW_SECONDS,
    CallRule,
    Deal,
    Elimination,
    KarataRules,
    StackAnswer,
    UnmetDemand,
)
from bot.games.karata.state import Phase
from bot.games.karata.view import KarataView
from bot.ui.text.game import GameUI, cards_text, seat_name
from bot.ui.text.i18n import text
from bot.ui.text.words import Formatter, Said, ordinal_form, rank_key

# The rule switches a table asks its players to agree to (consent), by name.
RULE_KEYS = ("cheat_mode", "call_rule", "elimination")


def special_words() -> str:
    return text("karata-special-words")


def __getattr__(name: str) -> object:
    # SPECIAL_WORDS and RULE_TITLES are read as module attributes, in the language of the moment.
    if name == "SPECIAL_WORDS":
        return special_words()
    if name == "RULE_TITLES":
        return {key: text(f"karata-rule-{key}") for key in RULE_KEYS}
    raise AttributeError(name)


def _ordinal(n: int) -> str:
    return text("karata-ordinal", rank=n, form=ordinal_form(n))


class KarataUI(GameUI):
    game = "karata"
    title = Said("karata-title")
    choice_name = Said("karata-choice-name")
    call_label = Said("karata-call")
    colour = 0x1565C0

    # ------------------------------------------------------------- the table
    def table_lines(self, view: View, names: Sequence[str]) -> list[str]:
        assert isinstance(view, KarataView)
        rules = view.rules
        lines = [text("karata-top-line", kadi_moja=rules.deal == Deal.SEVEN,
                      top=view.top.symbol if view.top else "—")]
        turn = seat_name(view.turn, names, "—")
        if view.pick_up:
            lines.append(text("karata-stack-line", turn=turn, stack=view.pick_up,
                              same_kind=rules.stack_answer == StackAnswer.SAME_KIND))
        if view.phase == Phase.PLUG:
            lines.append(text("karata-plug-line", turn=turn, seconds=round(PLUG_WINDOW_SECONDS)))
        elif view.skips:
            lines.append(text("karata-pending-skips", skips=view.skips))
        if view.demand == Demand.SPECIAL:
            lines.append(text("karata-demand-special", turn=turn))
        elif view.ask_suit is not None:
            lines.append(text("karata-demand-suit", turn=turn, suit=SUIT_SYMBOLS[view.ask_suit]))
        if view.phase == Phase.KEEP:
            lines.append(text("karata-keep-line", turn=turn))
        lines.append(text("karata-direction", clockwise=view.clockwise, draw=view.draw_size))
        if view.empty_draws:
            # Warn the table before a blocked round ends it (rules-decisions, "A blocked round").
            players = len(view.hand_counts) - len(view.out)
            lines.append(text("karata-empty-draws", empty=view.empty_draws, players=players))
        if rules.call_rule == CallRule.MISSED_CALL_DRAWS_TWO:
            for seat, count in enumerate(view.hand_counts):
                if count == 1 and seat not in view.called and seat not in view.out and seat < len(names):
                    lines.append(text("karata-one-card-line", name=names[seat]))
        if rules.elimination != Elimination.OFF:
            scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(view.scores) if s < len(names))
            lines.append(text("karata-elimination-line", round=str(view.round_no), scores=scores,
                              knock_out=rules.elimination == Elimination.KNOCK_OUT, ceiling=rules.points_ceiling))
            if view.out:
                lines.append(text("karata-out-line", names=[names[s] for s in sorted(view.out) if s < len(names)]))
        if rules.cheat_mode:
            lines.append(text("karata-cheat-line"))
        return lines

    def seat_note(self, view: View, seat: int) -> str:
        assert isinstance(view, KarataView)
        notes = []
        if seat in view.out:
            notes.append(text("karata-note-out"))
        if seat in view.called:
            notes.append(text("karata-note-called"))
        if view.rules.elimination != Elimination.OFF and seat not in view.out:
            notes.append(text("karata-note-points", points=view.scores[seat]))
        return " ".join(notes)

    def rules_in_force(self, rules: Rules) -> list[str]:
        assert isinstance(rules, KarataRules)
        shown = [text("karata-preset-kadi-moja" if rules.deal == Deal.SEVEN else "karata-preset-karata")]
        if rules.call_rule == CallRule.MUST_CALL_TO_WIN:
            shown.append(text("karata-in-force-must-call"))
        if rules.elimination == Elimination.KNOCK_OUT:
            shown.append(text("karata-in-force-knock-out"))
        elif rules.elimination == Elimination.POINTS_CEILING:
            shown.append(text("karata-in-force-ceiling", ceiling=rules.points_ceiling))
        if rules.cheat_mode:
            shown.append(text("karata-in-force-cheat"))
        return shown

    def rule_title(self, name: str) -> str:
        return text(f"karata-rule-{name}") if name in RULE_KEYS else super().rule_title(name)

    # ------------------------------------------------------------- controls
    def table_buttons(self, view: View) -> list[tuple[str, str]]:
        assert isinstance(view, KarataView)
        buttons = []
        if view.phase == Phase.PLUG:
            buttons.append(("plug", text("karata-button-plug")))
        if view.rules.cheat_mode and not view.over:
            buttons.append(("challenge", text("karata-button-challenge")))
        return buttons

    def table_button_moves(self, view: View, key: str, legal: Sequence[Move]) -> tuple[list[Move], bool]:
        assert isinstance(view, KarataView)
        if key == "plug" and view.phase == Phase.PLUG:
            return [m for m in legal if m.kind == MoveKind.PLAY], False
        if key == "challenge":
            return [m for m in legal if m.kind == MoveKind.CHALLENGE], True
        return [], False

    def table_button_prompt(self, key: str) -> str:
        if key == "challenge":
            return text("karata-prompt-challenge")
        return text("karata-prompt-plug")

    def button_plays(self, view: View, legal: Sequence[Move]) -> list[Move]:
        assert isinstance(view, KarataView)
        if view.seat != view.turn:
            return []
        if view.phase == Phase.PLUG:
            return [m for m in legal if m.kind == MoveKind.PLAY][:4]
        if view.phase == Phase.KEEP:
            return [m for m in legal if m.kind == MoveKind.PLAY and not m.asking][:1]
        return []

    def move_label(self, view: View, move: Move) -> str:
        if not isinstance(view, KarataView):
            return super().move_label(view, move)
        own_turn = view.seat is not None and view.seat == view.turn
        if move.kind == MoveKind.DRAW:
            if view.pick_up:
                return text("karata-move-pick-up", count=view.pick_up)
            if not view.hand:
                return text("karata-move-draw-one")
            asked = view.ask_suit is not None or view.demand is not None
            if asked and view.rules.unmet_demand == UnmetDemand.DRAW_UNTIL:
                return text("karata-move-draw-until")
            return text("karata-move-draw")
        if move.kind == MoveKind.PASS:
            if view.phase == Phase.PLUG:
                return text("karata-move-take-skip")
            if view.phase == Phase.KEEP:
                return text("karata-move-keep")
            return text("karata-move-pass")
        if move.kind == MoveKind.CALL:
            return self.call_label
        played = cards_text([c.code for c in move.cards])
        if move.kind == MoveKind.PLAY and own_turn and view.phase == Phase.PLUG:
            return text("karata-move-plug", cards=played)
        if move.kind == MoveKind.PLAY and own_turn and view.phase == Phase.KEEP:
            if move.asking:
                ask = special_words() if move.demand == Demand.SPECIAL else SUIT_SYMBOLS.get(str(move.ask_suit), "")
                return text("karata-move-play-now-ask", cards=played, ask=ask)
            return text("karata-move-play-now", cards=played)
        cards = move.cards
        if move.kind == MoveKind.PLAY and len(cards) > 1 and cards[0].rank == JACK and cards[1].rank != JACK:
            return text("karata-move-carrying", jack=cards[0].symbol, cards=cards_text([c.code for c in cards[1:]]))
        if move.kind == MoveKind.PLAY and move.demand == Demand.SPECIAL:
            return text("karata-move-ask-special", cards=played)
        return super().move_label(view, move)

    # ------------------------------------------------------------- events
    def event_text(self, event: dict[str, Any], names: Sequence[str]) -> str | None:
        kind = event["event"]
        who = seat_name(event.get("seat"), names)
        if kind == "Played" and event.get("ask") == Demand.SPECIAL:
            return text("karata-event-played-special", who=who, cards=cards_text(event["cards"]))
        if kind == "Kept":
            return text("karata-event-kept", who=who)
        if kind == "SkipDropped":
            return text("karata-event-skip-dropped", who=who)
        if kind == "NotFinished":
            if event.get("reason") == NotFinishedReason.SPECIAL_UNCALLED:
                # A Drew(..., "penalty") follows; the hand is no longer empty, so no draw next turn.
                return text("karata-event-special-uncalled", who=who)
            if event.get("reason") == NotFinishedReason.UNCALLED:
                # A Drew(..., "penalty") follows: 1 card under must call to win, 2 in Kadi Moja.
                return text("karata-event-uncalled", who=who)
            return text("karata-event-special-last", who=who)
        if kind == "Challenged":
            challenger = seat_name(event["challenger"], names)
            target = seat_name(event["target"], names)
            said = "karata-event-challenge-right" if event["right"] else "karata-event-challenge-wrong"
            return text(said, challenger=challenger, target=target)
        if kind == "Eliminated":
            return text("karata-event-eliminated", who=who, points=event["points"])
        if kind == "Drew" and event.get("reason") == "cardless":
            return text("karata-event-drew-cardless", who=who)
        if kind == "RoundBlocked":
            return text("karata-event-round-blocked")
        if kind == "RoundStarted":
            first = seat_name(event["first"], names)
            if event.get("top"):
                return text("karata-event-round-started-on", round=str(event["round_no"]), first=first,
                            top=card(event["top"]).symbol)
            return text("karata-event-round-started", round=str(event["round_no"]), first=first)
        if kind == "RoundOver":
            result = event["result"]
            winners = ", ".join(names[w] for w in result["winners"] if w < len(names))
            if result.get("loser") is not None and result["loser"] < len(names):
                return text("karata-event-round-over-cheat", round=str(event["round_no"]), winners=winners,
                            loser=names[result["loser"]])
            return text("karata-event-round-over", round=str(event["round_no"]), winners=winners)
        if kind == "MatchOver":
            result = event["result"]
            winners = ", ".join(names[w] for w in result["winners"] if w < len(names))
            if result.get("out"):
                return text("karata-event-last-standing", winners=winners)
            ranks = result["ranks"]
            standing = sorted((r, i) for i, r in enumerate(ranks) if r is not None and i < len(names))
            order = ", ".join(text("karata-standing", place=_ordinal(r), name=names[i], points=result["points"][i])
                              for r, i in standing)
            return text("karata-event-game-over", winners=winners, order=order)
        return super().event_text(event, names)


# ------------------------------------------------------------ refused moves
# The words are the catalogue's (locales/<lang>/karata.ftl, ids "refusal-" and the code).

def a_rank(card: Card) -> str:
    """A rank as the refusals name it, with its article: "a 9", "an 8", "a Jack"."""
    return text("karata-a-rank", rank=rank_key(card.rank))


def _stack_same_kind(card: Card, top: Card) -> str:
    # Only a 2 or a Joker can be laid on a stack (or a stack be pending on a top card).
    need = "Joker" if top.rank == JOKER else "2"
    mine = "Joker" if card.rank == JOKER else "2"
    return text("refusal-stack-same-kind", mine=mine, need=need)


def _top_not_matched(card: Card, top: Card) -> str:
    suit = SUIT_SYMBOLS[top.suit]
    if top.rank == JACK:  # the Jack's demand is met or drawn: its suit, or another Jack
        return text("refusal-top-not-matched-jack", card=card, top=top, suit=suit)
    return text("refusal-top-not-matched", card=card, top=top, suit=suit, rank=rank_key(top.rank))


def _joker_colour(card: Card, top: Card) -> str:
    return text("refusal-joker-colour", card=card, top=top, colour="red" if top.suit == "R" else "black")


def _refusal(code: str) -> str:
    return text(f"refusal-{code}")


SENTENCES: dict[str, Formatter] = {
    # What kind of move.
    "not-a-karata-move": lambda kind: text("refusal-not-a-karata-move", kind=kind),
    # Drawing and passing.
    "drew-play-or-keep": lambda: _refusal("drew-play-or-keep"),
    "being-skipped": lambda: _refusal("being-skipped"),
    "cannot-pass-stack": lambda stack: text("refusal-cannot-pass-stack", stack=stack),
    "nothing-to-pass": lambda: _refusal("nothing-to-pass"),
    # Kadi Moja!
    "kadi-moja-already-called": lambda: _refusal("kadi-moja-already-called"),
    "call-needs-one-card": lambda: _refusal("call-needs-one-card"),
    # Cheat mode.
    "hide-cheat-mode-off": lambda: _refusal("hide-cheat-mode-off"),
    "hide-one-card": lambda: _refusal("hide-one-card"),
    "hide-too-late": lambda: _refusal("hide-too-late"),
    "hide-only-one": lambda: _refusal("hide-only-one"),
    "challenge-cheat-mode-off": lambda: _refusal("challenge-cheat-mode-off"),
    "challenge-one-seat": lambda: _refusal("challenge-one-seat"),
    "challenge-self": lambda: _refusal("challenge-self"),
    "target-not-playing": lambda target: text("refusal-target-not-playing", target=target),
    "challenged-already": lambda target: text("refusal-challenged-already", target=target),
    # Which cards.
    "play-the-drawn-card": lambda drawn: text("refusal-play-the-drawn-card", drawn=drawn),
    "plug-only-sevens": lambda: _refusal("plug-only-sevens"),
    "only-a-jack-asks": lambda: _refusal("only-a-jack-asks"),
    "ranks-not-shared": lambda first, card: text("refusal-ranks-not-shared", first=first, card=card),
    "jack-needs-ask": lambda: _refusal("jack-needs-ask"),
    "bridge-off": lambda: _refusal("bridge-off"),
    "bridge-ranks-differ": lambda first, card: text("refusal-bridge-ranks-differ", first=first, card=card),
    "bridge-asks": lambda: _refusal("bridge-asks"),
    # What goes on what.
    "stack-same-kind": _stack_same_kind,
    "stack-pending": lambda stack: text("refusal-stack-pending", stack=stack),
    "demand-special": lambda card: text("refusal-demand-special", card=card),
    "demand-suit": lambda card, suit: text("refusal-demand-suit", card=card, suit=SUIT_SYMBOLS[suit]),
    "joker-colour": _joker_colour,
    "top-not-matched": _top_not_matched,
}
