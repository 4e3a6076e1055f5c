"""Names in any script in the card pictures (issue 29, item 4): every glyph of a name in
Devanagari, Tamil, Malayalam, Arabic, Latin with diacritics or emoji is drawn from a bundled
font that covers it (checked against that font's cmap), shaped (conjuncts join, Arabic
runs right to left), and a name with a letter no bundled font has is drawn as its seat's
number, never as boxes."""

from __future__ import annotations

import io
import unicodedata

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageDraw, ImageFont, features

from bot.registry import game_class
from bot.ui.cards import scene_of, table, table_image, typeset
from bot.ui.cards.picture import words
from bot.ui.cards.scene import SeatScene, TableScene
from bot.ui.cards.table import name_drawn, seat_panel
from bot.ui.text import pictures

NAMES = {
    "प्रिया": "NotoSansDevanagari-Regular.ttf",
    "கண்ணன்": "NotoSansTamil-Regular.ttf",
    "ഉണ്ണി": "NotoSansMalayalam-Regular.ttf",
    "مريم": "NotoSansArabic-Regular.ttf",
    "Ōtieno Müller": "NotoSans-Regular.ttf",
    "প্রিয়া": "NotoSansBengali-Regular.ttf",
    "ગીતા": "NotoSansGujarati-Regular.ttf",
    "ਗੁਰਪ੍ਰੀਤ": "NotoSansGurmukhi-Regular.ttf",
    "ಕನ್ನಡ": "NotoSansKannada-Regular.ttf",
    "శ్రీ": "NotoSansTelugu-Regular.ttf",
}
EMOJI_NAMES = ["Wanjiku 🇰🇪", "😀 Amani"]
NO_FONT = "Li 漢字"  # no bundled font has Han characters
ON, OFF = (244, 244, 236), (16, 66, 41)


def cmap(face: str) -> set[int]:
    """The face's cmap, read here afresh (not through the code under test)."""
    with (typeset.FONTS / face).open("rb") as file:
        return set(TTFont(file).getBestCmap())


def ink(image: Image.Image) -> int:
    """How many pixels differ from the background."""
    background = Image.new("RGB", image.size, OFF)
    diff = ImageChops.difference(image.convert("RGB"), background).convert("L")
    return sum(1 for v in diff.tobytes() if v > 40)


def test_pillow_shapes_text_here() -> None:
    """Raqm comes with Pillow's wheels; it needs the system's FriBiDi (Debian's libfribidi0,
    on every machine of this kind; a slim container must install it: docs/deploy.md)."""
    assert features.check("raqm"), "Pillow has no Raqm layout here: install libfribidi0 (apt-get install libfribidi0)"
    assert typeset.raqm()


@pytest.mark.parametrize(("name", "face"), NAMES.items())
def test_every_letter_of_a_name_comes_from_a_font_that_has_it(name: str, face: str) -> None:
    runs = typeset.runs(name)
    assert runs is not None, f"{name!r} was judged undrawable"
    assert [run.face for run in runs] == [face]
    covered = cmap(face)
    drawn = "".join(run.text for run in runs)
    assert drawn == unicodedata.normalize("NFC", name)
    missing = [f"U+{ord(ch):04X}" for ch in drawn if ord(ch) not in covered]
    assert not missing, f"{face} has no glyph for {missing}"
    assert ink(typeset.render(name, 17, ON, OFF).image) > 20
    assert name_drawn(name, 3) == name


@pytest.mark.parametrize("name", EMOJI_NAMES)
def test_an_emoji_in_a_name_is_drawn_from_the_emoji_font(name: str) -> None:
    runs = typeset.runs(name)
    assert runs is not None
    emoji = [run for run in runs if run.face == typeset.EMOJI]
    assert len(emoji) == 1
    assert all(ord(ch) in cmap(typeset.EMOJI) for ch in emoji[0].text)
    letters = [run for run in runs if run.face == typeset.LATIN]
    assert all(ord(ch) in cmap(typeset.LATIN) for run in letters for ch in run.text)
    assert name_drawn(name, 3) == name


