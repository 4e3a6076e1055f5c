"""A table: seats, options, status and the engine's match, as one saved record.

Nothing here knows Discord or any game's rules: the engine is reached through
the core in ``bot.games.core`` (``Game``, ``Move``, ``Event``).
"""

from __future__ import annotations

import secrets
import string
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import orjson

from bot.games.core.errors import Refusal
from bot.games.core.events import Event
from bot.games.core.game import Game
from bot.games.core.rules import Rules
from bot.registry import Level, game_class
from bot.storage.base import TableStatus as TableStatus  # re-exported: a table is in the status its row stores
from bot.tables.events import EndReason

RECENT_EVENTS = 8  # how many events the table message keeps in words
# 2: a TableEnded event in ``recent`` holds an EndReason's value, not English words (1).
RECORD_VERSION = 2


class TableError(Refusal):
    """Something a member asked of a table that cannot be done, as data:
    ``TableError(code, **details)``, a stable kebab-case code (``table-full``) and the
    values its sentence needs (``seats=4``). ``str(err)`` is debug text; the sentence a
    member reads is ``bot.ui.text.illegal.sentence(err)`` (worded in ``bot/ui/text/table.py``)."""


class StaleAction(TableError):
    """A button from an earlier turn, or from a finished table."""


def new_table_id() -> str:
    alphabet = string.ascii_lowercase + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(8))


@dataclass
class Seat:
    """One chair at the table. ``user_id`` None is a computer player."""

    user_id: int | None
    name: str
    timeouts: int = 0  # turn clock expiries in a row
    autopilot: bool = False  # a computer plays for an absent human until they act again
    left: bool = False  # the human left mid-match; a computer plays the seat on
    level: Level = Level.NORMAL  # a computer seat's level; a human's seat plays at NORMAL for them

    def __post_init__(self) -> None:
        self.level = Level(self.level)  # a word from a saved record or a caller: ValueError for no level

    @property
    def is_human(self) -> bool:
        return self.user_id is not None

    @property
    def computer_plays(self) -> bool:
        return self.user_id is None or self.autopilot or self.left

    @property
    def computer_level(self) -> Level:
        """The level a computer plays this seat at: its own for a computer's seat,
        NORMAL standing in for a human (autopilot, or after leaving)."""
        return self.level if self.user_id is None else Level.NORMAL

    def to_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "timeouts": self.timeouts,
                "autopilot": self.autopilot, "left": self.left, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(data["user_id"], data["name"], data.get("timeouts", 0),
                   data.get("autopilot", False), data.get("left", False), Level(data.get("level", Level.NORMAL)))


class RulesFrom(StrEnum):
    """Where a table's options came from (the lobby says): a server's own house rules
    (bot/ui/presets.py), of its channel or of the whole server, or the host alone."""

    TABLE = "table"  # no preset applied: the host's options and the commands' defaults
    CHANNEL = "channel"
    SERVER = "server"


