"""The catalogues are whole (issue 29): every language's files parse, say something in
every message, and give each message the same variables as English; a message one calls
is there in the same language (Fluent never looks for it in English). The completeness
check (``tests.catalogues.gaps``) is tried on a language known to be incomplete, the
small French catalogue of docs/i18n.md's "Adding a language" (tests/locales/fr/), which
the bot then offers and fills in with English.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.ui.text import i18n
from tests import catalogues
from tests.catalogues import PSEUDO, Catalogue, read

TEST_LOCALES = Path(__file__).resolve().parent / "locales"


@pytest.fixture
def french() -> Iterator[Path]:
    """The bot with tests/locales/ added, as docs/i18n.md says a language is added."""
    i18n.add_root(TEST_LOCALES)
    try:
        yield TEST_LOCALES
    finally:
        i18n.remove_root(TEST_LOCALES)


@pytest.fixture
def pseudo_language(tmp_path: Path) -> Iterator[str]:
    root = catalogues.write_pseudo(tmp_path)
    i18n.add_root(root)
    try:
        yield PSEUDO
    finally:
        i18n.remove_root(root)


def shipped() -> list[str]:
    return list(i18n.languages())


def test_the_shipped_languages_are_found() -> None:
    assert shipped()[0] == "en" and "sw" in shipped()


@pytest.mark.parametrize("lang", shipped())
def test_every_file_parses_and_every_message_says_something(lang: str) -> None:
    catalogue = read(lang)
    assert catalogue.entries, f"{lang} has no messages"
    assert not catalogue.junk, f"{lang}: Fluent could not parse:\n" + "\n".join(catalogue.junk)
    assert not catalogue.twice, f"{lang}: ids defined twice (the last one wins, silently): {catalogue.twice}"
    empty = sorted(key for key, entry in catalogue.entries.items() if entry.empty)
    assert not empty, f"{lang}: messages that say nothing: {empty}"


def unknown_references(catalogue: Catalogue) -> list[str]:
    """``{ other }`` or ``{ -term }`` naming nothing in the same language: Fluent shows
    the braces and the id to the member (it never falls back to English inside a message)."""
    wrong = []
    for key, entry in sorted(catalogue.entries.items()):
        for called in sorted(entry.messages):
            if called.split(".")[0] not in catalogue.entries:
                wrong.append(f"{entry.file} {key} calls {called}")
        for term in sorted(entry.terms):
            if f"-{term}" not in catalogue.entries:
                wrong.append(f"{entry.file} {key} uses -{term}")
    return wrong


@pytest.mark.parametrize("lang", shipped())
def test_every_message_called_is_in_the_same_language(lang: str) -> None:
    wrong = unknown_references(read(lang))
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", [lang for lang in shipped() if lang != i18n.DEFAULT])
def test_every_message_takes_the_same_variables_as_in_english(lang: str) -> None:
    """The code passes English's variables: a translation naming another one shows an
    error in its place, and one leaving a variable out drops what the code said."""
    different = catalogues.gaps(lang).other_variables
    assert not different, "\n".join(different)


@pytest.mark.parametrize("lang", [lang for lang in shipped() if lang != i18n.DEFAULT])
def test_every_english_message_is_in_every_language(lang: str) -> None:
    """A message a shipped language lacks is read in English in the middle of it."""
    missing = catalogues.gaps(lang).missing
    assert not missing, f"{lang} lacks {len(missing)} messages: {list(missing)}"


# Kiswahili's draft (sw/ui.ftl): messages written before English had them (the rules
# menus, the four-colour deck's choices), kept until English gives them their ids; nobody
# asks for them, and none may be a message English has (it belongs in its own file then).
DRAFTS = {"sw/ui.ftl"}


@pytest.mark.parametrize("lang", [lang for lang in shipped() if lang != i18n.DEFAULT])
def test_no_language_has_a_message_english_lacks(lang: str) -> None:
    """A message English no longer has is never asked for: a translation left behind."""
    stale = catalogues.gaps(lang, ignore_files=DRAFTS).stale
    assert not stale, f"{lang} has {len(stale)} messages English lacks: {list(stale)}"


def test_the_draft_holds_only_what_english_lacks() -> None:
    english = read(i18n.DEFAULT).entries
    drafted = [(key, entry.file) for lang in shipped() for key, entry in read(lang).entries.items()
               if entry.file in DRAFTS and key in english]
    assert not drafted, f"messages English has, still in a draft (move them to their file): {drafted}"


# ------------------------------------------------------------ the check itself


def test_the_check_finds_what_is_wrong(tmp_path: Path) -> None:
    """A language with a message missing, one English lacks, one taking another variable,
    one saying nothing, a line Fluent cannot parse and a call of a message it lacks:
    each is found, by name."""
    (tmp_path / "en").mkdir()
    (tmp_path / "zz").mkdir()
    (tmp_path / "en" / "x.ftl").write_text(
        "a = One { $count ->\n    [one] card\n   *[other] cards\n}\n"
        "b = Hello { $who }\nc = Bye\nd = See { c }\n", encoding="utf-8")
    (tmp_path / "zz" / "x.ftl").write_text(
        "a = Moja { $number }\nb = {\"\"}\nold = Zamani\nd = Ona { e }\n= broken\n", encoding="utf-8")
    english, other = _read_at(tmp_path, "en"), _read_at(tmp_path, "zz")
    assert other.junk and "broken" in other.junk[0]
    assert [k for k, e in other.entries.items() if e.empty] == ["b"]
    assert unknown_references(other) == ["zz/x.ftl d calls e"]
    assert catalogues.all_variables(english, "a") == {"count"}
    gaps = _gaps_at(tmp_path, "zz")
    assert gaps.missing == ("c",) and gaps.stale == ("old",)
    assert gaps.other_variables == ("a: en ['count'] / zz ['number']", "b: en ['who'] / zz []")
    assert not gaps.complete


def _read_at(root: Path, lang: str) -> Catalogue:
    saved = list(i18n.ROOTS)
    i18n.ROOTS[:] = [root]
    try:
        return read(lang)
    finally:
        i18n.ROOTS[:] = saved


def _gaps_at(root: Path, lang: str) -> catalogues.Gaps:
    return catalogues.gaps(lang, english=_read_at(root, "en"), other=_read_at(root, lang))


# ------------------------------------------------------------ adding a language (docs/i18n.md)


def test_a_language_added_is_offered_and_filled_in_with_english(
        french: Path, caplog: pytest.LogCaptureFixture) -> None:
    assert "fr" in i18n.languages() and i18n.languages()[0] == "en"
    assert i18n.name_of("fr") == "français"
    assert i18n.known("fr-CA") == "fr"
    assert i18n.text("answer-done", "fr") == "C'est fait."
    assert i18n.text("refusal-table-full", "fr", seats=4) == "La table est complète (4 places)."
    assert i18n.text("answer-left", "fr", how="host", new_host="Amina") == \
        "Vous avez quitté la table ; Amina est l'hôte désormais."
    with i18n.speaking("fr"), caplog.at_level(logging.ERROR):
        assert i18n.text("answer-done") == "C'est fait."
        # What French lacks is said in English, and nothing is logged as an error.
        assert i18n.text("answer-game-won") == i18n.text("answer-game-won", "en") == "You won the game!"
    assert not caplog.records


def test_the_completeness_check_lists_an_added_language_as_incomplete(french: Path) -> None:
    gaps = catalogues.gaps("fr")
    assert not gaps.complete
    assert "answer-game-won" in gaps.missing and "answer-done" not in gaps.missing
    assert not gaps.stale and not gaps.other_variables
    french_catalogue = read("fr")
    assert not french_catalogue.junk and not unknown_references(french_catalogue)


# ------------------------------------------------------------ the pseudo-language


def test_the_pseudo_language_is_english_marked(pseudo_language: str) -> None:
    """Made from English, it has every English message with the same variables; its
    words are accented and marked, what the code passes in is not."""
    assert pseudo_language in i18n.languages()
    assert catalogues.gaps(pseudo_language).complete
    assert not read(pseudo_language).junk
    said = i18n.text("refusal-not-your-turn", pseudo_language, turn="Amina")
    assert said == "⟦Îţ'š ñöţ ýöûŕ ţûŕñ: îţ'š⟧ Amina'⟦š⟧."
    assert i18n.text("refusal-empty-move", pseudo_language) == \
        "⟦Ţĥàţ ɱöṽé îš éɱƥţý: ţŕý `play QS`, `draw` öŕ `pass`⟧."
    assert i18n.text("answer-left", pseudo_language, how="lobby", new_host="") == "⟦Ýöû ļéƒţ ţĥé ţàƀļé⟧."


# ------------------------------------------------------------ what was said is kept


def test_a_message_said_again_is_the_same_and_a_broken_one_is_logged_each_time(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """``text`` keeps what it said (the catalogues do not change while the bot runs), per
    language and per arguments; a catalogue added later is read afresh; a message that
    fails to format is logged every time it is said, not once."""
    assert i18n.text("refusal-not-your-turn", "en", turn="Amina") == i18n.text("refusal-not-your-turn", "en",
                                                                                turn="Amina")
    assert i18n.text("refusal-not-your-turn", "en", turn="Bao") != i18n.text("refusal-not-your-turn", "en",
                                                                              turn="Amina")
    assert i18n.text("refusal-match-over", "sw") != i18n.text("refusal-match-over", "en")
    (tmp_path / "zz").mkdir()
    (tmp_path / "zz" / "x.ftl").write_text("refusal-match-over = Over!\nbroken = Hi { $who }\n", encoding="utf-8")
    i18n.add_root(tmp_path)
    try:
        assert i18n.text("refusal-match-over", "zz") == "Over!"
        for _ in range(2):
            with caplog.at_level(logging.ERROR, logger="bot.ui.text.i18n"):
                caplog.clear()
                i18n.text("broken", "zz")
            assert any("broken" in r.getMessage() for r in caplog.records)
    finally:
        i18n.remove_root(tmp_path)
    assert i18n.text("refusal-match-over", "zz") == i18n.text("refusal-match-over", "en")
