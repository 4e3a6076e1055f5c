"""Issue 10's defects, end to end through the fake Discord: each test plays the real bot
the way a clumsy member, a hostile one or a flaky Discord would, and fails without the
fix of commit 58fce6f (the number in each test's name is the defect's in the issue).

Verified to fail before the fix: run in ``git worktree add /tmp/before 58fce6f~1`` with this
file, sandbox/fake_discord (fault injection, ``slash(unchecked=True)``), botkit.py,
conftest.py and tests/waiting.py copied there, and a ``bot/logs.py`` shim whose
``configure_logging`` does what ``bot.client.run`` did then
(``discord.utils.setup_logging(level=LOG_LEVEL)``). Every test below failed there, for
its own defect, except ``test_5_the_old_logging_setup_would_have_shown_them``, which
passes on both sides by design (it shows the old setup logs what test_5 looks for):

- 4a: the callback came after 3 s and Discord refused it ("the bot did not answer").
- 4b: no table message ever appeared in the channel.
- 4c: the lobby did not say it closes (and never closed).
- 5:  the DEBUG capture held interaction tokens, the seed, "hands", the draw pile, hand lines.
- 6:  the table message kept the old state (the failed edit was never retried).
- 7a: the reposted message's id was never saved.
- 7b: after the restart the message still showed the state before the outside move.
- 8:  the winner was told "That table has finished: start a new one...".
- 9:  the host was told "a computer plays on with your cards".
- 10: the Seats field showed ``[Claim prize](https://evil.example)`` as a link.
- 12: the first hand stayed "Not your turn yet" while it was Alice's turn.
- 13: ``/kadi new turn_timer:-1`` opened a public table.

At 58fce6f itself all pass but 4c, whose closed lobby said nothing about why
(fixed in ecbf61d: a table closed before its deal says why).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.client import KadiBot
from bot.registry import computer_player
from bot.storage.sqlite import SQLiteStorage
from bot.tables.runtime import SilentPresenter, TableRuntime, Timing
from bot.tables.table import Table
from sandbox.fake_discord import (
    FakeChannel,
    FakeDiscord,
    FakeDiscordError,
    FakeMember,
    FakeMessage,
    Fault,
    texts_of,
)
from sandbox.fake_discord.members import table_actions
from tests.e2e.botkit import FAST, kadi_hands_open, make_bot, my_hand, option_value, stack, table_of

CALLBACK = "POST /interactions/{iid}/{token}/callback"
FOLLOWUP = "POST /webhooks/{app_id}/{token}"
CHANNEL_EDIT = "PATCH /channels/{cid}/messages/{mid}"
HAND_EDIT = "PATCH /webhooks/{app_id}/{token}/messages/{mid}"
WAIT = 30.0  # generous deadline for anything the bot does by itself (a loaded machine is slow)


# ------------------------------------------------------------------ helpers
async def eventually(check: Callable[[], Awaitable[bool]], what: str, timeout: float = WAIT) -> None:
    """Until the async ``check`` holds (for state outside the fake, such as the database)."""
    deadline = time.monotonic() + timeout
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        await asyncio.sleep(0.05)


async def settled(bot: KadiBot) -> None:
    """Until the presenter has no redraw left to make."""
    async def idle() -> bool:
        return not bot.presenter.pending_redraws

    await eventually(idle, "the presenter's redraws to land")


def record_of(row: Any) -> dict[str, Any]:
    """A saved table's record (JSON text since the fix, a dict before it)."""
    return row.record if isinstance(row.record, dict) else json.loads(row.record)


async def saved_record(bot: KadiBot, table_id: str) -> dict[str, Any] | None:
    for row in await bot.storage.active_tables():
        if row.id == table_id:
            return record_of(row)
    return None


def live_table_messages(fake: FakeDiscord, channel_id: int, table_id: str) -> list[FakeMessage]:
    """Public, not deleted messages in the channel carrying this table's buttons."""
    return [m for m in fake.channel_messages.get(channel_id, [])
            if m.public and not m.deleted and table_actions(m, table_id)]


