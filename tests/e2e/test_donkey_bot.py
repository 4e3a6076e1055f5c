"""Donkey end to end: the real bot and discord.py against the fake Discord, played by members.

The game of four stacks a position after Start (``stack_donkey``) so that a strike, a
timeout with its sit-out, and a player going out as the collector (so not out) all
happen, to the Donkey on the leaderboard. The no-leak check runs over every public
message version; every interaction must be answered within 3 seconds.
"""

from __future__ import annotations

from pathlib import Path

from bot.client import KadiBot
from bot.games.donkey import DonkeyGame
from bot.tables.table import Table
from bot.ui.game_cog import rules_pages
from bot.ui.text.game import DOCS
from sandbox.fake_discord import FakeDiscord, FakeMember, FakeMessage
from tests.e2e.botkit import MOVES, LeakWatch, make_bot, my_hand, option_value, stack_donkey, table_of, turn_or_over


def game_of(table: Table) -> DonkeyGame:
    assert isinstance(table.game, DonkeyGame)
    return table.game


async def shown(fake: FakeDiscord, message: FakeMessage, words: str) -> None:
    await fake.wait_for(lambda: words in message.text(), channel=message.channel_id)


async def play_from_hand(fake: FakeDiscord, member: FakeMember, message: FakeMessage, code: str) -> None:
    """One click on the hand message's play menu."""
    hand = await my_hand(fake, member, message)
    played = await fake.select(member, hand, option_value(hand, f"play {code}"))
    assert played.type == 7, played.text


