"""The autocomplete of ``/<game> play cards:`` (render.play_choices): Discord shows 25
choices, and one Ace's asks (each suit, each card) alone number more, so each card that
can lead a play is offered before a second play of any card."""

from __future__ import annotations

from bot.games.cards import parse_cards
from bot.games.kadi import KadiGame
from bot.registry import game_uis
from bot.tables.table import Seat, Table, TableOptions, TableStatus
from bot.ui import render
from bot.ui.components import MENU_LIMIT

ALICE, BOB = 101, 102


def table_with(alice_holds: str, top: str) -> Table:
    """A two-seat Kadi table, Alice to play ``alice_holds`` on ``top``."""
    game = KadiGame.new(2, seed=1)
    state = game.to_state()
    hand = [c.code for c in parse_cards(alice_holds)]
    held = set(hand) | {top}
    rest = [c for c in state["draw_pile"] + [c for h in state["hands"] for c in h] + state["discard"]
            if c not in held]
    state.update(hands=[hand, rest[:4]], discard=[top], draw_pile=rest[4:], base=top, turn=0)
    table = Table("t0000001", 1, 2, "kadi", ALICE, TableOptions(turn_seconds=None),
                  [Seat(ALICE, "Alice"), Seat(BOB, "Bob")], TableStatus.PLAYING)
    table.game = KadiGame.from_state(state)
    return table


def test_every_card_that_can_lead_a_play_is_offered_when_asks_would_fill_the_list() -> None:
    table = table_with("AS AC JKB 7D", top="5S")
    assert table.game is not None
    plays = [m.text().split(" ", 2)[1] for m in table.game.legal_moves(0) if m.text().startswith("play ")]
    assert len(plays) > MENU_LIMIT, "the Aces' asks alone are more than Discord shows"
    offered = render.play_choices(table, 0, game_uis()["kadi"], "")
    assert len(offered) == MENU_LIMIT
    assert {value.split()[0] for _, value in offered} == {p.split()[0] for p in plays}
    # Each card's plays stay together, in the order the rules list them.
    firsts = [value.split()[0] for _, value in offered]
    assert firsts == sorted(firsts, key=[p.split()[0] for p in plays].index)


def test_what_is_typed_narrows_the_choices_to_that_card() -> None:
    table = table_with("AS AC JKB 7D", top="5S")
    offered = render.play_choices(table, 0, game_uis()["kadi"], "AC")
    assert offered and all(value.startswith("AC") for _, value in offered)
