"""The rules pages players read with ``/<game> rules``, and how they are cut for a phone.

The pages are the markdown files beside this module: ``kadi.md``, ``karata.md``,
``donkey.md`` in English (the one copy of each game's rules; ``docs/rules/`` points here),
and ``<lang>/<game>.md`` in another language (``sw/kadi.md``). They are package data, read
with ``importlib.resources``, so every install has them, a wheel included. A page is read
in the language of the moment (``i18n.speaking``), in English where that language has no
page; the pages' own words (the menu, ◀ ▶, "Overview") are in the catalogues
(``locales/<lang>/rules.ftl``), read as module attributes (``rules.OVERVIEW``) when used.

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

from bot.ui.text import i18n

PAGE_LIMIT = 1900  # a Discord message holds 2,000 characters
LABEL_LIMIT = 100  # a menu option's label

_CONSTANTS = {"OVERVIEW": "rules-overview",
              "MENU_PLACEHOLDER": "rules-menu-placeholder",
              "PREVIOUS": "rules-previous",
              "NEXT": "rules-next",
              "CHOOSE_BELOW": "rules-choose-below"}


def __getattr__(name: str) -> str:
    if name in _CONSTANTS:
        return i18n.text(_CONSTANTS[name])
    raise AttributeError(name)


def no_rules_page(title: str) -> str:
    return i18n.text("rules-no-page", title=title)


def part(heading: str, number: int, parts: int) -> str:
    """A part of a section too long for one message."""
    return i18n.text("rules-part", heading=heading, number=str(number), parts=str(parts))


@dataclass(frozen=True, slots=True)
class RulesPage:
    """One message of the rules: its name in the menu and its text."""

    label: str
    text: str


def markdown(game: str, lang: str | None = None) -> str | None:
    """``game``'s rules page (its markdown) in ``lang`` (default: the language of the
    moment), in English when that language has no page of it (a regional language,
    ``sw-KE``, reads its base language's first); None if it has no page at all."""
    if not re.fullmatch(r"[a-z]+", game):
        return None
    chosen = lang or i18n.current()
    folder = resources.files(__name__)
    for each in dict.fromkeys((chosen, chosen.replace("_", "-").split("-")[0].lower())):
        if each == i18n.DEFAULT or not re.fullmatch(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*", each):
            continue
        place = folder / each / f"{game}.md"
        if place.is_file():
            return place.read_text(encoding="utf-8")
    place = folder / f"{game}.md"
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


def pages(text: str, lang: str | None = None) -> tuple[RulesPage, ...]:
    """The rules page ``text`` as messages: the overview, then each section (or its parts),
    their labels in ``lang`` (default: the language of the moment)."""
    return _pages(text, lang or i18n.current())


@functools.lru_cache(maxsize=32)  # keyed by the language too: the labels are in it
def _pages(text: str, lang: str) -> tuple[RulesPage, ...]:
    with i18n.speaking(lang):
        return _cut_pages(text)


def _cut_pages(text: str) -> tuple[RulesPage, ...]:
    found = list(HEADING.finditer(text))
    intro = text[:found[0].start()] if found else text
    choose_below = i18n.text("rules-choose-below")
    overview = _pieces(intro, PAGE_LIMIT - len(choose_below) - 2)[0]
    out = [RulesPage(i18n.text("rules-overview"), f"{overview}\n\n{choose_below}" if found else overview)]
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


def rules_pages(text: str, lang: str | None = None) -> list[str]:
    """The messages of the rules page ``text``, the overview first."""
    return [page.text for page in pages(text, lang)]
