"""One code per meaning, one sentence per code: the engines' refusals, read from the source.

Every ``IllegalMove("code", ...)`` raised in bot/games has a sentence taking the details
it is raised with; a code two games raise is worded once, with the codes every game
shares (bot/ui/text/illegal.py), not by either game; a game's own sentences word only
codes its engine raises; and no two codes read alike (two codes for one meaning, as
Kadi's ``no-such-seat`` and Karata's ``not-seated`` were before issue 31).
"""

from __future__ import annotations

import ast
import inspect
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.ui.text import donkey, kadi, karata
from bot.ui.text.illegal import SENTENCES, SHARED

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = {"kadi": kadi.SENTENCES, "karata": karata.SENTENCES, "donkey": donkey.SENTENCES}


def raised() -> Iterator[tuple[str, str, str, set[str]]]:
    """(package, where, code, detail names) of every ``IllegalMove("...")`` in bot/games;
    the package is the game's (``kadi``, ...) or ``core``."""
    for path in sorted((ROOT / "bot/games").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "IllegalMove":
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                code = node.args[0]
                if isinstance(code, ast.Attribute) and code.attr == "code":
                    continue  # Move.parse passing the card notation's code on (tests/engine/test_core.py)
                assert isinstance(code, ast.Constant) and isinstance(code.value, str), f"{where}: a code is a string"
                package = path.parent.name if path.parent.name in GAMES else "core"
                yield package, where, code.value, {k.arg for k in node.keywords if k.arg is not None}


def test_every_code_raised_has_a_sentence_taking_its_details() -> None:
    found = list(raised())
    codes = {code for _, _, code, _ in found}
    assert {"match-over", "no-such-seat", "not-your-turn", "takes-nothing", "card-not-held"} <= codes
    for _, where, code, details in found:
        assert code in SENTENCES, f"{where}: no sentence for {code!r} in bot/ui/text"
        try:
            inspect.signature(SENTENCES[code]).bind(**dict.fromkeys(details))
        except TypeError as err:
            pytest.fail(f"{where}: {code!r} is raised with {sorted(details)}, its sentence takes otherwise: {err}")


def test_a_code_two_games_raise_is_worded_with_the_shared_ones() -> None:
    games_of: dict[str, set[str]] = defaultdict(set)
    for package, _, code, _ in raised():
        games_of[code].add(package)
    for code, packages in games_of.items():
        if len(packages) > 1 or packages == {"core"}:
            assert code in SHARED, f"{code!r} is raised by {sorted(packages)}: word it in bot/ui/text/illegal.py"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_words_only_the_codes_its_engine_raises(game: str) -> None:
    own = {code for package, _, code, _ in raised() if package == game}
    assert set(GAMES[game]) <= own, f"bot/ui/text/{game}.py words codes its engine never raises"


def test_no_two_codes_read_alike() -> None:
    """Each sentence said with a placeholder for every detail (the few that look a
    detail up, a suit's symbol, say, are left out)."""
    codes_of: dict[str, list[str]] = defaultdict(list)
    for code, formatter in SENTENCES.items():
        try:
            text = formatter(**{name: f"<{name}>" for name in inspect.signature(formatter).parameters})
        except (KeyError, AttributeError, TypeError):
            continue
        codes_of[text].append(code)
    assert {text: codes for text, codes in codes_of.items() if len(codes) > 1} == {}
