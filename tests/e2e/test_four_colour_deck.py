"""The four-colour deck through the fake Discord (issue 29, item 4): a member who runs
``/cards colours deck:four`` gets their next hand pictures in four colours (a new hand, and
their live hand message when it is redrawn), while another member's hands and the public
table picture stay in two colours; the choice is saved, and switched back with ``two``."""

from __future__ import annotations

from pathlib import Path

from bot.games.core.moves import MoveKind
from bot.storage.sqlite import SQLiteStorage
from bot.tables.table import Table
from bot.ui.cards import Deck, hand_image
from bot.ui.render import table_picture
from bot.ui.text import answers
from sandbox.fake_discord import FakeDiscord
from sandbox.fake_discord.model import FakeMessage
from tests.e2e.botkit import LeakWatch, kadi_hands_open, make_bot, my_hand, option_value
from tests.waiting import settled


def expected_hand_png(table: Table, seat: int, deck: Deck) -> bytes:
    """The reference rendering of a seat's hand in ``deck``, as the hand message orders it."""
    assert table.game is not None
    hand = sorted(table.game.view(seat).hand, key=lambda c: (c.suit, c.rank))
    playable = {m.cards[0] for m in table.game.legal_moves(seat) if m.kind == MoveKind.PLAY}
    return hand_image(hand, playable, deck).png


def picture_of(fake: FakeDiscord, message: FakeMessage) -> bytes:
    png = fake.image_of(message)
    assert png is not None, "the message carries no picture"
    return png


async def test_a_member_switches_on_four_colours_and_only_their_hand_changes(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        # Alice holds 4H 9H 9D 4C, Bob KC 5S 6S 7D: both hold a diamond and a club.
        message, table, alice_hand, bob_hand = await kadi_hands_open(fake, bot, alice, bob)
        watch.accept_current()
        assert picture_of(fake, alice_hand) == expected_hand_png(table, 0, Deck.TWO)
        assert picture_of(fake, bob_hand) == expected_hand_png(table, 1, Deck.TWO)
        two_colour_alt = alice_hand.data["attachments"][0]["description"]

        answer = await fake.slash(alice, "cards colours", deck="four")
        assert answer.ephemeral and answer.text == answers.deck_set(True)
        fresh = await my_hand(fake, alice, message)
        four = picture_of(fake, fresh)
        assert four == expected_hand_png(table, 0, Deck.FOUR) != expected_hand_png(table, 0, Deck.TWO)
        assert fresh.data["attachments"][0]["description"] == two_colour_alt, "the same cards in words"
        bob_again = await my_hand(fake, bob, message)
        assert picture_of(fake, bob_again) == expected_hand_png(table, 1, Deck.TWO), "Bob's stays two-colour"

        # Her play, answered on her hand message, redraws it in four colours; Bob's live hand
        # message is redrawn after it in two, and the public table picture stays two-colour.
        await fake.select(alice, fresh, option_value(fresh, "play 4H"))
        await settled(bot.presenter)
        assert picture_of(fake, fresh) == expected_hand_png(table, 0, Deck.FOUR)
        await fake.wait_for(lambda: fake.image_of(bob_again) == expected_hand_png(table, 1, Deck.TWO),
                            channel=message.channel_id, timeout=10)
        public = table_picture(table)
        assert public is not None
        await fake.wait_for(lambda: fake.image_of(message) == public.draw().png, channel=message.channel_id,
                            timeout=10)

        answer = await fake.slash(alice, "cards colours", deck="two")
        assert answer.text == answers.deck_set(False)
        assert picture_of(fake, await my_hand(fake, alice, message)) == expected_hand_png(table, 0, Deck.TWO)
        await fake.slash(alice, "cards colours", deck="four")
        await watch.check(bot)
    storage = await SQLiteStorage.open(tmp_path / "kadi.sqlite3")
    try:
        assert await storage.four_colour_deck(alice.id) is True
        assert await storage.four_colour_deck(bob.id) is False
    finally:
        await storage.close()
