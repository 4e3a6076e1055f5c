"""Issue 32, item 2: Look back. ``/<game> history`` lists the server's recent rounds;
``/<game> replay`` steps through one, from the move log, with ◀ ▶, showing the member who
asked their own hand at each step and nobody else's; a stranger's click is refused."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image

from bot.client import KadiBot
from bot.config import Settings
from bot.games.core.moves import MoveKind
from bot.storage.sqlite import SQLiteStorage
from bot.tables.history import Timeline
from bot.ui.cards.animation import MAX_BYTES, MAX_FRAMES
from bot.ui.cards.picture import cards_named
from bot.ui.text import history as words
from sandbox.fake_discord import FakeDiscord, FakeMessage
from sandbox.fake_discord.model import texts_of
from tests.e2e.botkit import FAST, make_bot, play_to_the_end, started_kadi_table, table_of
from tests.e2e.test_slow_database import SlowStorage
from tests.waiting import settled

STEP = re.compile(r"Step (\d+) of (\d+)")


def step_of(message: FakeMessage, version: int = -1) -> int:
    found = STEP.search(message.text(version))
    assert found, message.text(version)
    return int(found[1])


def version_words(message: FakeMessage, version: int) -> str:
    """Every word a version shows: its texts and its files' descriptions (alt text)."""
    data = message.versions[version]
    alts = [str(a.get("description") or "") for a in data.get("attachments") or []]
    return "\n".join([*texts_of(data), *alts])


def check_only_own_hand(fake: FakeDiscord, message: FakeMessage, timeline: Timeline, own: int | None,
                        others: list[int]) -> int:
    """Every version of a replay message shows the viewer's own hand at its step (``own``,
    None: they did not sit) and no card another seat held then, in words, alt text or
    picture. Cards laid at the table by then are public and may be named."""
    checked = 0
    for version in range(len(message.versions)):
        if message.versions[version].get("embeds") is None:
            continue  # a "thinking..." placeholder
        step = timeline.steps[step_of(message, version)]
        public = {c for e in step.recent if e.get("event") == "Played" for c in e["cards"]}
        text = version_words(message, version)
        picture = fake.image_of(message, version)
        pictured = set(cards_named(picture)) if picture is not None else set()
        for seat in others:
            held = [c for c in step.game.view(seat).hand if c.code not in public]
            assert not [c.symbol for c in held if c.symbol in text], (version, text)
            assert not [c.code for c in held if c.code in pictured], (version, pictured)
        if own is not None:
            field = next(f for f in message.versions[version]["embeds"][0]["fields"]
                         if f["name"] == words.YOUR_HAND_FIELD)
            view = step.game.view(own)
            if timeline.next_dealt(step_of(message, version)):
                assert field["value"] == words.HAND_AFTER_ROUND
            else:
                assert sorted(field["value"].split()) == sorted(c.symbol for c in view.hand) or (
                    not view.hand and field["value"] == words.NO_CARDS_LEFT), (field, view.hand)
        else:
            assert words.YOUR_HAND_FIELD not in text and words.NOT_SEATED_NOTE in text
        checked += 1
    return checked


