"""A server's own house rules through the fake Discord (issue 32, item 4), on both
databases: a member with Manage Server saves a server preset and a channel preset; /kadi
new in that channel starts with the channel's rules (the server's are not merged in) and
the lobby says so; another channel gets the server's; the host's own option wins for one
table; a Karata preset of Kadi Moja; /presets show and clear; a member without Manage
Server is refused privately in one sentence and nothing is saved."""

from __future__ import annotations

from bot.client import KadiBot
from bot.games.kadi import KadiRules
from bot.games.karata import KarataRules
from bot.storage.base import PresetScope
from bot.tables.table import RulesFrom, Table
from bot.ui.text import presets as preset_text
from bot.ui.text.i18n import text
from sandbox.fake_discord import FakeDiscord, FakeMember
from sandbox.fake_discord.model import FakeChannel
from tests.e2e.botkit import make_bot, table_of
from tests.storages import Database

CHANNEL_RULES = preset_text.rules_from(RulesFrom.CHANNEL, False)
SERVER_RULES = preset_text.rules_from(RulesFrom.SERVER, False)
CHANGED_SERVER_RULES = preset_text.rules_from(RulesFrom.SERVER, True)
TABLE_RULES = preset_text.rules_from(RulesFrom.TABLE, False)


async def opened(fake: FakeDiscord, bot: KadiBot, member: FakeMember, command: str, channel: FakeChannel,
                 **options: object) -> tuple[Table, str]:
    """A new table's lobby, opened by ``member`` in ``channel``: the table and its message's words."""
    answer = await fake.slash(member, command, channel=channel, options=options)
    assert not answer.ephemeral and answer.message is not None, answer.text
    return await table_of(bot, answer.message), answer.message.text()


async def test_a_channel_and_a_server_preset_start_new_tables_and_the_host_still_chooses(
        fake_discord: FakeDiscord, database: Database) -> None:
    fake = fake_discord
    guild = fake.add_guild("Nairobi", channels=("general", "kadi-night", "lounge", "moja"))
    general, night, lounge, moja = guild.text_channels
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    boss = fake.add_member(guild, "boss", display_name="Boss", manage_guild=True)
    bot = make_bot(fake, database)
    async with fake.run_bot(bot):
        saved = await fake.slash(boss, "kadi presets save", channel=general, scope="server", deal=5,
                                 punishment_accumulates=True)
        assert saved.ephemeral and saved.text == preset_text.saved(
            "server", "Kadi", [("deal", "5 cards"), ("punishment_accumulates", True)]), saved.text
        saved = await fake.slash(boss, "kadi presets save", channel=night, deal=3, ace_finish=True, no_jokers=True)
        assert saved.ephemeral and "in this channel" in saved.text, saved.text

        # The channel's own rules, whole: its deal of 3, and not the server's punishment rule.
        table, words = await opened(fake, bot, alice, "kadi new", night)
        rules = table.options.rules
        assert isinstance(rules, KadiRules)
        assert rules.deal == 3 and rules.ace_finish and rules.no_jokers, rules
        assert not rules.punishment_accumulates and table.options.turn_seconds == 60, rules
        assert CHANNEL_RULES in words and "deal 3" in words and "Ace finish" in words, words

        # Another channel gets the server's.
        table, words = await opened(fake, bot, bob, "kadi new", general)
        assert table.options.rules == KadiRules(deal=5, deal_5=True, punishment_accumulates=True)
        assert SERVER_RULES in words and "Punishment accumulates" in words, words

        # The host's own option wins for that one table; the rest is still the server's.
        table, words = await opened(fake, bot, carol, "kadi new", lounge, deal=4, turn_timer=0)
        assert table.options.rules == KadiRules(deal=4, punishment_accumulates=True)
        assert table.options.turn_seconds is None
        assert CHANGED_SERVER_RULES in words, words

        shown = await fake.slash(carol, "kadi presets show", channel=night)
        assert shown.ephemeral and shown.text.startswith(preset_text.shown(
            "Kadi", ("channel", [("deal", "3 cards"), ("ace_finish", True), ("no_jokers", True)]), None)), shown.text
        assert preset_text.REPLACED in shown.text

        # A Karata preset of Kadi Moja: /karata new there deals Kadi Moja.
        saved = await fake.slash(boss, "karata presets save", channel=moja, preset="kadi-moja")
        assert saved.ephemeral and "Kadi Moja" in saved.text, saved.text
        table, words = await opened(fake, bot, alice, "karata new", moja)
        assert table.options.rules == KarataRules.preset("kadi-moja") and table.options.max_seats == 6
        assert CHANNEL_RULES in words and "Kadi Moja preset" in words, words
        refused = await fake.slash(boss, "karata presets save", channel=moja, preset="kadi-moja",
                                   must_call_to_win=True)
        # A mix /karata new refuses is refused here too, in its words, and the preset stays as it was.
        assert refused.ephemeral and refused.text == text("refusal-call-is-kadi-moja-rule"), refused.text
        assert (await bot.storage.presets_here(guild.id, "karata", moja.id))[0].options == {"preset": "kadi-moja"}

        # Cleared, the channel falls back to the server's; cleared again, there is none to clear.
        cleared = await fake.slash(boss, "kadi presets clear", channel=night)
        assert cleared.ephemeral and cleared.text == preset_text.cleared("channel", "Kadi", True)
        cleared = await fake.slash(boss, "kadi presets clear", channel=night)
        assert cleared.text == preset_text.cleared("channel", "Kadi", False)
        shown = await fake.slash(alice, "kadi presets show", channel=night)
        assert shown.text == preset_text.shown(
            "Kadi", ("server", [("deal", "5 cards"), ("punishment_accumulates", True)]), None), shown.text
        await fake.slash(boss, "kadi presets clear", channel=night, scope="server")
        shown = await fake.slash(alice, "kadi presets show", channel=night)
        assert shown.text == preset_text.shown("Kadi", None, None), shown.text
        await fake.slash(alice, "kadi end", channel=night)
        _, words = await opened(fake, bot, alice, "kadi new", night)
        assert TABLE_RULES in words, words
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"


