"""A Kadi table's life through the fake Discord: the turn clock, strangers and stale
buttons, and a restart in the middle of a round that the old buttons survive."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from bot.ui.components import ButtonAction
from sandbox.fake_discord import FakeDiscord, FakeDiscordError, FakeMember, FakeMessage
from sandbox.fake_discord.members import table_button_id
from tests.e2e.botkit import LeakWatch, make_bot, my_hand, option_value, stack, table_of
from tests.storages import Database
from tests.waiting import settled


async def open_table(fake: FakeDiscord, host: FakeMember, *others: FakeMember) -> FakeMessage:
    opened = await fake.slash(host, "kadi new", options={"turn_timer": 60})
    message = await opened.final()  # a slow bot answers "thinking..." first, then the table
    for member in others:
        await fake.click(member, message, "Join")
    return message


async def test_a_turn_times_out_and_three_in_a_row_hand_the_seat_to_a_computer(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message = await open_table(fake, alice, bob)
        table = await table_of(bot, message)
        table.options.turn_seconds = 0.2  # type: ignore[assignment]  # a fast clock for the test
        await fake.click(alice, message, "Start")
        await fake.wait_for(lambda: "ran out of time" in message.text(), channel=message.channel_id)
        # The table message shows the seat as away from then on ("a computer plays for them" is one
        # line of its last moves, which the next edits may have scrolled past: Discord's limits pace
        # the public message, so it need not show every moment).
        await fake.wait_for(lambda: "(away)" in message.text(), channel=message.channel_id)
        assert any(seat.autopilot for seat in table.seats)
    assert not fake.late_interactions()


async def test_strangers_and_stale_buttons_get_a_private_sentence(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    dave = fake.add_member(guild, "dave", display_name="Dave")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message = await open_table(fake, alice, bob)
        table = await table_of(bot, message)
        join_id = table_button_id(table.id, ButtonAction.JOIN)
        await fake.click(alice, message, "Start")
        assert not message.has_button("Join")
        # Dave's phone still shows the lobby: he presses its Join button after the start.
        lobby = copy.copy(message)
        lobby.versions = message.versions[:1]
        late_join = await fake.send_interaction(
            3, dave, fake.channels[message.channel_id], {"custom_id": join_id, "component_type": 2}, message=lobby)
        assert late_join.ephemeral and "already started" in late_join.text
        hand = await fake.click(dave, message, "My hand")
        assert hand.ephemeral and "not playing" in hand.text
        garbage = await fake.slash(dave, "kadi play", cards="1S ZZ")
        assert garbage.ephemeral
        assert table.game is not None
        turn = table.game.turn
        assert turn is not None
        waiting = bob if turn == 0 else alice
        out_of_turn = await fake.slash(waiting, "kadi draw")
        assert out_of_turn.ephemeral and "turn" in out_of_turn.text
        nonsense = await fake.slash(bob, "kadi play", cards="1S")
        assert nonsense.ephemeral and nonsense.text == "`1S` is not a card: ranks are A, 2–10, J, Q, K"
        # Another player's hand is theirs alone: Discord shows it to nobody else, and even a
        # forged click on its Draw button acts for the clicker, never for the hand's owner.
        playing = alice if turn == 0 else bob
        their_hand = await my_hand(fake, playing, message)
        with pytest.raises(FakeDiscordError):
            await fake.click(dave, their_hand, "Draw")
        before = table.game.to_state()
        draw_id = their_hand.button("Draw").custom_id
        forged = await fake.send_interaction(
            3, waiting, fake.channels[message.channel_id], {"custom_id": draw_id, "component_type": 2},
            message=their_hand)
        assert forged.ephemeral and "turn" in forged.text
        assert table.game.to_state() == before
        assert await bot.storage.moves(table.id) == []


async def test_a_restart_mid_round_keeps_the_table_and_its_old_buttons(
    fake_discord: FakeDiscord, database: Database,
) -> None:
    """On both databases (the ``database`` fixture): the bot restored from each."""
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    members = [alice, bob]
    watch = LeakWatch(fake)
    first = make_bot(fake, database)
    async with fake.run_bot(first):
        message = await open_table(fake, alice, bob)
        await fake.click(alice, message, "Start")
        table = await table_of(first, message)
        assert table.game is not None
        for _ in range(3):  # a few moves by whoever is to play, from their hand messages
            turn = table.game.turn
            assert turn is not None
            hand = await my_hand(fake, members[turn], message)
            await fake.click(members[turn], hand, "Draw") if hand.has_button("Draw") else None
        old_state = table.game.to_state()
        old_deadline = table.deadline
        turn = table.game.turn
        assert turn is not None
        old_hand = await my_hand(fake, members[turn], message)
        await watch.check(first)
    assert old_deadline is not None

    second = make_bot(fake, database)
    async with fake.run_bot(second):
        table = await table_of(second, message)
        assert table.game is not None and table.game.to_state() == old_state
        assert table.deadline is not None, "the turn clock resumes after a restart"
        # The hand message from before the restart still works: its buttons carry the table id.
        refreshed = await fake.click(members[turn], old_hand, "Refresh")
        assert refreshed.type == 7
        drew = await fake.click(members[turn], old_hand, "Draw")
        assert drew.type == 7
        assert table.game.turn != turn
        # And the old public message's "My hand" button too.
        other = members[table.game.turn or 0]
        hand = await my_hand(fake, other, message)
        assert hand.visible_to == other.id
        await watch.check(second)
    assert not fake.late_interactions()


async def test_an_ace_of_spades_demands_any_card_through_the_menus(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A♠ may ask 4 suits or demand ~50 cards: more than a 25-entry menu, so demands fold by suit."""
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message = await open_table(fake, alice, bob)
        await fake.click(alice, message, "Start")
        table = await table_of(bot, message)
        stack(table, ["AS 9H 9D 4C", "KC 5S 6S 7D"], top="5H")
        hand = await my_hand(fake, alice, message)
        await fake.select(alice, hand, option_value(hand, "ask AS"))
        asks = hand.select("…and what do you ask for?")
        assert "Demand a ♣ card…" in asks.option_labels and len(asks.option_values) <= 25
        await fake.select(alice, hand, "Demand a ♣ card…", asks)
        clubs = hand.select("…and what do you ask for?")
        assert "play AS ask KC" in clubs.option_values
        played = await fake.select(alice, hand, "play AS ask KC", clubs)
        assert played.type == 7
        assert table.game is not None and table.game.view(None).demand is not None
        assert table.game.view(None).demand.code == "KC"
    assert not fake.late_interactions()


