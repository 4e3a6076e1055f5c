"""Moves: small values with a text form, like python-chess's ``Move``.

Text form (docs/engine.md): ``play QS QC 4C 4D``, ``play AS ask H`` (ask for a
suit), ``play AS ask KC`` (demand a card), ``play JH ask special`` (demand a
special card), ``draw``, ``pass``, ``call``, ``challenge 2``, ``hide 5H``,
``timeout``. The move log (bot/storage, SQLite or PostgreSQL) stores ``move.text()``, so this notation
never changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from bot.games.cards import Card, CardParseError, Suit, parse_card, parse_cards, parse_suit
from bot.games.core.errors import IllegalMove


class MoveKind(StrEnum):
    PLAY = "play"  # lay cards (Kadi, Karata, Donkey), possibly asking for something
    DRAW = "draw"  # draw one / pick up a pending bomb or stack / draw back in when cardless
    PASS = "pass"  # take a pending skip (Kadi), keep a drawn card (Karata)
    CALL = "call"  # Niko Kadi! / Kadi Moja!
    CHALLENGE = "challenge"  # cheat mode: accuse seat `target`
    HIDE = "hide"  # cheat mode: hide one card before the first move
    TIMEOUT = "timeout"  # the turn clock ran out (Donkey: play nothing, sit out next round)


TAKES_NOTHING: Final = frozenset({MoveKind.DRAW, MoveKind.PASS, MoveKind.CALL, MoveKind.TIMEOUT})
"""The kinds that carry no cards, no ask and no seat (``Move.parse`` reads nothing after them)."""


class Demand(StrEnum):
    """A demand that is not one exact card."""

    SPECIAL = "special"  # Karata's Jack: "a special card" (2, 7, 8, Jack or Joker)


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a seat.

    ``cards`` are laid (or hidden) in this order. A play may ask something of
    the next player, one thing at most: ``ask_suit``, a suit asked for (``"H"``:
    a Kadi Ace, a Karata Jack), or ``demand``, an exact card (a ``Card``: Kadi's
    A♠) or ``Demand.SPECIAL`` (a Karata Jack). ``target`` is the seat a
    challenge accuses.
    """

    kind: MoveKind
    cards: tuple[Card, ...] = ()
    ask_suit: Suit | None = None
    demand: Card | Demand | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        if self.ask_suit is not None and self.demand is not None:
            raise ValueError("a move asks for a suit or makes a demand, not both")

    @property
    def asking(self) -> bool:
        """The play asks for a suit or demands something."""
        return self.ask_suit is not None or self.demand is not None

    def text(self) -> str:
        parts: list[str] = [self.kind]
        parts.extend(c.code for c in self.cards)
        if self.ask_suit is not None:
            parts += ["ask", self.ask_suit]
        elif isinstance(self.demand, Card):
            parts += ["ask", self.demand.code]
        elif self.demand is not None:
            parts += ["ask", self.demand]
        if self.target is not None:
            parts.append(str(self.target))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move for a text form, in any spelling players use (``play q♠ ask ♥``).

        Raises ``IllegalMove`` with one of the codes ``empty-move``,
        ``not-a-move`` (word), ``challenge-needs-seat``, ``takes-nothing`` (kind),
        ``no-cards``, ``not-a-card`` / ``card-bad-suit`` / ``card-bad-rank``
        (token), ``not-an-ask`` (token).
        """
        words = text.strip().split(None, 1)
        if not words:
            raise IllegalMove("empty-move")
        try:
            kind = MoveKind(words[0].lower())
        except ValueError:
            raise IllegalMove("not-a-move", word=words[0]) from None
        rest = words[1] if len(words) > 1 else ""
        try:
            if kind == MoveKind.CHALLENGE:
                if not rest.strip().isdigit():
                    raise IllegalMove("challenge-needs-seat")
                return cls(kind, target=int(rest))
            if kind in (MoveKind.PLAY, MoveKind.HIDE):
                lowered = f" {rest.lower()} "
                if " ask " not in lowered:
                    return cls(kind, parse_cards(rest))
                at = lowered.index(" ask ")
                ask = _parse_ask(rest[at + 4 :])  # before the cards: its error comes first
                cards = parse_cards(rest[: max(at, 0)])
                if isinstance(ask, Card | Demand):
                    return cls(kind, cards, demand=ask)
                return cls(kind, cards, ask_suit=ask)
        except CardParseError as err:
            raise IllegalMove(err.code, **err.details) from None
        if rest.strip():
            raise IllegalMove("takes-nothing", kind=kind)
        return cls(kind)


def _parse_ask(text: str) -> Suit | Card | Demand:
    """What a play asks for: a suit, ``special``, or an exact card."""
    word = text.strip()
    if word.lower() == Demand.SPECIAL:
        return Demand.SPECIAL
    try:
        return parse_suit(word)
    except CardParseError:
        pass
    try:
        return parse_card(word)
    except CardParseError:
        raise IllegalMove("not-an-ask", token=word) from None


def play(*cards: Card, ask_suit: Suit | None = None, demand: Card | Demand | None = None) -> Move:
    """``Move(MoveKind.PLAY, cards, ...)``, for tests and computer players."""
    return Move(MoveKind.PLAY, cards, ask_suit, demand)


DRAW_MOVE: Final = Move(MoveKind.DRAW)
PASS_MOVE: Final = Move(MoveKind.PASS)
CALL_MOVE: Final = Move(MoveKind.CALL)
TIMEOUT_MOVE: Final = Move(MoveKind.TIMEOUT)
