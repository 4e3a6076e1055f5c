"""Everything Kadi says, without Discord.

``KadiUI``: the public table and the game's own events in words, the labels of its
moves and of its table buttons. ``SENTENCES``: the sentence for each code its engine
refuses a move with (``bot/games/kadi/legality.py``), a formatter taking the
``IllegalMove``'s details as keyword arguments, merged by ``bot.ui.text.illegal``.
Cards print as players see them (``Q♠``), suits as their symbols.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import ACE, JOKER, RANK_TEXT, SUIT_SYMBOLS, Card
from bot.games.core.game import View
from bot.games.core.moves import Move, MoveKind
from bot.games.kadi.view import KadiView
from bot.ui.text.game import GameUI, seat_name
from bot.ui.text.words import Formatter

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


# ------------------------------------------------------------ refused moves

def _a_rank(rank: int) -> str:
    """A rank with its article, as said aloud: "a 4", "an 8", "a J", "an Ace"."""
    if rank == ACE:
        return "an Ace"
    return ("an " if rank == 8 else "a ") + RANK_TEXT[rank]


def _a_bomb(rank: int) -> str:
    return "a Joker" if rank == JOKER else f"a {rank}"


def _bomb_not_countered(card: Card, bomb: int, bomb_kind: int, any_bomb: bool) -> str:
    counter = "any bomb (2, 3 or Joker)" if any_bomb else _a_bomb(bomb_kind)
    return f"{card} can't answer a pick-{bomb}: counter with {counter}, block it with an Ace, or pick up."


def _no_match(card: Card, base: Card) -> str:
    suit = SUIT_SYMBOLS[base.suit]
    if base.rank == ACE:  # an Ace that blocked a bomb: "or an Ace" says it once
        return f"{card} doesn't match {base}: play a {suit} or an Ace, or draw."
    return f"{card} doesn't match {base}: play a {suit} or {_a_rank(base.rank)}, or an Ace, or draw."


def _not_the_joker_colour(card: Card, joker: Card) -> str:
    colour = "red (♥ ♦)" if joker.suit == "R" else "black (♠ ♣)"
    return f"{card} can't go on {joker}: play a {colour} card, a Joker or an Ace, or draw."


SENTENCES: dict[str, Formatter] = {
    # What kind of move.
    "not-a-kadi-move": lambda kind: f"`{kind}` is not a Kadi move: play cards, draw, pass a skip or call.",
    "cardless-must-draw": lambda: "You have no cards: draw to get back into the round.",
    "skipped-cannot-draw": lambda: "You're being skipped: play a Jack to pass it on, or pass to take it.",
    "no-skip-to-take": lambda: "There is no skip to take: play a card or draw.",
    # Niko Kadi.
    "already-called": lambda: "You have already called Niko Kadi.",
    "call-needs-winning-hand": lambda: "You can only call Niko Kadi when your hand can go down in one play.",
    "call-window-closed": lambda: (
        "You can call Niko Kadi only from the end of your turn until the next player moves."
    ),
    # The cards named.
    "not-a-card-value": lambda: "That is not a card.",
    "ranks-differ": lambda first, card: (
        f"{first} and {card} don't share a rank: cards played together must be one rank "
        "(or questions and their answers)."
    ),
    "ask-without-ace": lambda: "Only an Ace asks for something: drop the `ask`.",
    # The first card: a jump, a bomb, a request, the card to match.
    "skipped-jacks-only": lambda: "You're being skipped: only a Jack can pass it on.",
    "question-on-bomb": lambda: "You can't ask a question while you have a bomb to deal with.",
    "bomb-not-countered": _bomb_not_countered,
    "not-the-demanded-card": lambda card, demand: (
        f"{card} isn't the demanded card: play {demand} or an Ace, or draw."
    ),
    "joker-on-suit-request": lambda card, suit: (
        f"A Joker can't go on a suit request: play a {SUIT_SYMBOLS[suit]} or an Ace, or draw."
    ),
    "not-the-asked-suit": lambda card, suit: (
        f"{card} isn't a {SUIT_SYMBOLS[suit]}: a {SUIT_SYMBOLS[suit]} was asked for (or play an Ace, or draw)."
    ),
    "not-the-joker-colour": _not_the_joker_colour,
    "no-match": _no_match,
    # Aces.
    "aces-only": lambda first, card: f"{first} and {card} don't share a rank: only Aces go down with an Ace.",
    "ask-on-bomb": lambda: "An Ace on a bomb blocks it and asks for nothing: drop the `ask`.",
    "ace-needs-ask": lambda: "An Ace asks for a suit: add one, such as `play AH ask S`.",
    "demand-needs-spades-or-two": lambda: "Only A♠, or two or more Aces together, can demand a card.",
    "ask-needs-spades": lambda on_demand: (
        "Without A♠ an Ace "
        + ("takes the number off a demand" if on_demand else "cancels a suit request")
        + ": drop the `ask`."
    ),
    "ace-demanded": lambda card: "An Ace can't be demanded: demand any other card.",
    "no-jokers": lambda card: "There are no Jokers in this game.",
    "demand-under-aces": lambda card: (
        f"{card} stays under the Aces, even through a reshuffle, so nobody could play it: demand another card."
    ),
    "not-a-kadi-ask": lambda: "Ask for a suit (S, H, D or C) or, with A♠, a card such as KC.",
    # Questions and answers.
    "question-after-answer": lambda card: f"Questions come first, then the answers: {card} is after an answer.",
    "not-an-answer": lambda card: f"{card} can't answer a question: answers are 4, 5, 6, 7, 9 or 10.",
    "answers-differ": lambda first, card: f"Answers must all be one rank: {first} and {card} differ.",
    "wrong-answer-suit": lambda answer, question: (
        f"{answer} can't answer {question}: the first answer must be a {SUIT_SYMBOLS[question.suit]}."
    ),
    # The Jack chain finish.
    "chain-jacks-first": lambda: "In a Jack chain the Jacks come first, then the winning set.",
    "jack-with-others": lambda first, card: (
        f"{first} and {card} don't share a rank: a Jack goes down with other cards "
        "only as a Jack chain that finishes your hand."
    ),
    "chain-needs-call": lambda: "A Jack chain is a finish: you must have called Niko Kadi on an earlier turn.",
    "chain-while-cardless": lambda seat: f"Nobody can win while {seat} has no cards: a Jack chain must wait.",
    "chain-jack-count": lambda opponents: (
        f"A Jack chain needs exactly one Jack per opponent: {opponents} here."
    ),
    "chain-needs-winning-set": lambda: (
        "After the Jacks comes a winning set: one rank of 4, 5, 6, 7, 9 or 10, "
        "alone or behind questions they answer."
    ),
    "chain-suit": lambda card, jack: f"{card} must share the suit of the Jack before it ({jack}).",
    "chain-questions-first": lambda: "Questions come first, then the answers.",
}
