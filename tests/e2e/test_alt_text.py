"""Alt text through the fake Discord (issue 29, item 4): every card picture carries alt
text (its attachment's description), the table's naming only the public table and each
hand's only its owner's cards, on a message only its owner sees; ``LeakWatch`` reads every
public message's alt text against the hands, so every e2e game checks it too."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from bot.games.cards import ALL_CARDS, Card
from bot.games.core.moves import MoveKind
from bot.tables.table import Table
from bot.ui.text.pictures import card_words, hand_alt
from sandbox.fake_discord import FakeDiscord
from sandbox.fake_discord.model import FakeMessage
from tests.e2e.botkit import LeakWatch, kadi_hands_open, make_bot, my_hand, option_value
from tests.waiting import settled


def alt_of(message: FakeMessage) -> str:
    attachments = message.data.get("attachments") or []
    assert len(attachments) == 1, attachments
    description = attachments[0].get("description")
    assert description, f"{attachments[0]['filename']} has no alt text"
    return str(description)


def named(text: str) -> set[Card]:
    return {c for c in ALL_CARDS if re.search(rf"(?<![\w]){re.escape(card_words(c))}(?![\w])", text)}


def hand_of(table: Table, seat: int) -> set[Card]:
    assert table.game is not None
    return set(table.game.view(seat).hand)


async def test_every_picture_has_alt_text_and_a_hands_names_only_its_owners_cards(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        message, table, alice_hand, bob_hand = await kadi_hands_open(fake, bot, alice, bob)
        watch.accept_current()
        # (The table message still shows the deal before the deck was stacked: its picture is
        # checked once Alice's play has redrawn it.)
        assert alt_of(message).startswith("The table. Top card: ")
        alice_alt = alt_of(alice_hand)
        assert named(alice_alt) == hand_of(table, 0) and not named(alice_alt) & hand_of(table, 1)
        assert alice_alt == hand_alt(sorted(hand_of(table, 0), key=lambda c: (c.suit, c.rank)),
                                     sorted({m.cards[0] for m in table.game.legal_moves(0)  # type: ignore[union-attr]
                                             if m.kind == MoveKind.PLAY}, key=lambda c: (c.suit, c.rank)))
        assert named(alt_of(bob_hand)) == hand_of(table, 1)

        await fake.select(alice, alice_hand, option_value(alice_hand, "play 4H"))
        await settled(bot.presenter)
        # Her answer carries her new hand's picture and alt text; the table's follows the play.
        assert named(alt_of(alice_hand)) == hand_of(table, 0) and len(hand_of(table, 0)) == 3
        await fake.wait_for(lambda: "Top card: 4 of hearts." in alt_of(message), channel=message.channel_id,
                            timeout=10)
        table_alt = alt_of(message)
        assert "Alice, 3 cards" in table_alt and "Bob, 4 cards, to play" in table_alt
        assert not named(table_alt) & (hand_of(table, 0) | hand_of(table, 1)), "the table names a card in a hand"
        assert named(alt_of(bob_hand)) == hand_of(table, 1), "his hand message, redrawn after her play"
        bob_again = await my_hand(fake, bob, message)
        assert named(alt_of(bob_again)) == hand_of(table, 1)
        assert bob_again.visible_to == bob.id and not bob_again.public
        await watch.check(bot)
        assert watch.alt_checked > 0, "every public picture's alt text is checked against the hands"

        # The check can fail: Bob's hand's alt text on a public message is caught.
        forged = copy.deepcopy(message.data)
        forged["attachments"][0]["description"] = alt_of(bob_again)
        message.versions.append(forged)
        with pytest.raises(AssertionError, match="alt text names cards in a hand"):
            await watch.check(bot)