async def test_a_member_without_manage_server_is_refused_and_nothing_is_saved(
        fake_discord: FakeDiscord, database: Database) -> None:
    fake = fake_discord
    guild = fake.add_guild("Nairobi")
    (general,) = guild.text_channels
    bob = fake.add_member(guild, "bob", display_name="Bob")
    boss = fake.add_member(guild, "boss", display_name="Boss", manage_guild=True)
    bot = make_bot(fake, database)
    async with fake.run_bot(bot):
        await fake.slash(boss, "donkey presets save", channel=general, scope="server", turn_timer=30)
        for command, options in (("kadi presets save", {"scope": "server", "deal": 3}),
                                 ("donkey presets save", {"turn_timer": 120}),
                                 ("donkey presets clear", {"scope": "server"})):
            refused = await fake.slash(bob, command, channel=general, options=options)
            assert refused.ephemeral and refused.text == preset_text.NOT_MANAGER, (command, refused.text)
        assert await bot.storage.presets_here(guild.id, "kadi", general.id) == []
        (kept,) = await bot.storage.presets_here(guild.id, "donkey", general.id)
        assert kept.scope is PresetScope.SERVER and kept.options == {"turn_timer": 30}
        # Anyone may see what applies.
        shown = await fake.slash(bob, "donkey presets show", channel=general)
        assert shown.ephemeral and shown.text == preset_text.shown(
            "Donkey", ("server", [("turn_timer", "30 seconds")]), None), shown.text
        # A solo table starts from it too.
        answer = await fake.slash(bob, "donkey solo", channel=general)
        assert answer.message is not None
        table = await table_of(bot, answer.message)
        assert table.options.turn_seconds == 30 and table.options.rules_from is RulesFrom.SERVER
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"
