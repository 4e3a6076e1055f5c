"""How many calls to Discord a typical move makes, pinned: each call costs the bot about
0.6 ms of CPU (issue 13), so a change that adds one to every move shows up here, in CI,
rather than in production."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from sandbox.fake_discord import FakeDiscord
from tests.e2e.botkit import kadi_hands_open, make_bot, option_value
from tests.waiting import settled

CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"
TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
HAND_EDIT = "PATCH /webhooks/{application_id}/{interaction_token}/messages/{message_id}"


def routes_named(counts: Counter[str], fragment: str) -> int:
    return sum(count for route, count in counts.items() if route.split(" ", 1)[0] == fragment.split(" ", 1)[0]
               and _template(route) == _template(fragment))


def _template(route: str) -> str:
    # The fake names path parameters after its own routes; compare by shape, not names.
    return "/".join("{}" if part.startswith("{") else part for part in route.split("/"))


async def test_a_move_from_the_hand_makes_three_discord_calls(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        # Bob watches his hand too: it is redrawn when he may act.
        _, _, alice_hand, _ = await kadi_hands_open(fake, bot, alice, bob)

        before = fake.route_counts.copy()
        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))
        await settled(bot.presenter)
        calls = fake.route_counts - before

    # The answer redraws Alice's hand in place (1), the table message is edited once (1),
    # and Bob's hand, his turn now, is redrawn through his interaction's token (1).
    assert routes_named(calls, CALLBACK) == 1, calls
    assert routes_named(calls, TABLE_EDIT) == 1, calls
    assert routes_named(calls, HAND_EDIT) == 1, calls
    assert sum(calls.values()) == 3, calls


def view_timers() -> int:
    """discord.py's 15-minute timers of stored views (one per ephemeral message sent with a
    view that is still listening)."""
    return sum(1 for task in asyncio.all_tasks() if "timeout_task_impl" in task.get_coro().__qualname__)


async def test_hands_and_menus_leave_no_view_behind_in_discord_py(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Every component is a DynamicItem, dispatched by its custom id, so discord.py need
    keep no copy of a view: an ephemeral message's view would otherwise be held, with a task
    of its own, for 15 minutes (hundreds of objects a hand, multiplied by every table)."""
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        _, _, alice_hand, _ = await kadi_hands_open(fake, bot, alice, bob)
        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))
        await settled(bot.presenter)
        assert view_timers() == 0
        assert not bot.persistent_views  # the store keeps only the DynamicItem templates
