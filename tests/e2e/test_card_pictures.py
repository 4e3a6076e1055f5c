"""Card pictures through the fake Discord: the hand and table messages carry their PNGs
in the same calls as their embeds, each exactly the picture of what it stands for; the
host's ``images:`` option and a member's ``/cards images`` turn them off."""

from __future__ import annotations

from pathlib import Path

from bot.games.core.moves import MoveKind
from bot.storage.sqlite import SQLiteStorage
from bot.tables.table import Table
from bot.ui.cards import cards_named, hand_image
from bot.ui.render import table_picture
from sandbox.fake_discord import FakeDiscord
from sandbox.fake_discord.model import FakeMessage
from tests.e2e.botkit import (
    LeakWatch,
    kadi_hands_open,
    make_bot,
    my_hand,
    option_value,
    stack,
    started_kadi_table,
    table_of,
)
from tests.waiting import settled


def attachment_names(message: FakeMessage) -> list[str]:
    return [a["filename"] for a in message.data.get("attachments") or []]


def expected_hand_png(table: Table, seat: int) -> bytes:
    """The reference rendering of a seat's hand: its cards in the hand message's order,
    the cards that start a legal play raised."""
    assert table.game is not None
    view = table.game.view(seat)
    hand = sorted(view.hand, key=lambda c: (c.suit, c.rank))
    playable = {m.cards[0] for m in table.game.legal_moves(seat) if m.kind == MoveKind.PLAY}
    return hand_image(hand, playable).png


async def test_hands_and_the_table_carry_their_pictures(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        opened = await fake.slash(alice, "kadi new", options={"turn_timer": 0})
        message = await opened.final()
        assert attachment_names(message) == [], "a lobby has no cards to show"
        await fake.click(bob, message, "Join")
        await fake.click(alice, message, "Start")
        table = await table_of(bot, message)
        stack(table, ["4H 9H 9D 4C", "KC 5S 6S 7D"], top="5H")
        watch.accept_current()
        alice_hand = await my_hand(fake, alice, message)
        assert attachment_names(alice_hand) == ["hand.png"]
        png = fake.image_of(alice_hand)
        assert png == expected_hand_png(table, 0), "Alice's picture is not exactly her hand"
        assert cards_named(png) == ["4C", "9D", "4H", "9H"]

        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))
        await settled(bot.presenter)
        # Her answer redrew her hand, picture and all, in the one callback.
        assert fake.image_of(alice_hand) == expected_hand_png(table, 0)
        # The table message's picture is the public table, drawn again after the move.
        await fake.wait_for(lambda: fake.image_of(message) == table_image_of(table),
                            channel=message.channel_id, timeout=10)
        assert cards_named(fake.image_of(message) or b"") == ["4H"]
        bob_hand = await my_hand(fake, bob, message)
        assert fake.image_of(bob_hand) == expected_hand_png(table, 1)
        await watch.check(bot)
        assert watch.images_checked > 0