async def test_slow_moves_are_deferred_and_still_answered(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under load a move may take longer than Discord's 3 s: the bot defers first, then answers."""
    import bot.ui.presenter.interactions as interactions_module

    monkeypatch.setattr(interactions_module, "ANSWER_WITHIN", 0.0)  # every action counts as slow
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        message = await open_table(fake, alice, bob)
        await fake.wait_for(lambda: "Bob" in message.text(), channel=message.channel_id)  # Bob's join, redrawn
        left = await fake.click(bob, message, "Leave")
        assert left.type == 6  # deferred update of the table message...
        await fake.wait_for(lambda: "Bob" not in message.text(), channel=message.channel_id)  # ...then redrawn
        joined = await fake.click(bob, message, "Join")
        started = await fake.click(alice, message, "Start")  # answered while Bob's join may still be drawing
        await fake.wait_for(lambda: message.has_button("My hand"), channel=message.channel_id)
        # Both deferred answers have drawn the table, and no redraw is still to come...
        await fake.wait_for(lambda: joined.record.edits and started.record.edits, channel=message.channel_id)
        await settled(bot.presenter)
        # ...and edits of the table message go out one at a time, each drawing the table as
        # it is then: the lobby never came back over the dealt table.
        assert message.has_button("My hand")
        table = await table_of(bot, message)
        stack(table, ["4H 9H 9D 4C", "KC 5S 6S 7D"], top="5H")
        hand = await my_hand(fake, alice, message)
        played = await fake.select(alice, hand, option_value(hand, "play 4H"))
        assert played.type == 6
        await fake.wait_for(lambda: "Not your turn yet" in hand.text(), channel=hand.channel_id)
        typed = await fake.slash(bob, "kadi draw")
        assert typed.type == 5  # "thinking...", then the hand
        final = await typed.final()
        assert final.visible_to == bob.id and "Your hand" in final.text()
        refused = await fake.slash(bob, "kadi play", cards="KC")
        await refused.final()
        assert "turn" in (refused.followups[-1].text() if refused.followups else refused.text)
    assert not fake.late_interactions()
