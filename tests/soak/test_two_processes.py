"""Two bot processes, shards 0 and 1 of 2, against one PostgreSQL database and the fake
Discord (which hands each shard only its guilds' events). Members play three-round Kadi
tables in guilds on both shards; the shard-0 process is killed with SIGKILL mid-round,
a few milliseconds after a member's move went out, and started again. Then, from the
database and what the members saw:

- every move a member saw accepted (their hand redrawn, callback type 7) is in the move
  log, from their seat (nothing lost);
- every table's move log replays to its saved state, sequence numbers 1..moves_applied
  (nothing applied twice, nothing missing in between);
- every round the replay finishes is in ``results`` exactly once per seat, with the
  replay's ranks, and each member's standings and rating count each of their rounds once;
- ``/leaderboard`` for each guild is the same answered by either process (one of them
  reached through a misrouted interaction: standings read only the shared database);
- the shard-1 process kept serving its tables while shard 0's was down, and neither process
  logged an error (a process that restored another shard's tables fails to save its moves
  there: the test fails without the shard filter in ``TableRuntime.restore``).

Takes about 30-50 s; skipped (loudly) where no PostgreSQL server can be had, failed under CI=true.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from bot.games.core.events import MatchOver, RoundOver
from bot.games.core.moves import Move
from bot.registry import game_class
from bot.shards import Shards
from bot.ui.components import ButtonAction, MenuKind
from sandbox.bot_process import BotProcess
from sandbox.fake_discord import FakeChannel, FakeDiscord, FakeDiscordError, FakeGuild, FakeMember, FakeMessage
from sandbox.fake_discord.members import (
    calls,
    computer_menu_id,
    finished,
    menus,
    move_buttons,
    move_text,
    my_turn,
    table_button_id,
    table_id_of,
    table_message,
)
from sandbox.postgres_server import PostgresServer
from tests.waiting import DEADLINE, eventually

ROUNDS = 3  # MIN_RATED_ROUNDS: each member reaches the leaderboard
COMPUTER_DELAY = (0.01, 0.05)
CALL_WAIT = 0.05  # a computer's wait while a human may still call
COALESCE = 0.01  # the presenter redraws hands at once, as in the e2e tests
ANSWER_WAIT = 10.0  # seconds a member waits for an answer (the bot may be down)
HAND_WAIT = 4.0  # seconds a member waits for their hand to offer a move before opening it again
KILL_AFTER = 12  # members' accepted moves on shard 0 before the kill is armed
MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class Seat:
    member: FakeMember
    shard: int


@dataclass
class Run:
    fake: FakeDiscord
    processes: dict[int, BotProcess]
    rng: random.Random = field(default_factory=lambda: random.Random(14))
    accepted: Counter[tuple[str, int, str]] = field(default_factory=Counter)  # (table, user, move) seen accepted
    accepted_on: Counter[int] = field(default_factory=Counter)  # shard -> accepted moves
    trigger: asyncio.Future[None] | None = None  # set: the next shard-0 move fires the kill

    def table_message(self, channel: FakeChannel, table_id: str) -> FakeMessage | None:
        return table_message(self.fake, channel.id, table_id)

    def finished(self, channel: FakeChannel, table_id: str) -> bool:
        return finished(self.fake, channel.id, table_id)

    async def answer(self, send: Any) -> Any:
        """An interaction's result, or None when the bot did not answer (it was down)."""
        try:
            return await send()
        except (FakeDiscordError, TimeoutError):
            return None

    async def open_hand(self, member: FakeMember, channel: FakeChannel, table_id: str) -> FakeMessage | None:
        message = self.table_message(channel, table_id)
        if message is None or not message.has_button(table_button_id(table_id, ButtonAction.HAND)):
            return None
        hand_id = table_button_id(table_id, ButtonAction.HAND)
        result = await self.answer(lambda: self.fake.click(member, message, hand_id, timeout=ANSWER_WAIT))
        hand = result.message if result is not None else None
        if hand is None or hand.public or not hand.embeds or "Your hand" not in str(hand.embeds[0].get("title")):
            return None
        return hand

    async def play(self, seat: Seat, channel: FakeChannel, table_id: str) -> None:
        """Play the table to its end as ``seat.member``: from their hand message, the
        first play offered (a call first), else a move button."""
        member, hand = seat.member, None
        while not self.finished(channel, table_id):
            if hand is None:
                hand = await self.open_hand(member, channel, table_id)
                if hand is None:
                    with contextlib.suppress(TimeoutError):
                        await self.fake.wait_for(lambda: False, timeout=0.3, channel=channel)
                    continue
            try:
                await self.fake.wait_for(lambda h=hand: my_turn(h) or self.finished(channel, table_id),
                                         timeout=HAND_WAIT, channel=channel)
            except TimeoutError:
                hand = None  # a restart leaves the old hand message unrefreshed: open a fresh one
                continue
            if self.finished(channel, table_id):
                return
            hand = await self.move(seat, table_id, hand)

    async def move(self, seat: Seat, table_id: str, hand: FakeMessage) -> FakeMessage | None:
        """One move; the hand to go on with, or None to open it again."""
        member = seat.member
        buttons = move_buttons(hand)
        calling = calls(hand)
        plays = menus(hand, MenuKind.PLAYS)
        if calling:
            text, send = move_text(calling[0]), lambda: self.fake.click(member, hand, calling[0],
                                                                         timeout=ANSWER_WAIT)
        elif plays:
            select, value = plays[0], plays[0].option_values[0]
            for _ in range(4):  # a play that asks: the next menu says for what (a suit, then a card)
                if not value.startswith("ask "):
                    break
                opened = await self.answer(lambda s=select, v=value: self.fake.select(member, hand, v, s,
                                                                                      timeout=ANSWER_WAIT))
                asks = menus(hand, MenuKind.ASKS) if opened is not None and opened.type == 7 else []
                if not asks:
                    return None
                select, value = asks[0], self.rng.choice(asks[0].option_values)
            if value.startswith("ask "):
                return None
            text, send = value, lambda: self.fake.select(member, hand, value, select, timeout=ANSWER_WAIT)
        elif buttons:
            button = buttons[0]
            text, send = move_text(button), lambda: self.fake.click(member, hand, button, timeout=ANSWER_WAIT)
        else:
            return None
        if seat.shard == 0 and self.trigger is not None and not self.trigger.done():
            self.trigger.set_result(None)
        result = await self.answer(send)
        if result is None or result.type != 7:
            return None  # refused, deferred or unanswered: look again
        self.accepted[(table_id, member.id, Move.parse(text).text())] += 1
        self.accepted_on[seat.shard] += 1
        return hand


