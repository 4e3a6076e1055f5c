"""Kadi end to end: the real bot and discord.py against the fake Discord, played by members.

The scripted round stacks the deck after Start (``stack``) so that every rule the
issue names happens: a question with answers, a bomb countered and picked up, an
Ace request, a jump, a Niko Kadi call in time and one too late, then the win and
the leaderboard. Every step also runs the no-leak check over all public messages.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from sandbox.fake_discord import FakeDiscord
from tests.e2e.botkit import (
    MOVES,
    LeakWatch,
    make_bot,
    my_hand,
    option_value,
    players_move,
    stack,
    table_of,
    turn_or_over,
)


async def test_three_members_play_a_whole_round_to_the_leaderboard(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild("Nairobi friends")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    dave = fake.add_member(guild, "dave", display_name="Dave")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        opened = await fake.slash(alice, "kadi new", options={"turn_timer": 0})
        assert opened.ephemeral is False and opened.message is not None
        table_message = opened.message
        assert table_message.has_button("Join")
        again = await fake.slash(bob, "kadi new")
        assert again.ephemeral and "already has a table" in again.text

        await fake.click(bob, table_message, "Join")
        await fake.click(carol, table_message, "Join")
        refused = await fake.click(bob, table_message, "Start")
        assert refused.ephemeral and "Only the host" in refused.text
        await fake.click(alice, table_message, "Start")
        table = await table_of(bot, table_message)
        assert [s.name for s in table.seats] == ["Alice", "Bob", "Carol"]

        late = await fake.click(dave, table_message, "My hand")
        assert late.ephemeral and "not playing" in late.text

        # Stack the deck: seat 0 Alice, 1 Bob, 2 Carol; Alice to play on 5♠.
        await watch.check(bot)
        watch.accept_current()
        stack(table, ["QS 4S 4D 9C KC 3H", "2D AH 7S 6C 6H", "2C JS 7C 5C 5D"], top="5S",
              draw_tail="5H 6D 10S")
        await watch.check(bot)

        # 1. A question with answers, by slash command: Q♠ answered by 4♠, then 4♦.
        done = await fake.slash(alice, "kadi play", cards="QS 4S 4D")
        assert done.ephemeral, done.text
        assert table.game is not None and table.game.view(None).top.code == "4D"
        await watch.check(bot)

        # 2. Bob bombs with 2♦ from his hand message; 3. Carol counters with 2♣.
        bob_hand = await my_hand(fake, bob, table_message)
        await fake.select(bob, bob_hand, option_value(bob_hand, "play 2D"))
        carol_hand = await my_hand(fake, carol, table_message)
        await fake.select(carol, carol_hand, option_value(carol_hand, "play 2C"))
        await watch.check(bot)

        # 4. Alice picks the bomb up with the button on her hand.
        alice_hand = await my_hand(fake, alice, table_message)
        picked = await fake.click(alice, alice_hand, "Pick up 2")
        assert picked.type == 7
        assert len(table.game.view(0).hand) == 5
        await watch.check(bot)

        # 5. Bob's A♥ asks for ♠: the play menu, then the ask menu; a double click applies once.
        bob_hand = await my_hand(fake, bob, table_message)
        await fake.select(bob, bob_hand, option_value(bob_hand, "ask AH"))
        asks = bob_hand.select("…and what do you ask for?")
        first, second = await asyncio.gather(
            fake.select(bob, bob_hand, "play AH ask S", asks), fake.select(bob, bob_hand, "play AH ask S", asks))
        answers = sorted([first, second], key=lambda r: r.type or 0)
        assert answers[0].ephemeral and "no longer current" in answers[0].text
        assert answers[1].type == 7
        assert table.game.view(None).ask_suit == "S"
        assert len(await bot.storage.moves(table.id)) == 5
        await watch.check(bot)

        # 6. Carol's J♠ answers the ♠ request and jumps Alice, who holds no Jack.
        await fake.slash(carol, "kadi play", cards="JS")
        assert table.game.turn == 1, "Alice should have been skipped straight to Bob"
        await watch.check(bot)

        # 7. Bob plays 7♠ and is left with 6♣ 6♥: he calls Niko Kadi in time.
        await fake.slash(bob, "kadi play", cards="7S")
        bob_hand = await my_hand(fake, bob, table_message)
        called = await fake.click(bob, bob_hand, "Niko Kadi!")
        assert called.type == 7
        assert 1 in table.game.view(None).called
        await watch.check(bot)

        # 8. Carol plays 7♣, is left with 5♣ 5♦, and doesn't call; Alice draws; too late.
        await fake.slash(carol, "kadi play", cards="7C")
        drew = await fake.slash(alice, "kadi draw")
        assert drew.ephemeral
        too_late = await fake.slash(carol, "kadi niko")
        assert too_late.ephemeral and 2 not in table.game.view(None).called
        await watch.check(bot)

        # 9. Bob goes out with 6♣ 6♥ on 7♣ and wins the round.
        await fake.slash(bob, "kadi play", cards="6C 6H")
        assert table.status == "over"
        result = table.game.result()
        assert result is not None and result.winners == (1,)
        await fake.wait_for(lambda: "won" in table_message.text(), channel=table_message.channel_id)
        await watch.check(bot)

        board = await fake.slash(alice, "leaderboard", game="kadi")
        assert not board.ephemeral
        assert "Nobody has played" in board.text, board.text  # listed after MIN_RATED_ROUNDS rounds
        stats = await fake.slash(alice, "stats", member=bob)
        assert "1 win in 1 round" in stats.text and "1 rated round" in stats.text, stats.text

        # A finished table's buttons answer privately and change nothing.
        finished = await fake.click(alice, alice_hand, "Refresh")
        assert finished.ephemeral and "finished" in finished.text
    assert watch.checked >= 10
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"


async def test_a_solo_round_against_computers_runs_to_the_end(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild("Solo")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        opened = await fake.slash(alice, "kadi solo", opponents=3)
        assert opened.message is not None
        table = await table_of(bot, opened.message)
        assert table.status == "playing" and len(table.seats) == 4
        for _ in range(MOVES):  # Alice's moves: a round is far shorter (a bound, not a wait)
            if not await turn_or_over(table, 0):  # computers play until she may act
                break
            game = table.game
            assert game is not None
            legal = game.legal_moves(0)
            move = players_move(legal)
            if move.kind == "play":
                result = await fake.slash(alice, "kadi play", cards=move.text()[len("play "):])
            else:
                result = await fake.slash(alice, "kadi niko" if move.kind == "call" else "kadi draw")
            assert result.ephemeral
            await result.final()  # answered (after a deferral too): the move is in
            await watch.check(bot)
        assert table.status == "over"
        await fake.wait_for(lambda: "won" in opened.message.text(), channel=opened.message.channel_id)
        await watch.check(bot)
    assert not fake.late_interactions()