@dataclass
class TableOptions:
    """What the host chose at ``/<game> new``: the engine's rules plus the table's clock."""

    # The game's frozen rules, made from the host's option words by
    # ``bot.registry.table_rules``; None (a table opened without choosing) plays the
    # game's defaults, which the runtime fills in when it opens the table. Saved as the
    # rules' plain dict (``Rules.to_dict``), as records always held them.
    rules: Rules | None = None
    turn_seconds: int | None = 60  # None: no turn clock
    # Rule switches that every seated human must agree to before the deal (Karata's
    # cheat mode); one refusal or the consent clock running out turns them off.
    consent: list[str] = field(default_factory=list)
    max_seats: int | None = None  # fewer seats than the engine allows (a preset's limit)
    # The level of the computers the table seats (the solo command's, or the lobby's
    # Add a computer… menu's first choice).
    computer_level: Level = Level.NORMAL
    # Whether the table message carries a picture of the table (the host's ``images``
    # option; records saved before there was one read as on).
    images: bool = True
    # Whose house rules the table started from (records saved before presets read as the host's).
    rules_from: RulesFrom = RulesFrom.TABLE
    # Whether the host changed any option of that preset for this table.
    changed: bool = False

    def to_dict(self) -> dict[str, Any]:
        rules = self.rules.to_dict() if self.rules is not None else {}
        return {"rules": rules, "turn_seconds": self.turn_seconds, "consent": self.consent,
                "max_seats": self.max_seats, "computer_level": self.computer_level, "images": self.images,
                "rules_from": self.rules_from, "changed": self.changed}

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules_type: type[Rules]) -> TableOptions:
        """The options ``to_dict`` saved, the rules read back into the game's ``rules_type``
        (any record's rules: a dict of the switches chosen, or every field; ``ValueError``
        for a rule the game does not have)."""
        return cls(rules_type.from_dict(data.get("rules", {})), data.get("turn_seconds"),
                   list(data.get("consent", [])), data.get("max_seats"),
                   Level(data.get("computer_level", Level.NORMAL)), bool(data.get("images", True)),
                   _rules_from(data.get("rules_from")), bool(data.get("changed")))

    def needs_consent(self) -> list[str]:
        """The consent switches that are on."""
        return [name for name in self.consent if getattr(self.rules, name, False)]


def _rules_from(word: object) -> RulesFrom:
    """A saved ``rules_from``; a word this version does not know reads as the host's own."""
    try:
        return RulesFrom(str(word)) if word is not None else RulesFrom.TABLE
    except ValueError:
        return RulesFrom.TABLE


@dataclass
class Consent:
    """Asking every seated human to agree to ``TableOptions.needs_consent()`` before the deal."""

    agreed: list[int]  # user ids, the host first
    deadline: float  # wall-clock time the question closes, the switches off unless all agreed

    def to_dict(self) -> dict[str, Any]:
        # The form records saved before there was a class keep: {"agreed": [...], "deadline": t}.
        return {"agreed": list(self.agreed), "deadline": self.deadline}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Consent:
        return cls([int(user) for user in data.get("agreed", [])], float(data.get("deadline", 0)))


