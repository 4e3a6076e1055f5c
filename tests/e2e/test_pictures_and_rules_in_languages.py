"""The card pictures and the rules pages through the fake Discord in each reader's language
(issue 29): a member who chose Kiswahili gets her hand picture's alt text in Kiswahili (and
only she gets it), Bob his in English, the public table's in the server's language; when
the server turns Kiswahili the table picture is drawn and sent again in Kiswahili (its
words and alt text); ``/kadi rules`` opens in the asker's language, menu and buttons too."""

from __future__ import annotations

import re
from pathlib import Path

from bot.games.cards import ALL_CARDS, Card
from bot.tables.table import Table
from bot.ui.cards import cards_named
from bot.ui.text import i18n, rules
from bot.ui.text.pictures import card_words
from sandbox.fake_discord import FakeDiscord, FakeMessage
from tests.e2e.botkit import LeakWatch, kadi_hands_open, make_bot
from tests.waiting import settled


def alt_of(message: FakeMessage) -> str:
    attachments = message.data.get("attachments") or []
    assert len(attachments) == 1, attachments
    return str(attachments[0].get("description") or "")


def named(text: str, lang: str) -> set[Card]:
    """The cards ``text`` names in ``lang``'s words."""
    with i18n.speaking(lang):
        return {c for c in ALL_CARDS if re.search(rf"(?<!\w){re.escape(card_words(c))}(?!\w)", text)}


def hand_of(table: Table, seat: int) -> set[Card]:
    assert table.game is not None
    return set(table.game.view(seat).hand)


async def test_each_reader_gets_pictures_in_their_language(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    boss = fake.add_member(guild, "boss", display_name="Boss", manage_guild=True)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        await fake.slash(alice, "settings language", language="sw")
        message, table, alice_hand, bob_hand = await kadi_hands_open(fake, bot, alice, bob)
        watch.accept_current()

        alice_alt, bob_alt = alt_of(alice_hand), alt_of(bob_hand)
        assert alice_alt.startswith("Karata zako, karata 4: ") and "picture-" not in alice_alt, alice_alt
        assert named(alice_alt, "sw") == hand_of(table, 0) and not named(alice_alt, "en")
        assert bob_alt.startswith("Your hand, 4 cards: ") and named(bob_alt, "en") == hand_of(table, 1)
        assert not named(alice_alt, "sw") & hand_of(table, 1), "a hand's alt text names only its owner's cards"
        assert alt_of(message).startswith("The table. "), "the public table is in the server's English"

        # The server turns Kiswahili: the table picture is drawn again in it and sent again
        # (its words are other words, so another picture, with Kiswahili alt text).
        english_png = fake.image_of(message)
        assert english_png is not None
        await fake.slash(boss, "settings language", language="sw", options={"for": "server"})
        await fake.wait_for(lambda: alt_of(message).startswith("Meza. "), channel=message.channel_id, timeout=10)
        await settled(bot.presenter)
        kiswahili_png = fake.image_of(message)
        assert kiswahili_png is not None and kiswahili_png != english_png
        assert cards_named(kiswahili_png) == ["5H"], "the table as it is: the stacked deal's top card"
        assert "Karata ya juu: 5 ya kopa." in alt_of(message) and "picture-" not in alt_of(message)
        assert alt_of(bob_hand) == bob_alt, "Bob's own hand stays in his English"
        await watch.check(bot)
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"


async def test_the_rules_open_in_the_askers_language(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    kiswahili = rules.pages(rules.markdown("kadi", "sw") or "", "sw")
    english = rules.pages(rules.markdown("kadi", "en") or "", "en")
    async with fake.run_bot(bot):
        await fake.slash(alice, "settings language", language="sw")
        opened = await fake.slash(alice, "kadi rules")
        message = opened.message
        assert message is not None and opened.ephemeral
        assert message.content == kiswahili[0].text != english[0].text
        assert message.select().option_labels == [p.label for p in kiswahili]
        assert message.select().option_labels[0] == "Muhtasari"
        assert message.button("◀ Nyuma").disabled and not message.button("Mbele ▶").disabled
        await fake.click(alice, message, "Mbele ▶")
        assert message.content == kiswahili[1].text

        theirs = await fake.slash(bob, "kadi rules")
        assert theirs.message is not None and theirs.message.content == english[0].text
        assert theirs.message.select().option_labels[0] == "Overview"
        await settled(bot.presenter)
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"
