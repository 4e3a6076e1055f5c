"""Buttons and menus that outlive restarts.

Every custom id carries the table id (and, on hand messages, the table version
it was drawn at), so ``discord.ui.DynamicItem`` rebuilds the component from the
id alone after a restart and the controller can tell a stale click from a
current one. The callbacks only forward to the controller (bot/ui/controller.py);
the rules menus' (custom ids carrying the game and the page) to the presenter, since
they involve no table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any, Protocol, cast

import discord

from bot.games.cards import Card
from bot.ui.cycles import clear_when_drawn, let_go_when_handled
from bot.ui.guard import served, speak_to_member
from bot.ui.text import history, rules, screens

MENU_LIMIT = 25  # Discord allows 25 options in a select menu
TABLE_ID = r"(?P<table>[a-z0-9]{8})"


class ButtonAction(StrEnum):
    """What a table or hand button does, as its custom id says: ``t:<table>:<action>`` on
    the public table message, ``h:<table>:<version>:<action>:<arg>`` on a hand. The values
    are on buttons already posted in Discord (old tables' messages): they stay as they are."""

    # the lobby's (the table message before the deal)
    JOIN = "join"
    LEAVE = "leave"  # also during play
    COMPUTER = "computer"  # "Add computer", on lobbies posted before the level menu (ComputerSelect)
    START = "start"
    CANCEL = "cancel"
    AGREE = "agree"  # to the rules a table's consent asks for
    REFUSE = "refuse"
    # the table message's during play
    HAND = "hand"  # My hand
    WATCH = "watch"  # a live private view; also the Refresh on that view
    PLUG = "plug"  # a game's own (GameUI.table_buttons): Plug 7
    CHALLENGE = "challenge"  # a game's own: accuse a player of hiding a card
    # a hand message's
    MOVE = "move"  # makes the move written as the custom id's ``arg``
    PAGE = "page"  # shows page ``arg`` of the plays
    REFRESH = "refresh"


TABLE_ACTIONS = frozenset({ButtonAction.JOIN, ButtonAction.LEAVE, ButtonAction.COMPUTER, ButtonAction.START,
                           ButtonAction.CANCEL, ButtonAction.AGREE, ButtonAction.REFUSE, ButtonAction.HAND,
                           ButtonAction.WATCH, ButtonAction.PLUG, ButtonAction.CHALLENGE})
HAND_ACTIONS = frozenset({ButtonAction.MOVE, ButtonAction.PAGE, ButtonAction.REFRESH})


class MenuKind(StrEnum):
    """Which of a hand message's menus a ``MoveSelect`` is (its custom id's ``tag``; the
    values are on menus already posted: they stay)."""

    PLAYS = "p"  # a page of plays: ``arg`` is the page
    ASKS = "a"  # what a play asks for: ``arg`` holds the codes of the cards played
    OTHERS = "o"  # other moves: challenges, hiding a card


class ReplayWay(StrEnum):
    """Where a replay's button goes (its custom id's ``way``; the values stay)."""

    FIRST = "f"
    BACK = "b"
    NEXT = "n"
    LAST = "l"
    SHARE = "g"  # not a step: shares the round as an animated picture


def one_of(name: str, values: Iterable[str]) -> str:
    """A template's named group matching exactly one of ``values`` (longest first, so that
    no value is taken for a shorter one it begins with)."""
    return f"(?P<{name}>" + "|".join(re.escape(v) for v in sorted(values, key=lambda v: (-len(v), v))) + ")"


def layout() -> discord.ui.View:
    """An empty view to lay components out in, for one message. Every component here is a
    DynamicItem, which discord.py dispatches by custom id alone, so the view itself is only
    the message's layout: it is stopped before it is sent, and discord.py then keeps no copy
    of it (for an ephemeral message it would keep the view and a task for 15 minutes, a few
    hundred objects per hand message the bot ever sent). It is emptied when the task that
    draws it ends (bot/ui/cycles.py), so it must be sent by that task."""
    view = discord.ui.View(timeout=None)
    view.stop()
    clear_when_drawn(view)
    return view


async def admitted(interaction: discord.Interaction[Any], item: discord.ui.Item[Any]) -> bool:
    """Every component's check before its callback: this process serves the guild. The
    interaction and the view discord.py built for the click are let go of when it is handled."""
    let_go_when_handled(interaction, item.view)
    return await served(interaction)


class Handlers(Protocol):
    """Where the components' clicks go: the controller (bot/ui/controller.py), which
    imports this module, so it is named here by what it does."""

    async def table_button(self, interaction: discord.Interaction[Any], table_id: str,
                           action: ButtonAction) -> None: ...

    async def hand_button(self, interaction: discord.Interaction[Any], table_id: str, version: int,
                          action: ButtonAction, arg: str) -> None: ...

    async def hand_select(self, interaction: discord.Interaction[Any], table_id: str, version: int,
                          value: str) -> None: ...

    async def add_computer(self, interaction: discord.Interaction[Any], table_id: str, level: str) -> None: ...

    async def replay_button(self, interaction: discord.Interaction[Any], table_id: str, round_no: int, step: int,
                            owner: int, way: ReplayWay) -> None: ...

    async def replay_pick(self, interaction: discord.Interaction[Any], game: str, owner: int, key: str) -> None: ...


def controller_of(interaction: discord.Interaction[Any]) -> Handlers:
    return cast(Handlers, getattr(interaction.client, "controller"))  # noqa: B009


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"t:" + TABLE_ID + ":" + one_of("action", TABLE_ACTIONS)):
    """A button on the public table message: the lobby's, My hand, Watch, a game's own."""

    def __init__(self, table_id: str, action: ButtonAction | str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        """``action``: a ``ButtonAction`` (a game's own keys come as its text module's strings:
        ValueError for one that is not an action, before any button is sent)."""
        self.table_id, self.action = table_id, ButtonAction(action)
        super().__init__(discord.ui.Button(label=label or self.action, style=style,
                                           custom_id=f"t:{table_id}:{self.action}"))

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await admitted(interaction, self)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> TableButton:
        return cls(match["table"], match["action"])

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TableButton:
        return cls.from_match(match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).table_button(interaction, self.table_id, self.action)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"h:" + TABLE_ID + r":(?P<version>\d+):" + one_of("action", HAND_ACTIONS) + r":(?P<arg>.*)"):
    """A button on a private hand message: a move (``arg`` its text: ``draw``, ``call``...),
    a page of plays (``arg`` the page), Refresh."""

    def __init__(self, table_id: str, version: int, action: ButtonAction, arg: str = "", label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        self.table_id, self.version, self.action, self.arg = table_id, version, ButtonAction(action), arg
        super().__init__(discord.ui.Button(label=label or self.action, style=style,
                                           custom_id=f"h:{table_id}:{version}:{self.action}:{arg}"[:100]))

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await admitted(interaction, self)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> HandButton:
        return cls(match["table"], int(match["version"]), ButtonAction(match["action"]), match["arg"])

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls.from_match(match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).hand_button(
            interaction, self.table_id, self.version, self.action, self.arg)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                 template=r"m:" + TABLE_ID + r":(?P<version>\d+):" + one_of("tag", set(MenuKind)) + r":(?P<arg>.*)"):
    """A menu of moves on a hand message. Each value is a move's text, or ``ask <cards>``
    for a play that still needs what it asks for (a second menu then offers the asks).
    ``tag``: which menu it is (``MenuKind``).
    """

    def __init__(self, table_id: str, version: int, tag: MenuKind, arg: str = "",
                 options: Sequence[tuple[str, str]] = (), placeholder: str | None = None) -> None:
        # The placeholder is looked up per menu (a default argument would keep the first language).
        placeholder = screens.PLAY_MENU_PLACEHOLDER if placeholder is None else placeholder
        self.table_id, self.version, self.tag, self.arg = table_id, version, MenuKind(tag), arg
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"m:{table_id}:{version}:{self.tag}:{arg}"[:100],
            placeholder=placeholder,
            options=[discord.SelectOption(label=label[:100], value=value[:100])
                     for label, value in options[:MENU_LIMIT]] or [discord.SelectOption(label="—", value="none")],
        )
        super().__init__(select)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await admitted(interaction, self)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> MoveSelect:
        return cls(match["table"], int(match["version"]), MenuKind(match["tag"]), match["arg"])

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MoveSelect:
        return cls.from_match(match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        value = str(values[0]) if values else ""
        await controller_of(interaction).hand_select(interaction, self.table_id, self.version, value)


def PlaySelect(table_id: str, version: int, page: int, options: Sequence[tuple[str, str]]) -> MoveSelect:
    return MoveSelect(table_id, version, MenuKind.PLAYS, str(page), options, screens.PLAY_MENU_PLACEHOLDER)


def AskSelect(table_id: str, version: int, cards: Sequence[Card], options: Sequence[tuple[str, str]]) -> MoveSelect:
    return MoveSelect(table_id, version, MenuKind.ASKS, " ".join(c.code for c in cards), options,
                      screens.ASK_MENU_PLACEHOLDER)


def OtherSelect(table_id: str, version: int, options: Sequence[tuple[str, str]]) -> MoveSelect:
    return MoveSelect(table_id, version, MenuKind.OTHERS, "", options, screens.OTHER_MOVES_PLACEHOLDER)


class ComputerSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                     template=r"c:" + TABLE_ID + r":add"):
    """The lobby's "Add a computer…" menu: one choice per level, the table's own level first.
    (Lobby messages posted before this menu carry an "Add computer" button instead,
    ``TableButton`` action ``computer``, which still adds one at the table's level.)"""

    def __init__(self, table_id: str, options: Sequence[tuple[str, str, str]] = ()) -> None:
        """``options``: (label, value, description) per level."""
        self.table_id = table_id
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"c:{table_id}:add", placeholder=screens.ADD_A_COMPUTER_PLACEHOLDER,
            options=[discord.SelectOption(label=label, value=value, description=description)
                     for label, value, description in options] or [discord.SelectOption(label="—", value="none")],
        )
        super().__init__(select)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ComputerSelect:
        return cls(match["table"])

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ComputerSelect:
        return cls.from_match(match)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await admitted(interaction, self)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        await controller_of(interaction).add_computer(interaction, self.table_id, str(values[0]) if values else "")


