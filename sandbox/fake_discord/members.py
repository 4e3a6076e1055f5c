"""What a scripted member reads off the bot's messages in the fake Discord: which table a
message is, whether a hand offers a move, and which buttons and menus make one.

One module for the programs that play the bot as members do: the kill -9 soak
(bench/chaos.py), the load benchmark (bench/bot.py) and the two-process soak test
(tests/soak/test_two_processes.py). Custom ids are read as the bot writes them
(bot/ui/components.py): ``t:<table>:<action>`` on a table message, ``h:<table>:<version>:move:<move>``
on a hand's buttons, ``m:<table>:<version>:<tag>`` on its menus (``p`` plays, ``a`` asks).
"""

from __future__ import annotations

from .model import Component, FakeMessage
from .state import FakeState


def part(custom_id: str, index: int) -> str:
    """The ``index``-th ``:``-separated part of a custom id ("" if it has fewer); the last
    part keeps any ``:`` of its own (a move's text)."""
    parts = custom_id.split(":", 4)
    return parts[index] if len(parts) > index else ""


def table_id_of(message: FakeMessage) -> str | None:
    """The table a table message (or a hand) shows: from its buttons, else its title."""
    for button in message.buttons():
        if button.custom_id.startswith("t:"):
            return part(button.custom_id, 1)
    for embed in message.embeds:
        title = str(embed.get("title") or "")
        if " — table " in title:
            return title.rsplit(" ", 1)[-1]
    return None


def live_table_ids(message: FakeMessage) -> set[str]:
    """The tables whose enabled buttons the message carries."""
    return {part(b.custom_id, 1) for b in message.buttons() if b.custom_id.startswith("t:") and not b.disabled}


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
    return [b for b in hand.buttons() if b.custom_id.startswith("h:") and part(b.custom_id, 3) == "move"]


def menus(hand: FakeMessage, tag: str) -> list[Component]:
    """The hand's menus of one kind (``p``: plays, ``a``: what to ask for) that offer something."""
    return [s for s in hand.selects() if s.custom_id.startswith("m:") and part(s.custom_id, 3) == tag
            and s.option_values and s.option_values[0] != "none"]


def calls(hand: FakeMessage) -> list[Component]:
    """The hand's call buttons (Niko Kadi!, Kadi Moja!)."""
    return [b for b in move_buttons(hand) if part(b.custom_id, 4).startswith("call")]


def move_text(button: Component) -> str:
    """The move a hand's move button makes, as the bot writes it (``draw``, ``call``)."""
    return part(button.custom_id, 4)


def my_turn(hand: FakeMessage) -> bool:
    """The hand offers a move now."""
    return bool(move_buttons(hand) or menus(hand, "p"))


def hand_size(hand: FakeMessage) -> int:
    """The cards the hand message shows (its description's first line)."""
    embeds = hand.embeds
    first = str(embeds[0].get("description") or "").split("\n")[0] if embeds else ""
    return 0 if not first or first == "no cards" else len(first.split())
