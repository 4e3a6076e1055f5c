"""Which language each reader reads (bot/ui/presenter/languages.py): the order a member's
and a channel's language are chosen in, a slow database never holding an answer up, and
every drawing speaking its own reader's language whichever task starts it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

import bot.ui.presenter.hand_messages as hand_messages
import bot.ui.presenter.table_message as table_message
from bot.registry import game_uis
from bot.storage.sqlite import SQLiteStorage
from bot.tables.runtime import TableRuntime, Timing
from bot.tables.table import TableOptions
from bot.ui.presenter import DiscordPresenter, Pace
from bot.ui.presenter import languages as chosen
from bot.ui.presenter.languages import Languages, for_member, for_public
from bot.ui.text import i18n
from tests.bot.test_presenter import FakeInteraction, NoPresenter, OneTable
from tests.waiting import settled

ALICE, BOB, GUILD = 101, 102, 1


def test_a_members_language_is_their_choice_then_discords_then_the_servers_then_english() -> None:
    assert for_member("sw", "en-US", "en") == "sw"
    assert for_member(None, "sw", "en") == "sw"
    assert for_member(None, "en-GB", "sw") == "en", "Discord's en-GB is English, which the bot has"
    assert for_member(None, "fr", "sw") == "sw", "no French catalogue: the server's language"
    assert for_member(None, None, None) == "en"
    assert for_member("xx", "fr", None) == "en", "a choice of a language since removed is no choice"


def test_a_public_messages_language_is_the_servers_choice_then_its_discord_locale_then_english() -> None:
    assert for_public("sw", "en-US") == "sw"
    assert for_public(None, "sw") == "sw"
    assert for_public(None, "fr") == "en"
    assert for_public(None, None) == "en"


class Chosen:
    """The storage's language settings, in memory, each read ``delay`` late."""

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = delay
        self.members: dict[int, str | None] = {}
        self.guilds: dict[int, str | None] = {}
        self.reads = 0

    async def language(self, user_id: int) -> str | None:
        self.reads += 1
        await asyncio.sleep(self.delay)
        return self.members.get(user_id)

    async def set_language(self, user_id: int, language: str | None) -> None:
        self.members[user_id] = language

    async def guild_language(self, guild_id: int) -> str | None:
        self.reads += 1
        await asyncio.sleep(self.delay)
        return self.guilds.get(guild_id)

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        self.guilds[guild_id] = language


async def test_the_order_through_the_settings_and_automatic_clears_a_choice() -> None:
    settings = Chosen()
    languages = Languages(settings, guild_locale=lambda guild_id: "sw" if guild_id == 2 else None)
    assert await languages.member(ALICE, GUILD, "fr") == "en"
    await languages.set_server(GUILD, "sw")
    assert await languages.member(ALICE, GUILD, "fr") == "sw", "the server's language"
    assert await languages.member(ALICE, GUILD, "en-US") == "en", "Discord's, which the bot has"
    await languages.set_own(ALICE, "sw")
    assert await languages.member(ALICE, GUILD, "en-US") == "sw", "their own choice first"
    assert await languages.public(GUILD) == "sw"
    await languages.set_own(ALICE, None)  # automatic
    await languages.set_server(GUILD, None)
    assert settings.members[ALICE] is None and settings.guilds[GUILD] is None
    assert await languages.member(ALICE, GUILD, "en-US") == "en"
    assert await languages.member(ALICE, 2, "fr") == "sw", "no choice anywhere: the guild's Discord locale"
    assert await languages.public(2) == "sw" and await languages.public(None) == "en"


async def test_choices_are_trusted_for_a_while_and_a_slow_read_never_holds_an_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Chosen(delay=0.3)
    settings.members[ALICE] = "sw"
    monkeypatch.setattr(chosen, "READ_WAIT", 0.05)
    languages = Languages(settings)
    started = asyncio.get_running_loop().time()
    assert await languages.member(ALICE, None, "en-US") == "en", "not read in time: Discord's language"
    assert asyncio.get_running_loop().time() - started < 0.25
    await asyncio.sleep(0.35)  # the read went on meanwhile
    reads = settings.reads
    assert await languages.member(ALICE, None, "en-US") == "sw"
    assert settings.reads == reads, "remembered, not read again"


