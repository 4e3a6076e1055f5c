"""The rules pages players read with ``/<game> rules``, and how they are cut for a phone.

The pages are the markdown files beside this module (``kadi.md``, ``karata.md``,
``donkey.md``: the one copy of each game's rules; ``docs/rules/`` points here). They are
package data, read with ``importlib.resources``, so every install has them, a wheel
included. Nothing here imports anything but the standard library: the pages can be read
without the bot's dependencies.

``pages(markdown)`` cuts a page into what one Discord message holds: first a short
overview (the title and the lines before the first ``##`` heading), then one page per
``##`` section; a section longer than one message is cut into parts at its paragraphs,
each listed on its own ("Special cards (1/2)").
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources

PAGE_LIMIT = 1900  # a Discord message holds 2,000 characters
LABEL_LIMIT = 100  # a menu option's label

OVERVIEW = "Overview"
MENU_PLACEHOLDER = "Choose a part of the rules"
PREVIOUS = "◀ Back"
NEXT = "Next ▶"
CHOOSE_BELOW = "*Choose a part of the rules from the menu below, or page through them with ▶.*"


def no_rules_page(title: str) -> str:
    return f"No rules page for {title} yet."


def part(heading: str, number: int, parts: int) -> str:
    """A part of a section too long for one message."""
    return f"{heading} ({number}/{parts})"


@dataclass(frozen=True, slots=True)
class RulesPage:
    """One message of the rules: its name in the menu and its text."""

    label: str
    text: str


def markdown(game: str) -> str | None:
    """``game``'s rules page (its markdown), or None if it has none."""
    if not re.fullmatch(r"[a-z]+", game):
        return None
    place = resources.files(__name__) / f"{game}.md"
    return place.read_text(encoding="utf-8") if place.is_file() else None


HEADING = re.compile(r"^## +(.+?) *$", re.MULTILINE)


def _plain(heading: str) -> str:
    """A heading as a menu label: no markdown emphasis, at most ``LABEL_LIMIT`` characters."""
    label = re.sub(r"[*_`]", "", heading).strip()
    return label if len(label) <= LABEL_LIMIT else label[:LABEL_LIMIT - 1].rstrip() + "…"


def _pieces(body: str, room: int) -> list[str]:
    """``body`` cut at its paragraphs (then lines, then characters) into pieces of at most
    ``room`` characters."""
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", body.strip()):
        if len(block) <= room:
            blocks.append(block)
            continue
        for line in block.split("\n"):
            while len(line) > room:
                blocks.append(line[:room])
                line = line[room:]
            blocks.append(line)
    out: list[str] = []
    for block in blocks:
        joined = f"{out[-1]}\n\n{block}" if out else block
        if out and len(joined) <= room:
            out[-1] = joined
        else:
            out.append(block)
    return out or [""]


@functools.lru_cache(maxsize=32)
def pages(text: str) -> tuple[RulesPage, ...]:
    """The rules page ``text`` as messages: the overview, then each section (or its parts)."""
    found = list(HEADING.finditer(text))
    intro = text[:found[0].start()] if found else text
    overview = _pieces(intro, PAGE_LIMIT - len(CHOOSE_BELOW) - 2)[0]
    out = [RulesPage(OVERVIEW, f"{overview}\n\n{CHOOSE_BELOW}" if found else overview)]
    for i, match in enumerate(found):
        heading = match.group(1)
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        body = text[match.end():end]
        header = f"## {part(heading, 9, 9)}\n\n"  # the room a part's heading takes at most
        pieces = _pieces(body, PAGE_LIMIT - len(header))
        for n, piece in enumerate(pieces, start=1):
            title = heading if len(pieces) == 1 else part(heading, n, len(pieces))
            out.append(RulesPage(_plain(title), f"## {title}\n\n{piece}"))
    return tuple(out)


def rules_pages(text: str) -> list[str]:
    """The messages of the rules page ``text``, the overview first."""
    return [page.text for page in pages(text)]
