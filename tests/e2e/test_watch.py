"""Issue 32, item 1: Watch. A member who is not playing gets a private live view of the
public table, kept current through their interaction's own token, and never a card before
it is laid."""

from __future__ import annotations

from pathlib import Path

from sandbox.fake_discord import FakeDiscord
from tests.e2e.botkit import LeakWatch, kadi_hands_open, make_bot, option_value, play_to_the_end, started_kadi_table
from tests.waiting import settled


async def test_a_watcher_follows_the_table_and_never_sees_a_card_before_it_is_laid(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message, table, alice_hand, bob_hand = await kadi_hands_open(fake, bot, alice, bob)
        watching = await (await fake.click(carol, message, "Watch")).final()
        assert watching.ephemeral and "Alice" in watching.text() and watching.has_button("Refresh")

        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))
        await settled(bot.presenter)
        await fake.wait_for(lambda: "4♥" in watching.text(), channel=message.channel_id)
        await fake.click(bob, bob_hand, "Draw")  # nothing of his fits the 4♥
        await settled(bot.presenter)

        # Every version of Carol's view names only cards laid, never one still in a hand.
        assert table.game is not None
        held = {c.symbol for seat in (0, 1) for c in table.game.view(seat).hand}
        assert held and "4♥" not in held
        seen = [watching.text(version=v) for v in range(len(watching.versions))]
        assert len(seen) >= 2, "her view was kept current"
        assert [card for text in seen for card in held if card in text] == []

        # Refresh redraws it in place, with a fresh token; a seated player is told to use My hand.
        refreshed = await fake.click(carol, watching, "Refresh")
        assert refreshed.type == 7
        refused = await fake.click(alice, message, "Watch")
        assert refused.ephemeral and "My hand" in refused.content
        slash = await fake.slash(carol, "kadi watch", channel=fake.channels[message.channel_id])
        assert (await slash.final()).ephemeral


async def test_a_watcher_sees_no_hidden_card_over_a_whole_round(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Carol watches Alice and Bob play a round of Kadi to its end: every version of her
    view (its words, its picture and the picture's alt text) is checked against the hands
    of its moment, as the public table message is."""
    fake = fake_discord
    guild = fake.add_guild()
    alice, bob, carol = (fake.add_member(guild, name, display_name=name.capitalize())
                         for name in ("alice", "bob", "carol"))
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message, table = await started_kadi_table(fake, bot, alice, bob)
        watching = await (await fake.click(carol, message, "Watch")).final()
        leaks = LeakWatch(fake, private_views=[watching])
        await leaks.check(bot)
        # Each version against the hands of its moment: checked after every move.
        await play_to_the_end(bot, table, [alice, bob], after_each=lambda: leaks.check(bot))
        assert table.status == "over", "the round ended"
        versions = len(watching.versions)
        assert versions >= 4, "her view followed the round"
        assert leaks.seen[watching.id] == versions and leaks.images_checked >= 1 and leaks.alt_checked >= 1