def holds(name: str, cards: int) -> str:
    """How the table message's Seats field shows a player holding ``cards`` cards."""
    return f"**{name}** — {cards} cards"


async def open_lobby(fake: FakeDiscord, host: FakeMember, *others: FakeMember,
                     channel: FakeChannel | None = None) -> FakeMessage:
    opened = await fake.slash(host, "kadi new", channel=channel, options={"turn_timer": 0})
    message = await opened.final()
    for member in others:
        await fake.click(member, message, "Join")
    return message


async def started_table(fake: FakeDiscord, bot: KadiBot, alice: FakeMember,
                        bob: FakeMember) -> tuple[FakeMessage, Table]:
    """A two-player Kadi table, dealt, Alice (seat 0) to play first on a stacked deck of
    four cards each (the table message still shows the real deal until the next change)."""
    message = await open_lobby(fake, alice, bob)
    await fake.click(alice, message, "Start")
    table = await table_of(bot, message)
    stack(table, ["9C 5C 5D 7H", "KS 6D 8S 10H"], top="9H", draw_tail="4S 4D 4C")
    await settled(bot)
    return message, table


def two_players(fake: FakeDiscord, *channels: str) -> tuple[FakeMember, FakeMember]:
    guild = fake.add_guild(channels=channels or ("general",))
    return (fake.add_member(guild, "alice", display_name="Alice"),
            fake.add_member(guild, "bob", display_name="Bob"))


