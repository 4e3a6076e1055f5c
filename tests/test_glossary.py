"""The Kiswahili glossary (docs/i18n.md, "Glossary") is the word the bot uses.

The glossary is a markdown table: English term, Kiswahili term, the stems ("forms") a
Kiswahili sentence using the term contains, the games it belongs to, where it comes from
(the Kadi rules text's Kiswahili summary, or our choice) and why. These tests read it and
check that:

- a term said to come from the summary is in the summary (kept at the end of the English
  Kadi rules page, "## Kiswahili");
- each game's Kiswahili rules page uses every term of that game;
- every ``sw`` catalogue message whose English message uses a term contains one of the
  term's forms: the catalogue says what the glossary says.
"""

from __future__ import annotations

import inspect
import re
from importlib import resources
from pathlib import Path

import pytest

from bot.ui.text import rules

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "i18n.md"
LOCALES = ROOT / "bot" / "ui" / "text" / "locales"
GAMES = ("kadi", "karata", "donkey")
SOURCES = {"summary", "choice"}


def glossary() -> list[dict[str, str]]:
    """The rows of the glossary table, as dicts keyed by its (lower-case) header."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split("\n## Glossary", 1)[1]
    section = re.split(r"\n## ", section, maxsplit=1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip().lower() for cell in lines[0].strip("|").split("|")]
    rows = []
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        assert len(cells) == len(header), f"glossary row with {len(cells)} cells: {line}"
        rows.append(dict(zip(header, cells, strict=True)))
    return rows


def forms(row: dict[str, str]) -> list[str]:
    return [f.strip().lower() for f in row["forms"].split(",") if f.strip()]


def games(row: dict[str, str]) -> set[str]:
    return {g.strip() for g in row["games"].split(",")} - {"—"}


def uses(text: str, row: dict[str, str]) -> bool:
    text = text.lower()
    return any(f in text for f in forms(row))


# English phrases that use a glossary term in another sense: a player "ranks last" (a
# standing, not a card's rank); a "blocked" round is stuck (*imekwama*), not a bomb blocked;
# one asks a question (*uliza*) and players are asked to agree, neither a request (*omba*).
OTHER_SENSES = ("ranks last", "ranks first", "ranks highest", "is blocked", "blocked round",
                "ask a question", "are asked")
CODE = re.compile(r"`[^`]*`")  # what a member types (`draw`, `ask S`) is the same in every language


def english_uses(text: str, term: str) -> bool:
    """Whether English ``text`` uses ``term`` (a word, or the start of one: "skip" in
    "skipped"; never inside another word or a command, so "card" is not in "discard",
    nor "donkey" in "/donkey new")."""
    text = CODE.sub(" ", text.lower())
    for phrase in OTHER_SENSES:
        text = text.replace(phrase, " ")
    return re.search(r"(?<![\w/-])" + re.escape(term.lower()), text) is not None


def sw_rules_page(game: str) -> str:
    place = resources.files(rules) / "sw" / f"{game}.md"
    return place.read_text(encoding="utf-8")


ROWS = glossary()


def test_the_glossary_is_a_full_table() -> None:
    assert len(ROWS) >= 30
    english = [row["english"].lower() for row in ROWS]
    assert len(english) == len(set(english)), "an English term twice"
    for row in ROWS:
        assert row["kiswahili"] and forms(row), row
        assert row["source"] in SOURCES, row
        assert row["why"], row
        assert row["games"] == "—" or set(g.strip() for g in row["games"].split(",")) <= set(GAMES), row
    # The words the issue names are all there.
    for word in ("Niko Kadi", "karata", "aina", "chukua", "maswali", "majibu", "zuia", "ruka", "geuza", "omba"):
        assert any(word.lower() in row["kiswahili"].lower() for row in ROWS), word


def test_summary_terms_are_in_the_summary() -> None:
    english_kadi = rules.markdown("kadi")
    assert english_kadi is not None
    summary = english_kadi.split("\n## Kiswahili", 1)[1].split("\n## ", 1)[0]
    for row in ROWS:
        if row["source"] == "summary":
            assert uses(summary, row), f"{row['kiswahili']} is said to come from the summary but isn't in it"


@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_uses_the_glossary(game: str) -> None:
    page = sw_rules_page(game)
    missing = [row["kiswahili"] for row in ROWS if game in games(row) and not uses(page, row)]
    assert not missing, f"sw/{game}.md doesn't use {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_has_the_english_pages_sections(game: str) -> None:
    english = rules.markdown(game)
    assert english is not None
    kiswahili = sw_rules_page(game)
    assert len(rules.HEADING.findall(kiswahili)) == len(rules.HEADING.findall(english))
    assert len(re.findall(r"^### ", kiswahili, re.M)) == len(re.findall(r"^### ", english, re.M))
    for page in rules.pages(kiswahili):
        assert len(page.text) <= 2000 and len(page.label) <= rules.LABEL_LIMIT


def test_the_kadi_page_keeps_the_summary_whole() -> None:
    english_kadi = rules.markdown("kadi")
    assert english_kadi is not None
    summary = english_kadi.split("\n## Kiswahili", 1)[1].split("\n## ", 1)[0].strip()
    assert summary in sw_rules_page("kadi")


# ------------------------------------------------------------ the catalogue

PLACEABLE_NAMES = re.compile(
    r"\$[\w-]+"  # variables
    r"|\*?\[[^\]\n]*\]"  # variant keys
    r"|->"
    r"|\b[A-Z]+\("  # functions (NUMBER(...))
    r"|\{\s*-?[a-z][\w-]*(?:\.[\w-]+)?\s*\}"  # message and term references
)


def catalogue(lang: str, locales: Path = LOCALES) -> dict[str, str]:
    """Every message (and attribute, as ``id.attr``) of ``lang``'s catalogue: its text
    with the placeables' names taken out, so that ``$card`` is not the word "card"."""
    out: dict[str, str] = {}
    for path in sorted((locales / lang).glob("*.ftl")):
        current: str | None = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            message = re.match(r"^(-?[a-zA-Z][\w-]*)\s*=\s?(.*)$", line)
            attribute = re.match(r"^\s+\.([\w-]+)\s*=\s?(.*)$", line)
            if message:
                current = message.group(1)
                out[current] = message.group(2)
                base = current
            elif attribute and current is not None:
                current = f"{base}.{attribute.group(1)}"
                out[current] = attribute.group(2)
            elif current is not None and line[:1].isspace():
                out[current] += "\n" + line.strip()
    return {key: PLACEABLE_NAMES.sub(" ", value) for key, value in out.items()}


