"""Karata and Kadi Moja end to end: the real bot and discord.py against the fake Discord,
played by members with buttons and slash commands.

Each scripted round stacks the deck after Start (``stack_karata``) so that every rule the
issue names happens; the no-leak check (cheat mode's hidden card included) runs over every
public message version, and every interaction must be answered within 3 seconds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.games.karata.engine
from bot.client import KadiBot
from bot.games.karata import KarataGame
from bot.tables.table import Table
from bot.ui.game_cog import rules_pages
from bot.ui.text.game import DOCS
from sandbox.fake_discord import FakeDiscord, FakeMember, FakeMessage
from tests.e2e.botkit import MOVES, LeakWatch, make_bot, my_hand, option_value, stack_karata, table_of, turn_or_over


def game_of(table: Table) -> KarataGame:
    assert isinstance(table.game, KarataGame)
    return table.game


async def seated(fake: FakeDiscord, bot: KadiBot, host: FakeMember, others: list[FakeMember],
                 **options: object) -> tuple[FakeMessage, Table]:
    """``/karata new`` by ``host``, the others join; returns the table message and table (not started)."""
    opened = await fake.slash(host, "karata new", options={"turn_timer": 0, **options})
    assert opened.ephemeral is False and opened.message is not None, opened.text
    for member in others:
        joined = await fake.click(member, opened.message, "Join")
        assert joined.type == 7, joined.text
    return opened.message, await table_of(bot, opened.message)


async def shown(fake: FakeDiscord, message: FakeMessage, words: str) -> None:
    await fake.wait_for(lambda: words in message.text(), channel=message.channel_id)


async def test_three_members_play_a_whole_karata_round(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild("Mombasa")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    bot = make_bot(fake, tmp_path / "karata.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        message, table = await seated(fake, bot, alice, [bob, carol])
        await fake.click(alice, message, "Start")
        assert table.status == "playing"
        await watch.check(bot)
        watch.accept_current()
        # Seats: 0 Alice, 1 Bob, 2 Carol, clockwise; Alice plays first on 5♠.
        stack_karata(table, ["2S JS 10C 3C KC", "2H 7H JC 6D 9H", "JKR 7D 4H 6S 8D"], top="5S",
                     draw_tail="QC QD KD 9C 9D 5C 4D 3S AC 3H 8C 4C 10H AD")
        game = game_of(table)

        # 1. The draw stack: 2♠ (slash), 2♥ (Bob's hand menu), red Joker (slash): 9 for Alice.
        choices = await fake.autocomplete(alice, "karata play", "cards", cards="")
        assert any(c["value"] == "2S" for c in choices), choices
        done = await fake.slash(alice, "karata play", cards="2S")
        assert done.ephemeral, done.text
        bob_hand = await my_hand(fake, bob, message)
        await fake.select(bob, bob_hand, option_value(bob_hand, "play 2H"))
        await fake.slash(carol, "karata play", cards="JKR")
        assert game.state.pick_up == 9
        await shown(fake, message, "Draw stack on Alice: **9** cards")
        alice_hand = await my_hand(fake, alice, message)
        picked = await fake.click(alice, alice_hand, "Pick up 9")
        assert picked.type == 7, picked.text
        assert len(game.state.hands[0]) == 13 and game.turn == 1
        await watch.check(bot)

        # 2. A plug: Bob's 7♥ skips Carol, who holds 7♦: a 5 s window on the table, Plug 7 there.
        await fake.slash(bob, "karata play", cards="7H")
        assert game.state.phase == "plug" and game.turn == 2
        assert table.window and table.deadline is not None, "the plug window runs instead of the turn clock"
        await shown(fake, message, "may **plug a 7**")
        assert message.has_button("Plug 7")
        carol_hand = await my_hand(fake, carol, message)
        assert carol_hand.has_button("Plug 7♦") and carol_hand.has_button("Take the skip")
        not_yours = await fake.click(alice, message, "Plug 7")
        assert not_yours.ephemeral and "isn't yours" in not_yours.text
        plugged = await fake.click(carol, message, "Plug 7")
        assert plugged.ephemeral, plugged.text
        assert game.turn == 1, "Carol's plug passes the skip on to Alice; then Bob, who started it, plays"
        await shown(fake, message, "Alice was skipped.")
        assert not message.has_button("Plug 7")
        await watch.check(bot)

        # 3. A Jack demand met: Bob's J♣ asks ♥ (play menu, then ask menu); Carol meets it with 4♥.
        bob_hand = await my_hand(fake, bob, message)
        await fake.select(bob, bob_hand, option_value(bob_hand, "ask JC"))
        await fake.select(bob, bob_hand, "play JC ask H", bob_hand.select("…and what do you ask for?"))
        await shown(fake, message, "Jack's demand on Carol: a **♥**")
        await fake.slash(carol, "karata play", cards="4H")
        assert game.turn == 0 and game.state.ask_suit is None and game.state.demand is None

        # 4. A Jack demand unmet: Alice's J♠ asks a special card; Bob has none and draws until
        #    he can meet it (3♥, then 8♣), then keeps the 8♣ instead of playing it.
        await fake.slash(alice, "karata play", cards="JS ask special")
        await shown(fake, message, "a special card (2, 7, 8, Jack or Joker)")
        wrong = await fake.slash(bob, "karata play", cards="9H")
        assert wrong.ephemeral and "doesn't meet the Jack's demand" in wrong.text
        bob_hand = await my_hand(fake, bob, message)
        await fake.click(bob, bob_hand, "Draw until you can answer")
        assert game.state.phase == "keep" and len(game.state.hands[1]) == 4
        assert bob_hand.has_button("Keep it") and bob_hand.has_button("Play it now (8♣)")
        await fake.click(bob, bob_hand, "Keep it")
        assert game.turn == 2
        await shown(fake, message, "Bob kept the card they drew.")
        await watch.check(bot)

        # 5. Carol goes down to one card and calls Kadi Moja.
        await fake.slash(carol, "karata play", cards="6S")
        called = await fake.slash(carol, "karata moja")
        assert called.ephemeral and 2 in game.view(None).called
        await shown(fake, message, "Carol called **Kadi Moja!**")
        await fake.slash(alice, "karata draw")  # Alice draws 4♣, which does not fit 6♠
        await fake.slash(bob, "karata play", cards="6D")

        # 6. A special last card does not win: Carol's 8♦ reverses, the round goes on.
        await fake.slash(carol, "karata play", cards="8D")
        assert not game.is_over and game.state.hands[2] == [] and game.turn == 1
        await shown(fake, message, "a special card doesn't win")
        await fake.slash(bob, "karata play", cards="8C")
        carol_hand = await my_hand(fake, carol, message)
        await fake.click(carol, carol_hand, "Draw one (your turn ends)")
        assert len(game.state.hands[2]) == 1
        await fake.slash(alice, "karata play", cards="10C")
        await fake.slash(bob, "karata draw")
        await watch.check(bot)

        # 7. Carol wins with 10♥ on 10♣; the result reaches the leaderboard.
        won = await fake.slash(carol, "karata play", cards="10H")
        assert won.ephemeral
        assert table.status == "over"
        result = game.result()
        assert result is not None and result.winners == (2,)
        await shown(fake, message, "**Carol** won")
        await watch.check(bot)
        stats = await fake.slash(alice, "stats", member=carol)
        assert "1 win in 1 round" in stats.text and "1 rated round" in stats.text, stats.text
    assert watch.checked >= 10
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"


async def test_a_kadi_moja_round_missed_call_unmet_demand_and_a_called_win(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Kisumu")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "karata.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        bad = await fake.slash(alice, "karata new", preset="kadi-moja", must_call_to_win=True)
        assert bad.ephemeral and "must_call_to_win is for Karata" in bad.text
        message, table = await seated(fake, bot, alice, [bob], preset="kadi-moja")
        assert "Kadi Moja preset" in message.text()
        await fake.click(alice, message, "Start")
        game = game_of(table)
        assert game.rules.deal == "seven" and len(game.state.hands[0]) == 7
        await watch.check(bot)
        watch.accept_current()
        stack_karata(table, ["8H JD 5D 5C 9C", "5S 9S 4S 6S KD JKB"], top="5H", draw_tail="3D 10S 3C KH")
        game = game_of(table)

        # With two players an 8 means "my turn again".
        await fake.slash(alice, "karata play", cards="8H")
        assert game.turn == 0
        # J♦ asks ♣; Bob has none and, in Kadi Moja, draws one card and his turn ends.
        await fake.slash(alice, "karata play", cards="JD ask C")
        bob_hand = await my_hand(fake, bob, message)
        await fake.click(bob, bob_hand, "Draw")
        assert game.turn == 0 and len(game.state.hands[1]) == 7
        assert game.state.ask_suit is None and game.state.demand is None
        await shown(fake, message, "Bob picked up 1 card (demand)")

        # Alice lays two 5s, is left on one card and doesn't call: Bob's move charges her 2.
        await fake.slash(alice, "karata play", cards="5D 5C")
        await shown(fake, message, "Alice is on one card: **Kadi Moja!** before the next move")
        await fake.slash(bob, "karata play", cards="5S")
        assert len(game.state.hands[0]) == 3
        await shown(fake, message, "Alice picked up 2 cards (penalty)")
        await watch.check(bot)

        # Down to one card again, Alice calls in time from her hand and then wins.
        await fake.slash(alice, "karata play", cards="10S")
        await fake.slash(bob, "karata play", cards="9S")
        await fake.slash(alice, "karata play", cards="9C")
        alice_hand = await my_hand(fake, alice, message)
        called = await fake.click(alice, alice_hand, "Kadi Moja!")
        assert called.type == 7 and 0 in game.view(None).called
        await fake.slash(bob, "karata draw")
        assert len(game.state.hands[0]) == 1
        await fake.slash(alice, "karata play", cards="3C")
        assert table.status == "over"
        result = game.result()
        assert result is not None and result.winners == (0,)
        await shown(fake, message, "**Alice** won")
        await watch.check(bot)
    assert not fake.late_interactions()


async def test_cheat_mode_needs_consent_hides_a_card_and_settles_challenges(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Eldoret")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    dave = fake.add_member(guild, "dave", display_name="Dave")
    bot = make_bot(fake, tmp_path / "karata.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        message, table = await seated(fake, bot, alice, [bob, carol], cheat_mode=True)
        await fake.click(alice, message, "Start")
        # Every seated human must agree before the deal; the host agreed by switching it on.
        assert table.status == "lobby" and table.consent is not None
        await shown(fake, message, "needs every player's agreement")
        assert message.has_button("Agree to Cheat mode") and message.has_button("No")
        stranger = await fake.click(dave, message, "Agree to Cheat mode")
        assert stranger.ephemeral and "Only the players" in stranger.text
        await fake.click(bob, message, "Agree to Cheat mode")
        assert table.status == "lobby"
        await shown(fake, message, "Waiting for: Carol")
        assert "no turn clock · Karata preset · cheat mode" in message.text()
        agreed = await fake.click(carol, message, "Agree to Cheat mode")
        assert agreed.type == 7
        assert table.status == "playing" and game_of(table).rules.cheat_mode
        await shown(fake, message, "Every player agreed: **Cheat mode** is on.")
        await watch.check(bot)
        watch.accept_current()
        real_deal = set(fake.public_texts())  # the random deal's table may well show 9♥ on top
        stack_karata(table, ["9S 3D KC 4C 6D", "9H 2D 4D 10D QC", "8C 5D 6H 7C AS"], top="5S")
        game = game_of(table)

        # Bob hides 9♥ privately, from the "Other moves" menu on his hand: the table shows 4 cards.
        bob_hand = await my_hand(fake, bob, message)
        await fake.select(bob, bob_hand, "hide 9H", bob_hand.select("Other moves"))
        assert game.state.hidden[1] is not None and game.state.hidden[1].code == "9H"
        await shown(fake, message, "**Bob** — 4 cards")
        await watch.check(bot)
        assert watch.hidden_checked > 0

        # A wrong challenge: Carol accuses Alice from the table's Challenge button; Carol draws 2.
        menu = await fake.click(carol, message, "Challenge")
        assert menu.ephemeral and menu.message is not None
        await fake.select(carol, menu.message, "Challenge Alice")
        assert len(game.state.hands[2]) == 7
        await shown(fake, message, "Carol challenged Alice — **wrong**")
        await shown(fake, message, "Carol picked up 2 cards (penalty)")
        await fake.slash(alice, "karata play", cards="9S")
        await watch.check(bot)

        # A right one, by slash command: Bob loses the round at once and ranks last.
        caught = await fake.slash(alice, "karata challenge", member=bob)
        assert caught.ephemeral, caught.text
        assert table.status == "over"
        result = game.result()
        assert result is not None and result.ranks[1] == 3 and result.loser == 1
        await shown(fake, message, "Alice challenged Bob — **right**")
        await shown(fake, message, "Bob was caught cheating and ranks last")
        await watch.check(bot)
    assert "9♥" in watch.hidden_ever
    leaks = [text for text in fake.public_leaks("9♥") if text not in real_deal]
    assert not leaks, "the hidden card was shown in public"
    assert not fake.late_interactions()


async def test_cheat_mode_is_off_after_a_refusal_or_when_time_runs_out(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Nakuru", channels=("one", "two"))
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "karata.sqlite3")
    async with fake.run_bot(bot):
        message, table = await seated(fake, bot, alice, [bob], cheat_mode=True)
        await fake.click(alice, message, "Start")
        refused = await fake.click(bob, message, "No")
        assert refused.type == 7
        assert table.status == "playing" and not game_of(table).rules.cheat_mode
        await shown(fake, message, "Bob said no, so **Cheat mode** is off")
        assert not message.has_button("Challenge")
        hand = await my_hand(fake, bob, message)
        assert not any(s.placeholder == "Other moves" for s in hand.selects())

        bot.runtime.consent_seconds = 0.2
        second = guild.text_channels[1]
        opened = await fake.slash(alice, "karata new", channel=second, cheat_mode=True, options={"turn_timer": 0})
        assert opened.message is not None
        await fake.click(bob, opened.message, "Join")
        await fake.click(alice, opened.message, "Start")
        await shown(fake, opened.message, "Not every player agreed in time")
        other = await table_of(bot, opened.message)
        assert other.status == "playing" and not game_of(other).rules.cheat_mode
    assert not fake.late_interactions()


async def test_an_elimination_match_runs_round_after_round_to_its_winner(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Thika")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    bot = make_bot(fake, tmp_path / "karata.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        message, table = await seated(fake, bot, alice, [bob, carol], elimination=True)
        await fake.click(alice, message, "Start")
        game = game_of(table)
        assert game.rules.elimination == "knock-out"
        await watch.check(bot)
        watch.accept_current()
        # Round 1: Alice goes out at once; Bob holds 24 points, Carol 2: Bob is knocked out.
        stack_karata(table, ["9S", "KD 2C", "QH"], top="5S")
        await fake.slash(alice, "karata play", cards="9S")
        game = game_of(table)
        assert table.status == "playing" and game.state.round_no == 2 and 1 in game.state.out
        await shown(fake, message, "Bob is out of the match with 24 points")
        await shown(fake, message, "Elimination, round 2")
        assert "— out of the match" in message.text()
        await watch.check(bot)
        refused = await fake.slash(bob, "karata draw")
        assert refused.ephemeral and "out of this match" in refused.text

        # Round 2 (freshly dealt, then stacked): Carol goes out; Alice, with 8 points, is knocked out.
        watch.accept_current()
        stack_karata(table, ["3H 8C", "", "4H"], top="5H")
        game = game_of(table)
        await fake.slash(alice, "karata play", cards="3H")
        await fake.slash(carol, "karata play", cards="4H")
        assert table.status == "over"
        result = game.result()
        assert result is not None and result.winners == (2,) and set(result.out) == {0, 1}
        await shown(fake, message, "**Carol** is the last player standing and wins the match")
        await watch.check(bot)
        rows = await bot.storage.results_for(table.id)
        assert {(r[0], r[1]) for r in rows} == {(1, 0), (1, 1), (1, 2), (2, 0), (2, 2)}, rows
        stats = await fake.slash(alice, "stats", member=carol)
        assert "in 2 rounds" in stats.text and "2 rated rounds" in stats.text, stats.text
    assert not fake.late_interactions()


async def test_the_plug_window_closes_by_itself_and_serves_the_skip(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bot.games.karata.engine, "PLUG_WINDOW_SECONDS", 0.3)  # the engine's window
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    kadi_bot = make_bot(fake, tmp_path / "karata.sqlite3")
    async with fake.run_bot(kadi_bot):
        message, table = await seated(fake, kadi_bot, alice, [bob, carol])
        await fake.click(alice, message, "Start")
        stack_karata(table, ["7S 3D", "7H 4D", "JD 9C 9H 5C"], top="5S")
        game = game_of(table)
        await fake.slash(alice, "karata play", cards="7S")
        assert game.state.phase == "plug" and game.turn == 1 and table.window
        await shown(fake, message, "Bob was skipped.")
        assert game.turn == 2 and game.state.phase == "turn"
        assert table.seats[1].timeouts == 0, "a closed plug window is not the player's timeout"
        assert not table.window and table.deadline is None, "no turn clock at this table after the window"
        # The Jack bridge: J♦ carries two 9s onto 7♠ from the hand's play menu; it makes no demand.
        carol_hand = await my_hand(fake, carol, message)
        bridge = carol_hand.select("Choose a play").option("J♦ carrying 9♣ 9♥")
        assert bridge is not None
        await fake.select(carol, carol_hand, "J♦ carrying 9♣ 9♥")
        assert game.view(None).top is not None and game.view(None).top.code == "9H"
        assert game.state.ask_suit is None and game.state.demand is None, "a bridge makes no demand"
        await shown(fake, message, "Carol played J♦ 9♣ 9♥.")
    assert not fake.late_interactions()


async def play_solo_to_the_end(fake: FakeDiscord, kadi_bot: KadiBot, member: FakeMember, table: Table,
                               watch: LeakWatch) -> None:
    """Alice plays her legal moves by slash command until the match is over."""
    for _ in range(MOVES):
        if not await turn_or_over(table, 0):  # computers play until she may act
            return
        game = table.game
        assert game is not None
        legal = game.legal_moves(0)
        calls = [m for m in legal if m.kind == "call"]
        plays = [m for m in legal if m.kind == "play"]
        move = calls[0] if calls else plays[0] if plays else legal[0]
        if move.kind == "play":
            result = await fake.slash(member, "karata play", cards=move.text()[len("play "):])
        elif move.kind == "call":
            result = await fake.slash(member, "karata moja")
        else:
            result = await fake.slash(member, "karata draw")
        assert result.ephemeral
        await result.final()  # answered (after a deferral too): the move is in
        await watch.check(kadi_bot)


async def test_a_solo_karata_match_against_computers_runs_to_the_end(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Solo")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    kadi_bot = make_bot(fake, tmp_path / "karata.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(kadi_bot):
        rules = await fake.slash(alice, "karata rules")
        page = rules_pages((DOCS / "karata.md").read_text(encoding="utf-8"))[0]
        assert rules.ephemeral and rules.message is not None and rules.message.content == page, \
            "/karata rules opens on the overview of bot/ui/text/rules/karata.md"
        too_many = await fake.slash(alice, "karata solo", opponents=6, preset="kadi-moja")
        assert too_many.ephemeral and "at most 6" in too_many.text
        opened = await fake.slash(alice, "karata solo", opponents=3, elimination=True)
        assert opened.message is not None
        table = await table_of(kadi_bot, opened.message)
        assert table.status == "playing" and len(table.seats) == 4
        await play_solo_to_the_end(fake, kadi_bot, alice, table, watch)
        assert table.status == "over"
        await shown(fake, opened.message, "Match over")
        await watch.check(kadi_bot)
        rows = await kadi_bot.storage.results_for(table.id)
        assert len({r[0] for r in rows}) == game_of(table).state.round_no, "every round is recorded once"
    assert not fake.late_interactions()


async def test_a_restart_mid_round_keeps_the_karata_table_and_its_old_buttons(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    database = tmp_path / "karata.sqlite3"
    first = make_bot(fake, database)
    async with fake.run_bot(first):
        message, table = await seated(fake, first, alice, [bob], turn_timer=60)
        await fake.click(alice, message, "Start")
        stack_karata(table, ["5H 9D KC", "9H 4C QS"], top="5S", draw_tail="3C")
        await fake.slash(alice, "karata play", cards="5H")
        await fake.slash(bob, "karata play", cards="9H")
        old_hand = await my_hand(fake, alice, message)
        assert table.game is not None
        old_state = table.game.to_state()
    second = make_bot(fake, database)
    async with fake.run_bot(second):
        table = await table_of(second, message)
        assert table.game is not None and table.game.to_state() == old_state
        assert table.deadline is not None, "the turn clock resumes after a restart"
        played = await fake.select(alice, old_hand, option_value(old_hand, "play 9D"))
        assert played.type == 7, played.text
        assert table.game.turn == 1
        hand = await my_hand(fake, bob, message)
        drew = await fake.click(bob, hand, "Draw")
        assert drew.type == 7 and len(game_of(table).state.hands[1]) == 3
    assert not fake.late_interactions()
