"""The catalogues read as Fluent source (fluent.syntax), for the tests that check them:
which messages each language holds, what each one refers to, and a pseudo-language
made from English (docs/i18n.md, "Checking a language").

``bot.ui.text.i18n`` formats messages; this module reads their syntax, which the runtime
does not keep: a message's variables, the messages and terms it calls, its literal words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

from fluent.syntax import FluentParser, FluentSerializer, ast
from fluent.syntax.visitor import Transformer, Visitor

from bot.ui.text import i18n

PSEUDO = "qps"  # the pseudo-language's tag (as Windows' qps-ploc): test-only, made from English
OPEN, CLOSE = "⟦", "⟧"  # around every literal run of the pseudo-language


@dataclass
class Entry:
    """One message or term of one catalogue file, as its syntax says."""

    id: str
    file: str
    variables: set[str] = field(default_factory=set)
    messages: set[str] = field(default_factory=set)  # message references ("{ suits-text }")
    terms: set[str] = field(default_factory=set)  # term references ("{ -brand }")
    texts: list[str] = field(default_factory=list)  # the literal runs, in every variant and attribute
    empty: bool = False


class _References(Visitor):  # type: ignore[misc]  # fluent.syntax has no type hints
    """Collects what a pattern refers to, select expressions' selectors and variants included."""

    def __init__(self, entry: Entry) -> None:
        super().__init__()
        self.entry = entry

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.entry.variables.add(node.id.name)

    def visit_MessageReference(self, node: ast.MessageReference) -> None:
        self.entry.messages.add(node.id.name + (f".{node.attribute.name}" if node.attribute else ""))

    def visit_TermReference(self, node: ast.TermReference) -> None:
        self.entry.terms.add(node.id.name)
        self.generic_visit(node)  # a term's arguments may hold variables

    def visit_TextElement(self, node: ast.TextElement) -> None:
        self.entry.texts.append(node.value)

    def visit_StringLiteral(self, node: ast.StringLiteral) -> None:
        self.entry.texts.append(node.parse()["value"])


def _blank(pattern: ast.Pattern | None) -> bool:
    """A pattern that says nothing: absent, or only whitespace with no placeable."""
    if pattern is None:
        return True
    def blank(element: ast.PatternElement) -> bool:
        if isinstance(element, ast.TextElement):
            return not element.value.strip()
        literal = element.expression
        return isinstance(literal, ast.StringLiteral) and not literal.parse()["value"].strip()

    return all(blank(e) for e in pattern.elements)


@dataclass
class Catalogue:
    """One language's files as Fluent source: its entries by id, and whatever failed to parse."""

    lang: str
    entries: dict[str, Entry]
    junk: list[str]  # "file: the unparsed text"
    twice: list[str]  # ids defined more than once


def _folders(lang: str) -> list[Traversable]:
    return [root / lang for root in i18n.ROOTS if (root / lang).is_dir()]


def read(lang: str) -> Catalogue:
    """Every entry of ``lang`` in every root (the package's and any a test added)."""
    entries: dict[str, Entry] = {}
    junk: list[str] = []
    twice: list[str] = []
    parser = FluentParser(with_spans=False)
    for folder in _folders(lang):
        for file in sorted((f for f in folder.iterdir() if f.name.endswith(".ftl")), key=lambda f: f.name):
            name = f"{lang}/{file.name}"
            for item in parser.parse(file.read_text(encoding="utf-8")).body:
                if isinstance(item, ast.Junk):
                    junk.append(f"{name}: {item.content.strip()[:200]}")
                    continue
                if not isinstance(item, ast.Message | ast.Term):
                    continue
                key = ("-" if isinstance(item, ast.Term) else "") + item.id.name
                if key in entries:
                    twice.append(f"{key} ({entries[key].file} and {name})")
                entry = Entry(key, name)
                # A message may have attributes and no value; neither may say nothing.
                entry.empty = ((item.value is None or _blank(item.value)) and not item.attributes) or any(
                    _blank(a.value) for a in item.attributes)
                _References(entry).visit(item)
                entries[key] = entry
    return Catalogue(lang, entries, junk, twice)


def all_variables(catalogue: Catalogue, key: str, seen: frozenset[str] = frozenset()) -> set[str]:
    """The variables a message needs, through the messages it calls too (``{ other }``
    sees the caller's variables, so they are the caller's to be given)."""
    entry = catalogue.entries.get(key.split(".")[0])
    if entry is None or key in seen:
        return set()
    found = set(entry.variables)
    for called in entry.messages:
        found |= all_variables(catalogue, called, seen | {key})
    return found