@dataclass
class Table:
    id: str
    guild_id: int
    channel_id: int
    game_name: str
    host_id: int
    options: TableOptions
    seats: list[Seat] = field(default_factory=list)
    status: TableStatus = TableStatus.LOBBY
    game: Game | None = None
    version: int = 0  # bumped by every accepted change: buttons older than it are stale
    moves_applied: int = 0
    message_id: int | None = None
    deadline: float | None = None  # wall-clock time the turn clock runs out
    clock_seat: int | None = None
    window: bool = False  # the running clock is a short decision window (Game.clock_hint)
    consent: Consent | None = None  # None when not asking
    recent: list[dict[str, Any]] = field(default_factory=list)  # public events, newest last
    # Public events remembered since this process loaded the table (not saved): a hand
    # message notes the count it showed, and shows the ones after it when redrawn.
    events_seen: int = 0

    # ------------------------------------------------------------------ seats
    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.left:
                return index
        return None

    def humans_present(self) -> list[Seat]:
        return [s for s in self.seats if s.is_human and not s.left]

    def awaiting_consent(self) -> list[Seat]:
        """The humans who have not yet agreed to the consent switches."""
        if self.consent is None:
            return []
        agreed = set(self.consent.agreed)
        return [s for s in self.humans_present() if s.user_id not in agreed]

    @property
    def engine(self) -> type[Game]:
        return game_class(self.game_name)

    @property
    def max_seats(self) -> int:
        limit = self.engine.max_seats
        return min(limit, self.options.max_seats) if self.options.max_seats else limit

    def rules(self) -> Rules:
        """The rules the table plays (the game's defaults when none were chosen)."""
        rules = self.options.rules
        return rules if rules is not None else self.engine.rules_type()

    def remember(self, events: list[Event]) -> None:
        self.events_seen += len(events)
        self.recent.extend(e.to_dict() for e in events)
        del self.recent[:-RECENT_EVENTS]

    # ------------------------------------------------------------------ saving
    def to_record(self) -> dict[str, Any]:
        return {
            "record_version": RECORD_VERSION,
            "status": self.status,
            "host_id": self.host_id,
            "options": self.options.to_dict(),
            "seats": [s.to_dict() for s in self.seats],
            "version": self.version,
            "moves_applied": self.moves_applied,
            "message_id": self.message_id,
            "deadline": self.deadline,
            "clock_seat": self.clock_seat,
            "window": self.window,
            "consent": self.consent.to_dict() if self.consent is not None else None,
            "recent": self.recent,
            "state": self.game.to_state() if self.game is not None else None,
        }

    def encode(self) -> str:
        """The record as the JSON text storage keeps (and the runtime rolls back to). Every
        accepted move encodes its table once: orjson takes 2–3 µs where the standard library
        takes 16–41 µs (the same JSON, with non-ASCII names as UTF-8 rather than escaped)."""
        return orjson.dumps(self.to_record(), option=orjson.OPT_NON_STR_KEYS).decode()

    def check_runnable(self) -> None:
        """Raise ValueError naming the problem if this table could not be played on (a
        damaged record that still decoded: a turn past the last seat, seats that do not
        match the match, lost or doubled cards). Every seat's view, the legal moves of
        every seat that may act and the clock's move are worked out once."""
        game = self.game
        if self.status == TableStatus.PLAYING and game is None:
            raise ValueError("it is in play but has no match")
        if not self.seats:
            raise ValueError("it has no seats")
        if game is None:
            return
        if game.seats != len(self.seats):
            raise ValueError(f"its match has {game.seats} seats but the table {len(self.seats)}")
        turn = game.turn
        if turn is not None and not 0 <= turn < game.seats:
            raise ValueError(f"its turn is seat {turn} at a {game.seats}-seat table")
        cards = game.cards_in_play()
        if len(set(cards)) != len(cards):
            raise ValueError("a card is in the match twice")
        for seat in range(game.seats):
            game.view(seat)
        for seat in game.actors():
            if not 0 <= seat < game.seats:
                raise ValueError(f"seat {seat} may act at a {game.seats}-seat table")
            game.legal_moves(seat)
        game.timeout_move()

    def restore_from(self, record: dict[str, Any]) -> None:
        """Put this table back as ``record`` has it, in place (callers hold this object)."""
        saved = Table.from_record(self.id, self.guild_id, self.channel_id, self.game_name, self.status, record)
        saved.status = TableStatus(record.get("status", self.status))
        vars(self).update(vars(saved))

    @classmethod
    def from_record(
        cls, table_id: str, guild_id: int, channel_id: int, game: str, status: str | TableStatus,
        record: dict[str, Any],
    ) -> Table:
        if not isinstance(record, dict):
            raise ValueError(f"a table record is a JSON object, not {type(record).__name__}")
        table = cls(
            table_id, guild_id, channel_id, game, int(record["host_id"]),
            TableOptions.from_dict(record["options"], game_class(game).rules_type),
            [Seat.from_dict(s) for s in record["seats"]], TableStatus(status),
        )
        table.version = int(record["version"])
        table.moves_applied = int(record["moves_applied"])
        table.message_id = record.get("message_id")
        table.deadline = record.get("deadline")
        table.clock_seat = record.get("clock_seat")
        table.window = bool(record.get("window", False))
        consent = record.get("consent")
        table.consent = Consent.from_dict(consent) if consent is not None else None
        table.recent = _recent_of(record)
        if record.get("state") is not None:
            table.game = table.engine.from_state(record["state"])
        return table


def _recent_of(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The record's recent events as this version keeps them: a version 1 record's
    ``TableEnded`` said why in English words, read here as the EndReason they meant."""
    recent = [dict(event) for event in record.get("recent", [])]
    if record.get("record_version", 1) < 2:
        for event in recent:
            if event.get("event") == "TableEnded":
                reason = EndReason.from_words(str(event.get("reason")))
                if reason is not None:
                    event["reason"] = reason.value
    return recent
