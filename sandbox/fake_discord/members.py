"""What a scripted member reads off the bot's messages in the fake Discord: which table a
message is, whether a hand offers a move, and which buttons and menus make one.

One module for the programs that play the bot as members do: the kill -9 soak
(lab/chaos.py), the load benchmark (bench/bot.py) and the two-process soak test
(tests/soak/test_two_processes.py). Custom ids are read by the bot's own reader,
``bot.ui.components.parse_custom_id`` (the templates discord.py dispatches clicks by),
and written by its components, never split here by position.
"""

from __future__ import annotations

from bot.ui.components import (
    ButtonAction,
    ComputerSelect,
    HandButton,
    MenuKind,
    MoveSelect,
    TableButton,
    parse_custom_id,
)

from .model import Component, FakeMessage
from .state import FakeState


def table_button_id(table_id: str, action: ButtonAction) -> str:
    """The custom id of a table message's button (``ButtonAction.JOIN``, ``HAND``...), as the bot writes it."""
    return TableButton(table_id, action).custom_id


def computer_menu_id(table_id: str) -> str:
    """The custom id of a lobby's "Add a computer…" menu."""
    return ComputerSelect(table_id).custom_id


def table_button_of(component: Component) -> TableButton | None:
    """The table button ``component`` is (its table, its action), or None for another component."""
    parsed = parse_custom_id(component.custom_id)
    return parsed if isinstance(parsed, TableButton) else None


def hand_button_of(component: Component) -> HandButton | None:
    """The hand button ``component`` is (its table, version, action, arg), or None for another component."""
    parsed = parse_custom_id(component.custom_id)
    return parsed if isinstance(parsed, HandButton) else None


def move_menu_of(component: Component) -> MoveSelect | None:
    """The hand menu ``component`` is (its table, version, kind), or None for another component."""
    parsed = parse_custom_id(component.custom_id)
    return parsed if isinstance(parsed, MoveSelect) else None


def kind_of(custom_id: str) -> str:
    """A short name of the kind of component a custom id is, for reports: its prefix and
    action or menu (``h:move``, ``m:p``, ``t:join``); the id itself when the bot makes no such id."""
    parsed = parse_custom_id(custom_id)
    prefix = custom_id.split(":", 1)[0]  # the template's literal prefix (t, h, m...), named by the class
    if isinstance(parsed, TableButton | HandButton):
        return f"{prefix}:{parsed.action}"
    if isinstance(parsed, MoveSelect):
        return f"{prefix}:{parsed.tag}"
    return prefix if parsed is not None else custom_id


def table_id_of(message: FakeMessage) -> str | None:
    """The table a table message (or a hand) shows: from its buttons, else its title."""
    for button in message.buttons():
        parsed = table_button_of(button)
        if parsed is not None:
            return parsed.table_id
    for embed in message.embeds:
        title = str(embed.get("title") or "")
        if " — table " in title:
            return title.rsplit(" ", 1)[-1]
    return None


def live_table_ids(message: FakeMessage) -> set[str]:
    """The tables whose enabled buttons the message carries."""
    return {parsed.table_id for b in message.buttons() if not b.disabled
            if (parsed := table_button_of(b)) is not None}


def table_actions(message: FakeMessage, table_id: str) -> set[ButtonAction]:
    """The actions of the message's buttons for ``table_id`` (``HAND`` during play, ``JOIN`` in a lobby...)."""
    return {parsed.action for b in message.buttons()
            if (parsed := table_button_of(b)) is not None and parsed.table_id == table_id}


def is_table_message(message: FakeMessage, table_id: str) -> bool:
    """The public table message of ``table_id`` (not a hand of it)."""
    return any(str(e.get("title") or "").endswith(f"table {table_id}") and "Your hand" not in str(e.get("title"))
               for e in message.embeds)


def table_message(fake: FakeState, channel_id: int, table_id: str) -> FakeMessage | None:
    """The newest undeleted table message of ``table_id`` in the channel."""
    for message in reversed(fake.channel_messages.get(channel_id, [])):
        if message.public and not message.deleted and is_table_message(message, table_id):
            return message
    return None


def finished(fake: FakeState, channel_id: int, table_id: str) -> bool:
    """The table's message is there and offers no buttons any more."""
    message = table_message(fake, channel_id, table_id)
    return message is not None and not message.buttons()


def move_buttons(hand: FakeMessage) -> list[Component]:
    """The hand's move buttons (draw, pass, a call, ...)."""
    return [b for b in hand.buttons() if (parsed := hand_button_of(b)) is not None
            and parsed.action == ButtonAction.MOVE]


def menus(hand: FakeMessage, tag: MenuKind) -> list[Component]:
    """The hand's menus of one kind (``MenuKind.PLAYS``, ``ASKS``) that offer something."""
    return [s for s in hand.selects() if (parsed := move_menu_of(s)) is not None and parsed.tag == tag
            and s.option_values and s.option_values[0] != "none"]


def calls(hand: FakeMessage) -> list[Component]:
    """The hand's call buttons (Niko Kadi!, Kadi Moja!)."""
    return [b for b in move_buttons(hand) if move_text(b).startswith("call")]


def move_text(button: Component) -> str:
    """The move a hand's move button makes, as the bot writes it (``draw``, ``call``); "" for another button."""
    parsed = hand_button_of(button)
    return parsed.arg if parsed is not None and parsed.action == ButtonAction.MOVE else ""


def my_turn(hand: FakeMessage) -> bool:
    """The hand offers a move now."""
    return bool(move_buttons(hand) or menus(hand, MenuKind.PLAYS))


def hand_size(hand: FakeMessage) -> int:
    """The cards the hand message shows (its description's first line)."""
    embeds = hand.embeds
    first = str(embeds[0].get("description") or "").split("\n")[0] if embeds else ""
    return 0 if not first or first == "no cards" else len(first.split())
