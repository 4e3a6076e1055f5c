"""Helpers for playing the real bot through the fake Discord, as members."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from bot.client import KadiBot
from bot.config import Settings
from bot.games.cards import ALL_CARDS, Card, codes, parse_cards
from bot.tables.runtime import Timing
from bot.tables.table import Table
from tests.e2e.fake_discord import FakeDiscord, FakeMember, FakeMessage, texts_of

FAST = Timing(computer_delay=(0.0, 0.0), call_wait=0.0)


def make_bot(fake: FakeDiscord, db: Path, timing: Timing = FAST) -> KadiBot:
    settings = Settings(token=fake.token, database_path=db, log_level="DEBUG", computer_call_wait=0.0)
    return KadiBot(settings, timing=timing, coalesce=0.01)


async def table_of(bot: KadiBot, message: FakeMessage, timeout: float = 5.0) -> Table:
    """The runtime's table behind a public table message (the bot learns the message's
    id just after answering, so wait for it)."""
    for _ in range(int(timeout / 0.01)):
        for table in bot.runtime.tables.values():
            if table.message_id == message.id:
                return table
        await asyncio.sleep(0.01)
    raise AssertionError(f"no table shows message {message.id}")


def stack(table: Table, hands: list[str], top: str, draw_tail: str = "", turn: int = 0) -> None:
    """Deal the cards we want (a stacked deck), keeping all 54 cards in the game.

    ``draw_tail`` are the next cards drawn, first drawn first.
    """
    game = table.game
    assert game is not None
    state = game.to_state()
    dealt = [list(parse_cards(h)) for h in hands]
    top_card = parse_cards(top)[0]
    tail = list(parse_cards(draw_tail)) if draw_tail else []
    used: set[Card] = {c for h in dealt for c in h} | {top_card} | set(tail)
    rest = [c for c in ALL_CARDS if c not in used]
    state["hands"] = [codes(h) for h in dealt]
    state["discard"] = [top_card.code]
    state["draw"] = codes(rest) + codes(reversed(tail))  # drawn from the end
    state["base"] = top_card.code
    state["turn"] = turn
    table.game = type(game).from_state(state)


def hand_cards(message: FakeMessage) -> str:
    """The card line of a hand message (its embed description, first line)."""
    text = message.embeds[0]["description"] if message.embeds else ""
    return text.split("\n")[0]


async def my_hand(fake: FakeDiscord, member: FakeMember, table_message: FakeMessage) -> FakeMessage:
    result = await fake.click(member, table_message, "My hand")
    assert result.ephemeral, "a hand must be private"
    message = result.message
    assert message is not None and message.visible_to == member.id
    return message


def option_value(message: FakeMessage, pattern: str) -> str:
    """The value of the play-menu option whose value matches ``pattern``."""
    for select in message.selects():
        for value in select.option_values:
            if re.fullmatch(pattern, value):
                return value
    raise AssertionError(f"no option matching {pattern!r} in {[s.option_values for s in message.selects()]}")


class LeakWatch:
    """Checks every new public message version against the hands of that moment.

    A card counts as leaked when a public text names it while it is in a hand and was
    not laid in one of the table's recent public plays (a play is public knowledge).
    """

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.seen: dict[int, int] = {}
        self.checked = 0

    def accept_current(self) -> None:
        """Mark every version so far as checked (after a test stacks the deck, the old
        table message shows the real deal's cards, which are no longer anyone's secret)."""
        for message in self.fake.messages.values():
            self.seen[message.id] = len(message.versions)

    async def check(self, bot: KadiBot) -> None:
        # Let coalesced edits land first, so each version is judged against its own moment.
        for _ in range(100):
            if not bot.presenter._pending:
                break
            await asyncio.sleep(0.01)
        hidden: set[str] = set()
        for table in bot.runtime.tables.values():
            if table.game is None:
                continue
            played = {code for e in table.recent if e.get("event") == "Played" for code in e["cards"]}
            for seat in range(len(table.seats)):
                hidden |= {c.symbol for c in table.game.view(seat).hand if c.code not in played}
        for message in list(self.fake.messages.values()):
            if not message.public:
                continue
            start = self.seen.get(message.id, 0)
            for version in message.versions[start:]:
                text = "\n".join(texts_of(version))
                leaked = sorted(s for s in hidden if s in text)
                assert not leaked, f"public message {message.id} shows cards in a hand: {leaked}\n{text}"
                self.checked += 1
            self.seen[message.id] = len(message.versions)