def test_a_flag_is_one_picture_not_two_letters() -> None:
    emoji = typeset.font(typeset.EMOJI, 34)
    assert emoji.getlength("🇰🇪") == pytest.approx(emoji.getlength("😀")), "the two regional letters did not join"


def width_unshaped(face: str, text: str, size: int = 34) -> float:
    basic = ImageFont.truetype(str(typeset.FONTS / face), size, layout_engine=ImageFont.Layout.BASIC)
    return sum(basic.getlength(ch) for ch in text)


@pytest.mark.parametrize(("text", "face"), [("प्रि", "NotoSansDevanagari-Regular.ttf"),
                                             ("ണ്ണ", "NotoSansMalayalam-Regular.ttf")])
def test_conjuncts_join(text: str, face: str) -> None:
    """Shaped, the virama and the consonants after it become one conjunct: narrower than
    the letters side by side, and drawn differently."""
    shaped = typeset.font(face, 34)
    assert shaped.getlength(text) < width_unshaped(face, text)
    basic = ImageFont.truetype(str(typeset.FONTS / face), 34, layout_engine=ImageFont.Layout.BASIC)
    assert shaped.getmask(text).size != basic.getmask(text).size or bytes(shaped.getmask(text)) != bytes(
        basic.getmask(text))


def tallest_column(image: Image.Image) -> int:
    """The x of the column with the most ink."""
    grey = ImageChops.difference(image.convert("RGB"), Image.new("RGB", image.size, OFF)).convert("L")
    counts = [sum(1 for y in range(grey.height) if grey.getpixel((x, y)) > 40) for x in range(grey.width)]
    return counts.index(max(counts))


def test_arabic_runs_right_to_left_and_joins() -> None:
    """Alef then reh ("ار"): neither joins its next letter, so right to left the tall alef
    is the rightmost letter; and a word's letters join (narrower than apart)."""
    face = "NotoSansArabic-Regular.ttf"
    drawn = typeset.render("ار", 40, ON, OFF).image
    assert tallest_column(drawn) > drawn.width / 2, "the first letter is not on the right"
    basic = ImageFont.truetype(str(typeset.FONTS / face), 40, layout_engine=ImageFont.Layout.BASIC)
    unshaped = Image.new("RGB", drawn.size, OFF)
    ImageDraw.Draw(unshaped).text((1, 1), "ار", font=basic, fill=ON)
    assert tallest_column(unshaped) < unshaped.width / 2, "the check cannot tell the directions apart"
    assert typeset.font(face, 34).getlength("مريم") < width_unshaped(face, "مريم"), "the letters did not join"


def test_a_right_to_left_name_puts_its_latin_part_on_the_left() -> None:
    assert typeset.right_to_left("مريم Ali") and not typeset.right_to_left("Ali مريم")
    runs = typeset.runs("مريم Ali")
    assert runs is not None and [run.face for run in runs] == ["NotoSansArabic-Regular.ttf", typeset.LATIN]
    both = typeset.render("مريم Ali", 34, ON, OFF).image
    latin = typeset.render("Ali", 34, ON, OFF).image
    left = both.crop((0, 0, latin.width, both.height))
    assert ink(left) > ink(latin) // 2, "the Latin part is not at the left"


def test_a_name_with_a_letter_no_font_has_is_drawn_as_its_seat() -> None:
    assert not typeset.drawable(NO_FONT)
    assert name_drawn(NO_FONT, 3) == pictures.seat(3) == "Seat 3"
    seat = SeatScene(NO_FONT, 4, False, number=3)
    as_number = SeatScene(pictures.seat(3), 4, False, number=3)
    assert seat_panel(seat, 170).tobytes() == seat_panel(as_number, 170).tobytes()


