"""A round of each game played through the fake Discord without reading a word of it, and
everything it showed the members: for the tests that read the bot's words in a language
(tests/e2e/test_screens_within_limits.py, test_every_word_translated.py).

The members find their way by custom ids (bot/ui/components.py) and option values, never
by a label, so the same script plays in any language, the pseudo-language included.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass

from bot.client import KadiBot
from bot.tables.table import Table
from bot.ui.components import ButtonAction, MenuKind
from bot.ui.text import i18n
from sandbox.fake_discord import FakeDiscord, FakeMember, FakeMessage, texts_of
from sandbox.fake_discord.members import calls, computer_menu_id, menus, move_buttons, table_button_id
from sandbox.fake_discord.members import table_id_of as table_shown
from sandbox.fake_discord.model import JSON, walk_components
from tests.e2e.botkit import MOVES, table_of
from tests.waiting import eventually, settled

GAMES = ("kadi", "karata", "donkey")
PLAY_OPTION = {"kadi": "cards", "karata": "cards", "donkey": "card"}


async def choose_language(fake: FakeDiscord, lang: str, admin: FakeMember, *members: FakeMember) -> None:
    """The server's language and each member's own set to ``lang`` with ``/settings
    language``, as an admin (Manage Server) and the members would. (The command's choices
    are the catalogues found at start-up; a test's language, added later, is sent as a
    modified client would: the bot takes any language it has a catalogue for.)"""
    for member, whose in ((admin, "server"), (admin, "me"), *((m, "me") for m in members)):
        chosen = await fake.slash(member, "settings language", options={"language": lang, "for": whose},
                                  unchecked=True)
        await chosen.final()
        assert chosen.ephemeral


def table_id_of(message: FakeMessage) -> str:
    table_id = table_shown(message)
    assert table_id is not None, f"message {message.id} shows no table"
    return table_id


async def open_hand(fake: FakeDiscord, member: FakeMember, message: FakeMessage, table_id: str) -> FakeMessage:
    result = await fake.click(member, message, table_button_id(table_id, ButtonAction.HAND))
    hand = await result.final() if result.deferred else result.message
    assert hand is not None and hand.visible_to == member.id, "a hand is shown to its owner only"
    return hand


async def move_from_hand(fake: FakeDiscord, member: FakeMember, hand: FakeMessage) -> bool:
    """One move as a member makes it from the hand message: a call, else the first play
    its menu offers (answering the ask menus it opens), else the first move button.
    False if the hand offered nothing (or the move was refused)."""
    calling, plays, buttons = calls(hand), menus(hand, MenuKind.PLAYS), move_buttons(hand)
    if calling:
        result = await fake.click(member, hand, calling[0])
    elif plays:
        select, value = plays[0], plays[0].option_values[0]
        for _ in range(4):  # a play that asks: the next menu says for what (a suit, then a card)
            if not value.startswith("ask "):
                break
            opened = await fake.select(member, hand, value, select)
            asks = menus(hand, MenuKind.ASKS) if opened.type == 7 else []
            if not asks:
                return False
            select, value = asks[0], asks[0].option_values[-1]
        result = await fake.select(member, hand, value, select)
    elif buttons:
        result = await fake.click(member, hand, buttons[0])
    else:
        return False
    return result.type == 7


async def play_a_round(fake: FakeDiscord, bot: KadiBot, game: str, host: FakeMember, guest: FakeMember,
                       onlooker: FakeMember, lang: str = i18n.DEFAULT) -> Table:
    """``/<game> new``; the guest joins and tries to start (refused: not the host); a
    computer is added from the lobby's menu; the host starts. The two play from their hand
    messages until the round ends, with one card that is no card typed and one watch view
    on the way; then the history, a replay stepped once, the presets, the hand settings,
    the leaderboard and a member's stats. (The guest's refusal
    is checked to be in ``lang``: the members do read it.)"""
    opened = await fake.slash(host, f"{game} new", options={"turn_timer": 0})
    message = await opened.final()
    table_id = table_id_of(message)
    await fake.click(guest, message, table_button_id(table_id, ButtonAction.JOIN))
    refused = await fake.click(guest, message, table_button_id(table_id, ButtonAction.START))
    assert refused.ephemeral and i18n.text("refusal-not-host", lang) in refused.text, refused.text
    await fake.select(host, message, "easy", computer_menu_id(table_id))
    await fake.click(host, message, table_button_id(table_id, ButtonAction.START))
    table = await table_of(bot, message)
    members = {host.id: host, guest.id: guest}
    typo = await fake.slash(guest, f"{game} play", options={PLAY_OPTION[game]: "ZZ"})
    assert typo.ephemeral
    watching = await fake.slash(onlooker, f"{game} watch")
    assert watching.ephemeral

    def human_to_act() -> int | None:
        game_now = table.game
        if game_now is None:
            return None
        return next((s for s in game_now.actors() if table.seats[s].user_id in members), None)

    for _ in range(MOVES):
        await eventually(lambda: table.status != "playing" or human_to_act() is not None,
                         f"a member's turn or the end of table {table_id}")
        if table.status != "playing":
            break
        seat = human_to_act()
        if seat is None:
            continue
        user = table.seats[seat].user_id
        assert user is not None
        hand = await open_hand(fake, members[user], message, table_id)
        if not await move_from_hand(fake, members[user], hand) and human_to_act() == seat:
            # Nothing the hand offers (a moment's window): move as the runtime would take it.
            assert table.game is not None
            with contextlib.suppress(Exception):
                await bot.runtime.act(table.id, user, table.game.legal_moves(seat)[0].text())
    assert table.status == "over", table.status
    await settled(bot.presenter)
    await (await fake.slash(host, f"{game} history")).final()
    replay = await (await fake.slash(host, f"{game} replay")).final()
    assert replay.visible_to == host.id
    await fake.click(host, replay, "▶")  # the replay's buttons are symbols: the same in every language
    await (await fake.slash(host, f"{game} presets show")).final()
    await (await fake.slash(guest, "cards images", show="off")).final()
    await (await fake.slash(guest, "cards colours", deck="four")).final()
    await (await fake.slash(guest, "leaderboard", options={"game": game, "include_computer_rounds": True})).final()
    await (await fake.slash(host, "stats", member=guest)).final()
    await settled(bot.presenter)
    return table


@dataclass(frozen=True)
class Said:
    """One text a member saw, and where."""

    where: str
    text: str

    def __str__(self) -> str:
        return f"{self.where}: {self.text!r}"


def _where(message: FakeMessage, index: int) -> str:
    return f"{'public' if message.public else 'private'} message {message.id} version {index}"


def everything_said(fake: FakeDiscord) -> Iterator[Said]:
    """Every text of every version of every message the bot sent, public or private:
    content, embeds, buttons, menus (placeholders, options and their descriptions) and
    the pictures' alt text."""
    for message in list(fake.messages.values()):
        for index, version in enumerate(message.versions):
            where = _where(message, index)
            for text in texts_of(version):
                yield Said(where, text)
            for attachment in version.get("attachments") or []:
                if attachment.get("description"):
                    yield Said(f"{where} alt text", str(attachment["description"]))


