"""The standings' words from the catalogue (bot/ui/text/standings.py): English as the
leaderboard and /stats always said it (plurals, ordinals to 1st/2nd/3rd/11th/21st, numbers
ungrouped), and Kiswahili with no English word left."""

from __future__ import annotations

from bot.ui.text import standings
from bot.ui.text.i18n import speaking


def old_ordinal(n: int) -> str:  # what /stats said before the catalogue
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def test_english_comes_out_as_before() -> None:
    with speaking("en"):
        for place in range(1, 125):
            assert standings.place_count(place, 3) == f"{old_ordinal(place)} ×3"
        assert standings.figures(1, 1, 1.0, donkey=False, losses=0, points=12345) == (
            "1 win in 1 round · average rank 1.00 · 12345 points")
        assert standings.figures(0, 3, 2.0, donkey=True, losses=3, points=0) == (
            "0 wins in 3 rounds · average rank 2.00 · Donkey 3×")
        assert standings.rating_text(-1.25, 20.0, 7.5) == "rating **-1.2** (μ 20.0 ± 7.5)"
        assert standings.rating_text(None) == "unrated"
        assert standings.stats_rating(3.0, 25.0, 7.0, 1).endswith("· 1 rated round")
        assert standings.stats_title("Alice") == "Alice's standing"
        assert standings.board_footer(3, 2, computers_counted=False) == (
            "OpenSkill rating, μ − 3σ, from rounds with at least 2 humans; listed after 3 rounds."
            " Rounds with computer players count only with include_computer_rounds.")


def test_kiswahili_says_them_in_kiswahili() -> None:
    with speaking("sw"):
        assert standings.place_count(2, 3) == "wa 2 ×3"
        assert standings.stats_title("Alice") == "Msimamo wa Alice"
        assert "raundi 3" in standings.figures(0, 3, 2.0, donkey=True, losses=3, points=0)
        assert "round" not in standings.board_empty(3, 2, computers_counted=False).replace("_rounds", "")