def test_the_table_picture_names_each_seat_by_its_number_from_the_view() -> None:
    engine = game_class("kadi")
    game = engine.new(3, engine.rules_type(), 7)
    scene = scene_of(game.view(None), ["प्रिया", NO_FONT, "مريم"])
    assert [s.number for s in scene.seats] == [1, 2, 3]
    drawn = table_image(scene).png
    named = table_image(TableScene(seats=(scene.seats[0], SeatScene("Seat 2", scene.seats[1].count,
                                                                     scene.seats[1].turn, number=2),
                                          scene.seats[2]), pile=scene.pile, caption=scene.caption)).png
    assert drawn == named


def test_words_never_draw_a_box_for_a_letter_no_font_has() -> None:
    """Not a name (a label, a note): the letter is left out, never drawn as .notdef."""
    assert words("abc 漢", 17, ON, OFF).image.tobytes() == words("abc ", 17, ON, OFF).image.tobytes()


def test_a_long_name_is_cut_between_letters_never_inside_one() -> None:
    name = "प्रिया" * 8
    cut = typeset.fit(name, 17, 90)
    assert cut.endswith(typeset.ELLIPSIS) and typeset.width(cut, 17) + 2 <= 90
    kept = cut[:-1]
    assert name.startswith(kept) and unicodedata.combining(kept[-1]) != 9 and not unicodedata.category(
        name[len(kept)]).startswith("M"), "cut inside a conjunct or before a vowel sign"
    flags = "🇰🇪" * 6
    cut = typeset.fit(flags, 17, 70)
    assert (len(cut) - 1) % 2 == 0, "a flag was cut in half"


def test_one_table_picture_with_indian_scripts_and_emoji_draws_every_name_and_a_seat_for_the_rest() -> None:
    """The issue's picture: Devanagari, Tamil, Malayalam and emoji names at one table. Every
    character of each is in the cmap (read here with fontTools) of the font its run is drawn
    in, so no glyph is a box, and the picture's seat panel is that name drawn; the one name
    with a letter no bundled font has is drawn as its seat's number."""
    names = ["प्रिया", "கண்ணன்", "ഉണ്ണി", "Wanjiku 🇰🇪", NO_FONT]
    seats = tuple(SeatScene(name, 3 + i, i == 1, number=i + 1) for i, name in enumerate(names))
    scene = TableScene(seats=seats, pile=(), caption="")
    picture = Image.open(io.BytesIO(table_image(scene).png))
    width = (table.WIDTH - 2 * table.MARGIN - (table.SEATS_PER_ROW - 1) * table.SEAT_GAP) // table.SEATS_PER_ROW
    for i, seat in enumerate(seats):
        row, col = divmod(i, table.SEATS_PER_ROW)
        x, y = table.MARGIN + col * (width + table.SEAT_GAP), table.MARGIN + row * (table.SEAT_H + table.SEAT_GAP)
        shown = picture.crop((x, y, x + width + 1, y + table.SEAT_H + 1)).convert("RGB").tobytes()
        as_number = seat_panel(SeatScene(pictures.seat(i + 1), seat.count, seat.turn, number=i + 1), width)
        if seat.name == NO_FONT:
            assert shown == as_number.convert("RGB").tobytes(), "a name no font can draw is not its seat's number"
            continue
        runs = typeset.runs(seat.name)
        assert runs is not None, seat.name
        for run in runs:
            missing = [f"U+{ord(ch):04X}" for ch in run.text if ord(ch) not in cmap(run.face)]
            assert not missing, f"{seat.name!r}: {run.face} has no glyph for {missing}"
        drawn = "".join(run.text for run in runs).replace("\ufe0f", "")
        assert drawn == unicodedata.normalize("NFC", seat.name).replace("\ufe0f", ""), "a letter was left out"
        assert shown == seat_panel(seat, width).convert("RGB").tobytes(), f"seat {i + 1}'s panel is not its name"
        assert shown != as_number.convert("RGB").tobytes(), f"{seat.name!r} was drawn as its seat's number"