# ------------------------------------------------------------------ the rules pages
GAME = r"(?P<game>[a-z]{1,20})"
PAGE = r"(?P<page>\d{1,3})"


class RulesPages(Protocol):
    """Where the rules menus' choices go: the presenter (bot/ui/presenter/), which answers
    with the page chosen. No table is involved, so nothing is asked of the controller."""

    async def show_rules_page(self, interaction: discord.Interaction[Any], game: str, page: int) -> None: ...


def rules_pages_of(interaction: discord.Interaction[Any]) -> RulesPages:
    return cast(RulesPages, getattr(interaction.client, "presenter"))  # noqa: B009


async def any_process(interaction: discord.Interaction[Any], item: discord.ui.Item[Any]) -> bool:
    """The rules menus' check: they read package data and touch no table, so whichever
    process gets the click answers it (the interaction is let go of once handled)."""
    let_go_when_handled(interaction, item.view)
    await speak_to_member(interaction)
    return True


class RulesSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"r:" + GAME + r":" + PAGE):
    """The rules message's menu of its pages (the overview, then each section), ``page``
    being the one shown; a choice shows that page in place of this one."""

    def __init__(self, game: str, page: int, options: Sequence[tuple[str, int]] = ()) -> None:
        """``options``: (label, page) per page listed."""
        self.game, self.page = game, page
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"r:{game}:{page}", placeholder=rules.MENU_PLACEHOLDER,
            options=[discord.SelectOption(label=label[:100], value=str(number), default=number == page)
                     for label, number in options[:MENU_LIMIT]] or [discord.SelectOption(label="—", value="0")],
        )
        super().__init__(select)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await any_process(interaction, self)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> RulesSelect:
        return cls(match["game"], int(match["page"]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesSelect:
        return cls.from_match(match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        chosen = str(values[0]) if values else ""
        page = int(chosen) if chosen.isdigit() else self.page
        await rules_pages_of(interaction).show_rules_page(interaction, self.game, page)


class RulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"rp:" + GAME + r":" + PAGE + r":(?P<way>back|next)"):
    """◀ or ▶ on the rules message: shows ``page``, the one before or after the one shown."""

    def __init__(self, game: str, page: int, way: str, label: str = "", disabled: bool = False) -> None:
        self.game, self.page, self.way = game, page, way
        super().__init__(discord.ui.Button(label=label or way, style=discord.ButtonStyle.secondary,
                                           custom_id=f"rp:{game}:{page}:{way}", disabled=disabled))

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await any_process(interaction, self)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> RulesButton:
        return cls(match["game"], int(match["page"]), match["way"])

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesButton:
        return cls.from_match(match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await rules_pages_of(interaction).show_rules_page(interaction, self.game, self.page)


def rules_layout(game: str, labels: Sequence[str], shown: int) -> discord.ui.View:
    """The rules message's menu of pages (``labels``, the overview first; 25 at most,
    around the one ``shown``) and its ◀ ▶ buttons."""
    view = layout()
    first = max(0, min(shown - MENU_LIMIT // 2, len(labels) - MENU_LIMIT))
    listed = [(label, number) for number, label in enumerate(labels)][first:first + MENU_LIMIT]
    view.add_item(RulesSelect(game, shown, listed))
    last = len(labels) - 1
    view.add_item(RulesButton(game, max(shown - 1, 0), "back", rules.PREVIOUS, disabled=shown <= 0))
    view.add_item(RulesButton(game, min(shown + 1, last), "next", rules.NEXT, disabled=shown >= last))
    return view


# ------------------------------------------------------------------ looking back
OWNER = r"(?P<owner>\d{1,20})"


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"rv:" + TABLE_ID + r":(?P<round>\d{1,4}):(?P<step>\d{1,5}):" + OWNER + ":"
                   + one_of("way", set(ReplayWay))):
    """◀ ▶ (and first, last) on a replay: shows ``step`` of the round to ``owner``, the
    member who opened it (the replay shows their hand: nobody else's click is answered
    with it); ``ReplayWay.SHARE`` shares the round as an animated picture instead. Stateless, so
    it answers after a restart or the message's 15 minutes."""

    def __init__(self, table_id: str, round_no: int, step: int, owner: int, way: ReplayWay, label: str = "",
                 disabled: bool = False) -> None:
        self.table_id, self.round_no, self.step, self.owner = table_id, round_no, step, owner
        self.way = ReplayWay(way)
        super().__init__(discord.ui.Button(label=label or self.way, style=discord.ButtonStyle.secondary,
                                           disabled=disabled,
                                           custom_id=f"rv:{table_id}:{round_no}:{step}:{owner}:{self.way}"))

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await any_process(interaction, self)  # reads the database only: any process answers

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReplayButton:
        return cls(match["table"], int(match["round"]), int(match["step"]), int(match["owner"]),
                   ReplayWay(match["way"]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReplayButton:
        return cls.from_match(match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await controller_of(interaction).replay_button(interaction, self.table_id, self.round_no, self.step,
                                                       self.owner, self.way)


class ReplaySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"rs:" + GAME + r":" + OWNER):
    """The history list's menu of its rounds: a choice opens that round's replay for ``owner``."""

    def __init__(self, game: str, owner: int, options: Sequence[tuple[str, str]] = ()) -> None:
        """``options``: (label, round key) per round listed."""
        self.game, self.owner = game, owner
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"rs:{game}:{owner}", placeholder=history.REPLAY_MENU_PLACEHOLDER,
            options=[discord.SelectOption(label=label[:100], value=value[:100]) for label, value in
                     options[:MENU_LIMIT]] or [discord.SelectOption(label="—", value="-")],
        )
        super().__init__(select)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await any_process(interaction, self)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReplaySelect:
        return cls(match["game"], int(match["owner"]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReplaySelect:
        return cls.from_match(match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        await controller_of(interaction).replay_pick(interaction, self.game, self.owner,
                                                     str(values[0]) if values else "")


CustomItem = (TableButton | HandButton | MoveSelect | ComputerSelect | RulesSelect | RulesButton | ReplayButton
              | ReplaySelect)
DYNAMIC_ITEMS: tuple[type[CustomItem], ...] = (TableButton, HandButton, MoveSelect, ComputerSelect, RulesSelect,
                                               RulesButton, ReplayButton, ReplaySelect)


def parse_custom_id(custom_id: str) -> CustomItem | None:
    """The component a custom id stands for, rebuilt from it alone by the template of its
    class, as discord.py does for a click (``DynamicItem``): its ``table_id``, ``action``,
    ``arg``... read as the callbacks read them. None for an id no component of the bot
    makes. For programs that read the bot's messages as a member would (bench/, tests/,
    sandbox/): the one reader of custom ids besides discord.py's dispatch."""
    for item in DYNAMIC_ITEMS:
        match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            return item.from_match(match)
    return None
