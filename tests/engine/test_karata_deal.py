"""Karata / Kadi Moja: the deck, the deal and the starting card; and ``table``,
the helper the other Karata tests use to set up a position."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from bot.games.cards import ALL_CARDS, JACK, JOKER, Card, card, parse_cards
from bot.games.core.errors import IllegalMove
from bot.games.core.events import Event
from bot.games.core.moves import Move
from bot.games.karata import KarataGame, KarataRules, Phase
from bot.ui.text.illegal import sentence

PRESETS = ("karata", "kadi-moja")
SPECIAL = {2, 7, 8, JACK, JOKER}


def cards(text: str) -> list[Card]:
    return list(parse_cards(text)) if text.strip() else []


def table(
    hands: Sequence[str],
    top: str = "9H",
    *,
    preset: str = "karata",
    turn: int = 0,
    pile: str = "",
    seed: int = 1,
    **switches: object,
) -> KarataGame:
    """A round in a chosen position: ``hands`` per seat, ``top`` on the discard
    pile, ``pile`` the next cards drawn (first named, first drawn); every other
    card lies at the bottom of the draw pile, so the deck stays whole."""
    rules = KarataRules.preset(preset, **switches)
    game = KarataGame.new(len(hands), rules, seed)
    state = game.state
    state.hands = [cards(h) for h in hands]
    top_card = card(top)
    next_drawn = cards(pile)
    used = {c for h in state.hands for c in h} | {top_card} | set(next_drawn)
    assert len(used) == sum(map(len, state.hands)) + 1 + len(next_drawn), "a card is named twice"
    rest = [c for c in ALL_CARDS if c not in used]
    state.discard = [top_card]
    state.draw_pile = rest + next_drawn[::-1]
    state.turn = turn
    state.phase = Phase.TURN
    state.taken = [len(h) for h in state.hands]
    return game


def move(text: str) -> Move:
    return Move.parse(text)


def do(game: KarataGame, seat: int, text: str) -> list[Event]:
    return game.apply(seat, Move.parse(text))


def names(events: Sequence[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def illegal(game: KarataGame, seat: int, text: str) -> str:
    with pytest.raises(IllegalMove) as err:
        game.apply(seat, Move.parse(text))
    return sentence(err.value)


# ---------------------------------------------------------------- the deck


@pytest.mark.parametrize("preset", PRESETS)
def test_a_standard_54_card_deck_with_two_jokers(preset: str) -> None:
    game = KarataGame.new(3, KarataRules.preset(preset), seed=7)
    assert Counter(game.cards_in_play()) == Counter(ALL_CARDS)


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize(("seats", "size"), [(2, 5), (3, 5), (4, 5), (5, 3), (6, 3), (8, 3)])
def test_karata_deals_5_cards_or_3_with_five_or_more_players(seats: int, size: int) -> None:
    game = KarataGame.new(seats, KarataRules.preset("karata"), seed=3)
    assert [len(h) for h in game.state.hands] == [size] * seats


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_kadi_moja_deals_7_cards(seats: int) -> None:
    game = KarataGame.new(seats, KarataRules.preset("kadi-moja"), seed=3)
    assert [len(h) for h in game.state.hands] == [7] * seats


@pytest.mark.parametrize(("preset", "low", "high"), [("karata", 2, 8), ("kadi-moja", 2, 6)])
def test_seat_limits_per_preset(preset: str, low: int, high: int) -> None:
    rules = KarataRules.preset(preset)
    KarataGame.new(low, rules, seed=1)
    KarataGame.new(high, rules, seed=1)
    for bad in (low - 1, high + 1):
        with pytest.raises(ValueError):
            KarataGame.new(bad, rules, seed=1)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_rest_is_the_draw_pile_and_one_card_starts_the_discard_pile(preset: str) -> None:
    for seed in range(40):
        game = KarataGame.new(4, KarataRules.preset(preset), seed=seed)
        dealt = sum(len(h) for h in game.state.hands)
        assert len(game.state.draw_pile) + len(game.state.discard) + dealt == 54
        assert game.view(None).top is game.state.discard[-1]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_special_card_is_never_the_starting_card_it_is_set_aside_under_the_pile(
    preset: str,
) -> None:
    set_aside_seen = False
    for seed in range(200):
        game = KarataGame.new(3, KarataRules.preset(preset), seed=seed)
        assert game.state.discard[-1].rank not in SPECIAL
        below = game.state.discard[:-1]
        assert all(c.rank in SPECIAL for c in below)
        set_aside_seen = set_aside_seen or bool(below)
    assert set_aside_seen


def test_play_begins_clockwise_with_the_first_player() -> None:
    game = KarataGame.new(4, None, seed=11)
    view = game.view(None)
    assert view.clockwise and view.turn == game.state.first


def test_a_round_replays_exactly_from_its_seed() -> None:
    a = KarataGame.new(5, None, seed=99)
    b = KarataGame.new(5, None, seed=99)
    assert a.to_state() == b.to_state()


def test_hidden_hands_are_not_in_the_public_view() -> None:
    game = table(["9S 4C", "5D"], "9H")
    assert game.view(None).hand == ()
    assert game.view(0).hand == tuple(cards("9S 4C"))
    assert game.view(None).hand_counts == (2, 1)

