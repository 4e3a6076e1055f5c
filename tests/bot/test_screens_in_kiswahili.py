"""The screens in Kiswahili (issue 29): the lobby, a table, a hand's status, a history
line and a season line drawn ``with speaking("sw")`` say none of their English words,
and no lookup failed (a failed one returns its message id and logs an error). The
catalogues of these screens have every English message in Kiswahili, with the same
variables.

A plain ``GameUI`` draws the tables, so that the words checked are the screens' and the
shared events' (bot/ui/text/screens.py, game.py), not a game's own (kadi.py).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import discord
import pytest
from fluent.syntax import FluentParser, ast, visitor

from bot.games.kadi import KadiGame
from bot.tables.history import RoundSummary
from bot.tables.table import Consent, Seat, Table, TableOptions, TableStatus
from bot.ui import render
from bot.ui.text import answers, history, screens, seasons
from bot.ui.text.game import GameUI
from bot.ui.text.i18n import speaking

LOCALES = Path(__file__).resolve().parents[2] / "bot" / "ui" / "text" / "locales"
CONVERTED = ("screens.ftl", "game.ftl", "history.ftl", "seasons.ftl", "answers.ftl")
ALICE, BOB = 101, 102
# Words the same in both languages: the players' and the game's names, and the signs.
SAME_IN_BOTH = {"alice", "bob", "kadi", "utc", "gif", "manage", "server", "leaderboard", "season", "all", "discord",
                "replay"}  # and the commands (/kadi replay, season:)
WORD = re.compile(r"[^\W\d_]{3,}")
MESSAGE_ID = re.compile(r"\b(?:screen|game|history|season|answer|failure|refusal)-[a-z-]+\b")


class Plain(GameUI):
    game = "kadi"
    title = "Kadi"


def embed_text(embed: discord.Embed) -> list[str]:
    out = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        out += [field.name or "", field.value or ""]
    return out


def view_text(view: discord.ui.View | None) -> list[str]:
    out: list[str] = []
    for item in view.children if view is not None else ():
        inner = getattr(item, "item", item)  # a DynamicItem wraps its button or menu
        out += [str(getattr(inner, "label", "") or ""), str(getattr(inner, "placeholder", "") or "")]
        out += [f"{option.label} {option.description or ''}" for option in getattr(inner, "options", ())]
    return out


def lobby() -> Table:
    table = Table("t0000001", 1, 2, "kadi", ALICE, TableOptions(turn_seconds=30),
                  [Seat(ALICE, "Alice"), Seat(None, "Bob", level="hard")], TableStatus.LOBBY, deadline=2e9)
    table.recent = [{"event": "SeatLeft", "seat": 1}]
    return table


def asking_consent() -> Table:
    table = lobby()
    table.seats[1] = Seat(BOB, "Bob")
    table.consent = Consent([ALICE], 2e9)
    return table


def playing() -> Table:
    table = Table("t0000002", 1, 2, "kadi", ALICE, TableOptions(turn_seconds=None),
                  [Seat(ALICE, "Alice"), Seat(None, "Bob", left=True)], TableStatus.PLAYING)
    table.game = KadiGame.new(2, seed=3)
    table.recent = [
        {"event": "Played", "seat": 0, "cards": ["QS"]},
        {"event": "Drew", "seat": 1, "count": 2, "reason": "bomb"},
        {"event": "Drew", "seat": 0, "count": 1},
        {"event": "Skipped", "seat": 1},
        {"event": "Reversed", "clockwise": True},
        {"event": "Reshuffled", "count": 30},
        {"event": "HostPassed", "seat": 0},
        {"event": "TableEnded", "reason": "host-left"},
        {"event": "ConsentRefused", "seat": 1, "rules": ["x"]},
    ]
    return table


def screens_drawn() -> dict[str, list[str]]:
    """Every screen this test checks, as its texts, drawn in the language of the moment."""
    ui = Plain()
    table = playing()
    assert table.game is not None
    seat = table.game.turn if table.game.turn is not None else 0
    hand = render.hand_screen(table, seat, ui, deck=None, since=table.recent)
    other = render.hand_screen(table, 1 - seat, ui, deck=None)
    rounds = [RoundSummary("t0000002", 3, 10, 1701700000, ("Alice", "Bob"), (ALICE, None), (1,), None),
              RoundSummary("t0000003", 1, 10, 1701700000, ("Alice", "Bob"), (ALICE, None), (), None)]
    return {
        "lobby": [*embed_text(render.table_embed(lobby(), ui)), *view_text(render.table_components(lobby(), ui)),
                  *(f"{label} {words}" for label, _, words in render.computer_choices(lobby().options.computer_level))],
        "consent": [*embed_text(render.table_embed(asking_consent(), ui)),
                    *view_text(render.table_components(asking_consent(), ui))],
        "table": [*embed_text(render.table_embed(table, ui)), *view_text(render.table_components(table, ui))],
        "hand": [*embed_text(hand.embed), *view_text(hand.view), *embed_text(other.embed)],
        "history": [*embed_text(render.history_embed(rounds, ui, "kadi")),
                    *(label for label, _ in render.round_choices(rounds)),
                    history.replay_title("Kadi", "t0000002", 3), history.step_counter(2, 9), history.DEALT,
                    history.share_alt("Kadi", 9)],
        "season": [seasons.board_title("Kadi", 2, 2), seasons.board_title("Kadi", None, 2),
                   seasons.season_started("Kadi", 2), seasons.monthly_set("Kadi", True),
                   seasons.unknown_season("x", "Kadi", 2), seasons.season_since("<t:1:D>"), seasons.NOT_MANAGER],
        "answers": [answers.deck_set(True), answers.left(closed=False, over=False, in_lobby=True, was_host=True,
                                                         new_host=None), answers.DONE],
        "options": [screens.out_of_range("x", 10, 300), screens.not_a_choice("x")],
    }


def words(texts: list[str]) -> set[str]:
    return {w.lower() for t in texts for w in WORD.findall(t)} - SAME_IN_BOTH


def test_the_screens_say_no_english_word_in_kiswahili(caplog: pytest.LogCaptureFixture) -> None:
    english = screens_drawn()
    with caplog.at_level(logging.ERROR, logger="bot.ui.text.i18n"), speaking("sw"):
        kiswahili = screens_drawn()
    assert not [r.getMessage() for r in caplog.records], "a lookup failed"
    for screen, texts in kiswahili.items():
        assert english[screen] != texts, screen
        said = "\n".join(texts)
        assert not MESSAGE_ID.findall(said), (screen, said)
        still_english = words(english[screen]) & words(texts)
        assert not still_english, f"{screen} still says {sorted(still_english)} in Kiswahili:\n{said}"


def test_the_screens_speak_english_again_after_kiswahili() -> None:
    with speaking("sw"):
        assert screens.SEATS_FIELD == "Viti"
    assert screens.SEATS_FIELD == "Seats"
    assert render.table_embed(lobby(), Plain()).fields[0].name == "Seats"


class Variables(visitor.Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)
        self.generic_visit(node)


def messages(path: Path) -> dict[str, set[str]]:
    """A catalogue file's messages, each with the variables it uses."""
    resource = FluentParser().parse(path.read_text(encoding="utf-8"))
    junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
    assert not junk, f"{path}: Fluent cannot read {[j.content for j in junk]}"
    out = {}
    for entry in resource.body:
        if isinstance(entry, ast.Message):
            found = Variables()
            found.visit(entry)
            out[entry.id.name] = found.names
    return out


@pytest.mark.parametrize("name", CONVERTED)
def test_each_english_message_of_these_screens_is_in_kiswahili_with_its_variables(name: str) -> None:
    english, kiswahili = messages(LOCALES / "en" / name), messages(LOCALES / "sw" / name)
    assert sorted(set(english) - set(kiswahili)) == [], f"sw/{name} lacks these"
    assert sorted(set(kiswahili) - set(english)) == [], f"sw/{name} has messages English has not"
    assert {k: v for k, v in kiswahili.items() if v != english[k]} == {}, "other variables than the English"
