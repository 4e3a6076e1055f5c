"""The three games speak Kiswahili (issue 29): every table line, seat note, move label,
event line, button and refusal that Kadi, Karata and Donkey word themselves
(bot/ui/text/kadi.py, karata.py, donkey.py) comes out of the ``sw`` catalogue when
``speaking("sw")``: it differs from the English, and no lookup failed (a failed lookup
returns its message id and logs an error).

The words are gathered from random games played to their end by the engines, so
whatever a real table shows is drawn; a line the shared ``GameUI`` words (its own module,
converted on its own) is left out here.
"""

from __future__ import annotations

import inspect
import logging
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.cards import card
from bot.games.core.game import Game, View
from bot.games.core.moves import Move
from bot.games.core.rules import Rules
from bot.games.donkey import DonkeyGame
from bot.games.kadi import KadiGame, KadiRules
from bot.games.karata import KarataGame
from bot.games.karata.rules import CallRule, Deal, Elimination, KarataRules, StackAnswer
from bot.ui.text import donkey, kadi, karata
from bot.ui.text.game import GameUI
from bot.ui.text.i18n import speaking

NAMES = ["Amina", "Baraka", "Chausiku", "Daudi", "Eshe"]

GAMES: list[tuple[type[Game], GameUI, list[Rules | None]]] = [
    (KadiGame, kadi.KadiUI(), [KadiRules(), KadiRules(rounds=2, punishment_accumulates=True, ace_finish=True,
                                                      bombs_answer_bombs=True, forgotten_call_costs_a_card=True)]),
    (KarataGame, karata.KarataUI(), [
        KarataRules(),
        KarataRules(deal=Deal.SEVEN, elimination=Elimination.KNOCK_OUT, call_rule=CallRule.MISSED_CALL_DRAWS_TWO,
                    stack_answer=StackAnswer.SAME_KIND),
        KarataRules(cheat_mode=True, elimination=Elimination.POINTS_CEILING, call_rule=CallRule.MUST_CALL_TO_WIN),
    ]),
    (DonkeyGame, donkey.DonkeyUI(), [None]),
]

# A failed lookup's message id ("kadi-top-card", "refusal-no-match") in what is shown.
MESSAGE_ID = re.compile(r"\b(?:kadi|karata|donkey|refusal|move|event)(?:-[a-z0-9_]+)+\b")
# The calls keep their own words in every language (docs/i18n.md, "Glossary").
SAME_IN_EVERY_LANGUAGE = re.compile(r"Niko Kadi!?|Kadi Moja!?|📣|Kadi|Karata / |Karata")
WORD = re.compile(r"[^\W\d_]{2,}")


def said(ui: GameUI, view: View, moves: list[Move], events: list[dict[str, Any]],
         rules: Rules) -> Iterator[tuple[str, Any]]:
    """(what, how to say it) for every word of ``ui``'s own about one moment of a game."""
    yield "table", lambda: "\n".join(ui.table_lines(view, NAMES))
    for seat in range(len(view.hand_counts)):
        yield "note", lambda seat=seat: ui.seat_note(view, seat)
    yield "rules", lambda: " / ".join(ui.rules_in_force(rules))
    yield "buttons", lambda: " / ".join(label for _, label in ui.table_buttons(view))
    for move in moves:
        if ui.move_label(view, move) != GameUI.move_label(ui, view, move):
            yield "label", lambda move=move: ui.move_label(view, move)
    for event in events:
        if ui.event_text(event, NAMES) != GameUI.event_text(ui, event, NAMES):
            yield f"event {event['event']}", lambda event=event: ui.event_text(event, NAMES) or ""


def moments(game_class: type[Game], ui: GameUI, rules: Rules | None, seed: int, seats: int) -> Iterator[
        tuple[View, list[Move], list[dict[str, Any]], Rules]]:
    """Each moment of a random game: the mover's view, their legal moves, the events just before."""
    game = game_class.new(seats, rules, seed=seed)
    rng = random.Random(seed)
    events: list[dict[str, Any]] = []
    for _ in range(300):
        actor = game.next_actor()
        if game.is_over or actor is None:
            break
        legal = game.legal_moves(actor)
        yield game.view(actor), legal, events, rules or game_class.rules_type()
        events = [event.to_dict() for event in game.apply(actor, rng.choice(legal))]
    yield game.view(None), [], events, rules or game_class.rules_type()


def test_each_games_own_words_come_out_in_kiswahili(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="bot.ui.text.i18n")
    kinds: set[str] = set()
    wrong: list[str] = []
    for game_class, ui, variants in GAMES:
        for rules in variants:
            for seed in range(3):
                for view, moves, events, in_force in moments(game_class, ui, rules, seed, 3):
                    for what, say in said(ui, view, moves, events, in_force):
                        with speaking("en"):
                            english = say()
                        with speaking("sw"):
                            kiswahili = say()
                        if not WORD.search(SAME_IN_EVERY_LANGUAGE.sub("", english)):
                            continue  # cards, names and the calls only: alike in every language
                        kinds.add(f"{ui.game} {what}")
                        if kiswahili == english or MESSAGE_ID.search(kiswahili):
                            wrong.append(f"{ui.game} {what}: {english!r} -> {kiswahili!r}")
    assert not wrong, "\n".join(sorted(set(wrong)))
    assert not caplog.records, [record.getMessage() for record in caplog.records]
    # The games were long enough to draw every kind of line.
    for game in ("kadi", "karata", "donkey"):
        assert {f"{game} table", f"{game} note", f"{game} rules", f"{game} label"} & kinds
        assert any(kind.startswith(f"{game} event") for kind in kinds), game
    assert {"kadi label", "karata label", "karata buttons"} <= kinds


@pytest.mark.parametrize("ui", [kadi.KadiUI, karata.KarataUI, donkey.DonkeyUI])
def test_titles_and_calls_follow_the_language_of_the_moment(ui: type[GameUI]) -> None:
    with speaking("en"):
        english = (ui.title, ui().title, ui().choice_title)
    with speaking("sw"):
        kiswahili = (ui.title, ui().title, ui().choice_title)
    assert english[0] == english[1] and kiswahili[0] == kiswahili[1]
    if ui is donkey.DonkeyUI:
        assert english[0] == "Donkey" and kiswahili[0] == "Punda"
    assert not MESSAGE_ID.search(" ".join(kiswahili))


SAMPLE_DETAILS: dict[str, object] = {
    "card": card("QS"), "first": card("9H"), "base": card("8D"), "top": card("KD"), "joker": card("JKR"),
    "answer": card("5H"), "question": card("QS"), "drawn": card("4C"), "ace": card("AS"), "jack": card("JD"),
    "demand": card("KC"), "suit": "H", "bomb": 3, "bomb_kind": 3, "any_bomb": False, "on_demand": True,
    "stack": 4, "opponents": 2, "max_seats": 5, "kind": "hide", "seat": "Amina", "target": "Baraka",
    "cards": [card("QS"), card("QH")],
}


@pytest.mark.parametrize("module", [kadi, karata, donkey], ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_each_games_refusals_come_out_in_kiswahili(module: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="bot.ui.text.i18n")
    for code, formatter in module.SENTENCES.items():
        details = {name: SAMPLE_DETAILS[name] for name in inspect.signature(formatter).parameters}
        with speaking("en"):
            english = formatter(**details)
        with speaking("sw"):
            kiswahili = formatter(**details)
        assert kiswahili != english and not MESSAGE_ID.search(kiswahili), (code, english, kiswahili)
    assert not caplog.records, [record.getMessage() for record in caplog.records]
