"""Every screen of a round within Discord's limits in every language (issue 29): a round of
each game played in English, Kiswahili and the pseudo-language (English marked and
accented, a little longer: tests/catalogues.py), and every version of every message the
members saw measured: content, embeds and their total, buttons (and a phone's width),
menus, alt text (tests/e2e/rounds.py, LIMITS)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.ui.text import i18n
from sandbox.fake_discord import FakeDiscord
from tests import catalogues
from tests.e2e.botkit import make_bot
from tests.e2e.rounds import GAMES, choose_language, everything_said, over_the_limits, play_a_round


@pytest.fixture
def pseudo_root(tmp_path: Path) -> Iterator[None]:
    root = catalogues.write_pseudo(tmp_path / "locales")
    i18n.add_root(root)
    try:
        yield
    finally:
        i18n.remove_root(root)


@pytest.mark.parametrize("lang", ["en", "sw", catalogues.PSEUDO])
@pytest.mark.parametrize("game", GAMES)
async def test_a_round_stays_within_discords_limits(fake_discord: FakeDiscord, tmp_path: Path,
                                                     pseudo_root: None,
                                                     game: str, lang: str) -> None:
    fake = fake_discord
    guild = fake.add_guild("Limits")
    alice = fake.add_member(guild, "alice", display_name="Alice", manage_guild=True)
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        await choose_language(fake, lang, alice, bob, carol)
        await play_a_round(fake, bot, game, alice, bob, carol, lang)
    assert sum(1 for _ in everything_said(fake)) > 50
    wrong = over_the_limits(fake)
    assert not wrong, "\n".join(wrong)
