"""Everything Karata and Kadi Moja says, without Discord.

``KarataUI``: the public table and the game's own events in words, the labels of its
moves and of its table buttons. ``SENTENCES``: the sentence for each code its engine
refuses a move with (``bot/games/karata/legality.py``), a formatter taking the
``IllegalMove``'s details as keyword arguments, merged by ``bot.ui.text.illegal``.
Cards print as players see them (``Q♠``), suits as their symbols.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import ACE, JACK, JOKER, KING, QUEEN, SUIT_SYMBOLS, Card, card
from bot.games.core.game import View
from bot.games.core.moves import Demand, Move, MoveKind
from bot.games.karata.events import NotFinishedReason
from bot.games.karata.rules import PLUG_WINDOW_SECONDS, CallRule, Deal, Elimination, StackAnswer, UnmetDemand
from bot.games.karata.state import Phase
from bot.games.karata.view import KarataView
from bot.ui.text.game import GameUI, cards_text, seat_name
from bot.ui.text.words import Formatter

SPECIAL_WORDS = "a special card (2, 7, 8, Jack or Joker)"
RULE_TITLES = {"cheat_mode": "Cheat mode", "call_rule": "Must call to win", "elimination": "Elimination"}


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class KarataUI(GameUI):
    game = "karata"
    title = "Karata"
    choice_name = "Karata / Kadi Moja"
    call_label = "Kadi Moja!"
    colour = 0x1565C0

    # ------------------------------------------------------------- the table
    def table_lines(self, view: View, names: Sequence[str]) -> list[str]:
        assert isinstance(view, KarataView)
        rules = view.rules
        preset = "Kadi Moja" if rules.deal == Deal.SEVEN else "Karata"
        lines = [f"**{preset}** · top card: **{view.top.symbol if view.top else '—'}**"]
        turn = seat_name(view.turn, names, "—")
        if view.stack:
            answer = ("a 2 on a 2, a Joker on a Joker" if rules.stack_answer == StackAnswer.SAME_KIND
                      else "a 2 or a Joker")
            lines.append(f"🃏 Draw stack on {turn}: **{view.stack}** cards — answer with {answer}, or pick up.")
        if view.phase == Phase.PLUG:
            lines.append(f"⏭ {turn} is being skipped and may **plug a 7** ({PLUG_WINDOW_SECONDS:.0f} s) "
                         "or take the skip.")
        elif view.skips:
            lines.append(f"⏭ Pending skips: **{view.skips}**")
        if view.demand == Demand.SPECIAL:
            lines.append(f"🎯 Jack's demand on {turn}: {SPECIAL_WORDS} (or a Jack).")
        elif view.ask_suit is not None:
            lines.append(f"🎯 Jack's demand on {turn}: a **{SUIT_SYMBOLS[view.ask_suit]}** (or a Jack).")
        if view.phase == Phase.KEEP:
            lines.append(f"{turn} drew a card that fits: play it now or keep it.")
        direction = "clockwise" if view.clockwise else "anticlockwise"
        lines.append(f"Direction: {direction} · draw pile {view.draw_pile}")
        if view.empty_draws:
            # Warn the table before a blocked round ends it (rules-decisions, "A blocked round").
            players = len(view.hand_counts) - len(view.out)
            lines.append(f"🚧 Nothing left to draw: {view.empty_draws} of {players} players in a row drew "
                         "nothing. If all do, the round ends on points.")
        if rules.call_rule == CallRule.MISSED_CALL_DRAWS_TWO:
            for seat, count in enumerate(view.hand_counts):
                if count == 1 and seat not in view.called and seat not in view.out and seat < len(names):
                    lines.append(f"📣 {names[seat]} is on one card: **Kadi Moja!** before the next move, "
                                 "or draw 2.")
        if rules.elimination != Elimination.OFF:
            scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(view.scores) if s < len(names))
            kind = ("highest score of each round is out" if rules.elimination == Elimination.KNOCK_OUT
                    else f"over {rules.points_ceiling} points is out")
            lines.append(f"🏆 Elimination, round {view.round_no} ({kind}) · scores: {scores}")
            if view.out:
                lines.append("Out: " + ", ".join(names[s] for s in sorted(view.out) if s < len(names)))
        if rules.cheat_mode:
            lines.append("🕵 Cheat mode: anyone may be hiding one card. **Challenge** a player you suspect.")
        return lines

    def seat_note(self, view: View, seat: int) -> str:
        assert isinstance(view, KarataView)
        notes = []
        if seat in view.out:
            notes.append("— out of the match")
        if seat in view.called:
            notes.append("📣 Kadi Moja")
        if view.rules.elimination != Elimination.OFF and seat not in view.out:
            notes.append(f"({view.scores[seat]} pts)")
        return " ".join(notes)

    def rules_in_force(self, rules: dict[str, Any]) -> list[str]:
        shown = ["Kadi Moja preset" if rules.get("deal") == Deal.SEVEN else "Karata preset"]
        if rules.get("call_rule") == CallRule.MUST_CALL_TO_WIN:
            shown.append("must call to win")
        if rules.get("elimination") == Elimination.KNOCK_OUT:
            shown.append("elimination (knock-out)")
        elif rules.get("elimination") == Elimination.POINTS_CEILING:
            shown.append(f"elimination ({rules.get('points_ceiling', 100)}-point ceiling)")
        if rules.get("cheat_mode"):
            shown.append("cheat mode")
        return shown

    def rule_title(self, name: str) -> str:
        return RULE_TITLES.get(name, super().rule_title(name))

    # ------------------------------------------------------------- controls
    def table_buttons(self, view: View) -> list[tuple[str, str]]:
        assert isinstance(view, KarataView)
        buttons = []
        if view.phase == Phase.PLUG:
            buttons.append(("plug", "Plug 7"))
        if view.rules.cheat_mode and not view.over:
            buttons.append(("challenge", "Challenge"))
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
            return ("Whom do you accuse of hiding a card? If you're wrong, you draw "
                    "(2 in Karata, 5 in Kadi Moja). Only you see this.")
        return "Which 7s do you plug? Only you see this."

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
            if view.stack:
                return f"Pick up {view.stack}"
            if not view.hand:
                return "Draw one (your turn ends)"
            asked = view.ask_suit is not None or view.demand is not None
            if asked and view.rules.unmet_demand == UnmetDemand.DRAW_UNTIL:
                return "Draw until you can answer"
            return "Draw"
        if move.kind == MoveKind.PASS:
            if view.phase == Phase.PLUG:
                return "Take the skip"
            if view.phase == Phase.KEEP:
                return "Keep it"
            return "Pass"
        if move.kind == MoveKind.CALL:
            return "Kadi Moja!"
        if move.kind == MoveKind.PLAY and own_turn and view.phase == Phase.PLUG:
            return f"Plug {cards_text([c.code for c in move.cards])}"
        if move.kind == MoveKind.PLAY and own_turn and view.phase == Phase.KEEP:
            label = f"Play it now ({cards_text([c.code for c in move.cards])})"
            if move.asking:
                label += " → ask " + (
                    SPECIAL_WORDS if move.demand == Demand.SPECIAL else SUIT_SYMBOLS.get(str(move.ask_suit), "")
                )
            return label
        cards = move.cards
        if move.kind == MoveKind.PLAY and len(cards) > 1 and cards[0].rank == JACK and cards[1].rank != JACK:
            return f"{move.cards[0].symbol} carrying {cards_text([c.code for c in move.cards[1:]])}"
        if move.kind == MoveKind.PLAY and move.demand == Demand.SPECIAL:
            return f"{cards_text([c.code for c in move.cards])} → ask a special card"
        return super().move_label(view, move)

    # ------------------------------------------------------------- events
    def event_text(self, event: dict[str, Any], names: Sequence[str]) -> str | None:
        kind = event["event"]
        who = seat_name(event.get("seat"), names)
        if kind == "Played" and event.get("ask") == Demand.SPECIAL:
            return f"{who} played {cards_text(event['cards'])}, asking for {SPECIAL_WORDS}."
        if kind == "Kept":
            return f"{who} kept the card they drew."
        if kind == "SkipDropped":
            return f"The skip ends at {who}, who laid a 7 in it: {who} plays."
        if kind == "NotFinished":
            if event.get("reason") == NotFinishedReason.SPECIAL_UNCALLED:
                # A Drew(..., "penalty") follows; the hand is no longer empty, so no draw next turn.
                return (f"{who} laid their last card, a special card, without calling Kadi Moja: it doesn't "
                        "win, its effect happens, and they draw the penalty now instead of one next turn.")
            if event.get("reason") == NotFinishedReason.UNCALLED:
                # A Drew(..., "penalty") follows: 1 card under must call to win, 2 in Kadi Moja.
                return f"{who} laid their last card without calling Kadi Moja: it doesn't win."
            return (f"{who} laid their last card, but a special card doesn't win: the round goes on "
                    "and they draw one on their next turn.")
        if kind == "Challenged":
            challenger = seat_name(event["challenger"], names)
            target = seat_name(event["target"], names)
            if event["right"]:
                return f"🕵 {challenger} challenged {target} — **right**: {target} was hiding a card!"
            return f"🕵 {challenger} challenged {target} — **wrong**: {target} was hiding nothing."
        if kind == "Eliminated":
            return f"❌ {who} is out of the match with {event['points']} points."
        if kind == "Drew" and event.get("reason") == "cardless":
            return f"{who} picked up 1 card (they ended on a special card)."
        if kind == "RoundBlocked":
            return ("🚧 Nothing was left to draw and nobody laid a card for a whole turn of the table: "
                    "the round is blocked and ends on points. The fewest points in hand win.")
        if kind == "RoundStarted":
            first = seat_name(event["first"], names)
            top = f" on {card(event['top']).symbol}" if event.get("top") else ""
            return f"Round {event['round_no']} dealt — {first} starts{top}."
        if kind == "RoundOver":
            result = event["result"]
            winners = ", ".join(names[w] for w in result["winners"] if w < len(names))
            text = f"Round {event['round_no']} over: {winners} won."
            if result.get("loser") is not None and result["loser"] < len(names):
                text += f" {names[result['loser']]} was caught cheating and ranks last."
            return text
        if kind == "MatchOver":
            result = event["result"]
            winners = ", ".join(names[w] for w in result["winners"] if w < len(names))
            if result.get("out"):
                return f"🏆 Match over: **{winners}** is the last player standing and wins the match."
            ranks = result["ranks"]
            standing = sorted((r, i) for i, r in enumerate(ranks) if r is not None and i < len(names))
            order = ", ".join(f"{_ordinal(r)} {names[i]} ({result['points'][i]} pts)" for r, i in standing)
            return f"Game over: **{winners}** won. {order}."
        return super().event_text(event, names)


# ------------------------------------------------------------ refused moves

# A rank as the refusals name it, with its article: "a 9", "an 8", "a Jack".
_RANK_WORDS = {8: "an 8", JACK: "a Jack", QUEEN: "a Queen", KING: "a King", ACE: "an Ace", JOKER: "a Joker"}


def a_rank(card: Card) -> str:
    return _RANK_WORDS.get(card.rank, f"a {card.rank}")


def _stack_same_kind(card: Card, top: Card) -> str:
    # Only a 2 or a Joker can be laid on a stack (or a stack be pending on a top card).
    need = "Joker" if top.rank == JOKER else "2"
    mine = "Joker" if card.rank == JOKER else "2"
    return f"A {mine} can't answer a {need} in Kadi Moja: only a {need} can."


def _top_not_matched(card: Card, top: Card) -> str:
    if top.rank == JACK:  # the Jack's demand is met or drawn: its suit, or another Jack
        return f"{card} doesn't match {top}: play a {SUIT_SYMBOLS[top.suit]}, a Jack or a Joker."
    return f"{card} doesn't match {top}: play a {SUIT_SYMBOLS[top.suit]}, {a_rank(top)}, a Jack or a Joker."


def _joker_colour(card: Card, top: Card) -> str:
    colour = "red" if top.suit == "R" else "black"
    return f"{card} doesn't go on {top}: play a {colour} card, a Jack or a Joker."


SENTENCES: dict[str, Formatter] = {
    # What kind of move.
    "not-a-karata-move": lambda kind: f"`{kind}` is not a Karata move: play, draw, pass or call.",
    # Drawing and passing.
    "drew-play-or-keep": lambda: "You have just drawn: play that card or pass to keep it.",
    "being-skipped": lambda: "You are being skipped: plug a 7 or pass to take the skip.",
    "cannot-pass-stack": lambda stack: f"You can't pass a draw stack of {stack}: answer it or draw.",
    "nothing-to-pass": lambda: "There is nothing to pass: play a card or draw.",
    # Kadi Moja!
    "kadi-moja-already-called": lambda: "You have already called Kadi Moja.",
    "call-needs-one-card": lambda: "You can call Kadi Moja only when you are down to one card.",
    # Cheat mode.
    "hide-cheat-mode-off": lambda: "Hiding a card is for cheat mode, which is off at this table.",
    "hide-one-card": lambda: "Hide exactly one card, such as `hide 5H`.",
    "hide-too-late": lambda: "A card can only be hidden before the first play or draw.",
    "hide-only-one": lambda: "You can hide only one card a round.",
    "challenge-cheat-mode-off": lambda: "Challenges are for cheat mode, which is off at this table.",
    "challenge-one-seat": lambda: "A challenge names one seat, such as `challenge 2`.",
    "challenge-self": lambda: "You can't challenge yourself.",
    "target-not-playing": lambda target: f"You can't challenge {target}: they are not playing in this round.",
    "challenged-already": lambda target: f"You have challenged {target} already: wait for their next move.",
    # Which cards.
    "play-the-drawn-card": lambda drawn: f"You drew {drawn}: play exactly that card, or pass.",
    "plug-only-sevens": lambda: "Only 7s plug a skip: play your 7s or pass to be skipped.",
    "only-a-jack-asks": lambda: "Only a Jack asks for something.",
    "ranks-not-shared": lambda first, card: f"Cards laid together must share a rank: {first} and {card} don't.",
    "jack-needs-ask": lambda: (
        "A Jack names what the next player must play: add `ask S` (a suit) or `ask special`."
    ),
    "bridge-off": lambda: "Cards laid together must share a rank: the Jack bridge is off.",
    "bridge-ranks-differ": lambda first, card: f"A Jack carries cards of one rank: {first} and {card} differ.",
    "bridge-asks": lambda: "A Jack that carries cards makes no demand.",
    # What goes on what.
    "stack-same-kind": _stack_same_kind,
    "stack-pending": lambda stack: (
        f"There is a draw stack of {stack} on you: answer it with a 2 or a Joker, or draw."
    ),
    "demand-special": lambda card: f"{card} doesn't meet the Jack's demand: play a 2, 7, 8, Jack or Joker.",
    "demand-suit": lambda card, suit: f"{card} doesn't meet the Jack's demand: play a {SUIT_SYMBOLS[suit]} or a Jack.",
    "joker-colour": _joker_colour,
    "top-not-matched": _top_not_matched,
}
