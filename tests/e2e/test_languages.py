"""Choosing a language through the fake Discord (issue 29, item 3): a member who chooses
Kiswahili reads their hand, their refusals, /stats and their answers in it while the public
table stays in the server's English; a member with Manage Server turns the server's public
messages Kiswahili; a member without it is refused in one private sentence and nothing
changes; "automatic" falls back to Discord's language, then the server's."""

from __future__ import annotations

from pathlib import Path

from bot.storage.rating import MIN_HUMANS, MIN_RATED_ROUNDS
from bot.tables.table import Table, TableError
from bot.ui.components import ButtonAction
from bot.ui.text import i18n
from bot.ui.text.illegal import sentence
from sandbox.fake_discord import FakeDiscord, FakeMessage
from sandbox.fake_discord.members import table_button_id
from tests.e2e.botkit import LeakWatch, kadi_hands_open, make_bot, option_value, table_of
from tests.waiting import settled


def said(message_id: str, lang: str, **args: object) -> str:
    """A message as the catalogue words it in ``lang``, English never standing in for it."""
    assert message_id in i18n.message_ids(lang), f"{message_id} is not in the {lang} catalogue"
    return i18n.text(message_id, lang, **args)


def hand_title(table: Table, lang: str) -> str:
    return said("screen-hand-title", lang, game="Kadi", table=table.id)


def table_title(table: Table, lang: str) -> str:
    return said("screen-table-title", lang, game="Kadi", table=table.id)


def no_table_here(lang: str) -> str:
    with i18n.speaking(lang):
        return sentence(TableError("no-table-here", title="Kadi", game="kadi"))


def title_of(message: FakeMessage) -> str:
    return str(message.embeds[0].get("title", ""))


async def test_a_member_reads_their_own_language_and_the_table_the_servers(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild(channels=("general", "quiet"))
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    boss = fake.add_member(guild, "boss", display_name="Boss", manage_guild=True)
    quiet = next(c for c in guild.text_channels if c.name == "quiet")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        chosen = await fake.slash(alice, "settings language", language="sw")
        assert chosen.ephemeral and chosen.text == said("settings-language-mine", "sw", language="Kiswahili")
        refused = await fake.slash(alice, "kadi hand", channel=quiet)
        assert refused.ephemeral and refused.text == no_table_here("sw") != no_table_here("en")
        stats = await fake.slash(alice, "stats", channel=quiet)
        assert said("standings-stats-title", "sw", name="Alice") in stats.text, stats.text
        assert said("standings-stats-empty", "sw") in stats.text
        assert "Msimamo wa" not in (await fake.slash(bob, "stats", channel=quiet)).text, "Bob's is English"

        message, table, alice_hand, bob_hand = await kadi_hands_open(fake, bot, alice, bob)
        watch.accept_current()
        assert title_of(alice_hand) == hand_title(table, "sw")
        assert title_of(bob_hand) == hand_title(table, "en")
        assert title_of(message) == table_title(table, "en"), "the public table is in the server's language"

        # Alice's play, answered on her hand in Kiswahili, redraws Bob's hand and the table
        # from her interaction: in Bob's language and the server's, not hers.
        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))
        await settled(bot.presenter)
        assert title_of(alice_hand) == hand_title(table, "sw")
        await fake.wait_for(lambda: table.version <= (bot.presenter.tables.shown_version(table.id) or -1),
                            channel=message.channel_id, timeout=10)
        assert title_of(bob_hand) == hand_title(table, "en"), bob_hand.text()
        assert title_of(message) == table_title(table, "en")
        assert said("screen-hand-title", "sw", game="Kadi", table=table.id) not in message.text()

        # Bob, without Manage Server, may not choose the server's language: one private
        # sentence, in his language, and nothing changes.
        refused = await fake.slash(bob, "settings language", language="sw", options={"for": "server"})
        assert refused.ephemeral and refused.text == said("settings-not-manager", "en")
        assert await bot.storage.guild_language(guild.id) is None

        set_server = await fake.slash(boss, "settings language", language="sw", options={"for": "server"})
        assert set_server.ephemeral
        assert set_server.text == said("settings-language-server", "sw", language="Kiswahili")
        assert await bot.storage.guild_language(guild.id) == "sw"
        board = await fake.slash(bob, "leaderboard", game="kadi", channel=quiet)  # public: the server's
        assert said("standings-board-empty", "sw", rounds=MIN_RATED_ROUNDS, humans=MIN_HUMANS) in board.text, board.text
        # The table is drawn again in Kiswahili at once, though nobody moved; after a move too.
        # Bob's own hand stays in his Discord's English.
        await fake.wait_for(lambda: title_of(message) == table_title(table, "sw"), channel=message.channel_id,
                            timeout=10)
        await fake.slash(bob, "kadi draw")
        await settled(bot.presenter)
        assert title_of(message) == table_title(table, "sw")
        # by its id: its label is Kiswahili now
        again = await fake.click(bob, message, table_button_id(table.id, ButtonAction.HAND))
        assert again.ephemeral and again.message is not None
        assert title_of(again.message) == hand_title(table, "en")
        await watch.check(bot)
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"


async def test_automatic_follows_discords_language_then_the_servers(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    boss = fake.add_member(guild, "boss", display_name="Boss", manage_guild=True)
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        await fake.slash(alice, "settings language", language="sw")
        back = await fake.slash(alice, "settings language", language="automatic")
        assert back.text == said("settings-language-mine-automatic", "en", language="English"), back.text
        assert await bot.storage.language(alice.id) is None
        assert (await fake.slash(alice, "kadi hand")).text == no_table_here("en"), "Discord's en-US"

        await fake.slash(boss, "settings language", language="sw", options={"for": "server"})
        assert (await fake.slash(alice, "kadi hand")).text == no_table_here("en"), "Discord's language first"
        alice.locale = "fr"  # a language the bot has no catalogue for: the server's
        assert (await fake.slash(alice, "kadi hand")).text == no_table_here("sw")
        automatic = await fake.slash(boss, "settings language", language="automatic", options={"for": "server"})
        assert automatic.text == said("settings-language-server-automatic", "en", language="English")
        assert (await fake.slash(alice, "kadi hand")).text == no_table_here("en"), "the server's Discord en-US"
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"


async def test_a_server_whose_discord_speaks_kiswahili_opens_its_tables_in_it(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    guild.preferred_locale = "sw"  # Discord offers no Kiswahili yet; a guild's locale is read all the same
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bob.locale = "fr"
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        # The lobby's buttons are in Kiswahili: clicked by their custom ids.
        message = await (await fake.slash(alice, "kadi new", options={"turn_timer": 0})).final()
        table = await table_of(bot, message)
        assert title_of(message) == table_title(table, "sw")
        await fake.click(bob, message, table_button_id(table.id, ButtonAction.JOIN))
        await fake.click(alice, message, table_button_id(table.id, ButtonAction.START))
        hand_id = table_button_id(table.id, ButtonAction.HAND)
        hands = [await fake.click(member, message, hand_id) for member in (alice, bob)]
        assert all(hand.ephemeral and hand.message is not None for hand in hands)
        alice_hand, bob_hand = (hand.message for hand in hands)
        assert alice_hand is not None and bob_hand is not None
        assert title_of(alice_hand) == hand_title(table, "en"), "her Discord's en-US"
        assert title_of(bob_hand) == hand_title(table, "sw"), "no French: the server's language"
        assert title_of(message) == table_title(table, "sw")