# ------------------------------------------------------------ 4. invisible lobbies
async def test_4a_a_slow_new_table_is_deferred_and_linked(
    strict_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = strict_discord
    alice, bob = two_players(fake)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        save = bot.storage.save_table
        slowed: list[bool] = []

        async def slow_save(*args: Any, **kwargs: Any) -> None:
            if not slowed:  # the first save, the new lobby's, takes 3.5 s
                slowed.append(True)
                await asyncio.sleep(3.5)
            await save(*args, **kwargs)

        monkeypatch.setattr(bot.storage, "save_table", slow_save)
        opened = await fake.slash(alice, "kadi new", timeout=WAIT)
        assert opened.deferred, "a slow /kadi new is deferred within Discord's 3 s"
        message = await opened.final()
        assert message.public and message.has_button("Join")
        assert not fake.late_interactions()
        table = await table_of(bot, message)

        again = await fake.slash(bob, "kadi new")
        assert again.ephemeral
        channel = fake.channels[message.channel_id]
        link = f"https://discord.com/channels/{channel.guild_id}/{channel.id}/{message.id}"
        assert again.text.startswith("This channel already has a table"), again.text
        assert f"It is here: {link}" in again.text, again.text
        record = await saved_record(bot, table.id)
        assert record is not None and record["message_id"] == message.id
    assert not fake.late_interactions()


@pytest.mark.parametrize("fault", [
    Fault(route=CALLBACK, status=404),  # Discord refuses the answer ("Unknown interaction", on a busy bot past 3 s)
    Fault(route=CALLBACK, drop=True),  # or the connection is lost on the way, with no answer at all
], ids=["refused", "connection lost"])
async def test_4b_a_failed_answer_to_new_posts_the_table_in_the_channel(
    fake_discord: FakeDiscord, tmp_path: Path, fault: Fault,
) -> None:
    fake = fake_discord
    alice, bob = two_players(fake)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        fake.faults.append(fault)
        channel = fake.default_channel(alice)
        with pytest.raises(FakeDiscordError):  # the member sees "This interaction failed"
            await fake.slash(alice, "kadi new", timeout=3.0)
        posted = await fake.wait_for_message(lambda m: m.public and m.has_button("Join"), channel=channel,
                                             timeout=WAIT)
        assert posted.interaction_id is None, "posted in the channel, not as an interaction's answer"
        table = await table_of(bot, posted)
        await eventually(lambda: _has_message_id(bot, table.id, posted.id), "the posted message's id saved")
        # The table is a real one: Bob joins it from the posted message.
        await fake.click(bob, posted, "Join")
        await fake.wait_for(lambda: "Bob" in posted.text(), channel=channel, timeout=WAIT)


async def _has_message_id(bot: KadiBot, table_id: str, message_id: int) -> bool:
    record = await saved_record(bot, table_id)
    return record is not None and record.get("message_id") == message_id


async def test_4c_a_lobby_nobody_starts_closes_by_itself(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = two_players(fake)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        bot.runtime.lobby_seconds = 0.5
        message = await open_lobby(fake, alice)
        assert "If nobody starts it, this table closes" in message.text(version=0), message.text(version=0)
        await fake.wait_for(lambda: not message.buttons(), channel=message.channel_id, timeout=WAIT)
        assert "nobody started it in time" in message.text(), message.text()
        again = await fake.slash(bob, "kadi new", options={"turn_timer": 0})
        fresh = await again.final()
        assert fresh.public and fresh.has_button("Join") and fresh.id != message.id


# --------------------------------------------------- 6. failed edits are retried
async def test_6_a_failed_table_edit_is_retried_until_it_lands(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = two_players(fake)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message, table = await started_table(fake, bot, alice, bob)
        fake.faults.append(fault := Fault(route=CHANNEL_EDIT, status=503, times=2))
        drew = await fake.slash(alice, "kadi draw")
        assert drew.ephemeral
        await fake.wait_for(lambda: holds("Alice", 5) in message.text(), channel=message.channel_id, timeout=WAIT)
        assert fault.hits == 2, "both injected failures were hit"
        assert table.game is not None and table.game.turn == 1


async def test_6b_a_table_edit_lost_with_its_connection_is_retried(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A connection Discord's edge drops mid-edit is no HTTP error, but the edit is lost
    all the same: it is retried as a failed one is, and logged without a traceback."""
    fake = fake_discord
    alice, bob = two_players(fake)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message, _ = await started_table(fake, bot, alice, bob)
        fake.faults.append(fault := Fault(route=CHANNEL_EDIT, drop=True, times=1))
        drew = await fake.slash(alice, "kadi draw")
        assert drew.ephemeral
        await fake.wait_for(lambda: holds("Alice", 5) in message.text(), channel=message.channel_id, timeout=WAIT)
        assert fault.hits == 1, "the injected drop was hit"


async def test_6c_a_hand_redraw_lost_with_its_connection_is_retried(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    """Bob's hand, redrawn when Alice's move makes it his turn, loses its edit with the
    connection: it is drawn again a second later, and the log has one line, no traceback."""
    fake = fake_discord
    alice, bob = two_players(fake)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message, _, alice_hand, bob_hand = await kadi_hands_open(fake, bot, alice, bob)
        assert not bob_hand.has_button("Draw")  # not his turn
        fake.faults.append(fault := Fault(route=HAND_EDIT, drop=True, times=1))
        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))
        await fake.wait_for(lambda: bob_hand.has_button("Draw"), channel=message.channel_id, timeout=WAIT)
        assert fault.hits == 1, "the injected drop was hit"
    lines = [r for r in caplog.records if r.name.startswith("bot.ui.presenter")]
    assert [r.levelname for r in lines] == ["WARNING"] and "redrawing its hands failed" in lines[0].getMessage()
    assert all(r.exc_info is None for r in lines)


async def test_6d_a_move_whose_answer_is_lost_with_its_connection_stands_and_the_hand_catches_up(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    """Alice's play is saved before she is answered; the answer is lost on the way (she sees
    "This interaction failed"), yet the move stands and her hand message shows it soon after."""
    fake = fake_discord
    alice, bob = two_players(fake)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message, table, alice_hand, bob_hand = await kadi_hands_open(fake, bot, alice, bob)
        assert "Not your turn yet" not in alice_hand.text()  # her turn
        fake.faults.append(fault := Fault(route=CALLBACK, drop=True))
        with pytest.raises(FakeDiscordError):
            await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"), timeout=3.0)
        assert fault.hits == 1
        assert table.game is not None and table.game.turn == 1, "the play stands"
        await fake.wait_for(lambda: "Not your turn yet" in alice_hand.text(), channel=message.channel_id, timeout=WAIT)
        await fake.wait_for(lambda: bob_hand.has_button("Draw"), channel=message.channel_id, timeout=WAIT)
        record = await saved_record(bot, table.id)
        assert record is not None and record["version"] == table.version, "saved as it is"


# ------------------------------------------------ 7. the table message after restarts
async def test_7a_a_reposted_table_message_is_saved_and_survives_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    alice, bob = two_players(fake)
    database = tmp_path / "kadi.sqlite3"
    first = make_bot(fake, database)
    async with fake.run_bot(first):
        message, table = await started_table(fake, first, alice, bob)
        fake.delete_message(message)  # a moderator deletes the table message
        await fake.slash(alice, "kadi draw")
        reposted = await fake.wait_for_message(
            lambda m: m.public and m.id != message.id and m.has_button("My hand"),
            channel=fake.channels[message.channel_id], timeout=WAIT)
        await fake.wait_for(lambda: holds("Alice", 5) in reposted.text(), channel=reposted.channel_id,
                            timeout=WAIT)
        await eventually(lambda: _has_message_id(first, table.id, reposted.id),
                         "the reposted message's id saved with the table")
        await settled(first)
    table_id = table.id

    second = make_bot(fake, database)
    async with fake.run_bot(second):
        restored = await table_of(second, reposted)
        assert restored.id == table_id
        await fake.slash(bob, "kadi draw")  # a move after the restart redraws the table message
        await fake.wait_for(lambda: holds("Bob", 5) in reposted.text(), channel=reposted.channel_id,
                            timeout=WAIT)
        await settled(second)
        live = live_table_messages(fake, reposted.channel_id, table_id)
        assert [m.id for m in live] == [reposted.id], "one live table message per table"


async def test_7c_a_message_whose_id_was_lost_to_a_crash_is_found_again(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    """The bot died just after its table message was posted, before the id was saved: after
    the restart it adopts that message from the channel instead of posting a second one."""
    fake = fake_discord
    alice, bob = two_players(fake)
    database = tmp_path / "kadi.sqlite3"
    first = make_bot(fake, database)
    async with fake.run_bot(first):
        message, table = await started_table(fake, first, alice, bob)
        await fake.slash(alice, "kadi draw")  # saves the stacked deal: Bob to play
        await fake.wait_for(lambda: holds("Alice", 5) in message.text(), channel=message.channel_id, timeout=WAIT)
        await settled(first)
    storage = await SQLiteStorage.open(database)
    try:
        record = json.loads((await storage.active_tables())[0].record)
    finally:
        await storage.close()
    record["message_id"] = None  # the id as it was before set_message could save it
    with contextlib.closing(sqlite3.connect(database)) as conn, conn:  # the file, as any tool would write it
        conn.execute("UPDATE tables SET record = ? WHERE id = ?", (json.dumps(record), table.id))

    second = make_bot(fake, database)
    async with fake.run_bot(second):
        await eventually(lambda: _has_message_id(second, table.id, message.id), "the lost message adopted")
        await fake.slash(bob, "kadi draw")
        await fake.wait_for(lambda: holds("Bob", 5) in message.text(), channel=message.channel_id, timeout=WAIT)
        await settled(second)
        live = live_table_messages(fake, message.channel_id, table.id)
        assert [m.id for m in live] == [message.id], "one live table message per table"


async def test_7b_a_restored_table_is_redrawn_without_anyone_acting(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    alice, bob = two_players(fake)
    database = tmp_path / "kadi.sqlite3"
    first = make_bot(fake, database)
    async with fake.run_bot(first):
        message, table = await started_table(fake, first, alice, bob)
        await fake.slash(alice, "kadi draw")
        await fake.wait_for(lambda: holds("Alice", 5) in message.text(), channel=message.channel_id, timeout=WAIT)
        await settled(first)

    # A move saved just before a crash, never drawn: made here by a runtime of its own.
    storage = await SQLiteStorage.open(database)
    try:
        outside = TableRuntime(storage, SilentPresenter(), FAST)
        await outside.restore()
        await outside.act(table.id, bob.id, "draw")
        await outside.close()
    finally:
        await storage.close()
    assert holds("Bob", 4) in message.text()

    second = make_bot(fake, database)
    async with fake.run_bot(second):
        await fake.wait_for(lambda: holds("Bob", 5) in message.text(), channel=message.channel_id,
                            timeout=WAIT)
        restored = await table_of(second, message)
        assert restored.game is not None and restored.game.turn == 0


# ------------------------------------------------------- 8. the winner is told so
async def test_8_winning_with_kadi_play_is_acknowledged(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = two_players(fake)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message, table = await started_table(fake, bot, alice, bob)
        stack(table, ["9C 5C 5D", "KS 6D 8S 10H"], top="9H", draw_tail="4S 4D 4C")
        played = await fake.slash(alice, "kadi play", cards="9C")  # 5C 5D left: a winning hand
        assert "Done" in (await played.final()).text()
        called = await fake.slash(alice, "kadi niko")
        assert called.ephemeral
        await fake.slash(bob, "kadi draw")
        won = await fake.slash(alice, "kadi play", cards="5C 5D", timeout=WAIT)
        answer = (await won.final()).text()
        assert table.status == "over"
        assert "You won" in answer, answer
        assert "That table has finished" not in answer, answer
        await fake.wait_for(lambda: "won" in message.text(), channel=message.channel_id, timeout=WAIT)


# ------------------------------------------------------ 9. the host leaving a lobby
async def test_9_the_host_leaving_a_lobby_passes_the_host_role_or_closes_it(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild(channels=("general", "quiet"))
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    dave = fake.add_member(guild, "dave", display_name="Dave")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message = await open_lobby(fake, alice, bob, carol)
        left = await fake.slash(alice, "kadi leave")
        answer = (await left.final()).text()
        assert left.ephemeral and "Bob is the host now" in answer, answer
        assert "computer plays on" not in answer, answer
        await fake.wait_for(lambda: "Bob (host)" in message.text() and "Alice" not in message.text(),
                            channel=message.channel_id, timeout=WAIT)
        started = await fake.click(bob, message, "Start")
        assert not started.ephemeral, started.text
        await fake.wait_for(lambda: message.has_button("My hand"), channel=message.channel_id, timeout=WAIT)

        quiet = guild.text_channels[1]
        alone = await open_lobby(fake, dave, channel=quiet)
        left = await fake.slash(dave, "kadi leave", channel=quiet)
        answer = (await left.final()).text()
        assert left.ephemeral and "the table is closed" in answer, answer
        assert "computer plays on" not in answer, answer
        await fake.wait_for(lambda: not alone.buttons(), channel=quiet, timeout=WAIT)
        assert bot.runtime.table_in(quiet.id) is None


# ------------------------------------------------- 10. member names are escaped
MARKDOWN_LINK = re.compile(r"(?<!\\)\[[^\]\n]*\]\(")  # [text]( not escaped: a masked link


async def test_10_display_names_are_shown_escaped_and_never_ping(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    mallory = fake.add_member(guild, "mallory", display_name="[Claim prize](https://evil.example)")
    pinger = fake.add_member(guild, "pinger", display_name="@everyone")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message = await open_lobby(fake, alice, mallory, pinger)
        await fake.wait_for(lambda: "Claim prize" in message.text() and "everyone" in message.text(),
                            channel=message.channel_id, timeout=WAIT)
        await fake.click(alice, message, "Start")
        await fake.wait_for(lambda: message.has_button("My hand"), channel=message.channel_id, timeout=WAIT)
        await settled(bot)
    shown = [t for t in fake.public_texts() if "Claim prize" in t]
    assert shown, "the name is shown publicly"
    for text in shown:
        assert not MARKDOWN_LINK.search(text), f"a member's name shows as a link: {text!r}"
        assert r"\[Claim prize" in text, text
    pings = [t for t in fake.public_texts() if "everyone" in t]
    assert pings, "the name is shown publicly"
    for text in pings:
        assert "@everyone" not in text, f"a member's name pings everyone: {text!r}"
        assert "@\u200beveryone" in text, text
    assert not any(m.data.get("mention_everyone") for m in fake.public_messages())


# ------------------------------------------- 12. a solo player's first hand is fresh
async def test_12_a_solo_hand_sent_while_a_computer_moves_ends_up_current(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    # The computer moves 1 s after the deal: while Alice's first hand (drawn at once,
    # "Not your turn yet") is on the wire, held 3 s by Discord.
    bot = make_bot(fake, tmp_path / "kadi.sqlite3", Timing(computer_delay=(1.0, 1.0), call_wait=0.0))
    async with fake.run_bot(bot):
        start = bot.runtime.start

        async def computer_first(table_id: str, user_id: int, seed: int | None = None) -> Table:
            table = bot.runtime.tables[table_id]
            seed = next(s for s in range(1000) if table.engine.new(len(table.seats), table.rules(), s).turn == 1)
            return await start(table_id, user_id, seed)

        monkeypatch.setattr(bot.runtime, "start", computer_first)
        fake.faults.append(fault := Fault(route=FOLLOWUP, status=None, delay=3.0, times=1))
        opened = await fake.slash(alice, "kadi solo", opponents=1)
        assert opened.message is not None
        table = await table_of(bot, opened.message)
        hand = await fake.wait_for_message(lambda m: m.visible_to == alice.id and "hand" in m.text().lower(),
                                           channel=fake.channels[opened.message.channel_id], timeout=WAIT)
        assert fault.hits == 1
        assert "Not your turn yet" in hand.text(version=0), "the hand was drawn before the computer moved"
        assert table.moves_applied >= 1 and table.game is not None and table.game.turn == 0
        await fake.wait_for(lambda: "Your turn" in hand.text(), channel=hand.channel_id, timeout=WAIT)


# ------------------------------------------------ 13. options checked by the bot
async def test_13_option_values_outside_the_choices_are_refused(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    from sandbox.fake_discord.commands import CommandUsageError

    fake = fake_discord
    alice, _ = two_players(fake)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        with pytest.raises(CommandUsageError):  # Discord's own client offers only the choices
            await fake.slash(alice, "kadi new", options={"turn_timer": -1})
        channel = fake.default_channel(alice)
        for command, options in (("kadi new", {"turn_timer": -1}), ("kadi new", {"turn_timer": 10**12}),
                                 ("kadi solo", {"opponents": 9})):
            refused = await fake.slash(alice, command, options=options, unchecked=True)
            text = (await refused.final()).text()
            assert refused.ephemeral, f"/{command} {options}: answered publicly"
            assert text.endswith(".") and text.count(". ") == 0 and "\n" not in text, text
            assert bot.runtime.table_in(channel.id) is None, f"/{command} {options} created a table"
        assert not [m for m in fake.public_messages(channel) if not m.deleted]
        assert await bot.storage.active_tables() == []


# --------------------------------------------------------- 5. nothing secret in logs
class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.NOTSET)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def lines(self) -> list[str]:
        out = []
        for record in self.records:
            try:
                out.append(record.getMessage())
            except Exception:  # a library's bad format string: keep what there is
                out.append(f"{record.msg} {record.args}")
        return out


@pytest.fixture
def logging_restored() -> Iterator[None]:
    """Put every logger's level and the root's handlers back as they were."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    levels = {name: logger.level for name, logger in logging.Logger.manager.loggerDict.items()
              if isinstance(logger, logging.Logger)}
    try:
        yield
    finally:
        for handler in root.handlers[:]:
            if handler not in handlers:
                root.removeHandler(handler)
        root.setLevel(level)
        for name, logger in logging.Logger.manager.loggerDict.items():
            if isinstance(logger, logging.Logger):
                logger.setLevel(levels.get(name, logging.NOTSET))


async def play_solo_round(fake: FakeDiscord, bot: KadiBot) -> tuple[FakeMember, Table]:
    """Alice plays a solo round against one computer to its end, her hand message open
    (a click on it sends its whole text back to the bot in the interaction)."""
    guild = fake.add_guild("Solo")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    opened = await fake.slash(alice, "kadi solo", opponents=1)
    assert opened.message is not None
    table = await table_of(bot, opened.message)
    channel = opened.message.channel_id
    rng = random.Random(5)
    deadline = time.monotonic() + 120
    while table.status != "over":
        assert time.monotonic() < deadline, "the solo round did not end within 120 s"
        await fake.wait_for(lambda: table.status == "over" or 0 in ((table.game and table.game.actors()) or ()),
                            channel=channel, timeout=WAIT)
        if table.status == "over":
            break
        game = table.game
        assert game is not None
        hand = await my_hand(fake, alice, opened.message)
        await fake.click(alice, hand, "Refresh")
        legal = game.legal_moves(0)
        calls = [m for m in legal if m.kind == "call"]
        # Alice plays as well as a computer would, so the round ends soon.
        move = calls[0] if calls else computer_player("kadi").choose(game.view(0), legal, rng)
        if move.kind == "play":
            await fake.slash(alice, "kadi play", cards=move.text()[len("play "):])
        else:
            await fake.slash(alice, "kadi niko" if move.kind == "call" else "kadi draw")
    await settled(bot)
    return alice, table


def secrets_in(lines: list[str], fake: FakeDiscord, member: FakeMember, table: Table) -> dict[str, list[str]]:
    """Which secrets of the round the log lines show: private texts, tokens, the seed,
    the engine state's hands or draw pile."""
    public = {line for text in fake.public_texts() for line in text.splitlines()}
    private = {line.strip() for m in fake.private_messages(member) for version in m.versions
               for text in texts_of(version) for line in text.splitlines()}
    # Lines nobody else saw that name cards: a hand's own.
    private = {line for line in private if line not in public and any(suit in line for suit in "♠♥♦♣🃏")}
    assert private, "the round showed private texts with cards"
    assert table.game is not None
    secrets = {
        "bot token": [fake.token],
        "interaction token": [r.token for r in fake.interaction_log],
        "seed": [str(table.game.seed)],
        "hands": ['"hands"', "'hands'"],
        # The state's key, and its name before Kadi's state version 3.
        "draw pile": ['"draw_pile":[', "'draw_pile': [", '"draw":[', "'draw': ["],
        "private text": sorted(private),
    }
    found: dict[str, list[str]] = {}
    for kind, needles in secrets.items():
        hits = [f"{needle[:40]!r} in {line[:200]!r}" for line in lines for needle in needles if needle in line]
        if hits:
            found[kind] = hits[:3]
    return found


async def test_5_debug_logs_show_no_hand_seed_or_token(
    fake_discord: FakeDiscord, tmp_path: Path, logging_restored: None,
) -> None:
    from bot.logs import configure_logging

    fake = fake_discord
    configure_logging("DEBUG")
    capture = Capture()
    logging.getLogger().addHandler(capture)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        alice, table = await play_solo_round(fake, bot)
    lines = capture.lines()
    own = [r for r in capture.records if r.name.startswith("bot") and r.levelno == logging.DEBUG]
    assert own, "the bot's own DEBUG lines are logged (the check is not vacuous)"
    assert secrets_in(lines, fake, alice, table) == {}


async def test_5_the_old_logging_setup_would_have_shown_them(
    fake_discord: FakeDiscord, tmp_path: Path, logging_restored: None,
) -> None:
    """The same round with the setup before the fix (the root logger at DEBUG): the check
    above is meaningful, it finds hands, the seed and tokens there."""
    import discord

    fake = fake_discord
    discord.utils.setup_logging(level=logging.DEBUG)
    capture = Capture()
    logging.getLogger().addHandler(capture)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        alice, table = await play_solo_round(fake, bot)
    found = secrets_in(capture.lines(), fake, alice, table)
    for kind in ("interaction token", "seed", "hands", "draw pile", "private text"):
        assert kind in found, f"the old setup logged no {kind}: {sorted(found)}"

