"""``/<game> rules`` through the fake Discord (issue 29, item 5): one private message that
opens on a short first page with a menu of sections; each choice shows that section in
place of the page, and ◀ ▶ page through them; a section too long for one message is cut
into parts, each listed in the menu."""

from __future__ import annotations

from pathlib import Path

from bot.ui.text import rules
from sandbox.fake_discord import FakeDiscord
from sandbox.fake_discord.model import FakeMessage
from tests.e2e.botkit import make_bot
from tests.waiting import settled


def menu_labels(message: FakeMessage) -> list[str]:
    return message.select().option_labels


def shown_label(message: FakeMessage) -> str:
    defaults = [o["label"] for o in message.select().options if o.get("default")]
    assert len(defaults) == 1, message.select().options
    return str(defaults[0])


async def test_rules_open_on_a_short_page_and_a_section_replaces_it(fake_discord: FakeDiscord,
                                                                    tmp_path: Path) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    pages = rules.pages(rules.markdown("kadi") or "")
    async with fake.run_bot(bot):
        opened = await fake.slash(alice, "kadi rules")
        message = opened.message
        assert message is not None and opened.ephemeral and not opened.followups, "one private message"
        assert message.content == pages[0].text and len(message.content) < 600, "a short first page"
        assert message.content.startswith("# Kadi (Kenyan Poker)")
        assert menu_labels(message) == [p.label for p in pages]
        assert menu_labels(message)[:3] == [rules.OVERVIEW, "Setup", "Your turn"] and "Scoring" in menu_labels(message)
        assert message.button(rules.PREVIOUS).disabled and not message.button(rules.NEXT).disabled

        chosen = await fake.select(alice, message, "Scoring")
        assert chosen.type == 7, "the section replaces the page, in the same message"
        assert message.content.startswith("## Scoring\n") and len(message.content) <= 2000
        assert shown_label(message) == "Scoring"
        assert not opened.followups

        paged = await fake.click(alice, message, rules.NEXT)
        assert paged.type == 7 and message.content.startswith("## The turn clock\n")
        await fake.click(alice, message, rules.PREVIOUS)
        assert message.content.startswith("## Scoring\n")
        await fake.select(alice, message, rules.OVERVIEW)
        assert message.content == pages[0].text

        # A section longer than one message is cut into parts, each listed in the menu.
        karata = await fake.slash(alice, "karata rules")
        assert karata.message is not None
        labels = menu_labels(karata.message)
        assert [label for label in labels if label.startswith("Special cards (")] == [
            "Special cards (1/3)", "Special cards (2/3)", "Special cards (3/3)"]
        await fake.select(alice, karata.message, "Special cards (2/3)")
        assert karata.message.content.startswith("## Special cards (2/3)\n")
        assert all(len(p.text) <= 2000 for p in rules.pages(rules.markdown("karata") or ""))
        await settled(bot.presenter)