@dataclass(frozen=True)
class Gaps:
    """How one language falls short of English."""

    missing: tuple[str, ...]  # English has them, the language does not (English is shown)
    stale: tuple[str, ...]  # the language has them, English does not (nobody asks for them)
    other_variables: tuple[str, ...]  # "id: en {...} / lang {...}"

    @property
    def complete(self) -> bool:
        return not (self.missing or self.stale or self.other_variables)


def gaps(lang: str, english: Catalogue | None = None, other: Catalogue | None = None,
         ignore_files: Iterable[str] = ()) -> Gaps:
    """What ``lang`` lacks or has too many of, compared with English (the completeness
    check: docs/i18n.md). ``ignore_files``: files of ``lang`` whose ids are not counted
    as stale (a draft being moved into its files)."""
    english = english or read(i18n.DEFAULT)
    other = other or read(lang)
    ignored = set(ignore_files)
    ours = {k for k, e in other.entries.items() if e.file not in ignored}
    missing = sorted(set(english.entries) - set(other.entries))
    stale = sorted(ours - set(english.entries))
    different = []
    for key in sorted(ours & set(english.entries)):
        en_vars, lang_vars = all_variables(english, key), all_variables(other, key)
        if en_vars != lang_vars:
            different.append(f"{key}: en {sorted(en_vars)} / {lang} {sorted(lang_vars)}")
    return Gaps(tuple(missing), tuple(stale), tuple(different))


# ------------------------------------------------------------ the pseudo-language

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķļɱñöƥʠŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖƤɊŔŠŢÛṼŴẊÝŽ",
)
_CODE = re.compile(r"(`[^`]*`)")  # a command a member types stays as typed in every language


def pseudo(text: str) -> str:
    """A literal run of English in the pseudo-language: letters accented (commands in
    backticks kept), the run marked ``⟦…⟧``, so that any English left outside marks
    is text that did not come from the catalogue. Whitespace stays outside the marks,
    so lines and Markdown (``**``, ``-``) still begin where they did."""
    if not any(c.isalpha() for c in text):
        return text
    lines = []
    for line in text.split("\n"):
        # Spacing, Markdown and a code span's closing backtick stay outside the marks, so a
        # line's "**", "- " or "`" still works; only words and what is between them go in.
        # (A backtick pairs inside the run unless the run has an odd one, which closes or
        # opens a span around a placeable beside it.)
        edge = r"[\W_]*" if line.count("`") % 2 else r"[^\w`]*"
        match = re.fullmatch(f"({edge})(.*?)({edge})", line, re.S)
        assert match is not None
        lead, core, tail = match.groups()
        if not any(c.isalpha() for c in core):
            lines.append(line)
            continue
        accented = "".join(part if _CODE.fullmatch(part) else part.translate(_ACCENTS)
                           for part in _CODE.split(core))
        lines.append(f"{lead}{OPEN}{accented}{CLOSE}{tail}")
    return "\n".join(lines)


class _Pseudo(Transformer):  # type: ignore[misc]
    def visit_TextElement(self, node: ast.TextElement) -> ast.TextElement:
        node.value = pseudo(node.value)
        return node

    def visit_StringLiteral(self, node: ast.StringLiteral) -> Any:
        return node  # {" "}, {"**"}: spacing and Markdown, not words

    def visit_Variant(self, node: ast.Variant) -> ast.Variant:
        node.value = self.visit(node.value)  # the key ([one], [lobby]) is matched, not shown
        return node


def write_pseudo(into: Path) -> Path:
    """The pseudo-language's catalogue made from English's files, in ``into/qps/``; returns
    ``into``, the root to give ``i18n.add_root``."""
    folder = into / PSEUDO
    folder.mkdir(parents=True, exist_ok=True)
    parser, serializer = FluentParser(with_spans=False), FluentSerializer()
    for source in _folders(i18n.DEFAULT):
        for file in source.iterdir():
            if file.name.endswith(".ftl"):
                resource = parser.parse(file.read_text(encoding="utf-8"))
                (folder / file.name).write_text(serializer.serialize(_Pseudo().visit(resource)), encoding="utf-8")
    return into


def english_runs(min_words: int = 3, names: Iterable[str] = ()) -> dict[str, str]:
    """Every literal run of at least ``min_words`` words in the English catalogue (commands
    in backticks taken out; a word is two letters or more and not one of ``names``, which
    every language writes alike, so "S, H, D, C" is no sentence), mapped to its message id:
    what must not be read in another language's round."""
    proper = set(names)
    runs: dict[str, str] = {}
    for key, entry in read(i18n.DEFAULT).entries.items():
        for text in entry.texts:
            for piece in re.split(r"`[^`]*`|[\n:;.!?()—–\"/]", text):
                words = [w for w in re.findall(r"[A-Za-z][A-Za-z'’]+", piece) if w not in proper]
                if len(words) >= min_words:
                    runs.setdefault(" ".join(piece.split()).strip(" ,*_"), key)
    return runs