async def test_pictures_can_be_turned_off_by_the_host_and_by_a_member(fake_discord: FakeDiscord,
                                                                      tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        answer = await fake.slash(bob, "cards images", show="off")
        assert answer.ephemeral and "words only" in answer.text
        opened = await fake.slash(alice, "kadi new", options={"turn_timer": 0, "images": False})
        message = await opened.final()
        await fake.click(bob, message, "Join")
        await fake.click(alice, message, "Start")
        table = await table_of(bot, message)
        assert table.options.images is False
        await settled(bot.presenter)
        assert attachment_names(message) == [] and fake.image_of(message) is None
        assert attachment_names(await my_hand(fake, alice, message)) == ["hand.png"], "Alice left hers on"
        bob_hand = await my_hand(fake, bob, message)
        assert attachment_names(bob_hand) == [] and "raised" not in bob_hand.text()
        await fake.slash(bob, "cards images", show="on")
        assert attachment_names(await my_hand(fake, bob, message)) == ["hand.png"]
        await fake.slash(bob, "cards images", show="off")
    # The member's setting is saved in the database.
    storage = await SQLiteStorage.open(tmp_path / "kadi.sqlite3")
    try:
        assert await storage.hand_images(bob.id) is False
        assert await storage.hand_images(alice.id) is True
    finally:
        await storage.close()


async def test_an_unchanged_table_picture_is_not_uploaded_again(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message, table = await started_kadi_table(fake, bot, alice, bob)
        await settled(bot.presenter)
        uploaded = attachment_names(message)
        first = message.data["attachments"][0]["id"]
        assert uploaded == ["table.png"]
        # A redraw with the same picture (only the words change: a seat's name note) keeps
        # the attachment uploaded before, and the embed still shows it.
        table.version += 1
        table.recent.append({"event": "TimedOut", "seat": 1})
        bot.presenter.tables.schedule(table, 0)
        await fake.wait_for(lambda: "ran out of time" in message.text(), channel=message.channel_id, timeout=10)
        assert message.data["attachments"][0]["id"] == first, "the same picture was uploaded again"
        assert fake.image_of(message) == table_image_of(table)


def table_image_of(table: Table) -> bytes:
    """The reference rendering of the table's picture, drawn from its public view now."""
    picture = table_picture(table)
    assert picture is not None
    return picture.draw().png



async def test_a_channel_where_the_bot_may_not_attach_files_gets_its_tables_without_pictures(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    """Without the Attach Files permission Discord refuses the table message's edits that
    carry a picture (interaction answers are not held to it): the table goes on in words,
    current, instead of retrying a refused edit for ever."""
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message, table = await started_kadi_table(fake, bot, alice, bob)
        fake.channels[message.channel_id].bot_may_attach_files = False  # the presenter's edits from here on
        stack(table, ["4H 9H 9D 4C", "KC 5S 6S 7D"], top="5H")
        alice_hand = await my_hand(fake, alice, message)
        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))
        await settled(bot.presenter)
        # Drawn by the presenter through the channel: refused with the picture, sent without.
        await fake.wait_for(lambda: "4♥" in message.text() and attachment_names(message) == [],
                            channel=message.channel_id, timeout=10)
        assert message.data["embeds"][0].get("image") is None
        bob_hand = await my_hand(fake, bob, message)
        assert attachment_names(bob_hand) == ["hand.png"], "hands are interaction answers: they keep theirs"
        await fake.click(bob, bob_hand, "Draw")  # nothing of his fits the 4♥
        await settled(bot.presenter)
        await fake.wait_for(lambda: bot.presenter.tables.shown_version(table.id) == table.version,
                            channel=message.channel_id, timeout=10)
        assert attachment_names(message) == []


async def test_while_the_bot_is_overloaded_the_pictures_pause_and_the_text_carries_the_cards(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    """Overloaded (bot/ui/load.py), the bot leaves the pictures out rather than answer late:
    the next edits take the old pictures away (none goes stale) and name the cards in text;
    once it has caught up, the pictures come back."""
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message, _, alice_hand, bob_hand = await kadi_hands_open(fake, bot, alice, bob)
        assert attachment_names(alice_hand) == ["hand.png"] and attachment_names(message) == ["table.png"]

        bot.presenter.load.busy = True
        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))
        await settled(bot.presenter)
        assert attachment_names(alice_hand) == [] and "9♦" in alice_hand.text()
        assert attachment_names(message) == [] and "4♥" in message.text()
        assert attachment_names(bob_hand) == [] and "K♣" in bob_hand.text()  # his turn: redrawn

        bot.presenter.load.busy = False
        await fake.click(bob, bob_hand, "Draw")  # nothing of his fits the 4♥
        await settled(bot.presenter)
        assert attachment_names(message) == ["table.png"] and attachment_names(alice_hand) == ["hand.png"]