def disagreements(english: dict[str, str], kiswahili: dict[str, str]) -> list[str]:
    """Each ``sw`` message whose English uses a glossary term but which holds none of its forms."""
    wrong = []
    for row in ROWS:
        for key, text in english.items():
            if english_uses(text, row["english"]) and key in kiswahili and not uses(kiswahili[key], row):
                wrong.append(f"{key}: {row['english']!r} in English, none of {forms(row)} in sw: {kiswahili[key]!r}")
    return wrong


def test_the_check_finds_a_wrong_word(tmp_path: Path) -> None:
    """The check itself: a sw message with another word for a term is found; variables,
    commands and other senses of a word are not taken for the term."""
    english = {"drew": "{ $who } draws a card.", "skip": "Take the skip", "cmd": "Start one with /donkey new.",
               "var": "You don't hold { $card }.", "last": "{ $who } ranks last."}
    kiswahili = {"drew": "{ $who } alivuta karata.", "skip": "Kubali kurukwa", "cmd": "Anzisha kwa /donkey new.",
                 "var": "Huna { $card }.", "last": "{ $who } ni wa mwisho."}
    for where, texts in (("en", english), ("sw", kiswahili)):
        (tmp_path / where).mkdir()
        (tmp_path / where / "x.ftl").write_text("".join(f"{k} = {v}\n" for k, v in texts.items()), encoding="utf-8")
    wrong = disagreements(catalogue("en", tmp_path), catalogue("sw", tmp_path))
    assert len(wrong) == 1 and wrong[0].startswith("drew: 'draw'")


def test_the_catalogue_uses_the_glossary() -> None:
    if not (LOCALES / "sw").is_dir() or not (LOCALES / "en").is_dir():
        pytest.skip("no en and sw catalogues yet (bot/ui/text/locales/)")
    english, kiswahili = catalogue("en"), catalogue("sw")
    assert english and kiswahili
    wrong = disagreements(english, kiswahili)
    assert not wrong, "\n".join(wrong)


# ------------------------------------------------------------ the refusals, until the English catalogue

CARD_DETAILS = {"card", "first", "base", "top", "joker", "answer", "question", "drawn", "ace", "jack", "demand"}
NUMBER_DETAILS = {"bomb", "bomb_kind", "stack", "seats", "needed", "opponents", "max_seats"}


def english_refusals() -> dict[str, str]:
    """Every refusal code's English sentence (bot/ui/text/illegal.py), said with sample details."""
    from bot.games.cards import card
    from bot.games.core.moves import MoveKind
    from bot.ui.text import illegal

    out = {}
    for code, formatter in illegal.SENTENCES.items():
        details: dict[str, object] = {}
        for parameter in inspect.signature(formatter).parameters.values():
            if parameter.default is not inspect.Parameter.empty:
                continue
            name = parameter.name
            details[name] = (card("JKR") if name == "joker" else card("QS")) if name in CARD_DETAILS else (
                2 if name in NUMBER_DETAILS else False if name in ("any_bomb", "on_demand")
                else ["easy"] if name == "levels" else "S" if name == "suit" else "Amina")
        out[f"refusal-{code}"] = formatter(**details)
    # The moves a member may type, listed by name: commands, said alike in every language.
    out["refusal-not-a-move"] = out["refusal-not-a-move"].replace(", ".join(sorted(MoveKind)), "`moves`")
    return out


def test_every_refusal_has_its_kiswahili_sentence_in_the_glossarys_words() -> None:
    """Each refusal code (the message id is "refusal-" and the code) has a sw sentence, and it says the glossary's word
    for every term its English sentence uses."""
    english, kiswahili = english_refusals(), catalogue("sw")
    assert not sorted(set(english) - set(kiswahili)), "refusal codes with no sw sentence"
    wrong = disagreements(english, kiswahili)
    assert not wrong, "\n".join(wrong)


def test_kiswahili_buttons_and_menus_fit_discord_and_a_phone() -> None:
    """Discord's limits: a button label 80 characters, a menu's placeholder 150 and its
    options 100; and a button short enough for a phone (at most 25, as the English ones)."""
    kiswahili = catalogue("sw")
    for key, text in kiswahili.items():
        if key.endswith("-button"):
            assert len(text) <= 25, (key, text)
        if key.endswith(("-button", "-label")) or key.startswith(("kadi-move-", "karata-move-", "move-")):
            assert len(text) <= 80, (key, text)
        if key.endswith("-placeholder"):
            assert len(text) <= 150, (key, text)
