"""Words in the card pictures, in any script: players' names and the pictures' labels.

The fonts are bundled (``fonts/``, package data; where each comes from and its licence:
``fonts/SOURCES.txt``, ``fonts/OFL.txt``): Noto Sans (Latin with every diacritic, Greek,
Cyrillic), Noto Sans for Devanagari, Bengali, Gujarati, Gurmukhi, Kannada, Malayalam,
Tamil, Telugu and Arabic, and the monochrome Noto Emoji, drawn in the words' colour like
any letter (so it fits the pictures' one palette).

A text is cut into runs, each in the first font that covers its characters (read from
each font's cmap once per process with fontTools); spaces, punctuation and combining
marks stay in the run they are in when its font has them, so a name is cut only where
its script changes. Each run is shaped by Raqm (HarfBuzz and FriBiDi, in Pillow's
wheels): Devanagari conjuncts join, Arabic letters join and run right to left, flags
and emoji sequences become one picture each. Runs are laid out left to right, or right
to left when the text's first strong letter is a right-to-left one.

A character no font covers is never drawn as a box: ``runs`` says such a text cannot
be drawn (a player's name is then drawn as their seat: ``scene.py``), and ``render``
leaves the character out. Without Raqm (Pillow built without it, or FriBiDi missing:
``PIL.features.check("raqm")``), text in a script that needs shaping cannot be drawn
either, since its letters would come out unjoined or backwards.
"""

from __future__ import annotations

import functools
import io
import math
import pathlib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont, features

Colour = tuple[int, int, int]

FONTS = resources.files("bot.ui.cards") / "fonts"
LATIN = "NotoSans-Regular.ttf"
EMOJI = "NotoEmoji[wght].ttf"
# The order a character's font is looked for in: Latin first (its digits and punctuation
# are the ones a name in any script shares), emoji last (it has digits and # * too).
FACES = (
    LATIN,
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansBengali-Regular.ttf",
    "NotoSansGujarati-Regular.ttf",
    "NotoSansGurmukhi-Regular.ttf",
    "NotoSansKannada-Regular.ttf",
    "NotoSansMalayalam-Regular.ttf",
    "NotoSansTamil-Regular.ttf",
    "NotoSansTelugu-Regular.ttf",
    "NotoSansArabic-Regular.ttf",
    EMOJI,
)
# Scripts whose letters are unreadable unshaped (unjoined, reordered marks, backwards).
NEEDS_SHAPING = frozenset(FACES) - {LATIN, EMOJI}
ELLIPSIS = "…"

ZWJ = "\u200d"
RIGHT_TO_LEFT = frozenset({"R", "AL"})
# What joins the emoji before it: a skin tone, a tag (a subdivision flag), a keycap.
_EMOJI_EXTEND = frozenset(range(0x1F3FB, 0x1F400)) | frozenset(range(0xE0020, 0xE0080)) | {0x20E3, 0xFE0F}


@dataclass(frozen=True, slots=True)
class Run:
    """Characters drawn in one font, in the text's order (shaping reorders inside a run)."""

    face: str
    text: str


def raqm() -> bool:
    """Whether Pillow shapes text here (Raqm with its FriBiDi)."""
    return _raqm()


@functools.cache
def _raqm() -> bool:
    return bool(features.check("raqm"))


@functools.cache
def coverage(face: str) -> frozenset[int]:
    """The code points ``face`` has a glyph for (its cmap)."""
    with (FONTS / face).open("rb") as file:
        cmap = TTFont(file, lazy=True).getBestCmap()
    return frozenset(cmap)


def _source(face: str) -> str | io.BytesIO:
    place = FONTS / face
    return str(place) if isinstance(place, pathlib.Path) else io.BytesIO(place.read_bytes())


@functools.cache
def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """``face`` at ``size`` pixels, laid out by Raqm where Pillow has it."""
    layout = ImageFont.Layout.RAQM if raqm() else ImageFont.Layout.BASIC
    return ImageFont.truetype(_source(face), size, layout_engine=layout)


def ignorable(ch: str) -> bool:
    """A character drawn as nothing: a joiner, a variation selector, a soft hyphen, a tag."""
    return unicodedata.category(ch) == "Cf" or 0xFE00 <= ord(ch) <= 0xFE0F or 0xE0100 <= ord(ch) <= 0xE01EF


def _mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")


LEFT_OUT = ""  # what ``_face_for`` says of a character drawn as nothing that the run's font lacks


def _face_for(ch: str, current: str | None, previous: str) -> str | None:
    """The font ``ch`` is drawn in, the run so far being in ``current``: None if no font
    can draw it, ``LEFT_OUT`` if it is drawn as nothing and may be left out."""
    cp = ord(ch)
    if current is not None:
        held = coverage(current)
        if current == EMOJI and (cp in _EMOJI_EXTEND or previous == ZWJ or ch == ZWJ) and cp in held:
            return current
        if ignorable(ch):
            return current if cp in held else LEFT_OUT  # never a run of its own
        if _mark(ch):
            return current if cp in held else None  # a mark apart from its letter would float
        if current != EMOJI and cp in held:
            return current
    for face in FACES:
        if cp in coverage(face):
            return face
    return LEFT_OUT if ignorable(ch) else None


