"""The sandbox's page in a real headless browser (Debian's Chromium over the DevTools
protocol, tests/sandbox/browser.py): two members in two tabs open a Kadi table, join and
start it by clicking; each sees their own hand and never the other's; one plays by
typing /kadi play with autocomplete, the other by clicking in their hand; a name holding
HTML is shown as text; and a solo Karata round is played to its end by clicks alone.

Where no Chromium can be found the test is skipped with one line (`make test` installs
Debian's chromium when it runs as root, as in CI), and under CI=true it fails instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.tables.table import Table, TableStatus
from sandbox.fake_discord import FakeDiscord
from sandbox.fake_discord.interactions import CHANNEL_MESSAGE, UPDATE_MESSAGE
from tests.e2e.botkit import MOVES, stack, table_of, turn_or_over
from tests.sandbox.browser import Browser, Tab, find_chromium
from tests.sandbox.pagekit import running_sandbox
from tests.waiting import eventually, settled

EVIL_NAME = "<img src=x onerror=alert(1)>"


@pytest.fixture
def chromium() -> str:
    found = find_chromium()
    if found is None:
        why = "no Chromium to drive (apt-get install chromium, or set CHROMIUM to a Chromium or Chrome)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true needs the sandbox's browser test, and there is {why}")
        pytest.skip(f"the sandbox's browser test is skipped: {why}")
    return found


async def joined(tab: Tab, name: str) -> None:
    await tab.until("!document.getElementById('join').hidden", "the page asks for a name")
    await tab.click("#join-name")
    await tab.type(name)
    await tab.key("Enter")
    await tab.until("!document.getElementById('app').hidden && document.getElementById('connection').textContent"
                    " === 'connected'", f"{name} on the server")


async def command(tab: Tab, typed: str) -> None:
    """Type ``typed`` (a slash command) into the box and pick the first suggestion."""
    await tab.click("#text")
    await tab.type(typed)
    await tab.until("!document.getElementById('suggestions').hidden"
                    " && document.querySelector('#suggestions .popup-item.active') !== null", f"{typed} suggested")
    await tab.key("Enter")
    await tab.until("!document.getElementById('command-chip').hidden", f"{typed} chosen")


async def turn_timer_off(tab: Tab) -> None:
    await tab.click(".optional-chip", text="turn_timer")
    await tab.key("ArrowDown")  # the menu's first choice after "—": off
    assert await tab.js("document.querySelector('#options select[name=turn_timer]').selectedOptions[0].text") == "off"


def message(message_id: int | str) -> str:
    return f"#m-{message_id}"


async def hand_shown(tab: Tab) -> str:
    """The id of the hand message shown in ``tab`` (an ephemeral, marked as such)."""
    found = await tab.until(
        "(() => { const hands = Array.from(document.querySelectorAll('.message.ephemeral'))"
        ".filter(m => m.querySelector('.embed-title')?.textContent.startsWith('Your hand'));"
        " const last = hands[hands.length - 1]; return last && last.querySelector('.ephemeral-note')"
        ".textContent.includes('Only you can see this') ? last.dataset.id : null; })()", "a hand message")
    return str(found)


async def picture_drawn(tab: Tab, message_id: str) -> None:
    await tab.until(f"(() => {{ const i = document.querySelector('{message(message_id)} .embed-image');"
                    " return !!i && i.complete && i.naturalWidth > 0; })()", "the hand's picture drawn")


async def move_by_clicks(tab: Tab, hand_id: str) -> None:
    """One step of a move in the hand message, as a person makes it: the newest menu's
    first choice, else the first move button (Draw, Pick up, Keep it...). A message
    redrawn under the pointer (the others moved) is looked at again and clicked again."""
    menus = f"{message(hand_id)} .select-toggle:not(:disabled)"
    moves = f"{message(hand_id)} button.btn[data-custom-id*=':move:']:not(:disabled)"
    for _ in range(10):
        with contextlib.suppress(AssertionError):
            if await tab.js(f"document.querySelectorAll({json.dumps(menus)}).length"):
                await tab.click(menus, last=True, timeout=3)
                await tab.click(f"{message(hand_id)} .select-menu:not([hidden]) .select-option", timeout=3)
                return
            if await tab.js(f"document.querySelectorAll({json.dumps(moves)}).length"):
                await tab.click(moves, timeout=3)
                return
        await asyncio.sleep(0.2)
    raise AssertionError(f"nothing to click in message {hand_id}: {await tab.text(message(hand_id))}")


async def test_two_members_play_kadi_in_two_tabs_and_a_solo_karata_round_ends(chromium: str, tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, Browser.launch(chromium) as browser:
        bot, fake = sandbox.bot, sandbox.fake
        assert bot is not None and fake is not None
        ann = await browser.tab(sandbox.url)
        await joined(ann, "Ann")
        bob = await browser.tab(sandbox.url)  # another tab: another member
        await joined(bob, "Bob")
        await ann.until("document.getElementById('online-list').textContent.includes('Bob')", "Bob online for Ann")
        for tab in (ann, bob):
            await tab.click(".channel-list button", text="kadi")

        # Ann opens a table with the slash-command box; Bob joins, Ann starts, by clicking.
        await command(ann, "/kadi ne")
        await turn_timer_off(ann)
        await ann.key("Enter")
        kadi = next(c for c in fake.guild.text_channels if c.name == "kadi")
        lobby = await eventually(lambda: fake.last_message(kadi), "the table message")
        await bob.click(f"{message(lobby.id)} button", text="Join")
        await ann.until(f"document.querySelector('{message(lobby.id)}').textContent.includes('Bob')", "Bob seated")
        await ann.click(f"{message(lobby.id)} button", text="Start")
        table = await table_of(bot, lobby)
        await eventually(lambda: table.game is not None, "the deal")
        stack(table, ["4H 9H 9D 4C", "KC 5S 6S 7D"], top="5H")  # Ann to play, with plays to type
        for tab in (ann, bob):
            await tab.until(f"document.querySelector('{message(lobby.id)}').textContent.includes('My hand')",
                            "the started table")
            await tab.click(f"{message(lobby.id)} button", text="My hand")
        ann_hand = await hand_shown(ann)
        bob_hand = await hand_shown(bob)
        assert ann_hand != bob_hand
        await picture_drawn(ann, ann_hand)
        await picture_drawn(bob, bob_hand)
        assert "4♣" in await ann.text(message(ann_hand)) and "K♣" in await bob.text(message(bob_hand))
        # Each hand is in its own tab only.
        assert not await ann.js(f"!!document.querySelector('{message(bob_hand)}')")
        assert not await bob.js(f"!!document.querySelector('{message(ann_hand)}')")
        assert "K♣" not in await ann.text("#messages") and "4♣" not in await bob.text("#messages")

        # Ann types /kadi play: the cards option's autocomplete offers her plays; she picks one.
        version = table.version
        await command(ann, "/kadi play")
        await ann.until("!document.getElementById('suggestions').hidden && document.activeElement.name === 'cards'"
                        " && document.getElementById('suggestions').textContent.includes('♥')", "her plays offered")
        offered = await ann.text("#suggestions .popup-item")
        assert "K♣" not in offered  # Bob's cards are never Ann's choices
        await ann.key("Enter")  # the first choice into the box
        await ann.key("Enter")  # and the command sent
        await eventually(lambda: table.version > version, "Ann's typed play")
        # Bob moves by clicking in his hand (a menu's choice, or Draw), as Ann's hand shows it.
        await settled(bot.presenter)
        version = table.version
        assert table.game is not None and table.game.turn == 1
        for _ in range(10):
            await click_until_answered(bob, fake, bob_hand, table)
            if table.version > version:
                break
        assert table.version > version

        # A member whose name holds HTML is shown the name as text, everywhere.
        evil = await browser.tab(sandbox.url)
        await joined(evil, EVIL_NAME)
        await ann.until(f"document.getElementById('online-list').textContent.includes({json.dumps(EVIL_NAME)})",
                        "the name, as text, in Ann's member list")
        await evil.click(".channel-list button", text="kadi")
        await command(evil, "/kadi rules")
        await evil.key("Enter")
        assert await evil.until(f"document.getElementById('me-name').textContent === {json.dumps(EVIL_NAME)}",
                                "the name as text on its own page")
        for tab in (ann, bob, evil):
            assert await tab.js("document.querySelectorAll('img[src=\"x\"], img:not([src^=\"/\"])').length") == 0
        assert not [e for e in browser.events if e["method"] == "Page.javascriptDialogOpening"]

        # Ann plays a solo Karata round to its end, by clicks alone.
        await ann.click(".channel-list button", text="karata")
        await command(ann, "/karata solo")
        await turn_timer_off(ann)
        await ann.click(".optional-chip", text="level")
        await ann.key("ArrowDown")  # easy
        await ann.key("Enter")
        karata = await eventually(lambda: next((t for t in bot.runtime.tables.values()
                                                if t.game_name == "karata" and t.status != TableStatus.OVER), None),
                                  "the solo table")
        solo_message = await eventually(lambda: karata.message_id, "its message")
        await ann.click(f"{message(solo_message)} button", text="My hand")
        solo_hand = await hand_shown(ann)  # the newest hand in #karata: the solo table's
        assert solo_hand != ann_hand
        seat = next(i for i, s in enumerate(karata.seats) if s.user_id is not None)
        for _ in range(MOVES):
            if not await turn_or_over(karata, seat):
                break
            await settled(bot.presenter)
            if karata.status == TableStatus.OVER:  # a computer's last card landed while her turn was being shown
                break
            await click_until_answered(ann, fake, solo_hand, karata)
        assert karata.status == TableStatus.OVER
        await ann.until(f"!document.querySelector('{message(solo_hand)} button.btn[data-custom-id*=\":move:\"]')",
                        "no move left to make in the hand")


async def click_until_answered(tab: Tab, fake: FakeDiscord, hand_id: str, table: Table) -> None:
    """One step of a move by clicks (``move_by_clicks``), waited for until it is answered:
    the table moves on, the hand shows something else, or the bot answered the click with
    a message (a refusal said privately, or the hand redrawn in place, which may look the
    same). A click the page lost on its way (a menu redrawn under the pointer on a busy
    machine) never reaches the bot: it is made again, as a person would."""
    for _ in range(3):
        sent = len(fake.interaction_log)
        moved = changed(tab, hand_id, await tab.text(message(hand_id)), table, table.version)
        await move_by_clicks(tab, hand_id)
        if await reached_the_bot(fake, sent):
            await eventually(answered(fake, sent, moved), "the click answered")
            return
    raise AssertionError(f"three clicks in message {hand_id} never reached the bot")


async def reached_the_bot(fake: FakeDiscord, sent: int) -> bool:
    try:
        await eventually(lambda: len(fake.interaction_log) > sent, "the click reaching the bot", timeout=10)
    except AssertionError:
        return False
    return True


def answered(fake: FakeDiscord, sent: int, moved: Callable[[], Awaitable[Any]]) -> Callable[[], Awaitable[Any]]:
    async def check() -> Any:
        said = any(r.callback_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE) for r in fake.interaction_log[sent:])
        return said or await moved()

    return check


def changed(tab: Tab, message_id: str, shown: str, table: Table,
            version: int) -> Callable[[], Awaitable[Any]]:
    """Whether a click was answered: the table moved on, or the message shows something else
    (the next step of a move: what a Jack carries, an ask)."""

    async def check() -> Any:
        return (table.version > version or table.status == TableStatus.OVER
                or await tab.text(message(message_id)) != shown)

    return check
