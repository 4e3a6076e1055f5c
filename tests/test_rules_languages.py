"""The rules pages in the reader's language (issue 29): ``rules.markdown(game)`` reads
``rules/<lang>/<game>.md`` for the language of the moment (or the one given), English's
``rules/<game>.md`` where a language has none; the pages' labels, the menu and ◀ ▶ are
in the catalogue of that language; and ``/<game> rules``'s answer path (``GameUI`` and
``components.rules_layout``) follows it."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest

from bot.registry import game_uis
from bot.ui.components import rules_layout
from bot.ui.text import rules
from bot.ui.text.i18n import speaking

GAMES = ("kadi", "karata", "donkey")


def page(*parts: str) -> str:
    return (resources.files(rules).joinpath(*parts)).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_each_game_reads_its_kiswahili_page_in_kiswahili(game: str) -> None:
    english, kiswahili = page(f"{game}.md"), page("sw", f"{game}.md")
    assert english != kiswahili
    assert rules.markdown(game) == english
    assert rules.markdown(game, "sw") == kiswahili
    assert rules.markdown(game, "sw-KE") == kiswahili, "a regional language reads its base language's page"
    with speaking("sw"):
        assert rules.markdown(game) == kiswahili
        assert rules.markdown(game, "en") == english, "a language given outright wins over the moment's"


@pytest.mark.parametrize("lang", ["fr", "xx", "qps", "../sw", "sw/../.."])
def test_a_language_with_no_page_reads_the_english_one(lang: str) -> None:
    with speaking(lang):
        assert rules.markdown("kadi") == page("kadi.md")
    assert rules.markdown("kadi", lang) == page("kadi.md")
    assert rules.markdown("nosuchgame", lang) is None


def test_the_pages_labels_and_buttons_are_in_the_language_of_the_moment() -> None:
    english_page = rules.markdown("kadi") or ""
    english = rules.pages(english_page)
    with speaking("sw"):
        kiswahili = rules.pages(rules.markdown("kadi") or "")
        assert kiswahili[0].label == rules.OVERVIEW == "Muhtasari"
        assert kiswahili[0].text.endswith(rules.CHOOSE_BELOW) and "menyu" in rules.CHOOSE_BELOW
        assert (rules.PREVIOUS, rules.NEXT, rules.MENU_PLACEHOLDER) == ("◀ Nyuma", "Mbele ▶", "Chagua sehemu ya sheria")
        assert rules.no_rules_page("Kadi") == "Bado hakuna ukurasa wa sheria za Kadi."
        assert rules.part("Karata maalum", 1, 2) == "Karata maalum (1/2)"
        # The same English text cut in Kiswahili: the labels are Kiswahili, the sections English.
        cut_here = rules.pages(english_page)
    assert english[0].label == rules.OVERVIEW == "Overview", "pages are cached per language"
    assert cut_here[0].label == "Muhtasari" and cut_here[1].label == english[1].label
    assert rules.pages(english_page, "sw") == cut_here
    assert all(len(p.text) <= 2000 and len(p.label) <= rules.LABEL_LIMIT for p in kiswahili)
    assert not any("rules-" in p.label or p.text.endswith("rules-choose-below") for p in kiswahili)


def labels_of(view: Any) -> tuple[str, list[str]]:
    select, *buttons = view.children
    return select.item.placeholder, [button.item.label for button in buttons]


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_answer_follows_the_language_of_the_moment(game: str) -> None:
    """What ``/<game> rules`` shows (the presenter's ``_rules_screen``: ``GameUI.rules_pages``
    and ``rules_layout``), in Kiswahili and in English."""
    ui = game_uis()[game]
    english_pages = ui.rules_pages()
    english = labels_of(rules_layout(game, [p.label for p in english_pages], 0))
    with speaking("sw"):
        pages = ui.rules_pages()
        shown = labels_of(rules_layout(game, [p.label for p in pages], 0))
    assert pages[0].text.startswith(page("sw", f"{game}.md")[:40])
    assert pages[0].label == "Muhtasari" and english_pages[0].label == "Overview"
    assert shown == ("Chagua sehemu ya sheria", ["◀ Nyuma", "Mbele ▶"])
    assert english == ("Choose a part of the rules", ["◀ Back", "Next ▶"])