async def test_four_members_play_donkey_to_the_donkey_on_the_leaderboard(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Kochi")
    members = [fake.add_member(guild, name.lower(), display_name=name) for name in ("Anu", "Biju", "Chitra", "Dev")]
    anu, biju, chitra, dev = members
    kadi_bot = make_bot(fake, tmp_path / "donkey.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(kadi_bot):
        opened = await fake.slash(anu, "donkey new")
        assert opened.message is not None
        message = opened.message
        assert "45 s turns" in message.text(), "Donkey's turn timer is 45 s by default"
        for member in (biju, chitra, dev):
            await fake.click(member, message, "Join")
        table = await table_of(kadi_bot, message)
        await fake.click(anu, message, "Start")
        game = game_of(table)
        assert sum(len(h) for h in game.state.hands) == 52
        await watch.check(kadi_bot)
        watch.accept_current()

        # Seats 0 Anu, 1 Biju, 2 Chitra, 3 Dev; turns go to the previous seat: 0, 3, 2, 1.
        stack_donkey(table, ["AH 2C", "3H 5C", "KH 9S", "4D 7C"], leader=0)
        game = game_of(table)

        # Round 2: Anu leads A♥; Dev has no ♥ and strikes with 4♦: Anu collects both cards.
        choices = await fake.autocomplete(anu, "donkey play", "card", card="")
        assert {c["value"] for c in choices} == {"AH", "2C"}, choices
        stranger = await fake.autocomplete(dev, "donkey play", "card", card="")
        assert stranger == [], "autocomplete offers only your own legal plays"
        done = await fake.slash(anu, "donkey play", card="AH")
        assert done.ephemeral, done.text
        await shown(fake, message, "active suit: **♥**")
        await shown(fake, message, "A♥ (Anu)")
        dev_hand = await my_hand(fake, dev, message)
        assert {o for s in dev_hand.selects() for o in s.option_values} == {"play 4D", "play 7C"}, \
            "a player void in the active suit may play any card (strike)"
        await fake.select(dev, dev_hand, "play 4D")
        await shown(fake, message, "Dev struck with 4♦: Anu collects 2 cards")
        assert sorted(c.code for c in game.state.hands[0]) == sorted(["2C", "AH", "4D"])
        await watch.check(kadi_bot)

        # Round 3: Anu leads 2♣, Dev follows with his last card 7♣; Chitra (no ♣) lets her clock run out.
        await fake.slash(anu, "donkey play", card="2C")
        await play_from_hand(fake, dev, message, "7C")
        # Chitra's 45 s run out now: the runtime's own call when her clock comes due (a short
        # clock for the test would run the next seat's out too before anyone could reset it).
        assert game.turn == 2
        await kadi_bot.runtime.clock_ran_out(table.id, table.version)
        await shown(fake, message, "Chitra ran out of time: no card this round, and they sit out the next.")
        await shown(fake, message, "Sits out next round (time ran out): Chitra")
        assert game.turn == 1
        await play_from_hand(fake, biju, message, "5C")
        # Dev's 7♣ won the round but he is out: the lead passes to Biju's 5♣.
        await shown(fake, message, "Dev is out — 1st place")
        await shown(fake, message, "Chitra sits out round 4")
        await shown(fake, message, "Biju leads")
        await watch.check(kadi_bot)

        # Round 4 (Chitra sits out): Biju leads his last card 3♥, Anu must follow with A♥.
        out_of_turn = await fake.slash(chitra, "donkey play", card="KH")
        assert out_of_turn.ephemeral and "not your turn" in out_of_turn.text
        await fake.slash(biju, "donkey play", card="3H")
        await play_from_hand(fake, anu, message, "AH")
        await shown(fake, message, "Biju is out — 2nd place")

        # Round 5: Anu leads her last card 4♦; Chitra strikes with 9♠ and Anu, the collector,
        # takes the cards back: she is not out.
        await fake.slash(anu, "donkey play", card="4D")
        await play_from_hand(fake, chitra, message, "9S")
        await shown(fake, message, "Chitra struck with 9♠: Anu collects 2 cards")
        assert game.view(None).out_ranks[0] is None and len(game.state.hands[0]) == 2

        # Round 6: Anu leads 4♦; Chitra strikes with her last card and is out: Anu is the Donkey.
        await fake.slash(anu, "donkey play", card="4D")
        await fake.slash(chitra, "donkey play", card="KH")
        assert table.status == "over"
        result = game.result()
        assert result is not None and result.loser == 0
        await shown(fake, message, "**Anu** is the Donkey!")
        await watch.check(kadi_bot)

        for member in members:
            stats = await fake.slash(biju, "stats", member=member)
            assert f"Donkey {1 if member is anu else 0}×" in stats.text, stats.text
    assert watch.checked >= 8
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"


async def test_a_solo_donkey_game_against_computers_runs_to_the_end(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Solo")
    anu = fake.add_member(guild, "anu", display_name="Anu")
    kadi_bot = make_bot(fake, tmp_path / "donkey.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(kadi_bot):
        no_draw = [c for c in fake.all_commands() if c.get("name") == "donkey"]
        subcommands = {o["name"] for o in no_draw[0]["options"]} if no_draw else set()
        assert "play" in subcommands and "draw" not in subcommands, subcommands
        rules = await fake.slash(anu, "donkey rules")
        page = rules_pages((DOCS / "donkey.md").read_text(encoding="utf-8"))[0]
        assert rules.ephemeral and rules.message is not None and rules.message.content == page, \
            "/donkey rules opens on the overview of bot/ui/text/rules/donkey.md"
        opened = await fake.slash(anu, "donkey solo", opponents=3)
        assert opened.message is not None
        table = await table_of(kadi_bot, opened.message)
        assert table.status == "playing" and len(table.seats) == 4
        await play_to_the_end(fake, kadi_bot, anu, table, watch)
        assert table.status == "over"
        await shown(fake, opened.message, "Game over")
        await watch.check(kadi_bot)
        assert len(await kadi_bot.storage.results_for(table.id)) == 4
    assert not fake.late_interactions()


async def play_to_the_end(fake: FakeDiscord, kadi_bot: KadiBot, member: FakeMember, table: Table,
                          watch: LeakWatch) -> None:
    for _ in range(MOVES):
        if not await turn_or_over(table, 0):  # computers play until it is her turn
            return
        game = table.game
        assert game is not None
        move = game.legal_moves(0)[0]
        result = await fake.slash(member, "donkey play", card=move.cards[0].code)
        assert result.ephemeral
        await result.final()  # answered (after a deferral too): the move is in
        await watch.check(kadi_bot)


async def test_a_restart_mid_game_keeps_the_donkey_table_and_its_old_buttons(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    anu = fake.add_member(guild, "anu", display_name="Anu")
    biju = fake.add_member(guild, "biju", display_name="Biju")
    database = tmp_path / "donkey.sqlite3"
    first = make_bot(fake, database)
    async with fake.run_bot(first):
        opened = await fake.slash(anu, "donkey new")
        assert opened.message is not None
        message = opened.message
        await fake.click(biju, message, "Join")
        await fake.click(anu, message, "Start")
        table = await table_of(first, message)
        stack_donkey(table, ["AS 2S 3H", "KS 4H 5H"], leader=0)
        await fake.slash(anu, "donkey play", card="AS")
        old_hand = await my_hand(fake, biju, message)
        old_state = game_of(table).to_state()
    second = make_bot(fake, database)
    async with fake.run_bot(second):
        table = await table_of(second, message)
        assert game_of(table).to_state() == old_state
        assert table.deadline is not None, "the turn clock resumes after a restart"
        played = await fake.select(biju, old_hand, option_value(old_hand, "play KS"))
        assert played.type == 7, played.text
        await shown(fake, message, "Anu won the round with A♠")
        assert game_of(table).turn == 0
    assert not fake.late_interactions()


async def test_the_last_two_going_out_together_tie_and_there_is_no_donkey(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    anu = fake.add_member(guild, "anu", display_name="Anu")
    biju = fake.add_member(guild, "biju", display_name="Biju")
    kadi_bot = make_bot(fake, tmp_path / "donkey.sqlite3")
    async with fake.run_bot(kadi_bot):
        opened = await fake.slash(anu, "donkey new", turn_timer=0)
        assert opened.message is not None
        message = opened.message
        await fake.click(biju, message, "Join")
        await fake.click(anu, message, "Start")
        table = await table_of(kadi_bot, message)
        stack_donkey(table, ["5H", "9H"], leader=0)
        await fake.slash(anu, "donkey play", card="5H")
        await play_from_hand(fake, biju, message, "9H")
        result = game_of(table).result()
        assert table.status == "over" and result is not None
        assert result.loser is None and result.ranks == (1, 1)
        await shown(fake, message, "a tie, and no Donkey")
    assert not fake.late_interactions()
