"""Custom ids: the components' templates are their one reader (``parse_custom_id`` for
programs that read the bot's messages, discord.py's dispatch for clicks), and the ids on
messages already posted in Discord, written by the code of before, still parse the same."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.games.cards import parse_cards
from bot.ui.components import (
    DYNAMIC_ITEMS,
    AskSelect,
    ButtonAction,
    ComputerSelect,
    HandButton,
    MenuKind,
    MoveSelect,
    OtherSelect,
    PlaySelect,
    ReplayButton,
    ReplaySelect,
    ReplayWay,
    RulesButton,
    RulesSelect,
    TableButton,
    parse_custom_id,
)

TABLE = "ab12cd34"

# Ids as the bot wrote them before ButtonAction (copied from messages of that code):
# each with the fields its component reads back.
POSTED: list[tuple[str, type[Any], dict[str, Any]]] = [
    ("t:ab12cd34:join", TableButton, {"table_id": TABLE, "action": ButtonAction.JOIN}),
    ("t:ab12cd34:computer", TableButton, {"table_id": TABLE, "action": ButtonAction.COMPUTER}),
    ("t:ab12cd34:hand", TableButton, {"table_id": TABLE, "action": ButtonAction.HAND}),
    ("t:ab12cd34:plug", TableButton, {"table_id": TABLE, "action": ButtonAction.PLUG}),
    ("t:ab12cd34:challenge", TableButton, {"table_id": TABLE, "action": ButtonAction.CHALLENGE}),
    ("h:ab12cd34:17:move:draw", HandButton,
     {"table_id": TABLE, "version": 17, "action": ButtonAction.MOVE, "arg": "draw"}),
    ("h:ab12cd34:17:move:play 7H 7S ask:S", HandButton,
     {"table_id": TABLE, "version": 17, "action": ButtonAction.MOVE, "arg": "play 7H 7S ask:S"}),
    ("h:ab12cd34:3:page:1", HandButton, {"table_id": TABLE, "version": 3, "action": ButtonAction.PAGE, "arg": "1"}),
    ("h:ab12cd34:3:refresh:", HandButton,
     {"table_id": TABLE, "version": 3, "action": ButtonAction.REFRESH, "arg": ""}),
    ("m:ab12cd34:5:p:0", MoveSelect, {"table_id": TABLE, "version": 5, "tag": MenuKind.PLAYS, "arg": "0"}),
    ("m:ab12cd34:5:a:7H 7S", MoveSelect, {"table_id": TABLE, "version": 5, "tag": MenuKind.ASKS, "arg": "7H 7S"}),
    ("m:ab12cd34:5:o:", MoveSelect, {"table_id": TABLE, "version": 5, "tag": MenuKind.OTHERS, "arg": ""}),
    ("c:ab12cd34:add", ComputerSelect, {"table_id": TABLE}),
    ("r:karata:3", RulesSelect, {"game": "karata", "page": 3}),
    ("rp:kadi:2:next", RulesButton, {"game": "kadi", "page": 2, "way": "next"}),
    ("rv:ab12cd34:2:15:123456789012345678:g", ReplayButton,
     {"table_id": TABLE, "round_no": 2, "step": 15, "owner": 123456789012345678, "way": ReplayWay.SHARE}),
    ("rv:ab12cd34:2:0:42:f", ReplayButton,
     {"table_id": TABLE, "round_no": 2, "step": 0, "owner": 42, "way": ReplayWay.FIRST}),
    ("rs:donkey:42", ReplaySelect, {"game": "donkey", "owner": 42}),
]


@pytest.mark.parametrize(("custom_id", "kind", "fields"), POSTED, ids=[c for c, _, _ in POSTED])
def test_an_id_posted_by_the_code_of_before_parses_to_the_same_fields(custom_id: str, kind: type[Any],
                                                                      fields: dict[str, Any]) -> None:
    parsed = parse_custom_id(custom_id)
    assert isinstance(parsed, kind)
    assert {name: getattr(parsed, name) for name in fields} == fields
    assert parsed.custom_id == custom_id  # and the component made again from it writes the same id


@pytest.mark.parametrize(("custom_id", "kind", "fields"), POSTED, ids=[c for c, _, _ in POSTED])
async def test_discord_dispatches_a_posted_id_by_the_same_template(custom_id: str, kind: type[Any],
                                                                   fields: dict[str, Any]) -> None:
    """What discord.py does with a click: the first template that matches the whole id,
    then ``from_custom_id`` (which reads the id as ``parse_custom_id`` does)."""
    matching = [item for item in DYNAMIC_ITEMS if item.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert matching == [kind]
    match = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    built = await kind.from_custom_id(None, None, match)  # neither is read: the id holds everything
    assert {name: getattr(built, name) for name in fields} == fields


def test_the_components_of_today_write_the_ids_of_before() -> None:
    """The wire format is the one already on Discord's messages, character for character."""
    cards = parse_cards("7H 7S")
    made = [
        TableButton(TABLE, ButtonAction.JOIN), TableButton(TABLE, "plug"),
        HandButton(TABLE, 17, ButtonAction.MOVE, "draw"), HandButton(TABLE, 3, ButtonAction.REFRESH),
        PlaySelect(TABLE, 5, 0, [("7H", "play 7H")]), AskSelect(TABLE, 5, cards, []), OtherSelect(TABLE, 5, []),
        ComputerSelect(TABLE), RulesSelect("karata", 3), RulesButton("kadi", 2, "next"),
        ReplayButton(TABLE, 2, 15, 123456789012345678, ReplayWay.SHARE), ReplaySelect("donkey", 42),
    ]
    assert [item.custom_id for item in made] == [
        "t:ab12cd34:join", "t:ab12cd34:plug", "h:ab12cd34:17:move:draw", "h:ab12cd34:3:refresh:",
        "m:ab12cd34:5:p:0", "m:ab12cd34:5:a:7H 7S", "m:ab12cd34:5:o:", "c:ab12cd34:add", "r:karata:3",
        "rp:kadi:2:next", "rv:ab12cd34:2:15:123456789012345678:g", "rs:donkey:42",
    ]


@pytest.mark.parametrize("custom_id", [
    "", "t:ab12cd34", "t:ab12cd34:dance", "t:AB12CD34:join", "h:ab12cd34:x:move:draw", "h:ab12cd34:1:dance:x",
    "m:ab12cd34:5:z:0", "rv:ab12cd34:2:15:42:z", "counter:3", "raw",
])
def test_an_id_the_bot_never_makes_is_none(custom_id: str) -> None:
    assert parse_custom_id(custom_id) is None


def test_a_game_key_that_is_no_action_is_refused_before_any_button_is_sent() -> None:
    with pytest.raises(ValueError, match="dance"):
        TableButton(TABLE, "dance")


def test_every_action_has_one_component_to_carry_it() -> None:
    """A table action parses as a table button, a hand action as a hand button: none is lost."""
    for action in ButtonAction:
        table = parse_custom_id(f"t:{TABLE}:{action}")
        hand = parse_custom_id(f"h:{TABLE}:1:{action}:")
        assert isinstance(table, TableButton) != isinstance(hand, HandButton), action


def test_a_button_is_a_discord_button() -> None:
    parsed = parse_custom_id("t:ab12cd34:start")
    assert isinstance(parsed, TableButton) and isinstance(parsed.item, discord.ui.Button)
