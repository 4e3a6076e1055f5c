"""Karata's illegal-move sentences: code -> formatter (see ``bot.ui.text.illegal``).

Each formatter takes the ``IllegalMove``'s details (raised in
``bot/games/karata/legality.py``) as keyword arguments and returns the one
sentence the player reads. ``takes-nothing`` (a ``call`` with something after it)
is a shared code, worded in ``illegal.py``.
"""

from __future__ import annotations

from bot.games.cards import ACE, JACK, JOKER, KING, QUEEN, SUIT_SYMBOLS, Card
from bot.ui.text.words import Formatter

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
    # Who may move.
    "not-seated": lambda seat: f"Seat {seat} is not at this table.",
    "out-of-match": lambda: "You are out of this match.",
    "not-a-karata-move": lambda kind: f"`{kind}` is not a Karata move: play, draw, pass or call.",
    "turn-of-another-seat": lambda turn: f"It is not your turn: seat {turn} is to play.",
    "names-no-seat": lambda kind: f"`{kind}` names no seat.",
    "takes-no-cards": lambda kind: f"`{kind}` takes no cards.",
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
    "target-not-playing": lambda target: f"Seat {target} is not playing in this round.",
    "challenged-already": lambda target: f"You have challenged seat {target} already: wait for their next move.",
    # Which cards.
    "name-the-cards": lambda: "Name the cards to play, such as `play 9H`.",
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
