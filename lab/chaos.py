"""The kill -9 soak: the real bot killed with SIGKILL again and again while members play.

The bot runs in its own process (``BotProcess``, sandbox/bot_process.py; SIGTERM stops it
cleanly) against the fake Discord served from this process
(sandbox/fake_discord), on one SQLite database in a temporary folder. Scripted members
play many tables of every game: ``/kadi solo``, ``/karata solo``, ``/donkey solo`` and
two-member ``/kadi new`` tables (Join, Start, two rounds), by clicking their hand's
buttons and menus or typing slash commands (``/kadi play``, ``/kadi draw``, ``/kadi niko``);
computers move after 0.05–0.3 s. Meanwhile the bot is killed with SIGKILL at random
moments — at a random time, a few milliseconds after a member's move reached it (its save
or its reply), right after a member's move that empties their hand (a round's end), or
while it starts up — and restarted on the same database (the fake keeps running and the
new process reconnects), and now and then a table message is deleted as a moderator would.

At the end the members stop, every table still in play is probed (its member presses
**My hand**), tables where a computer is to move must move, the bot is left to finish
its redraws and stopped cleanly, and then, from the SQLite file and the fake's records:

(a) every acknowledged move is in the ``moves`` log exactly once, and no refused move is;
(b) every table's move log replays (``Game.replay`` from the seed and rules in its saved
    state) to its saved state, its sequence numbers are 1..moves_applied;
(c) every round the replay finishes is in ``results`` exactly once per ranked seat, with
    the replay's ranks and points, and nothing else is;
(d) one live table message per table: no two undeleted public messages with buttons
    (custom ids ``t:<table>:<action>``) for one table, and a table in the lobby or in play
    has exactly one, the one its record names;
(e) no table stuck: each is finished, in the lobby, has a turn clock deadline, or has a
    computer to move; each table in play answered its member's **My hand** after the last
    restart, and each with a computer to move moved;
(f) every table message shows its table's saved status (lobby buttons, play buttons, or
    none once finished).

A move is *acknowledged* when the member saw the bot accept it. The bot answers an
accepted move by redrawing the member's hand: a hand button or menu gets callback type 7
(update message) and a slash command type 4 with an embed (the hand, "Done."). When the
move took over 2 s the bot defers first (type 6 for a button, 5 for a command) and then
edits ``@original`` through that interaction's own token with the hand; the fake does not
tie webhook edits to tokens, so this file's ``ChaosFake`` records each token's first
successful ``PATCH .../messages/@original``. A refusal is a message with content only (type
4, or a follow-up after deferring); no answer at all (the bot was killed) is neither. The
acknowledged move must be in the log once, from the member's seat, with the same move
text, saved between the interaction reaching the bot and the acknowledgement (``moves.at``
against the fake's times, both on the wall clock); a refused move must not be.

Usage (its command line, bench/chaos.py):
``python bench/chaos.py [--tables 30] [--kills 20] [--seconds 120] [--seed N]``;
exit code 1 when a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

COMPUTER_DELAY = (0.05, 0.3)  # a computer's pause before its move, in the bot under test
CALL_WAIT = 0.2  # how long a computer waits while a human may still call
TURN_TIMER = 30  # every table has a turn clock, so a human's turn is never open-ended
INTERACTION_TIMEOUT = 15.0  # the bot answers within 3 s (defers past 2 s); this is generous
SETTLE_TIMEOUT = 60.0  # a deferred move ("thinking..."): a member waits this long for its answer
HAND_WAIT = 8.0  # a member waits this long for their hand to offer a move before reopening it
SLASH_CHANCE = 0.2  # how often a member types the move instead of clicking it
END_CHANCE = 0.05  # how often a host ends a table mid-game with /<game> end
SOLO_OPPONENTS = {"kadi": 2, "karata": 2, "donkey": 3}
GAMES = ("kadi", "karata", "donkey")
KILL_MODES = ("time", "move", "round end", "opening", "repost", "start-up")
EPSILON = 0.05  # seconds of slack between the two processes' reading of the wall clock


from aiohttp import web  # noqa: E402

from bot.games.core.events import MatchOver, RoundOver  # noqa: E402
from bot.games.core.moves import Move  # noqa: E402
from bot.registry import game_class  # noqa: E402
from bot.ui.components import ButtonAction, MenuKind  # noqa: E402
from sandbox.bot_process import BotProcess  # noqa: E402
from sandbox.fake_discord import (  # noqa: E402
    FakeChannel,
    FakeDiscord,
    FakeMember,
    FakeMessage,
    InteractionRecord,
)
from sandbox.fake_discord.members import (  # noqa: E402
    calls,
    finished,
    hand_size,
    live_table_ids,
    menus,
    move_buttons,
    move_text,
    my_turn,
    table_actions,
    table_button_id,
    table_button_of,
    table_id_of,
    table_message,
)


class ChaosFake(FakeDiscord):
    """The fake Discord, also recording when each interaction token first edited its
    ``@original`` (a deferred move's acknowledgement) and counting state changes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.original_edits: dict[str, float] = {}  # token -> wall time of its first edit of @original
        self.changes = 0
        self.on_create: Callable[[FakeMessage], None] | None = None

    def _notify(self, channel_id: int | None) -> None:
        self.changes += 1
        super()._notify(channel_id)

    def create_message(self, channel: FakeChannel, payload: dict[str, Any], **kwargs: Any) -> FakeMessage:
        message = super().create_message(channel, payload, **kwargs)
        if self.on_create is not None:
            self.on_create(message)
        return message

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        from sandbox.fake_discord.rest import build_app

        @web.middleware
        async def watch_edits(request: web.Request, handler: Any) -> web.StreamResponse:
            response = await handler(request)
            if (request.method == "PATCH" and request.path.endswith("/messages/@original")
                    and "/webhooks/" in request.path and response.status == 200):
                self.original_edits.setdefault(request.match_info.get("token", ""), time.time())
            return response

        self.host = host
        app = build_app(self)
        app.middlewares.append(watch_edits)  # inside the fake's own: sees only answered requests
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        assert server is not None
        self.port = (getattr(server, "sockets", None) or [])[0].getsockname()[1]


# ------------------------------------------------------------------ records
@dataclass
class Attempt:
    """One move a member sent, and what it expects to find in the move log."""

    member: FakeMember
    table_id: str
    texts: frozenset[str]  # the move's text as the log writes it
    record: InteractionRecord
    via: str  # "hand" or "slash"


@dataclass
class Slot:
    """A channel where members open tables one after another."""

    index: int
    game: str
    channel: FakeChannel
    host: FakeMember
    guest: FakeMember | None = None  # two-member tables (/kadi new, Join, Start)
    tables: list[str] = field(default_factory=list)


@dataclass
class Check:
    name: str
    problems: list[str] = field(default_factory=list)
    checked: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class Report:
    kills: int = 0
    survived: int = 0
    kill_modes: Counter[str] = field(default_factory=Counter)
    kill_at: list[float] = field(default_factory=list)  # seconds into the run
    deletes: int = 0
    tables: int = 0
    games: Counter[str] = field(default_factory=Counter)
    moves: int = 0
    member_moves: Counter[str] = field(default_factory=Counter)
    rounds: int = 0
    interactions: int = 0
    late: int = 0  # first answers later than Discord's 3 s
    slowest_ack: float = 0.0  # seconds from a move reaching the bot to its acknowledgement
    checks: list[Check] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    bot_errors: list[str] = field(default_factory=list)
    stopped_cleanly: bool = False

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(c.ok for c in self.checks) and self.survived == self.kills

    def text(self) -> str:
        lines = [
            f"kills survived: {self.survived}/{self.kills} ("
            + ", ".join(f"{mode} {n}" for mode, n in sorted(self.kill_modes.items())) + ")"
            + f"; table messages deleted: {self.deletes}",
            "kills at: " + ", ".join(f"{t:.1f}" for t in self.kill_at) + " s into the run",
            f"tables: {self.tables} (" + ", ".join(f"{g} {n}" for g, n in sorted(self.games.items())) + ")",
            f"moves: {self.moves} in the log; members' moves: {self.member_moves['acknowledged']} acknowledged, "
            f"{self.member_moves['refused']} refused, {self.member_moves['unanswered']} unanswered "
            f"({self.interactions} interactions, {self.late} first answered after 3 s; slowest acknowledgement "
            f"{self.slowest_ack:.1f} s)",
            f"rounds: {self.rounds}",
        ]
        for check in self.checks:
            verdict = "ok" if check.ok else f"FAILED ({len(check.problems)})"
            lines.append(f"({check.name}: {check.checked} checked, {verdict}")
            lines.extend(f"    {p}" for p in check.problems[:12])
            if len(check.problems) > 12:
                lines.append(f"    ... and {len(check.problems) - 12} more")
        lines.append(f"bot stopped cleanly at the end: {'yes' if self.stopped_cleanly else 'NO'}")
        if self.notes:
            lines.append("observations:")
            lines.extend(f"    {n}" for n in self.notes)
        if self.bot_errors:
            lines.append(f"errors in the bot's log: {len(self.bot_errors)}")
            lines.extend(f"    {e}" for e in self.bot_errors[:10])
        lines.append("result: " + ("PASS" if self.ok else "FAIL"))
        return "\n".join(lines)


def normal(text: str) -> str:
    return Move.parse(text).text()


# ------------------------------------------------------------------ the run
class Chaos:
    def __init__(self, tables: int, kills: int, seconds: float, seed: int, deletes: int | None = None,
                 workdir: Path | None = None, verbose: bool = False, modes: tuple[str, ...] = KILL_MODES) -> None:
        self.modes = modes
        self.slots_wanted = tables
        self.kills_wanted = kills
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.deletes_wanted = max(1, kills // 4) if deletes is None else deletes
        self.workdir = workdir
        self.verbose = verbose
        self.report = Report()
        self.fake = ChaosFake(plain_gateway=True)
        self.slots: list[Slot] = []
        self.attempts: list[Attempt] = []
        self.generation = 0
        self.stopping = False
        self.trigger: asyncio.Future[None] | None = None
        self.trigger_mode = ""
        self.bot: BotProcess | None = None
        self.process: asyncio.subprocess.Process | None = None
        self.up = asyncio.Event()
        self.died: asyncio.Future[None] | None = None
        self.killing = False
        self.hand_timeouts = 0
        self.deleted_tables: set[str] = set()
        self.fake.on_create = self.created
        self.up_since = 0.0  # the event loop's time when the running bot process connected
        self.stale_hands: list[str] = []  # hands saying "Not your turn yet" while the table says it is
        self.invisible = 0
        self.began = time.monotonic()
        self.clock_offset = 0.0  # wall clock minus the event loop's clock
        self.wall_began = time.time()
        self.kill_times: list[float] = []  # wall clock
        self.db: Path | None = None
        self.log_path = Path(os.devnull)
        self.watcher: asyncio.Future[None] | None = None

    def say(self, text: str) -> None:
        if self.verbose:
            print(f"[{time.monotonic() - self.began:7.2f}] {text}", flush=True)

    # ------------------------------------------------------------ the bot process
    async def spawn(self) -> None:
        assert self.db is not None
        self.bot = BotProcess(self.fake.port, str(self.db), computer_delay=COMPUTER_DELAY, call_wait=CALL_WAIT,
                              log=self.log_path)
        await self.bot.start()
        self.process = self.bot.process
        assert self.process is not None
        self.generation += 1
        self.died = asyncio.get_running_loop().create_future()
        self.watcher = asyncio.ensure_future(self._watch(self.process, self.died))

    async def _watch(self, process: asyncio.subprocess.Process, died: asyncio.Future[None]) -> None:
        code = await process.wait()
        if not died.done():
            died.set_result(None)
        self.up.clear()
        if not self.killing and not self.stopping:
            self.report.notes.append(f"the bot exited by itself with code {code}")

    async def wait_connected(self, timeout: float = 60.0) -> bool:
        """Until the current bot process has identified to the fake (it restored its
        tables before that, in setup_hook); False if it died first."""
        died = self.died
        assert died is not None
        connected = asyncio.ensure_future(self.fake.wait_for(lambda: self.fake.connected, timeout=timeout))
        await asyncio.wait({connected, died}, return_when=asyncio.FIRST_COMPLETED)
        connected.cancel()
        with contextlib.suppress(BaseException):
            await connected
        if died.done() or not self.fake.connected:
            return False
        self.up_since = asyncio.get_running_loop().time()
        self.up.set()
        return True

    async def kill(self) -> None:
        assert self.bot is not None and self.died is not None
        self.killing = True
        self.up.clear()
        await self.bot.kill()
        await self.died
        with contextlib.suppress(TimeoutError):
            await self.fake.wait_for(lambda: not self.fake.connected, timeout=10)
        self.killing = False

    async def restart(self) -> bool:
        await self.spawn()
        return await self.wait_connected()

    async def stop_bot(self) -> bool:
        """SIGTERM: the bot closes its runtime, presenter and storage and exits."""
        assert self.bot is not None
        self.up.clear()
        return await self.bot.stop()

    # ------------------------------------------------------------ interactions
    async def interact(self, member: FakeMember, send: Callable[[], Awaitable[Any]]) -> InteractionRecord | None:
        """Send one interaction once the bot is up; its record (live: answers that come
        later still land in it), or None if it never reached the bot."""
        while not self.up.is_set():
            if self.stopping:
                return None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.up.wait(), 5)
        died = self.died
        assert died is not None
        start = len(self.fake.interaction_log)
        task = asyncio.ensure_future(send())
        done, _ = await asyncio.wait({task, died}, timeout=INTERACTION_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
        if task not in done:
            task.cancel()
        with contextlib.suppress(BaseException):
            await task  # a refused click (the button vanished) or an unanswered one: judged by the record
        for record in self.fake.interaction_log[start:]:
            if record.member is member:
                return record
        return None

    def outcome(self, record: InteractionRecord) -> tuple[str, float | None]:
        """("acknowledged" | "refused" | "unanswered", wall time of the answer) — see the module docstring."""
        offset = self.clock_offset
        kind = record.callback_type
        if kind in (4, 7) and record.first_callback_at is not None:
            first = record.original.versions[0] if record.original is not None else {}
            accepted = kind == 7 or bool(first.get("embeds"))
            return ("acknowledged" if accepted else "refused"), record.first_callback_at + offset
        if kind in (5, 6):
            edited = self.fake.original_edits.get(record.token)
            if edited is not None:
                return "acknowledged", edited
            if record.followups:
                return "refused", record.followups[0].created_at + offset
        return "unanswered", None

    async def settle(self, record: InteractionRecord) -> str:
        """A deferred answer's outcome, once it is known (or the bot died)."""
        died = self.died
        assert died is not None
        if record.callback_type in (5, 6):
            with contextlib.suppress(TimeoutError):
                await self.fake.wait_for(
                    lambda: record.token in self.fake.original_edits or record.followups or died.done(),
                    timeout=SETTLE_TIMEOUT, channel=record.channel.id)
        return self.outcome(record)[0]

    def moving(self, round_end: bool) -> None:
        """A member is about to send a move: fire an armed kill."""
        trigger = self.trigger
        if trigger is not None and not trigger.done() and (self.trigger_mode == "move" or (
                self.trigger_mode == "round end" and round_end)):
            trigger.set_result(None)

    def created(self, message: FakeMessage) -> None:
        """A message appeared in the fake: a table message posted again after its deletion
        fires an armed "repost" kill (the bot is saving where the table now is)."""
        trigger = self.trigger
        if trigger is None or trigger.done() or self.trigger_mode != "repost" or not message.public:
            return
        if live_table_ids(message) & self.deleted_tables:
            trigger.set_result(None)

    def opened(self) -> None:
        """A new table's message just arrived (the bot is saving where it is): fire an armed kill."""
        trigger = self.trigger
        if trigger is not None and not trigger.done() and self.trigger_mode == "opening":
            trigger.set_result(None)

    async def pause(self, channel: FakeChannel, seconds: float = 1.0) -> None:
        """Until something changes in the channel, for at most ``seconds``."""
        changes = self.fake.changes
        with contextlib.suppress(TimeoutError):
            await self.fake.wait_for(lambda: self.fake.changes != changes or self.stopping, timeout=seconds,
                                     channel=channel.id)

    # ------------------------------------------------------------ tables and hands
    def table_message(self, slot: Slot, table_id: str) -> FakeMessage | None:
        return table_message(self.fake, slot.channel.id, table_id)

    async def slash(self, slot: Slot, member: FakeMember, command: str, **options: Any) -> InteractionRecord | None:
        return await self.interact(member, lambda: self.fake.slash(
            member, f"{slot.game} {command}", channel=slot.channel, options=options, timeout=INTERACTION_TIMEOUT))

    async def click(self, member: FakeMember, message: FakeMessage, key: str) -> InteractionRecord | None:
        return await self.interact(member, lambda: self.fake.click(member, message, key, timeout=INTERACTION_TIMEOUT))

    async def open_table(self, slot: Slot) -> str | None:
        """A new table in the slot's channel (or the one already there); its id."""
        if slot.guest is None:
            record = await self.slash(slot, slot.host, "solo", opponents=SOLO_OPPONENTS[slot.game],
                                      turn_timer=TURN_TIMER,
                                      **({"preset": self.rng.choice(["karata", "kadi-moja"]),
                                          "elimination": self.rng.random() < 0.3} if slot.game == "karata" else
                                         {"deal": self.rng.choice([3, 4, 5])} if slot.game == "kadi" else {}))
        else:
            record = await self.slash(slot, slot.host, "new", turn_timer=TURN_TIMER, rounds=2)
        if record is None:
            return None
        await self.settle(record)
        message = record.original
        said = " ".join(m.content for m in [message, *record.followups] if m is not None)
        table_id = table_id_of(message) if message is not None and message.public and not message.deleted else None
        if table_id is not None:
            self.opened()
            if table_id not in slot.tables:
                slot.tables.append(table_id)
            return table_id
        if "already has a table" in said:
            link = re.search(r"/channels/\d+/\d+/(\d+)", said)
            linked = self.fake.messages.get(int(link[1])) if link else None
            table_id = table_id_of(linked) if linked is not None else None
            if table_id is not None:
                if table_id not in slot.tables:
                    slot.tables.append(table_id)
                return table_id
            # The channel is held by a table nobody can see (its message never went out):
            # the host closes it.
            self.invisible += 1
            await self.slash(slot, slot.host, "end")
        return None

    async def seat_guest(self, slot: Slot, table_id: str) -> bool:
        """Join and Start a two-member table; True once it is dealt."""
        assert slot.guest is not None
        joined = False
        deadline = time.monotonic() + 60
        while not self.stopping and time.monotonic() < deadline:
            message = self.table_message(slot, table_id)
            if message is None:
                await self.pause(slot.channel)
                if self.table_message(slot, table_id) is None and self.up.is_set():
                    await self.slash(slot, slot.host, "end")  # a lobby nobody can see
                    return False
                continue
            if not message.buttons():
                return False  # closed
            if message.has_button(table_button_id(table_id, ButtonAction.HAND)):
                return True
            if not joined:
                record = await self.click(slot.guest, message, table_button_id(table_id, ButtonAction.JOIN))
                if record is not None and await self.settle(record) != "unanswered":
                    said = record.original.content if record.callback_type == 4 and record.original else ""
                    joined = not said or "already at this table" in said
                continue
            record = await self.click(slot.host, message, table_button_id(table_id, ButtonAction.START))
            if record is None:
                continue
            await self.settle(record)
            said = record.original.content if record.callback_type == 4 and record.original else ""
            if "already started" in said or record.callback_type in (6, 7):
                return True
            if "At least" in said:
                joined = False
        return False

    async def play(self, slot: Slot, member: FakeMember, table_id: str) -> None:
        """Play one table to its end (or until the run stops), as ``member``."""
        hand: FakeMessage | None = None
        hand_generation = -1
        moves = 0
        end_after = self.rng.randint(3, 30) if member is slot.host and self.rng.random() < END_CHANCE else None
        while not self.stopping:
            message = self.table_message(slot, table_id)
            if message is not None and not message.buttons():
                return  # finished (or its last redraw is not out yet: My hand below tells)
            if end_after is not None and moves >= end_after:
                record = await self.slash(slot, member, "end")
                if record is not None and "closed" in (record.original.content if record.original else ""):
                    return
                end_after = None
            if hand is None or hand_generation != self.generation:
                generation = self.generation
                if message is not None and message.has_button(table_button_id(table_id, ButtonAction.HAND)):
                    record = await self.click(member, message, table_button_id(table_id, ButtonAction.HAND))
                else:
                    record = await self.slash(slot, member, "hand")
                if record is None or record.callback_type is None:
                    continue
                opened = record.original
                if opened is not None and not opened.public and opened.embeds and table_id in str(
                        opened.embeds[0].get("title")):
                    hand, hand_generation = opened, generation
                    continue
                said = opened.content if opened is not None else ""
                if "finished" in said or "There is no" in said or "not playing" in said or "not at" in said:
                    return
                await self.pause(slot.channel)
                continue
            try:
                # The bot keeps only a member's newest hand message up to date (a solo table's own
                # hand, sent just after its table message, may be newer than the one opened).
                await self.fake.wait_for(
                    lambda h=hand, g=hand_generation: my_turn(self.newest_hand(slot, member, table_id) or h)
                    or self.generation != g or self.stopping or self._finished(slot, table_id),
                    timeout=HAND_WAIT, channel=slot.channel.id)
            except TimeoutError:
                current = self.newest_hand(slot, member, table_id) or hand
                self.hand_timeouts += 1
                shown = self.table_message(slot, table_id)
                if shown is not None and "Not your turn yet" in current.text() and (
                        f"▶ **{member.display_name}**" in shown.text()):
                    self.stale_hands.append(f"{member.display_name} at table {table_id} "
                                            f"({time.monotonic() - self.began:.1f} s into the run)")
                if self.verbose:
                    drawn_at = [b.custom_id for b in current.buttons()][-1:]
                    with contextlib.closing(self.database()) as conn:
                        saved = conn.execute("SELECT json_extract(record, '$.version'), status FROM tables"
                                             " WHERE id = ?", (table_id,)).fetchone()
                        last = conn.execute("SELECT MAX(at) FROM moves WHERE table_id = ?", (table_id,)).fetchone()
                    self.say(f"{member.display_name} at table {table_id} (generation {hand_generation}): no move "
                             f"offered for {HAND_WAIT:g} s; hand {current.id} drawn at {drawn_at}, "
                             f"{len(current.versions)} versions, created "
                             f"{current.created_at + self.clock_offset - self.wall_began:.2f} s; saved "
                             f"{tuple(saved) if saved else None}, last move "
                             f"{(last[0] or 0) - self.wall_began:.2f} s; hand {current.text()[:200]!r}; table "
                             f"message {shown.text()[:300] if shown else None!r}; other hands "
                             f"{self.other_hands(member, table_id, current)}")
                hand = None
                continue
            current = self.newest_hand(slot, member, table_id) or hand
            if self.stopping or self.generation != hand_generation or not my_turn(current):
                continue
            await asyncio.sleep(self.rng.uniform(0.02, 0.25))  # a member's moment of thought
            hand = await self.move(slot, member, table_id, current)
            moves += 1

    def newest_hand(self, slot: Slot, member: FakeMember, table_id: str) -> FakeMessage | None:
        """The member's newest hand message at this table sent by the running bot process."""
        title = f"table {table_id}"
        for message in reversed(self.fake.channel_messages.get(slot.channel.id, [])):
            if message.created_at < self.up_since:
                return None
            if message.visible_to == member.id and not message.deleted and message.embeds and str(
                    message.embeds[0].get("title", "")).endswith(title) and message.embeds[0].get(
                    "title", "").startswith("Your hand"):
                return message
        return None

    def other_hands(self, member: FakeMember, table_id: str, hand: FakeMessage) -> list[str]:
        """The member's other hand messages at this table: (id, created, versions), for diagnosis."""
        return [f"{m.id} created {m.created_at + self.clock_offset - self.wall_began:.2f} s, {len(m.versions)} versions"
                for m in self.fake.private_messages(member)
                if m is not hand and m.embeds and str(m.embeds[0].get("title", "")).endswith(f"table {table_id}")]

    def _finished(self, slot: Slot, table_id: str) -> bool:
        return finished(self.fake, slot.channel.id, table_id)

    async def move(self, slot: Slot, member: FakeMember, table_id: str, hand: FakeMessage) -> FakeMessage | None:
        """One move from the hand; the hand to go on with (None: open it again)."""
        buttons = move_buttons(hand)
        plays = menus(hand, MenuKind.PLAYS)
        calling = calls(hand)
        typed = self.rng.random() < SLASH_CHANCE
        if calling and self.rng.random() < 0.9:
            text = move_text(calling[0])
            if typed and slot.game in ("kadi", "karata"):
                command = "niko" if slot.game == "kadi" else "moja"
                return await self.slash_move(slot, member, table_id, command, {}, frozenset({"call"}), False)
            return await self.hand_move(member, table_id, hand, lambda: self.fake.click(
                member, hand, calling[0], timeout=INTERACTION_TIMEOUT), normal(text), False)
        if plays and (not buttons or self.rng.random() < 0.75):
            select = plays[0]
            values = select.option_values
            value = values[0] if self.rng.random() < 0.5 else self.rng.choice(values)
            for _ in range(4):  # "ask <cards>" opens a menu of what to ask for (and demands by suit)
                if not value.startswith("ask "):
                    break
                record = await self.interact(member, lambda s=select, v=value: self.fake.select(
                    member, hand, v, s, timeout=INTERACTION_TIMEOUT))
                if record is None or record.callback_type != 7:
                    return None
                asks = menus(hand, MenuKind.ASKS)
                if not asks:
                    return None
                select = asks[0]
                value = self.rng.choice(select.option_values)
            if value.startswith("ask "):
                return None
            round_end = len(Move.parse(value).cards) >= hand_size(hand)
            if typed:
                rest = value[len("play "):]
                name = "card" if slot.game == "donkey" else "cards"
                return await self.slash_move(slot, member, table_id, "play", {name: rest},
                                             frozenset({normal(value)}), round_end)
            chosen = select
            return await self.hand_move(member, table_id, hand, lambda: self.fake.select(
                member, hand, value, chosen, timeout=INTERACTION_TIMEOUT), normal(value), round_end)
        if not buttons:
            return None
        button = self.rng.choice(buttons)
        text = move_text(button)
        if typed and slot.game != "donkey" and Move.parse(text).kind in ("draw", "pass"):
            # /<game> draw makes the first of draw and pass the moment allows (the bot decides,
            # with no version to hold it to the hand the member saw): either is the move.
            return await self.slash_move(slot, member, table_id, "draw", {}, frozenset({"draw", "pass"}), False)
        return await self.hand_move(member, table_id, hand, lambda: self.fake.click(
            member, hand, button, timeout=INTERACTION_TIMEOUT), normal(text), False)

    async def hand_move(self, member: FakeMember, table_id: str, hand: FakeMessage,
                        send: Callable[[], Awaitable[Any]], text: str, round_end: bool) -> FakeMessage | None:
        self.moving(round_end)
        record = await self.interact(member, send)
        if record is None:
            return None
        self.attempts.append(Attempt(member, table_id, frozenset({text}), record, "hand"))
        return hand if await self.settle(record) == "acknowledged" else None

    async def slash_move(self, slot: Slot, member: FakeMember, table_id: str, command: str, options: dict[str, Any],
                         expect: frozenset[str], round_end: bool) -> FakeMessage | None:
        self.moving(round_end)
        record = await self.slash(slot, member, command, **options)
        if record is None:
            return None
        self.attempts.append(Attempt(member, table_id, expect, record, "slash"))
        if await self.settle(record) == "acknowledged" and record.original is not None:
            return record.original  # the hand, redrawn with "Done."
        return None

    async def run_slot(self, slot: Slot) -> None:
        await asyncio.sleep(self.rng.uniform(0, min(3.0, self.seconds / 10)))  # members arrive over a moment
        while not self.stopping:
            try:
                table_id = await self.open_table(slot)
                if table_id is None:
                    await self.pause(slot.channel)
                    continue
                if slot.guest is not None:
                    if not await self.seat_guest(slot, table_id):
                        continue
                    await asyncio.gather(self.play(slot, slot.host, table_id), self.play(slot, slot.guest, table_id))
                else:
                    await self.play(slot, slot.host, table_id)
            except Exception as err:  # a member's script must never end the run
                self.report.notes.append(f"slot {slot.index}: the member's script failed: {err!r}")
                await self.pause(slot.channel)

    # ------------------------------------------------------------ chaos
    async def kill_loop(self, until: float) -> None:
        """``kills`` SIGKILLs spread until ``until``, each followed by a restart on the same database."""
        began = time.monotonic()
        period = max(0.5, (until - began) / max(self.kills_wanted, 1))
        while self.report.kills < self.kills_wanted:
            mode = self.rng.choice(self.modes)
            if mode == "start-up" and self.report.kills + 2 > self.kills_wanted:
                mode = "time"
            # The n-th kill lands somewhere in the n-th stretch of the run (an armed one
            # waits for a move from the middle of its stretch).
            stretch = began + self.report.kills * period
            at = stretch + self.rng.uniform(0.1, period if mode == "time" else period / 2)
            await asyncio.sleep(max(0.0, at - time.monotonic()))
            if mode == "repost":
                self.delete_one()  # a moderator deletes a table message; the bot posts it again
            if mode in ("move", "round end", "opening", "repost"):
                # Armed: the next member move (for "round end": one that empties a hand; for
                # "opening": a new table's message arriving; for "repost": a deleted table message
                # posted again) fires it a few milliseconds later: during the move's save or its
                # reply, or while the bot saves where the table's message is.
                self.trigger, self.trigger_mode = asyncio.get_running_loop().create_future(), mode
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(self.trigger), period)
                self.trigger = None
                await asyncio.sleep(self.rng.uniform(0.0, 0.04))
            kills = 1
            await self.kill_now("time" if mode == "start-up" else mode)
            if mode == "start-up":
                # And kill the new process while it starts: migrating, restoring, syncing, connecting.
                await self.spawn()
                await asyncio.sleep(self.rng.uniform(0.05, 1.5))
                await self.kill_now(mode)
                kills += 1
            if not await self.restart():
                self.report.notes.append(f"the bot did not come back after kill {self.report.kills}: "
                                         + self.log_tail())
                return
            self.report.survived += kills

    async def kill_now(self, mode: str) -> None:
        self.report.kills += 1
        self.report.kill_modes[mode] += 1
        self.say(f"kill {self.report.kills} ({mode})")
        self.kill_times.append(time.time())
        self.report.kill_at.append(time.time() - self.wall_began)
        await self.kill()

    def log_tail(self, lines: int = 5) -> str:
        with contextlib.suppress(OSError):
            return " | ".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        return ""

    async def delete_loop(self, until: float) -> None:
        """A moderator deletes a live table message now and then; the bot must post it again."""
        began = time.monotonic()
        period = (until - began) / max(self.deletes_wanted, 1)
        for number in range(self.deletes_wanted):
            await asyncio.sleep(max(0.0, began + (number + self.rng.uniform(0.2, 1.0)) * period - time.monotonic()))
            self.delete_one()

    def delete_one(self) -> None:
        live = [m for slot in self.slots for m in self.fake.channel_messages.get(slot.channel.id, [])
                if m.public and not m.deleted and any((parsed := table_button_of(b)) is not None
                                                  and parsed.action == ButtonAction.HAND for b in m.buttons())]
        if live:
            message = self.rng.choice(live)
            self.deleted_tables |= live_table_ids(message)
            self.fake.delete_message(message)
            self.report.deletes += 1

    # ------------------------------------------------------------ the end
    def database(self) -> sqlite3.Connection:
        conn = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=30)
        conn.row_factory = sqlite3.Row
        return conn

    def table_rows(self) -> list[dict[str, Any]]:
        with contextlib.closing(self.database()) as conn:
            rows = conn.execute(
                "SELECT id, guild_id, channel_id, game, status, record, updated_at FROM tables").fetchall()
        return [{**dict(r), "record": json.loads(r["record"])} for r in rows]

    @staticmethod
    def computer_to_move(row: dict[str, Any]) -> bool:
        record = row["record"]
        if row["status"] != "playing" or record.get("state") is None:
            return False
        game = game_class(row["game"]).from_state(record["state"])
        seats = record["seats"]
        if game.is_over:
            return False

        def computer(index: int) -> bool:
            seat = seats[index]
            return seat["user_id"] is None or bool(seat.get("autopilot")) or bool(seat.get("left"))

        return any(computer(s) and game.legal_moves(s) for s in game.actors())

    async def probe(self, stuck: Check) -> None:
        """After the last restart: each table in play answers its member's My hand, and
        each table where a computer is to move moves."""
        members = {m.id: (slot, m) for slot in self.slots for m in (slot.host, slot.guest) if m is not None}
        rows = self.table_rows()
        waiting = {r["id"]: r["record"]["version"] for r in rows if self.computer_to_move(r)}
        for row in rows:
            if row["status"] != "playing":
                continue
            humans = [s["user_id"] for s in row["record"]["seats"] if s["user_id"] in members and not s.get("left")]
            if not humans:
                continue
            slot, member = members[humans[0]]
            message = self.table_message(slot, row["id"])
            stuck.checked += 1
            if message is not None and message.has_button(table_button_id(row['id'], ButtonAction.HAND)):
                record = await self.click(member, message, table_button_id(row['id'], ButtonAction.HAND))
            else:
                record = await self.interact(member, lambda m=member, s=slot: self.fake.slash(
                    m, f"{s.game} hand", channel=s.channel, timeout=INTERACTION_TIMEOUT))
            if record is not None:
                await self.settle(record)
            answer = record.original if record is not None else None
            if answer is None or not answer.embeds:
                now = next((r for r in self.table_rows() if r["id"] == row["id"]), row)
                if now["status"] != "playing":
                    continue  # it finished meanwhile (a computer's last move, a turn clock)
                said = answer.content if answer is not None else "no answer"
                stuck.problems.append(f"table {row['id']} ({row['game']}, in play in the database): "
                                      f"My hand answered {said!r}")
        deadline = time.monotonic() + 30
        while waiting and time.monotonic() < deadline:
            versions = {r["id"]: r["record"]["version"] for r in self.table_rows()}
            waiting = {t: v for t, v in waiting.items() if versions.get(t) == v}
            if waiting:
                await self.pause(self.slots[0].channel, 0.25)
        for table_id in waiting:
            stuck.problems.append(f"table {table_id}: a computer was to move after the last restart "
                                  "and did not within 30 s")

    async def quiet(self, seconds: float = 2.0, limit: float = 40.0) -> None:
        """Until the bot has changed nothing in the fake for ``seconds`` (its redraws are out)."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            changes = self.fake.changes
            try:
                await self.fake.wait_for(lambda c=changes: self.fake.changes != c, timeout=seconds)
            except TimeoutError:
                return

    def check_moves(self, rows: dict[str, dict[str, Any]], logged: dict[str, list[sqlite3.Row]]) -> Check:
        """(a): each acknowledged move is one log row (from the member's seat, with its text,
        saved between the interaction reaching the bot and its acknowledgement); a refused
        move is none.

        A member sends one move at a time, but an earlier move that went unanswered (the bot
        was killed) may have been saved before the kill, and a slow deferred move may still
        be answered after the member gave up on it, so windows can overlap: each row is
        given to one acknowledged move (the earliest that can have it), and a row inside the
        window of a move of the same member that went unanswered is that move's."""
        check = Check("a) acknowledged moves in the log exactly once, refused moves not at all")
        groups: dict[tuple[str, int], list[tuple[Attempt, str, float, float]]] = {}
        for attempt in self.attempts:
            verdict, answered = self.outcome(attempt.record)
            self.report.member_moves[verdict] += 1
            low = attempt.record.received_at + self.clock_offset - EPSILON
            high = (answered + EPSILON) if answered is not None else float("inf")
            if verdict == "acknowledged":
                self.report.slowest_ack = max(self.report.slowest_ack, high - low)
            groups.setdefault((attempt.table_id, attempt.member.id), []).append((attempt, verdict, low, high))
        for (table_id, user_id), attempts in groups.items():
            attempts.sort(key=lambda a: a[2])
            # An unanswered move was saved, if at all, before the member's next move went out.
            attempts = [(a, v, lo, attempts[i + 1][2] if v == "unanswered" and i + 1 < len(attempts) else hi)
                        for i, (a, v, lo, hi) in enumerate(attempts)]
            row = rows.get(table_id)
            seats = row["record"]["seats"] if row else []
            seat = next((i for i, s in enumerate(seats) if s["user_id"] == user_id), None)
            mine = [m for m in logged.get(table_id, []) if m["seat"] == seat]
            taken: set[int] = set()

            def fits(attempt: Attempt, move: sqlite3.Row, low: float, high: float) -> bool:
                return low <= move["at"] <= high and move["move"] in attempt.texts

            def unanswered_owns(move: sqlite3.Row, group: list[tuple[Attempt, str, float, float]] = attempts) -> bool:
                return any(v == "unanswered" and fits(a, move, lo, hi) for a, v, lo, hi in group)

            for attempt, verdict, low, high in attempts:
                if verdict != "acknowledged":
                    continue
                check.checked += 1
                found = [m for m in mine if fits(attempt, m, low, high)]
                free = [m for m in found if m["seq"] not in taken]
                what = self.describe(attempt, low, high)
                if not free:
                    near = [f"{m['seq']} {m['move']!r} at {m['at'] - low:+.2f} s" for m in mine
                            if low - 2 <= m["at"] <= high + 2]
                    check.problems.append(f"{what}: acknowledged, not in the log"
                                          + (f" (only rows {[m['seq'] for m in found]}, taken)" if found else "")
                                          + f"; the seat's rows near it: {near}")
                    continue
                taken.add(free[0]["seq"])
                extra = [m for m in free[1:] if m["move"] == free[0]["move"] and not unanswered_owns(m)]
                if extra:
                    check.problems.append(f"{what}: acknowledged, in the log {1 + len(extra)} times "
                                          f"(rows {[free[0]['seq'], *(m['seq'] for m in extra)]})")
            for attempt, verdict, low, high in attempts:
                if verdict != "refused":
                    continue
                check.checked += 1
                found = [m for m in mine if fits(attempt, m, low, high) and m["seq"] not in taken
                         and not unanswered_owns(m)]
                if found:
                    record = attempt.record
                    said = record.followups[0].content if record.followups else (
                        record.original.content if record.original else "")
                    check.problems.append(f"{self.describe(attempt, low, high)}: refused ({said!r}) yet saved "
                                          f"as move {found[0]['seq']}")
        return check

    def before_kill(self, wall: float) -> str:
        """" N s before kill K" for the first kill after ``wall`` (wall clock), if any."""
        after = [(n, t - wall) for n, t in enumerate(self.kill_times, 1) if t >= wall]
        return f" {after[0][1]:.2f} s before kill {after[0][0]}" if after else " after the last kill"

    def describe(self, attempt: Attempt, low: float, high: float) -> str:
        return (f"{attempt.member.display_name}'s {attempt.via} move "
                f"{'/'.join(sorted(attempt.texts))!r} at table {attempt.table_id} "
                f"(interaction {attempt.record.id} {attempt.record.name!r}, sent {low - self.wall_began:.2f} s "
                f"into the run, answered {high - low:.2f} s later)")

    def check(self, stuck: Check) -> None:
        report = self.report
        rows = {r["id"]: r for r in self.table_rows()}
        with contextlib.closing(self.database()) as conn:
            logged: dict[str, list[sqlite3.Row]] = {}
            for row in conn.execute("SELECT table_id, seq, seat, move, at FROM moves ORDER BY table_id, seq"):
                logged.setdefault(row["table_id"], []).append(row)
            results: dict[str, list[sqlite3.Row]] = {}
            for row in conn.execute("SELECT * FROM results"):
                results.setdefault(row["table_id"], []).append(row)
        report.tables = len(rows)
        report.games = Counter(r["game"] for r in rows.values())
        report.moves = sum(len(v) for v in logged.values())

        # (a) acknowledged moves in the log exactly once; refused ones not at all
        moves_check = self.check_moves(rows, logged)
        report.interactions = len(self.fake.interaction_log)
        report.late = sum(1 for r in self.fake.interaction_log if r.latency is not None and r.late)

        # (b) replays, (c) results
        replay_check = Check("b) every table's move log replays to its saved state")
        results_check = Check("c) every finished round in results exactly once per seat")
        for table_id, row in rows.items():
            record = row["record"]
            moves = logged.get(table_id, [])
            replay_check.checked += 1
            seqs = [m["seq"] for m in moves]
            if seqs != list(range(1, len(seqs) + 1)) or len(seqs) != record.get("moves_applied", 0):
                replay_check.problems.append(f"table {table_id}: move seqs {seqs[:3]}..{seqs[-3:]} "
                                             f"({len(seqs)}) against moves_applied {record.get('moves_applied')}")
            state = record.get("state")
            expected: dict[tuple[int, int], tuple[int | None, int, int, bool]] = {}
            if state is None:
                if moves:
                    replay_check.problems.append(f"table {table_id}: {len(moves)} moves but no game state")
            else:
                engine = game_class(row["game"])
                try:
                    game = engine.new(len(record["seats"]), engine.rules_type.from_dict(state["rules"]),
                                      int(state["seed"]))
                    for m in moves:
                        events = game.apply(m["seat"], Move.parse(m["move"]))
                        rounds = [(e.round_no, e.result) for e in events if isinstance(e, RoundOver)]
                        if not rounds:
                            rounds = [(game.view(None).round_no, e.result) for e in events
                                      if isinstance(e, MatchOver)]
                        for round_no, result in rounds:
                            for seat, rank in enumerate(result.ranks):
                                if rank is not None:
                                    expected[(round_no, seat)] = (record["seats"][seat]["user_id"], rank,
                                                                  result.points[seat], seat in result.winners)
                except Exception as err:
                    replay_check.problems.append(f"table {table_id}: the log does not replay: {err!r}")
                else:
                    replayed = json.loads(json.dumps(game.to_state()))
                    if replayed != state:
                        keys = sorted(k for k in set(replayed) | set(state) if replayed.get(k) != state.get(k))
                        replay_check.problems.append(
                            f"table {table_id} ({row['game']}, {len(moves)} moves): the replay differs from "
                            f"the saved state in {keys}")
            stored = {(r["round_no"], r["seat"]): (r["user_id"], r["rank"], r["points"], bool(r["won"]))
                      for r in results.get(table_id, [])}
            results_check.checked += len({k[0] for k in expected})
            report.rounds += len({k[0] for k in expected})
            if len(results.get(table_id, [])) != len(stored):
                results_check.problems.append(f"table {table_id}: a round and seat recorded twice")
            for key in sorted(set(expected) | set(stored)):
                if expected.get(key) != stored.get(key):
                    results_check.problems.append(
                        f"table {table_id} round {key[0]} seat {key[1]}: replay {expected.get(key)}, "
                        f"results {stored.get(key)}")

        # (d) one live table message per table, (f) messages show the saved status
        message_check = Check("d) one live table message per table, the one its record names")
        status_check = Check("f) every table message shows its table's saved status")
        live: dict[str, list[FakeMessage]] = {}
        for message in self.fake.messages.values():
            if message.public and not message.deleted:
                for table_id in live_table_ids(message):
                    live.setdefault(table_id, []).append(message)
        for table_id, row in rows.items():
            message_check.checked += 1
            found = live.get(table_id, [])
            saved = row["record"].get("message_id")
            posted = ", ".join(f"{m.id} posted{self.before_kill(m.created_at + self.clock_offset)}" for m in found)
            if len(found) > 1:
                message_check.problems.append(f"table {table_id} ({row['game']}, {row['status']}): {len(found)} "
                                              f"live messages ({posted}), saved message {saved}")
            elif row["status"] in ("lobby", "playing") and [m.id for m in found] != [saved]:
                message_check.problems.append(f"table {table_id} ({row['game']}, {row['status']}): live messages "
                                              f"[{posted}], saved message {saved}")
            wanted = "finished" if row["status"] in ("over", "cancelled") else row["status"]
            for shown in found if saved is None or saved in (m.id for m in found) else [*found, None]:
                if shown is None:
                    shown = self.fake.messages.get(saved)
                    if shown is None or shown.deleted:
                        continue
                status_check.checked += 1
                actions = table_actions(shown, table_id)
                drawn = ("playing" if ButtonAction.HAND in actions
                         else "lobby" if ButtonAction.JOIN in actions or ButtonAction.AGREE in actions
                         else "finished" if not actions else f"buttons {sorted(map(str, actions))}")
                if drawn != wanted:
                    status_check.problems.append(
                        f"table {table_id} ({row['game']}): saved {row['status']} with message {saved}, its message "
                        f"{shown.id} (posted{self.before_kill(shown.created_at + self.clock_offset)}) shows "
                        f"{drawn}; last saved{self.before_kill(row['updated_at'])}")

        # (e) no table stuck
        for table_id, row in rows.items():
            stuck.checked += 1
            record = row["record"]
            if row["status"] in ("over", "cancelled", "lobby"):
                continue
            state = record.get("state")
            if state is None:
                stuck.problems.append(f"table {table_id}: in play without a game")
                continue
            game = game_class(row["game"]).from_state(state)
            if game.is_over:
                stuck.problems.append(f"table {table_id}: saved as in play, but its game is over")
            elif record.get("deadline") is None and not self.computer_to_move(row):
                turn = game.turn
                stuck.problems.append(f"table {table_id} ({row['game']}): in play, seat {turn}'s turn "
                                      f"({record['seats'][turn] if turn is not None else None}), "
                                      "no turn clock and no computer to move")
        report.checks = [moves_check, replay_check, results_check, message_check, stuck, status_check]

    # ------------------------------------------------------------ main
    async def run(self) -> Report:
        loop = asyncio.get_running_loop()
        self.began = time.monotonic()
        self.clock_offset = time.time() - loop.time()
        self.wall_began = time.time()
        await self.fake.start()
        guild = self.fake.add_guild("Chaos", channels=())
        for index in range(self.slots_wanted):
            channel = self.fake.add_channel(guild, f"table-{index}")
            host = self.fake.add_member(guild, f"p{index}", display_name=f"Player {index}")
            if index % 4 == 3:  # every fourth: a two-member Kadi table
                guest = self.fake.add_member(guild, f"g{index}", display_name=f"Guest {index}")
                self.slots.append(Slot(index, "kadi", channel, host, guest))
            else:
                self.slots.append(Slot(index, GAMES[index % 3], channel, host))
        with contextlib.ExitStack() as stack:
            if self.workdir is None:
                folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="chaos-")))
            else:
                folder = self.workdir
                folder.mkdir(parents=True, exist_ok=True)
            self.db = folder / "chaos.sqlite3"
            self.log_path = folder / "bot.log"
            try:
                await self.play_and_check()
            finally:
                if self.bot is not None and self.bot.process is not None and self.bot.process.returncode is None:
                    await self.bot.kill()
                await self.fake.stop()
                self.report.bot_errors = [line for line in self.log_path.read_text(errors="replace").splitlines()
                                          if re.search(r"\[(ERROR|CRITICAL) *\]", line)]
        return self.report

    async def play_and_check(self) -> None:
        if not await self.restart():
            self.report.notes.append("the bot did not start: " + self.log_tail())
            return
        await self.fake.wait_for(lambda: self.fake.all_commands(), timeout=60)
        members = [asyncio.ensure_future(self.run_slot(slot)) for slot in self.slots]
        chaos = asyncio.ensure_future(self.kill_loop(time.monotonic() + 0.85 * self.seconds))
        deleting = asyncio.ensure_future(self.delete_loop(time.monotonic() + 0.8 * self.seconds))
        await asyncio.sleep(self.seconds)
        await asyncio.gather(chaos, deleting)  # the last kill's restart, if it is under way
        self.say("members stop")
        self.stopping = True
        self.fake._notify(None)  # members waiting on a hand look again, and see the run is over
        await asyncio.wait(members, timeout=INTERACTION_TIMEOUT + HAND_WAIT)
        for task in members:
            task.cancel()
        await asyncio.gather(*members, return_exceptions=True)
        stuck = Check("e) no table stuck")
        if self.up.is_set():
            self.say("probing the tables in play")
            await self.probe(stuck)
            await self.quiet()
        else:
            stuck.problems.append("the bot was not running at the end")
        self.say("stopping the bot")
        self.report.stopped_cleanly = await self.stop_bot()
        self.check(stuck)
        if self.hand_timeouts:
            self.report.notes.append(f"{self.hand_timeouts} times a member's hand offered no move for "
                                     f"{HAND_WAIT:g} s and was opened again")
        if self.stale_hands:
            self.report.notes.append(
                f"{len(self.stale_hands)} hands said \"Not your turn yet\" for {HAND_WAIT:g} s while the table "
                f"message showed it was their turn: " + ", ".join(self.stale_hands[:8]))
        if self.invisible:
            self.report.notes.append(f"{self.invisible} times a channel was held by a table whose message could "
                                     "not be found (\"already has a table\" with no link); its host ended it")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=30, help="channels, each with a member opening tables")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=120.0, help="how long the members play")
    parser.add_argument("--deletes", type=int, default=None, help="table messages deleted (default kills/4)")
    parser.add_argument("--seed", type=int, default=None, help="the run's random seed (printed)")
    parser.add_argument("--keep", type=Path, default=None, help="keep the database and bot log in this folder")
    parser.add_argument("--modes", default=",".join(KILL_MODES),
                        help=f"kill moments to draw from (default {','.join(KILL_MODES)})")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    print(f"chaos: {args.tables} channels, {args.kills} kills, {args.seconds:g} s, seed {seed}", flush=True)
    modes = tuple(m.strip() for m in args.modes.split(",") if m.strip())
    if not modes or set(modes) - set(KILL_MODES):
        parser.error(f"--modes takes some of {', '.join(KILL_MODES)}")
    chaos = Chaos(args.tables, args.kills, args.seconds, seed, args.deletes, args.keep, args.verbose, modes)
    report = asyncio.run(chaos.run())
    print(report.text())
    sys.exit(0 if report.ok else 1)


if __name__ == "__main__":
    main()