async def open_table(fake: FakeDiscord, channel: FakeChannel, host: FakeMember, guest: FakeMember) -> str:
    """A three-round Kadi table (three cards each): host, guest and a computer; started."""
    opened = await fake.slash(host, "kadi new", channel=channel, options={"rounds": ROUNDS, "deal": 3})
    message = await opened.final()
    table_id = table_id_of(message)
    assert table_id is not None
    await fake.click(guest, message, table_button_id(table_id, ButtonAction.JOIN))
    await fake.select(host, message, "normal", computer_menu_id(table_id))
    await fake.click(host, message, table_button_id(table_id, ButtonAction.START))
    return table_id


def replay_problems(row: asyncpg.Record, moves: list[asyncpg.Record], results: list[asyncpg.Record]) -> list[str]:
    """What is wrong with one table's log against its saved state and its results."""
    record = json.loads(row["record"])
    table_id, problems = row["id"], []
    seqs = [m["seq"] for m in moves]
    if seqs != list(range(1, record["moves_applied"] + 1)):
        problems.append(f"table {table_id}: move seqs {seqs} against moves_applied {record['moves_applied']}")
    state = record["state"]
    engine = game_class(row["game"])
    game = engine.new(len(record["seats"]), engine.rules_type.from_dict(state["rules"]), int(state["seed"]))
    expected: dict[tuple[int, int], tuple[int | None, int]] = {}
    for m in moves:
        events = game.apply(m["seat"], Move.parse(m["move"]))
        rounds = [(e.round_no, e.result) for e in events if isinstance(e, RoundOver)] or [
            (game.view(None).round_no, e.result) for e in events if isinstance(e, MatchOver)]
        for round_no, result in rounds:
            for seat, rank in enumerate(result.ranks):
                if rank is not None:
                    expected[(round_no, seat)] = (record["seats"][seat]["user_id"], rank)
    if json.loads(json.dumps(game.to_state())) != state:
        problems.append(f"table {table_id}: its log does not replay to its saved state")
    stored = {(r["round_no"], r["seat"]): (r["user_id"], r["rank"]) for r in results}
    if len(stored) != len(results) or stored != expected:
        problems.append(f"table {table_id}: results {sorted(stored.items())} against replay {sorted(expected.items())}")
    if {k[0] for k in expected} != set(range(1, ROUNDS + 1)):
        problems.append(f"table {table_id}: rounds {sorted({k[0] for k in expected})} finished, not {ROUNDS}")
    return problems