class Speaking(FakeInteraction):
    """An interaction from a member whose Discord speaks ``locale``, in the test's guild."""

    def __init__(self, user_id: int, answer: Callable[..., Awaitable[None]], locale: str) -> None:
        super().__init__(user_id, answer)
        self.locale = locale
        self.guild_id = GUILD
        self.guild_locale = "en-US"


async def test_every_drawing_speaks_its_own_readers_language_whichever_task_starts_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice reads Kiswahili, Bob English, the server English. A redraw of Bob's hand and of
    the public table started from Alice's interaction (whose task speaks hers, and which
    asyncio's tasks copy) is drawn in Bob's and the server's; hers in hers."""
    drawn: list[tuple[str, str]] = []
    hand_screen, table_embed = hand_messages.hand_screen, table_message.table_embed

    def hand_screen_noted(table: Any, seat: int, *args: Any, **kwargs: Any) -> Any:
        drawn.append((f"hand {seat}", i18n.current()))
        return hand_screen(table, seat, *args, **kwargs)

    def table_embed_noted(*args: Any, **kwargs: Any) -> Any:
        drawn.append(("table", i18n.current()))
        return table_embed(*args, **kwargs)

    monkeypatch.setattr(hand_messages, "hand_screen", hand_screen_noted)
    monkeypatch.setattr(table_message, "table_embed", table_embed_noted)
    storage = await SQLiteStorage.open(tmp_path / "kadi.sqlite3")
    runtime = TableRuntime(storage, NoPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    try:
        await storage.set_language(ALICE, "sw")
        table = await runtime.create(GUILD, 10, "kadi", ALICE, "Alice", TableOptions(images=False))
        await runtime.join(table.id, BOB, "Bob")
        await runtime.start(table.id, ALICE, seed=7)
        presenter = DiscordPresenter(cast(discord.Client, None), game_uis(), OneTable(table), storage,
                                     pace=Pace(0.0, 0.0))

        async def landed(**fields: Any) -> None:
            pass

        def member(user_id: int, locale: str) -> discord.Interaction[Any]:
            return cast(discord.Interaction[Any], Speaking(user_id, landed, locale))

        await presenter.answer_with_hand(member(BOB, "en-US"), table, 1)  # Bob's live hand message

        async def alices_click() -> None:
            alice = member(ALICE, "en-US")
            await presenter.speak_to(alice)  # as the guard does: her task speaks hers from now on
            assert i18n.current() == "sw"
            await presenter.answer_with_hand(alice, table, 0)
            await presenter.answer_with_table(member(ALICE, "en-US"), table)  # a click's public answer
            table.version += 1
            await presenter.table_changed(table, [])  # Bob's hand redrawn in a task started here

        await asyncio.create_task(alices_click())
        await settled(presenter)
        assert ("hand 0", "sw") in drawn and ("hand 1", "en") in drawn and ("table", "en") in drawn
        assert ("hand 1", "sw") not in drawn and ("table", "sw") not in drawn, drawn

        drawn.clear()
        await presenter.languages.set_server(GUILD, "sw")
        await presenter.answer_with_table(member(BOB, "en-US"), table)
        await presenter.answer_with_hand(member(BOB, "fr"), table, 1)  # no French: the server's
        assert drawn == [("table", "sw"), ("hand 1", "sw")], drawn
        await presenter.close()
    finally:
        await runtime.close()
        await storage.close()


def test_a_discord_locale_of_any_kind_reads_as_its_code() -> None:
    assert chosen.locale_of(discord.Locale.american_english) == "en-US"
    assert chosen.locale_of(SimpleNamespace(value="sw")) == "sw"
    assert chosen.locale_of(None) is None and chosen.locale_of("fr") == "fr"
