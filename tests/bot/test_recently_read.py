"""Members' settings as the presenter remembers them (bot/ui/presenter/recently_read.py):
trusted for a minute, so a change made through another of the bot's processes shows
within one, and bounded, so a bot that meets many members does not keep each forever."""

from __future__ import annotations

from bot.ui.presenter.recently_read import SETTING_SECONDS, RecentlyRead


def test_a_setting_is_read_again_after_a_minute() -> None:
    now = [0.0]
    decks: RecentlyRead[str] = RecentlyRead(clock=lambda: now[0])
    assert decks.get(7) is None  # never read: the presenter reads the database
    decks.put(7, "two")
    now[0] = SETTING_SECONDS - 0.1
    assert decks.get(7) == "two"
    now[0] = SETTING_SECONDS  # another process may have saved "four" meanwhile
    assert decks.get(7) is None and len(decks) == 0


def test_the_least_recently_used_member_is_forgotten_first() -> None:
    decks: RecentlyRead[str] = RecentlyRead(most=2)
    decks.put(1, "two")
    decks.put(2, "four")
    assert decks.get(1) == "two"  # 1 is now the more recent
    decks.put(3, "two")
    assert decks.get(2) is None and decks.get(1) == "two" and decks.get(3) == "two"
    assert len(decks) == 2