def names_as_mentions(text: str, guild: FakeGuild) -> str:
    """A leaderboard's text with each member's name as their mention (a process without the
    guild in its cache writes mentions, which Discord shows as the same names)."""
    for member in guild.members.values():
        text = text.replace(member.display_name, f"<@{member.id}>")
    return MENTION.sub(lambda m: f"<@{m.group(1)}>", text)


async def leaderboard(fake: FakeDiscord, member: FakeMember, shard: int) -> str:
    with fake.misrouted(shard):
        result = await fake.slash(member, "leaderboard", options={"game": "kadi"})
    assert result.message is not None and not result.ephemeral, result.content
    return names_as_mentions(json.dumps(result.message.embeds, sort_keys=True), member.guild)


async def test_two_shard_processes_on_one_postgresql_survive_a_kill(
    postgres_server: PostgresServer, tmp_path: Path,
) -> None:
    url = postgres_server.new_database()
    fake = FakeDiscord(shard_count=2, plain_gateway=True)
    await fake.start()
    processes = {shard: BotProcess(fake.port, url, Shards(2, (shard,)), COMPUTER_DELAY, call_wait=CALL_WAIT,
                                   coalesce=COALESCE, log=tmp_path / f"shard-{shard}.log", log_level="INFO")
                 for shard in (0, 1)}
    run = Run(fake, processes)
    try:
        guilds = [fake.add_guild(f"Shard {shard} guild {n}", shard=shard) for shard in (0, 1) for n in (0, 1)]
        tables: list[tuple[FakeGuild, FakeChannel, list[Seat], str]] = []
        for process in processes.values():
            await process.start()
        await fake.wait_until_connected(DEADLINE, shards={0, 1})
        await fake.wait_for(lambda: fake.all_commands(), timeout=DEADLINE)
        for guild in guilds:
            shard = fake.shard_of(guild)
            seats = [Seat(fake.add_member(guild, f"{name}{guild.id % 1000}", display_name=f"{name} {guild.name}"),
                         shard) for name in ("Host", "Guest")]
            channel = guild.text_channels[0]
            tables.append((guild, channel, seats, await open_table(fake, channel, seats[0].member, seats[1].member)))

        async def kill_and_restart() -> tuple[int, int]:
            """SIGKILL shard 0's process just after a member's move went out, once enough were
            accepted; start it again. Returns shard 0's tables in play at the kill and the
            moves shard 1 accepted while shard 0 was down."""
            await eventually(lambda: run.accepted_on[0] >= KILL_AFTER, "members' moves on shard 0")
            run.trigger = asyncio.get_running_loop().create_future()
            await run.trigger
            await asyncio.sleep(run.rng.uniform(0.0, 0.03))  # its save or its reply on the way
            await processes[0].kill()
            shard_one_before = run.accepted_on[1]
            pool = await asyncpg.connect(url)
            try:
                in_play = await pool.fetchval(
                    "SELECT COUNT(*) FROM tables WHERE status = 'playing' AND guild_id = ANY($1::bigint[])",
                    [g.id for g in guilds if fake.shard_of(g) == 0])
            finally:
                await pool.close()
            await fake.wait_for(lambda: 0 not in fake.connected_shards(), timeout=DEADLINE)
            await processes[0].start()
            await fake.wait_until_connected(DEADLINE, shards={0})
            return int(in_play), run.accepted_on[1] - shard_one_before

        killer = asyncio.ensure_future(kill_and_restart())
        players = [run.play(seat, channel, table_id) for _, channel, seats, table_id in tables for seat in seats]
        await asyncio.wait_for(asyncio.gather(*players), 5 * DEADLINE)
        assert killer.done(), "the tables ended before the kill: raise ROUNDS or lower KILL_AFTER"
        in_play_at_kill, shard_one_meanwhile = killer.result()
        assert in_play_at_kill > 0, "the kill came between rounds of no table"

        # /leaderboard for every guild, answered by both processes.
        for guild, _, seats, _ in tables:
            own, other = fake.shard_of(guild), 1 - fake.shard_of(guild)
            answers = [await leaderboard(fake, seats[0].member, shard) for shard in (own, other)]
            assert answers[0] == answers[1], answers
            for seat in seats:
                assert f"<@{seat.member.id}>" in answers[0], answers[0]  # 3 rated rounds each: listed
        assert all([await process.stop() for process in processes.values()]), "a process did not stop cleanly"
    finally:
        for process in processes.values():
            if process.process is not None and process.process.returncode is None:
                await process.kill()
        await fake.stop()

    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT id, guild_id, game, status, record FROM tables ORDER BY id")
        moves = {r["id"]: await conn.fetch("SELECT seq, seat, move FROM moves WHERE table_id = $1 ORDER BY seq",
                                           r["id"]) for r in rows}
        results = {r["id"]: await conn.fetch("SELECT round_no, seat, user_id, rank FROM results WHERE table_id = $1",
                                             r["id"]) for r in rows}
        standings = await conn.fetch("SELECT guild_id, user_id, rounds FROM standings WHERE scope = 'all'")
        ratings = await conn.fetch("SELECT guild_id, user_id, rounds FROM ratings")
    finally:
        await conn.close()

    assert sorted(r["id"] for r in rows) == sorted(t[3] for t in tables)
    assert [r["status"] for r in rows] == ["over"] * len(rows)
    problems = [p for r in rows for p in replay_problems(r, list(moves[r["id"]]), list(results[r["id"]]))]
    assert not problems, problems
    # Nothing lost: every accepted move is in the log, from the member's seat.
    logged: Counter[tuple[str, int, str]] = Counter()
    for r in rows:
        seats_of = [s["user_id"] for s in json.loads(r["record"])["seats"]]
        for m in moves[r["id"]]:
            if seats_of[m["seat"]] is not None:
                logged[(r["id"], seats_of[m["seat"]], Move.parse(m["move"]).text())] += 1
    missing = run.accepted - logged
    assert not missing, f"accepted but not in the log: {missing}"
    # Each round once in the standings and the ratings: ROUNDS for every member.
    members = {(g.id, s.member.id) for g, _, seats, _ in tables for s in seats}
    assert {(r["guild_id"], r["user_id"]): r["rounds"] for r in standings
            if (r["guild_id"], r["user_id"]) in members} == dict.fromkeys(members, ROUNDS)
    assert {(r["guild_id"], r["user_id"]): r["rounds"] for r in ratings} == dict.fromkeys(members, ROUNDS)
    assert shard_one_meanwhile > 0, "shard 1 stopped while shard 0 was down"
    # Neither process touched the other's tables: a process that restored or scheduled
    # another shard's table would fail to save its moves there (the other process's rows
    # hold those sequence numbers) and log it; a table id in the wrong log says the same.
    shard_zero_log = processes[0].log
    assert shard_zero_log is not None
    restored = re.findall(r"restored (\d+) table\(s\) \(shards (.*?)\)", shard_zero_log.read_text())
    assert restored == [("0", "0 of 2"), (str(in_play_at_kill), "0 of 2")], restored  # at the start, after the kill
    for shard, process in processes.items():
        assert process.log is not None
        text = process.log.read_text(errors="replace")
        assert "ERROR" not in text and "Traceback" not in text, f"shard {shard}'s process:\n{text[-3000:]}"
        others = [t[3] for t in tables if fake.shard_of(t[0]) != shard]
        assert not [t for t in others if t in text], f"shard {shard}'s process named another shard's table"
    print(f"accepted moves {sum(run.accepted.values())} (shard 0 {run.accepted_on[0]}, shard 1 "
          f"{run.accepted_on[1]}), logged {sum(len(m) for m in moves.values())}; shard 0 killed with "
          f"{in_play_at_kill} table(s) in play; shard 1 accepted {shard_one_meanwhile} moves meanwhile")
