"""Every sentence or label the bot draws is written in bot/ui/text/, never inline in the
modules that lay messages out (so that a translation has one place to start from), nor
in the slash commands' own words: their descriptions, their options' and their choices'
names are declared in the cogs (``COMMAND_MODULES``) but written in bot/ui/text/ too
(``commands.py``, and beside their answers for /settings, seasons and presets).

The rule, checked from the source of ``LAYOUT_MODULES`` and ``COMMAND_MODULES``: a string literal is words
for a reader when it holds a word (two letters or more, in any alphabet) and either
a space or a capital letter. An f-string is read as its literal pieces with ``{}``
for each value, so ``f"{marker} **{name}**"`` only joins pieces and passes, while
``f"{count} card{'s' if count != 1 else ''}"`` is words ("{} card{}"). Not read:
docstrings and other bare string statements, and an f-string's format specs (``.0f``).
Custom ids (``t:{}:{}``), dict keys, actions and markdown (``**{}**``, ``<t:{}:R>``)
pass by themselves: lower case, no space, or no words. What would still read as
words but is never shown is listed in ``ALLOWED`` with its reason. Not caught: a
lower-case label of one word ("draw"), so such a label is to be avoided here too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAYOUT_MODULES = ("bot/ui/render.py", "bot/ui/components.py", "bot/ui/validation.py", "bot/ui/charts.py")
# Where slash commands are declared: every cog, and the commands every game's cog shares.
COMMAND_MODULES = ("bot/ui/game_cog.py", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "cogs").glob("*.py")))

ALLOWED = {
    "ask ": "a play menu entry's value: its cards, their asks offered next (read by the controller)",
    "ask {} /{}": "a menu entry's value opening one suit's demands (read by the controller)",
    "Controller": "a class's name, for typing.cast",
    "RGB": "a Pillow image mode (the /stats chart)",
    "PNG": "a Pillow file format (the /stats chart)",
    "play ": "a slash command's move as the controller reads it (``play`` and the cards given)",
    "reading the %s presets failed": "a log line (bot/ui/game_cog.py), for whoever runs the bot",
    "changing the %s presets failed": "a log line (bot/ui/game_cog.py), for whoever runs the bot",
    "reading the standings failed": "a log line (cogs/standings.py), for whoever runs the bot",
    "changing the seasons failed": "a log line (cogs/standings.py), for whoever runs the bot",
}

WORD = re.compile(r"[^\W\d_]{2,}")


def string_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of every string literal in ``source`` but its docstrings and other
    bare string statements; an f-string as its literal pieces with ``{}`` for each value
    (the expressions inside its values are read as literals of their own)."""
    tree = ast.parse(source)
    not_read: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant | ast.JoinedStr):
            not_read.update(id(inner) for inner in ast.walk(node.value))
        elif isinstance(node, ast.JoinedStr):
            for part in node.values:
                if isinstance(part, ast.Constant):
                    not_read.add(id(part))
                elif isinstance(part, ast.FormattedValue) and part.format_spec is not None:
                    not_read.update(id(inner) for inner in ast.walk(part.format_spec))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in not_read:
            continue
        if isinstance(node, ast.JoinedStr):
            found.append((node.lineno, "".join(
                str(part.value) if isinstance(part, ast.Constant) else "{}" for part in node.values)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append((node.lineno, node.value))
    return sorted(found)


def reads_as_words(text: str) -> bool:
    bare = text.replace("{}", "")
    words = WORD.findall(bare)
    return bool(words) and (any(c.isspace() for c in bare) or any(c.isupper() for w in words for c in w))


def inline_sentences(source: str) -> list[tuple[int, str]]:
    """The literals of ``source`` that read as words and are not ``ALLOWED``."""
    return [(line, text) for line, text in string_literals(source)
            if reads_as_words(text) and text not in ALLOWED]


def sentences_in(paths: tuple[str, ...]) -> list[str]:
    return [f"{path}:{line}: {text!r}" for path in paths
            for line, text in inline_sentences((ROOT / path).read_text(encoding="utf-8"))]


def test_layout_modules_write_no_sentence_of_their_own() -> None:
    found = sentences_in(LAYOUT_MODULES)
    assert not found, "words to move to bot/ui/text/:\n" + "\n".join(found)


def test_slash_commands_take_their_words_from_the_text_modules() -> None:
    """Descriptions, option descriptions and choice names, in English (docs/i18n.md), but
    written in bot/ui/text/ as every other word a member reads."""
    assert "cogs/kadi.py" in COMMAND_MODULES and "cogs/standings.py" in COMMAND_MODULES
    found = sentences_in(COMMAND_MODULES)
    assert not found, "words to move to bot/ui/text/:\n" + "\n".join(found)


SAMPLE = '''
def drawn(count, name, table, window):
    """A docstring is not drawn."""
    "Nor is a bare string."
    seats = "Seats"
    cards = f"{count} card{'s' if count != 1 else ''}"
    host = f"{name}{' (host)' if count else ''}"
    challenge = f"Challenge {name}"
    hint = f" ({window:.0f} s to decide)"
    custom_id = f"t:{table.id}:{name}"
    countdown = f" ⏱ <t:{int(table.deadline)}:R>"
    line = f"{count}. **{name}** — {window:.0f}"
    key = table.consent.agreed
    joined = "\\n".join([seats, " · ", "—", "\\u200b"])
    value = "ask " + " ".join(name)
'''


def test_the_rule_finds_sentences_and_labels_and_lets_layout_pass() -> None:
    assert inline_sentences(SAMPLE) == [
        (5, "Seats"), (6, "{} card{}"), (7, " (host)"), (8, "Challenge {}"), (9, " ({} s to decide)"),
    ]