@functools.lru_cache(maxsize=4096)
def runs(text: str) -> tuple[Run, ...] | None:
    """``text`` cut into runs of one font each, or None if some character of it no font
    covers (or it needs shaping and Pillow cannot shape here). Characters drawn as
    nothing that the run's font lacks are left out."""
    out: list[Run] = []
    current: str | None = None
    chars: list[str] = []
    previous = ""
    for ch in unicodedata.normalize("NFC", text):
        face = _face_for(ch, current, previous)
        if face is None:
            return None
        if face == LEFT_OUT:
            previous = ch
            continue
        if face in NEEDS_SHAPING and not raqm():
            return None
        if face != current and chars:
            assert current is not None
            out.append(Run(current, "".join(chars)))
            chars = []
        current = face
        chars.append(ch)
        previous = ch
    if chars and current is not None:
        out.append(Run(current, "".join(chars)))
    return tuple(out)


def drawable(text: str) -> bool:
    """Every character of ``text`` can be drawn (shaped where its script needs it)."""
    return runs(text) is not None


def right_to_left(text: str) -> bool:
    """Whether ``text`` reads right to left: its first strong letter is Arabic or Hebrew."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind == "L":
            return False
        if kind in RIGHT_TO_LEFT:
            return True
    return False


def _visible_runs(text: str) -> tuple[Run, ...]:
    """The runs of ``text``, leaving out what no font can draw (never a box)."""
    found = runs(text)
    if found is not None:
        return found
    kept = "".join(ch for ch in text if runs(ch) not in (None, ()))
    return runs(kept) or ()


def _in_reading_order(found: Sequence[Run], text: str) -> Sequence[Run]:
    return tuple(reversed(found)) if right_to_left(text) else found


def width(text: str, size: int) -> float:
    """The advance of ``text`` at ``size`` pixels."""
    return sum(font(run.face, size).getlength(run.text) for run in _visible_runs(text))


@dataclass(frozen=True, slots=True)
class Lettering:
    """Words drawn on their background: the picture, and where its baseline lies in it."""

    image: Image.Image
    baseline: int


def render(text: str, size: int, colour: Colour, background: Colour) -> Lettering:
    """``text`` at ``size`` pixels in ``colour`` on ``background`` (RGB), one pixel of
    margin round its ink and its advance; an empty text is a pixel or two."""
    placed: list[tuple[float, ImageFont.FreeTypeFont, str]] = []
    pen = 0.0
    for run in _in_reading_order(_visible_runs(text), text):
        f = font(run.face, size)
        placed.append((pen, f, run.text))
        pen += f.getlength(run.text)
    # Drawn once, as coverage, on room enough for any overhang; then cut to the ink and the
    # advance, and the colour laid through it (a glyph's bounds are never asked for: with
    # hinted fonts that costs as much as drawing it).
    origin, base = size, 2 * size
    coverage_ = Image.new("L", (math.ceil(pen) + 2 * size, 3 * size), 0)
    draw = ImageDraw.Draw(coverage_)
    for x, f, piece in placed:
        draw.text((origin + x, base), piece, font=f, fill=255, anchor="ls")
    ink = coverage_.getbbox() or (origin, base - 1, origin + 1, base)
    box = (min(ink[0], origin) - 1, ink[1] - 1, max(ink[2], origin + math.ceil(pen)) + 1, ink[3] + 1)
    mask = coverage_.crop(box)
    image = Image.new("RGB", mask.size, background)
    image.paste(colour, (0, 0, *mask.size), mask)
    return Lettering(image, base - box[1])


def _cut_here(text: str, i: int) -> bool:
    """Whether ``text`` may be cut before ``text[i]`` without breaking a letter apart
    (a mark from its letter, a conjunct after its virama, an emoji sequence, a flag)."""
    ch, before = text[i], text[i - 1]
    if _mark(ch) or ignorable(ch) or ord(ch) in _EMOJI_EXTEND or before == ZWJ:
        return False
    if unicodedata.combining(before) == 9:  # a virama joins the next consonant
        return False
    if 0x1F1E6 <= ord(ch) <= 0x1F1FF:  # regional indicators pair up into flags
        pairs = 0
        j = i - 1
        while j >= 0 and 0x1F1E6 <= ord(text[j]) <= 0x1F1FF:
            pairs += 1
            j -= 1
        return pairs % 2 == 0
    return True


@functools.lru_cache(maxsize=4096)
def fit(text: str, size: int, max_width: float) -> str:
    """``text`` cut short with an ellipsis so that it is at most ``max_width`` wide (its
    first letter and the ellipsis if even that is too wide)."""
    text = unicodedata.normalize("NFC", text)
    if width(text, size) + 2 <= max_width:
        return text
    cuts = [i for i in range(1, len(text)) if _cut_here(text, i)]
    best = text[:cuts[0]] + ELLIPSIS if cuts else text
    lo, hi = 0, len(cuts) - 1
    while lo <= hi:  # the longest start that fits, by halving
        mid = (lo + hi) // 2
        candidate = text[:cuts[mid]].rstrip() + ELLIPSIS
        if width(candidate, size) + 2 <= max_width:
            best, lo = candidate, mid + 1
        else:
            hi = mid - 1
    return best


def warm() -> None:
    """Read every font's coverage now (about 0.1 s, once per process)."""
    for face in FACES:
        coverage(face)
