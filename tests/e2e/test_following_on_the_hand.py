"""Issue 28, item 3: every seated human follows the game on their own hand message (edited
through the interaction's webhook, which Discord's global request limit does not bind), so
play never waits on the public table message: the others' moves, the top card, every seat's
count and whose turn it is are on it, even while its owner waits. And, item 6, the metrics
an operator alerts on are served."""

from __future__ import annotations

import socket
from pathlib import Path

import aiohttp

from bot.client import KadiBot
from bot.config import Settings
from sandbox.fake_discord import FakeDiscord
from tests.e2e.botkit import FAST, my_hand, option_value, stack, started_kadi_table
from tests.waiting import eventually, settled


async def test_a_waiting_hand_shows_what_the_others_did_since_its_owner_last_looked(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice, bob, carol = (fake.add_member(guild, name, display_name=name.capitalize())
                         for name in ("alice", "bob", "carol"))
    settings = Settings(token=fake.token, database_path=tmp_path / "kadi.sqlite3", computer_call_wait=0.0)
    bot = KadiBot(settings, timing=FAST, coalesce=0.01, watch_load=False)
    async with fake.run_bot(bot):
        message, table = await started_kadi_table(fake, bot, alice, bob, carol)
        stack(table, ["4H 9H 9D 4C", "KC 5S 6S 7D", "QD 8C 3S JS"], top="5H")
        alice_hand, bob_hand, carol_hand = [await my_hand(fake, m, message) for m in (alice, bob, carol)]
        await settled(bot.presenter)
        assert "Since you last looked" not in carol_hand.text()

        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))
        await settled(bot.presenter)
        # Carol waits (Bob plays next), and her hand follows the game all the same.
        text = carol_hand.text()
        assert "Since you last looked" in text and "Alice" in text and "4♥" in text
        assert "▶ Bob 4" in text and "Alice 3" in text and "Carol 4" in text
        assert "Not your turn yet" in text
        assert "Since you last looked" in bob_hand.text() and "Your turn" in bob_hand.text()
        # Her own cards stay hers alone: nobody else's hand message names them.
        assert "Q♦" not in bob_hand.text() and "Q♦" in carol_hand.text()


STALENESS_PLAYING = 'kadi_table_message_staleness_seconds_count{class="playing"}'


def value_in(scraped: str, line_start: str) -> float:
    """The sum of the samples on the lines of a scraped page that start with ``line_start``."""
    return sum(float(line.rsplit(" ", 1)[1]) for line in scraped.splitlines() if line.startswith(line_start))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_the_metrics_an_operator_alerts_on_are_served(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    port = free_port()
    settings = Settings(token=fake.token, database_path=tmp_path / "kadi.sqlite3", computer_call_wait=0.0,
                        metrics_port=port)
    bot = KadiBot(settings, timing=FAST, coalesce=0.01, watch_load=False)
    async with fake.run_bot(bot):
        message, table = await started_kadi_table(fake, bot, alice, bob)
        stack(table, ["4H 9H 9D 4C", "KC 5S 6S 7D"], top="5H")
        alice_hand = await my_hand(fake, alice, message)
        await my_hand(fake, bob, message)
        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))

        async def scrape() -> str:
            async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as page:
                assert page.status == 200
                return await page.text()

        async def table_message_caught_up() -> str | None:
            # On a loaded machine the play may be answered with a deferral before it is
            # presented, and then nothing is pending yet: wait for the edit itself.
            page = await scrape()
            return page if value_in(page, STALENESS_PLAYING) >= 1 else None

        await eventually(table_message_caught_up, "the table message's edit after the play was measured")
        await settled(bot.presenter)
        scraped = await scrape()

    def value(line_start: str) -> float:
        return value_in(scraped, line_start)

    assert value('kadi_interactions_total{kind="component"}') >= 4  # Join, Start, two My hands, the play
    assert value('kadi_interactions_total{kind="command"}') >= 1
    assert value('kadi_discord_requests_total{route="interaction_callback"') >= 5
    assert value('kadi_tables{state="playing"}') == 1
    assert value("kadi_hand_message_delay_seconds_count") >= 1  # Bob's hand showed Alice's play
    assert value(STALENESS_PLAYING) >= 1
    assert value("kadi_discord_rate_limited_total") == 0
    assert "kadi_rest_budget_queue" in scraped and "kadi_overloaded" in scraped