# Discord's limits (https://discord.com/developers/docs/resources/message): a message's
# content, an embed's parts and their sum, a button's label, a menu's options and placeholder.
LIMITS = {"content": 2000, "title": 256, "description": 4096, "field name": 256, "field value": 1024,
          "footer": 2048, "author": 256, "embed": 6000, "button": 80, "option label": 100,
          "option value": 100, "option description": 100, "placeholder": 150, "alt text": 1024}
PHONE_BUTTON = 25  # a label longer than this wraps or is cut on a phone


def _embed_parts(embed: JSON) -> Iterator[tuple[str, str]]:
    for key in ("title", "description"):
        if embed.get(key):
            yield key, str(embed[key])
    if (embed.get("author") or {}).get("name"):
        yield "author", str(embed["author"]["name"])
    for field in embed.get("fields") or []:
        yield "field name", str(field.get("name") or "")
        yield "field value", str(field.get("value") or "")
    if (embed.get("footer") or {}).get("text"):
        yield "footer", str(embed["footer"]["text"])


def sizes(version: JSON) -> Iterator[tuple[str, str]]:
    """(what, text) for every part of a message version a Discord limit applies to."""
    if version.get("content"):
        yield "content", str(version["content"])
    for embed in version.get("embeds") or []:
        parts = list(_embed_parts(embed))
        yield from parts
        yield "embed", "".join(text for _, text in parts)
    for component in walk_components(version.get("components") or []):
        if component.get("type") == 2 and component.get("label"):
            yield "button", str(component["label"])
        if component.get("placeholder"):
            yield "placeholder", str(component["placeholder"])
        for option in component.get("options") or []:
            yield "option label", str(option.get("label") or "")
            yield "option value", str(option.get("value") or "")
            if option.get("description"):
                yield "option description", str(option["description"])
    for attachment in version.get("attachments") or []:
        if attachment.get("description"):
            yield "alt text", str(attachment["description"])


def over_the_limits(fake: FakeDiscord) -> list[str]:
    """Every part of every message version longer than Discord takes, and every button
    label longer than a phone shows."""
    wrong = []
    for message in list(fake.messages.values()):
        for index, version in enumerate(message.versions):
            for what, text in sizes(version):
                if len(text) > LIMITS[what]:
                    wrong.append(f"{_where(message, index)} {what} of {len(text)} > {LIMITS[what]}: {text[:80]!r}")
                # (the pseudo-language's marks are not counted for a phone: they stand for no letter)
                if what == "button" and len(text.replace("⟦", "").replace("⟧", "")) > PHONE_BUTTON:
                    wrong.append(f"{_where(message, index)} button of {len(text)} > {PHONE_BUTTON}: {text!r}")
    return wrong


def plain(text: str) -> str:
    """``text`` without what every language writes alike: mentions, timestamps, custom
    emoji, links, commands (in backticks, or a slash command's name), and codes with
    digits in them (a table's id, 10H, x3)."""
    text = re.sub(r"<(?:@[!&]?|#|t:|a?:\w+:)[^>]*>", " ", text)
    text = re.sub(r"https?://\S+", " ", text)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"(?<![\w/])/[a-z][\w-]*", " ", text)
    return re.sub(r"\b\w*\d\w*\b", " ", text)
