"""Interactions and views are freed as soon as the bot is done with them (bot/ui/cycles.py),
by reference counting, not left for the garbage collector: at 1,000 tables they were
about 50 objects per interaction, and collecting them paused the bot for up to 90–160 ms."""

from __future__ import annotations

import asyncio
import gc
from collections import Counter
from pathlib import Path

import discord

from sandbox.fake_discord import FakeDiscord
from tests.e2e.botkit import kadi_hands_open, make_bot, option_value
from tests.waiting import eventually, settled

HANDLING = ("discord-ui-dynamic-item", "CommandTree-invoker")  # discord.py's tasks that run our handlers
KEPT_ALIVE_BY_A_CYCLE = (discord.Interaction, discord.InteractionResponse, discord.ui.View, discord.ui.Item)


def handlers_running() -> int:
    return sum(1 for task in asyncio.all_tasks() if task.get_name().startswith(HANDLING))


async def test_a_command_a_button_and_a_menu_leave_no_interaction_or_view_for_the_collector(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        table_message, _, alice_hand, _ = await kadi_hands_open(fake, bot, alice, bob)
        gc.collect()
        gc.disable()
        gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds goes to gc.garbage, to be looked at
        try:
            await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))  # a menu
            await fake.click(bob, table_message, "My hand")  # a button
            await fake.slash(alice, "kadi rules")  # a command
            await settled(bot.presenter)
            await eventually(lambda: handlers_running() == 0, "every handler done")
            gc.collect()
            left = Counter(type(thing).__qualname__ for thing in gc.garbage
                           if isinstance(thing, KEPT_ALIVE_BY_A_CYCLE))
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
    assert not left, left
