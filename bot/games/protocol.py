"""The engine protocol every game implements (docs/engine.md).

One small surface serves Kadi, Karata and Donkey, so that the table runtime,
the computer players, persistence, rendering and the property tests are
written once:

- ``Game.new(seats, rules, seed)`` deals a new match (one or more rounds);
- ``turn`` is the seat whose clock runs, ``actors()`` every seat that may act
  now, out-of-turn calls, plugs and challenges included;
- ``legal_moves(seat)``, ``check(seat, move)`` (raises ``IllegalMove`` with a
  one-sentence reason a player can read) and ``apply(seat, move)`` returning
  frozen ``Event`` records; an illegal move changes nothing;
- ``view(seat)`` is what one seat may know (``view(None)`` is the public view
  the table message is drawn from); nothing else is shown to a player or an AI;
- ``timeout_move()`` is what the turn clock does; ``result()`` the outcome;
- ``to_state()`` / ``from_state()`` round-trip plain, versioned JSON, and a
  match replays exactly from its seed and its moves (``replay``).
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self, TypeVar

from bot.games.cards import Card, CardParseError, parse_card, parse_cards, parse_suit

JSON = dict[str, Any]


class IllegalMove(ValueError):
    """A move that may not be made now. ``str(err)`` is one sentence for the player."""


# --------------------------------------------------------------------------- moves

PLAY = "play"  # lay cards (Kadi, Karata, Donkey), possibly asking for something
DRAW = "draw"  # draw one / pick up a pending bomb or stack / draw back in when cardless
PASS = "pass"  # take a pending skip (Kadi), keep a drawn card (Karata)
CALL = "call"  # Niko Kadi! / Kadi Moja!
CHALLENGE = "challenge"  # cheat mode: accuse seat `target`
HIDE = "hide"  # cheat mode: hide one card before the first move
TIMEOUT = "timeout"  # the turn clock ran out (Donkey: play nothing, sit out next round)
MOVE_KINDS = frozenset({PLAY, DRAW, PASS, CALL, CHALLENGE, HIDE, TIMEOUT})

SPECIAL = "special"  # a Jack's demand for "a special card" (Karata)


@dataclass(frozen=True, slots=True)
class Move:
    """A move as a small value with a text form, like python-chess's ``Move``.

    ``ask`` is what a play asks of the next player: a suit letter (``"H"``), an
    exact card (a ``Card``, Kadi's A♠ demand) or ``"special"`` (Karata's Jack).
    Text form: ``play QS QC 4C 4D``, ``play AS ask H``, ``play AS ask KC``,
    ``play JH ask special``, ``draw``, ``pass``, ``call``, ``challenge 2``,
    ``hide 5H``, ``timeout``.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    ask: str | Card | None = None
    target: int | None = None

    def text(self) -> str:
        parts = [self.kind]
        parts.extend(c.code for c in self.cards)
        if self.ask is not None:
            parts += ["ask", self.ask.code if isinstance(self.ask, Card) else self.ask]
        if self.target is not None:
            parts.append(str(self.target))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move for a text form; ``IllegalMove`` naming what is wrong otherwise."""
        words = text.strip().split(None, 1)
        if not words:
            raise IllegalMove("That move is empty: try `play QS`, `draw` or `pass`.")
        kind = words[0].lower()
        rest = words[1] if len(words) > 1 else ""
        if kind not in MOVE_KINDS:
            raise IllegalMove(f"`{words[0]}` is not a move: moves are {', '.join(sorted(MOVE_KINDS))}.")
        try:
            if kind == CHALLENGE:
                if not rest.strip().isdigit():
                    raise IllegalMove("A challenge names a seat number, such as `challenge 2`.")
                return cls(kind, target=int(rest))
            if kind in (PLAY, HIDE):
                ask: str | Card | None = None
                lowered = f" {rest.lower()} "
                if " ask " in lowered:
                    at = lowered.index(" ask ")
                    card_text, ask_text = rest[: max(at, 0)], rest[at + 4 :].strip()
                    ask = parse_ask(ask_text)
                else:
                    card_text = rest
                return cls(kind, parse_cards(card_text), ask)
        except CardParseError as err:
            raise IllegalMove(str(err)) from None
        if rest.strip():
            raise IllegalMove(f"`{kind}` takes nothing after it.")
        return cls(kind)


def parse_ask(text: str) -> str | Card:
    """What a play asks for: a suit, ``special``, or an exact card."""
    word = text.strip()
    if word.lower() == SPECIAL:
        return SPECIAL
    try:
        return parse_suit(word)
    except CardParseError:
        pass
    try:
        return parse_card(word)
    except CardParseError:
        raise CardParseError(
            f"`{word}` is not something to ask for: name a suit (H), a card (KC) or `special`"
        ) from None


def play(*cards: Card, ask: str | Card | None = None) -> Move:
    return Move(PLAY, tuple(cards), ask)


DRAW_MOVE = Move(DRAW)
PASS_MOVE = Move(PASS)
CALL_MOVE = Move(CALL)
TIMEOUT_MOVE = Move(TIMEOUT)


# -------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as data; the UI puts it into words.

    Events are public: they never name a card that is still hidden in a hand
    (a draw says how many cards, not which). Games add their own subclasses.
    """

    def to_dict(self) -> JSON:
        out: JSON = {"event": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


def _jsonable(value: object) -> object:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Result):
        return value.to_dict()
    return value


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    cards: tuple[Card, ...]
    ask: str | Card | None = None


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` took ``count`` cards; ``reason`` is a short tag: draw, bomb, stack,
    question, penalty, cardless, demand."""

    seat: int
    count: int
    reason: str = "draw"


@dataclass(frozen=True, slots=True)
class Forgiven(Event):
    """A pick-up asked for more cards than exist outside the hands; the rest is let off."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile (but its top card) became the new draw pile."""

    count: int


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    clockwise: bool


@dataclass(frozen=True, slots=True)
class Called(Event):
    """Niko Kadi! / Kadi Moja!"""

    seat: int


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round_no: int
    first: int
    top: Card | None = None


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    round_no: int
    result: Result


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    result: Result


# -------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a round or a match, per seat.

    ``ranks[s]`` is seat s's finishing rank (1 is best; equal ranks tie),
    ``points[s]`` its penalty points (0 where a game has none), ``winners`` the
    seats ranked first, ``loser`` the one seat singled out as last where the game
    names one (Donkey's Donkey), ``out`` seats no longer in the match
    (eliminated); ``None`` ranks are seats that took no part.
    """

    ranks: tuple[int | None, ...]
    points: tuple[int, ...]
    winners: tuple[int, ...]
    loser: int | None = None
    out: tuple[int, ...] = ()

    def to_dict(self) -> JSON:
        return {
            "ranks": list(self.ranks),
            "points": list(self.points),
            "winners": list(self.winners),
            "loser": self.loser,
            "out": list(self.out),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Result:
        return cls(
            tuple(data["ranks"]),
            tuple(data["points"]),
            tuple(data["winners"]),
            data.get("loser"),
            tuple(data.get("out", ())),
        )


def rank_by_points(points: Sequence[int], first: int | None, seats: Iterable[int]) -> list[int | None]:
    """Ranks where fewest points rank highest, equal points share a rank, and the
    round's winner (``first``) ranks first on their own."""
    ranks: list[int | None] = [None] * len(points)
    others = sorted((s for s in seats if s != first), key=lambda s: points[s])
    next_rank = 1
    if first is not None:
        ranks[first] = 1
        next_rank = 2
    previous: int | None = None
    for position, s in enumerate(others):
        if previous is None or points[s] != points[previous]:
            ranks[s] = next_rank + position
        else:
            ranks[s] = ranks[previous]
        previous = s
    return ranks


# ---------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class Rules:
    """A game's rule set: a preset plus switches. Subclasses add fields.

    Every field is a plain JSON value so a table's rules save and load as they are.
    """

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    def to_dict(self) -> JSON:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown rule {sorted(unknown)[0]!r}")
        return cls(**data)

    @classmethod
    def preset(cls, name: str, **changes: Any) -> Self:
        if name not in cls.PRESETS:
            raise ValueError(f"unknown preset {name!r}; presets are {', '.join(cls.PRESETS)}")
        return cls.from_dict({**cls.PRESETS[name], **changes})

    def switches_on(self) -> list[str]:
        """The names of house rules that differ from the default, for the table to show."""
        default = type(self)()
        return [
            f.name
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        ]


# ----------------------------------------------------------------------------- view


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know. ``seat is None`` is the public view: ``hand`` empty.

    Games subclass it with their public table state (top card, what is asked,
    pending pick-up, active suit, ...); a hand message, the table message and
    a computer player read nothing else.
    """

    seat: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    turn: int | None
    actors: frozenset[int]
    round_no: int
    over: bool


# ----------------------------------------------------------------------------- game

G = TypeVar("G", bound="Game")


class Game(ABC):
    """A match of one game: one or more rounds at a fixed set of seats.

    Rounds follow one another inside the match (a ``RoundOver`` event carries
    each round's result, a ``MatchOver`` event the match's); ``is_over`` is true
    once the match has ended and then nobody may act.
    """

    name: ClassVar[str]
    rules_type: ClassVar[type[Rules]]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    state_version: ClassVar[int] = 1

    seed: int
    rules: Rules

    # ---- creating
    @classmethod
    @abstractmethod
    def new(cls, seats: int, rules: Rules | None = None, seed: int | None = None) -> Self:
        """Deal a new match; ``seed`` None picks one at random (and keeps it)."""

    @classmethod
    def replay(cls, seats: int, rules: Rules | None, seed: int, moves: Iterable[tuple[int, Move]]) -> Self:
        """The match reached by applying ``moves`` (seat, move) from a fresh deal."""
        game = cls.new(seats, rules, seed)
        for seat, move in moves:
            game.apply(seat, move)
        return game

    @staticmethod
    def fresh_seed() -> int:
        return random.SystemRandom().randrange(2**63)

    # ---- who acts
    @property
    @abstractmethod
    def seats(self) -> int:
        """How many seats the match has (0..seats-1), eliminated ones included."""

    @property
    @abstractmethod
    def turn(self) -> int | None:
        """The seat whose turn it is (whose clock runs); None when nobody's is."""

    @abstractmethod
    def actors(self) -> frozenset[int]:
        """Every seat that has a legal move now, out-of-turn moves included."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """The match has ended; nobody may act."""

    # ---- moves
    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """The moves ``seat`` may make now (empty when it may not act).

        Plays that differ only in the order of cards that cannot matter are
        listed once; ``check`` accepts every order that is legal.
        """

    @abstractmethod
    def check(self, seat: int, move: Move) -> None:
        """Raise ``IllegalMove`` with a reason if ``seat`` may not make ``move`` now."""

    def is_legal(self, seat: int, move: Move) -> bool:
        try:
            self.check(seat, move)
        except IllegalMove:
            return False
        return True

    @abstractmethod
    def apply(self, seat: int, move: Move) -> list[Event]:
        """Make the move and return what happened; raises ``IllegalMove`` (changing
        nothing) when it is not legal."""

    @abstractmethod
    def timeout_move(self) -> tuple[int, Move] | None:
        """The move the turn clock makes for the seat whose turn it is, if any."""

    def clock_hint(self) -> float | None:
        """Seconds for a short decision window instead of the table's turn clock, or None.

        Optional: a game returns a number while the turn seat only decides something
        quick (Karata's plug window: plug a 7 or take the skip); the runtime then
        runs the clock for that long, even at a table without a turn clock, applies
        ``timeout_move()`` when it runs out (not counted as the player's timeout),
        and lets a computer decide at once.
        """
        return None

    # ---- reading
    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know; ``None`` for the public view."""

    @abstractmethod
    def result(self) -> Result | None:
        """The match's result once it is over, else None."""

    @abstractmethod
    def cards_in_play(self) -> list[Card]:
        """Every card the match holds, wherever it lies: for conservation checks."""

    # ---- saving
    @abstractmethod
    def to_state(self) -> JSON:
        """Plain JSON with ``game``, ``version``, ``seed`` and ``rules``; see docs/engine.md."""

    @classmethod
    @abstractmethod
    def from_state(cls, data: Mapping[str, Any]) -> Self:
        """The match saved by ``to_state``; raises ValueError for another game or version."""

    @classmethod
    def check_state_header(cls, data: Mapping[str, Any]) -> None:
        if data.get("game") != cls.name:
            raise ValueError(f"state is for {data.get('game')!r}, not {cls.name!r}")
        if data.get("version") != cls.state_version:
            raise ValueError(
                f"{cls.name} state version {data.get('version')!r} is not {cls.state_version}"
            )


def shuffled(cards: Sequence[Card], seed: int, salt: str) -> list[Card]:
    """A deterministic shuffle: the same seed and salt always give the same order.

    Engines salt each shuffle (``"r1-deal"``, ``"r1-reshuffle-3"``) so that no
    RNG state needs saving: a match continues identically after ``from_state``.
    """
    out = list(cards)
    getrandbits = random.Random(f"{seed}:{salt}").getrandbits
    # random.shuffle's own Fisher-Yates with rejection sampling, written out:
    # the very same order (saved move logs replay through it), in a third of the
    # bytecodes (long rounds reshuffle often), and fixed even if a later Python
    # changed its shuffle.
    bits = _SHUFFLE_BITS if len(out) <= len(_SHUFFLE_BITS) else [(i + 1).bit_length() for i in range(len(out))]
    for i in range(len(out) - 1, 0, -1):
        j = getrandbits(bits[i])
        while j > i:
            j = getrandbits(bits[i])
        out[i], out[j] = out[j], out[i]
    return out


# (i + 1).bit_length() for each position of a shuffle of up to two decks.
_SHUFFLE_BITS: Sequence[int] = tuple((i + 1).bit_length() for i in range(108))


def seeded_random(seed: int, salt: str) -> random.Random:
    """A private RNG for one decision of the match (first player, dealing order)."""
    return random.Random(f"{seed}:{salt}")


@dataclass
class MoveLog:
    """Moves in the order applied, in text form: with the seed, a full replay."""

    moves: list[tuple[int, str]] = field(default_factory=list)

    def add(self, seat: int, move: Move) -> None:
        self.moves.append((seat, move.text()))

    def parsed(self) -> list[tuple[int, Move]]:
        return [(s, Move.parse(t)) for s, t in self.moves]