async def test_history_lists_the_round_and_its_replay_shows_only_the_members_own_hand(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        empty = await (await fake.slash(alice, "kadi history")).final()
        assert empty.visible_to == alice.id and "No round of Kadi" in empty.text()

        message, table = await started_kadi_table(fake, bot, alice, bob)
        await play_to_the_end(bot, table, [alice, bob])
        await settled(bot.presenter)
        assert table.game is not None
        winner = table.game.view(None)
        assert winner.over

        # History: private to Carol (who did not play), when, where, who sat, who won.
        listed = await (await fake.slash(carol, "kadi history")).final()
        assert listed.visible_to == carol.id
        text = listed.text()
        assert f"<@{alice.id}>" in text and f"<@{bob.id}>" in text and f"<#{message.channel_id}>" in text, text
        assert re.search(r"<t:\d+:R>", text) and "won by <@" in text, text
        assert listed.selects(), "a menu of the rounds listed, to replay one"

        # Alice's replay, by default her last round: step 0 is the deal, with her hand.
        opened = await fake.slash(alice, "kadi replay")
        replay = await opened.final()
        assert replay.visible_to == alice.id and step_of(replay) == 0
        timeline = await bot.controller.history.timeline(guild.id, "kadi", table.id, 1)
        last = len(timeline.steps) - 1
        assert last == table.moves_applied and f"of {last}" in replay.text()
        assert fake.image_of(replay) is not None, "each step shows the table picture"

        # ▶ ▶ ◀ ⏭ ◀: each redraws the replay in place, at the step asked for.
        for button, expected in (("▶", 1), ("▶", 2), ("◀", 1), ("⏭", last), ("◀", last - 1)):
            clicked = await fake.click(alice, replay, button)
            assert clicked.type == 7 and step_of(replay) == expected, (button, replay.text())
        timeouts = [s for s in timeline.steps if s.move is not None and s.move.kind == MoveKind.TIMEOUT]
        assert not timeouts  # every move was a player's, so each step's words are the move's

        # Bob, by a forged click on Alice's replay (Discord would not show it to him): refused, unchanged.
        seen = len(replay.versions)
        button = replay.button("▶")
        forged = await fake.send_interaction(3, bob, fake.channels[replay.channel_id],
                                              {"custom_id": button.custom_id, "component_type": 2}, message=replay)
        assert forged.ephemeral and forged.content == words.SENTENCES["replay-not-yours"](), forged.content
        assert len(replay.versions) == seen

        # Bob, by a forged choice in Carol's history menu: refused too.
        menu = listed.selects()[0]
        forged = await fake.send_interaction(
            3, bob, fake.channels[listed.channel_id],
            {"custom_id": menu.custom_id, "component_type": 3, "values": [menu.option_values[0]]}, message=listed)
        assert forged.ephemeral and forged.content == words.SENTENCES["replay-not-yours"](), forged.content

        # Carol replays it from the history menu: the table only, nobody's hand.
        picked = await fake.select(carol, listed, listed.selects()[0].option_values[0])
        carol_replay = await picked.final()
        assert carol_replay.visible_to == carol.id and carol_replay.id != listed.id
        await fake.click(carol, carol_replay, "▶")

        # Every version of every replay: its viewer's own hand, nobody else's, in any form.
        assert check_only_own_hand(fake, replay, timeline, 0, [1]) >= 6
        assert check_only_own_hand(fake, carol_replay, timeline, None, [0, 1]) >= 2
        # No public message was written for any of it.
        assert all(not m.public for m in (empty, listed, replay, carol_replay))

        # Alice shares the round: one public message, an animated picture of the table only.
        shared = await fake.click(alice, replay, words.SHARE_BUTTON)
        post = await shared.final()
        assert post.public and f"<@{alice.id}>" in post.text() and table.id in post.text()
        (attachment,) = post.data["attachments"]
        assert attachment["filename"] == "replay.gif" and attachment.get("description"), attachment
        gif = fake.attachment_data[attachment["url"]]
        assert gif[:6] == b"GIF89a" and len(gif) <= MAX_BYTES
        with Image.open(io.BytesIO(gif)) as animation:
            assert animation.n_frames == min(len(timeline.steps), MAX_FRAMES)
        again = await fake.click(alice, replay, words.SHARE_BUTTON)
        assert again.ephemeral and "share another" in again.content  # once a minute

        # The option's autocomplete offers the round; a made-up one is refused in one sentence.
        offered = await fake.autocomplete(alice, "kadi replay", "round", round="")
        assert [c["value"] for c in offered] == [f"{table.id}:1"]
        bad = await fake.slash(alice, "kadi replay", round="zzzzzzzz:1")
        assert bad.ephemeral and bad.content == words.SENTENCES["no-such-round"]()
        # Another server has its own history: this round is neither listed nor replayed there.
        elsewhere = fake.add_guild("Elsewhere")
        dan = fake.add_member(elsewhere, "dan", display_name="Dan")
        assert "No round of Kadi" in (await (await fake.slash(dan, "kadi history")).final()).text()
        theirs = await fake.slash(dan, "kadi replay", round=f"{table.id}:1")
        assert theirs.ephemeral and theirs.content == words.SENTENCES["no-such-round"]()
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"
    assert fake.counters.too_many() == 0 and fake.counters.invalid_requests == 0




async def test_a_donkey_match_is_one_round_named_with_its_donkey_and_replayed_whole(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message = await (await fake.slash(alice, "donkey new", options={"turn_timer": 0})).final()
        await fake.click(bob, message, "Join")
        await fake.click(alice, message, "Start")
        table = await table_of(bot, message)
        await play_to_the_end(bot, table, [alice, bob])
        await settled(bot.presenter)

        listed = await (await fake.slash(bob, "donkey history")).final()
        assert "the Donkey: <@" in listed.text() and "won by" not in listed.text(), listed.text()
        replay = await (await fake.slash(bob, "donkey replay")).final()
        assert replay.visible_to == bob.id
        (summary,) = await bot.controller.history.recent(guild.id, "donkey")
        timeline = await bot.controller.history.timeline(guild.id, "donkey", table.id, summary.round_no)
        assert len(timeline.steps) == table.moves_applied + 1  # the whole match, from the deal
        for _ in range(3):
            await fake.click(bob, replay, "▶")
        assert step_of(replay) == 3
        assert check_only_own_hand(fake, replay, timeline, 1, [0]) == 4
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"
    assert fake.counters.too_many() == 0 and fake.counters.invalid_requests == 0


async def test_a_slow_database_defers_history_and_replays_privately_and_in_place(
        strict_discord: FakeDiscord, tmp_path: Path) -> None:
    """Every database call 2.5 s late: /kadi history, /kadi replay and a ◀ ▶ click whose
    round is no longer in memory are each answered within Discord's 3 s (deferred), the
    history and the replay as private messages, the click by redrawing the clicked replay."""
    fake = strict_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    slow = SlowStorage(await SQLiteStorage.open(tmp_path / "kadi.sqlite3"))
    settings = Settings(token=fake.token, database_path=tmp_path / "kadi.sqlite3", computer_call_wait=0.0)
    bot = KadiBot(settings, timing=FAST, coalesce=0.01, watch_load=False, storage=slow)
    async with fake.run_bot(bot):
        _, table = await started_kadi_table(fake, bot, alice, bob)
        await play_to_the_end(bot, table, [alice, bob])
        await settled(bot.presenter)
        slow.delay = 2.5

        listed = await fake.slash(alice, "kadi history")
        assert listed.deferred and (await listed.final(timeout=20)).visible_to == alice.id
        opened = await fake.slash(alice, "kadi replay", round=f"{table.id}:1")
        replay = await opened.final(timeout=30)
        assert opened.deferred and replay.visible_to == alice.id and step_of(replay) == 0
        bot.controller.history.forget()  # as after a restart: the click reads the round again
        clicked = await fake.click(alice, replay, "▶")
        assert clicked.type == 6  # deferred as an update: the replay itself is redrawn, no new message
        await fake.wait_for(lambda: "Step 1 of" in replay.text(), timeout=30, channel=replay.channel_id)
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"
