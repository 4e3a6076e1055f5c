"""Every word a member reads comes from the catalogue (issue 29): a round of each game
played in the pseudo-language (English with every catalogue run marked ⟦…⟧ and accented,
tests/catalogues.py), and every text the members saw, public and private, read for
English outside the marks: a word the code wrote itself. And a round of each game in
Kiswahili, read for any sentence of the English catalogue: a message Kiswahili lacks.

Allowed outside the marks: what every language writes alike (names, card codes, numbers,
symbols, mentions, timestamps, commands in backticks: ``tests.e2e.rounds.plain``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.ui.text import i18n
from sandbox.fake_discord import FakeDiscord
from tests import catalogues
from tests.catalogues import CLOSE, OPEN
from tests.e2e.botkit import make_bot
from tests.e2e.rounds import GAMES, Said, choose_language, everything_said, plain, play_a_round

# The members' and the server's names; the games' own names, which Kiswahili keeps too
# (docs/i18n.md's glossary: Kadi, Karata, Kadi Moja, Niko Kadi; Donkey is Punda); each
# language's name and tag (a language is named in itself); UTC.
PROPER = {"Kadi", "Karata", "Moja", "Niko", "UTC"}
NAMES = {"Alice", "Bob", "Carol", "Words"} | PROPER
MARKED = re.compile(re.escape(OPEN) + ".*?" + re.escape(CLOSE), re.S)
# A card or suit as the notation writes it (QS, 10H, JKR, S; a Joker 🃏R, 🃏B), a count (x3).
NOTATION = re.compile(r"^(?:[AJQK2-9]|10)?[SHDC]$|^JKR$|^[AJQKBR]$|^x\d+$")


@pytest.fixture
def pseudo_root(tmp_path: Path) -> Iterator[None]:
    root = catalogues.write_pseudo(tmp_path / "locales")
    i18n.add_root(root)
    try:
        yield
    finally:
        i18n.remove_root(root)


async def said_in_a_round(fake: FakeDiscord, tmp_path: Path, game: str, lang: str) -> list[Said]:
    guild = fake.add_guild("Words")
    alice = fake.add_member(guild, "alice", display_name="Alice", manage_guild=True)
    bob = fake.add_member(guild, "bob", display_name="Bob")
    carol = fake.add_member(guild, "carol", display_name="Carol")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3")
    async with fake.run_bot(bot):
        await choose_language(fake, lang, alice, bob, carol)
        table = await play_a_round(fake, bot, game, alice, bob, carol, lang)
    # The table's id (8 random letters and digits, in its title) is a name, not words:
    # "jmtbhsuf" once looked like an English run.
    return [Said(each.where, each.text.replace(table.id, " ")) for each in everything_said(fake)]


# A date as Babel writes it from CLDR (bot/ui/text/history.py): in the language's own month
# names, which a pseudo-language, unknown to CLDR, takes from English.
DATE = re.compile(r"\b\d{2} [A-Z][a-z]{2} \d{2}:\d{2}\b")
WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)*")


def allowed(word: str) -> bool:
    languages = set(i18n.languages()) | {i18n.name_of(lang) for lang in i18n.languages()}
    return word in NAMES or word in languages or NOTATION.match(word) is not None


def english_outside_the_marks(said: list[Said]) -> dict[str, tuple[int, Said]]:
    """Each run of words outside the pseudo-language's marks (words with only spaces,
    numbers and punctuation between them): how often it was seen, and where first."""
    found: dict[str, tuple[int, Said]] = {}
    for each in said:
        for piece in MARKED.split(plain(DATE.sub(" ", each.text))):
            run: list[str] = []
            for token in [*re.split(r"([A-Za-z]+(?:['’][A-Za-z]+)*|[\n|•—:;,.!?()\[\]]+)", piece), ";"]:
                if WORD.fullmatch(token) and not allowed(token):
                    run.append(token)
                elif run and (WORD.fullmatch(token) or re.search(r"[\n|•—:;,.!?()\[\]]", token)):
                    phrase = " ".join(run)
                    count, first = found.get(phrase, (0, each))
                    found[phrase] = (count + 1, first)
                    run = []
    return found


@pytest.mark.parametrize("game", GAMES)
async def test_a_round_in_the_pseudo_language_shows_no_english(
        fake_discord: FakeDiscord, tmp_path: Path, pseudo_root: None, game: str) -> None:
    said = await said_in_a_round(fake_discord, tmp_path, game, catalogues.PSEUDO)
    assert any(OPEN in s.text for s in said), "the round was not in the pseudo-language"
    found = english_outside_the_marks(said)
    assert not found, f"{len(found)} runs of words not from the catalogue:\n" + "\n".join(
        f"{phrase!r} ({count}x), first in {each}" for phrase, (count, each) in sorted(found.items()))


def english_sentences_in(said: list[Said], runs: dict[str, str]) -> dict[str, Said]:
    """Each English catalogue run (of 3 words or more) found in what was said: where."""
    found: dict[str, Said] = {}
    patterns = {run: re.compile(r"(?<![\w])" + re.escape(run) + r"(?![\w])") for run in runs}
    for each in said:
        text = " ".join(plain(each.text).split())
        for run, pattern in patterns.items():
            if run not in found and pattern.search(text):
                found[run] = each
    return found


@pytest.mark.parametrize("game", GAMES)
async def test_a_round_in_kiswahili_shows_no_english_sentence(
        fake_discord: FakeDiscord, tmp_path: Path, game: str) -> None:
    said = await said_in_a_round(fake_discord, tmp_path, game, "sw")
    runs = catalogues.english_runs(names=PROPER)
    found = english_sentences_in(said, runs)
    assert not found, f"{len(found)} English sentences in the Kiswahili round:\n" + "\n".join(
        f"{run!r} ({runs[run]}) in {each}" for run, each in sorted(found.items()))


def test_the_checks_find_english() -> None:
    """The checks themselves, on texts made up: a run of English outside the marks is found
    (a name, a card, a command, a mention, a table id and a date are not), and an English
    sentence of the catalogue in a Kiswahili text is found."""
    said = [Said("a", "⟦Ýöû ƥļàýéđ⟧ QS 10H 🃏R `draw` /kadi <@12> <t:1:R> 6o4jy03a 03 Dec 18:18 Alice'⟦š⟧"),
            Said("b", "Computer 1 ⟦ƥļàýéđ⟧ J♠ (easy)")]
    found = english_outside_the_marks(said)
    assert sorted(found) == ["Computer", "easy"], found
    runs = {"Only the host can start the table": "refusal-not-host"}
    assert list(english_sentences_in([Said("c", "Only the host can start the table.")], runs)) == list(runs)
    assert not english_sentences_in([Said("c", "Mwenyeji tu ndiye anayeweza kuanzisha meza.")], runs)
