"""The sandbox played through its page's API, as two members in two tabs: a Kadi table
opened, joined and started; each member's hand reaches their own page only; buttons,
menus and autocomplete work through the page; a solo round played to its end."""

from __future__ import annotations

from pathlib import Path

import aiohttp

from bot.games.core.moves import MoveKind
from tests.e2e.botkit import MOVES, table_of, turn_or_over
from tests.sandbox.pagekit import JSON, Member, buttons, play_a_move, running_sandbox, text_of
from tests.waiting import eventually


def is_hand(message: JSON) -> bool:
    return bool(message["ephemeral"] and message["embeds"] and message["embeds"][0]["title"].startswith("Your hand"))


async def test_two_members_open_join_and_start_a_table_and_each_sees_only_their_own_hand(tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        ann = await Member(http, sandbox.url).join("Ann")
        bob = await Member(http, sandbox.url).join("Bob")
        assert {c["name"] for c in ann.state["channels"]} >= {"general", "kadi", "karata", "donkey"}
        assert {c["name"] for c in ann.state["commands"]} >= {"kadi", "karata", "donkey", "leaderboard", "stats"}
        await eventually(lambda: any(e["t"] == "member" and e["member"]["id"] == bob.id for e in ann.events),
                         "Ann's page hears of Bob")

        await ann.slash("kadi new", "kadi", turn_timer=0)
        lobby = await bob.sees(lambda m: any(b["label"] == "Join" for b in buttons(m)), "the table's Join button")
        assert not lobby["ephemeral"] and lobby["interaction"] == {"user": "Ann", "command": "kadi new"}
        await bob.click(lobby, "Join")
        await ann.sees(lambda m: m["id"] == lobby["id"] and "Bob" in text_of(m), "Bob seated")
        await ann.click(ann.messages[lobby["id"]], "Start")
        table_message = await bob.sees(
            lambda m: m["id"] == lobby["id"] and any(b["label"] == "My hand" for b in buttons(m)), "a started table")
        assert table_message["embeds"][0]["image"].startswith("/files/"), "the table's picture, from the page's server"

        await ann.click(table_message, "My hand")
        await bob.click(bob.messages[lobby["id"]], "My hand")
        ann_hand = await ann.sees(is_hand, "Ann's hand")
        bob_hand = await bob.sees(is_hand, "Bob's hand")
        assert ann_hand["id"] != bob_hand["id"]
        assert ann_hand["id"] not in bob.messages and bob_hand["id"] not in ann.messages
        # Nothing Ann's page was ever sent is Bob's hand, and the other way round.
        sent_to_ann = {e["message"]["id"] for e in ann.events if e["t"] == "message"}
        sent_to_bob = {e["message"]["id"] for e in bob.events if e["t"] == "message"}
        assert bob_hand["id"] not in sent_to_ann and ann_hand["id"] not in sent_to_bob
        # A page loaded afresh holds the same: its own hand, never the other's.
        fresh = await ann.call("/api/state")
        ids = {m["id"] for messages in fresh["messages"].values() for m in messages}
        assert ann_hand["id"] in ids and bob_hand["id"] not in ids

        # Each hand's picture opens for its member only.
        picture = ann_hand["embeds"][0]["image"]
        async with http.get(sandbox.url + picture) as got:
            assert got.status == 200 and got.content_type == "image/png"
            assert (await got.read()).startswith(b"\x89PNG")
        stolen = picture.replace(f"m={ann.id}", f"m={bob.id}")
        async with http.get(sandbox.url + stolen) as got:
            assert got.status == 404

        # Autocomplete offers the member whose turn it is the plays of their own hand.
        bot = sandbox.bot
        assert bot is not None and sandbox.fake is not None
        table = await table_of(bot, sandbox.fake.messages[int(lobby["id"])])
        assert table.game is not None
        turn = table.game.turn
        assert turn is not None
        mover, hand = (ann, ann_hand) if turn == 0 else (bob, bob_hand)
        firsts = {m.cards[0].code for m in table.game.legal_moves(turn) if m.kind == MoveKind.PLAY}
        offered = await mover.choices("kadi play", "cards", channel="kadi")
        assert {c["value"].split()[0] for c in offered} == firsts, (offered, firsts)

        # The one whose turn it is plays from their hand message: menu choices or a button.
        await play_a_move(mover, sandbox, table, hand["id"])
        # The other member's page is sent the table as it is now, without a reload.
        other = bob if mover is ann else ann
        await other.sees(lambda m: m["id"] == lobby["id"] and m != table_message, "the table redrawn")
        await ann.close()
        await bob.close()


async def test_a_member_plays_a_solo_karata_round_to_its_end_through_the_page(tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        wanjiru = await Member(http, sandbox.url).join("Wanjiru")
        await wanjiru.slash("karata solo", "karata", opponents=1, turn_timer=0, level="easy")
        table_message = await wanjiru.sees(lambda m: not m["ephemeral"] and any(
            b["label"] == "My hand" for b in buttons(m)), "the solo table")
        bot = sandbox.bot
        assert bot is not None and sandbox.fake is not None
        table = await table_of(bot, sandbox.fake.messages[int(table_message["id"])])
        await wanjiru.click(table_message, "My hand")
        hand = await wanjiru.sees(is_hand, "the hand")
        seat = next(i for i, s in enumerate(table.seats) if str(s.user_id) == wanjiru.id)
        for _ in range(MOVES):
            if not await turn_or_over(table, seat):
                break
            await play_a_move(wanjiru, sandbox, table, hand["id"])
        assert table.status == "over"
        await wanjiru.sees(lambda m: m["id"] == table_message["id"] and m["edited"], "the table at the end")
        await wanjiru.close()
