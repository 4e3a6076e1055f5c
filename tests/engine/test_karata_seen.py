"""What the Karata table saw of the hands (issue 15), kept by the engine for the
view and the searching player's deal: a seat skipped with no plug window holds no 7
(``no_seven``); a seat that drew instead of playing is taken to hold none of the
cards that fitted then (``fit_at_draw``) but for ``cards_since_draw``."""

from __future__ import annotations

from bot.games.cards import ALL_CARDS, JACK, JOKER, Card, card
from bot.games.karata import Phase
from tests.engine.test_karata_deal import do, table


def fitting_9h() -> frozenset[Card]:
    return frozenset(c for c in ALL_CARDS if c.suit == "H" or c.rank in (9, JACK, JOKER))


def test_a_seat_skipped_with_no_plug_window_is_seen_to_hold_no_7_until_it_gets_a_card() -> None:
    game = table(["7H 7D 4D 4C", "5D 6S", "7C 3S"], pile="KC")
    do(game, 0, "play 7H 7D")  # two skips: seat 1 has no 7, seat 2 may plug
    assert game.view(None).no_seven == frozenset({1})
    assert game.state.phase == Phase.PLUG and game.turn == 2
    do(game, 2, "pass")  # takes the skip holding a 7: nothing learnt of it
    assert game.view(2).no_seven == frozenset({1})
    do(game, 0, "play 4D")
    do(game, 1, "draw")  # a card came to seat 1: it may be a 7
    assert game.view(0).no_seven == frozenset()


def test_without_plugging_a_skip_shows_nothing() -> None:
    game = table(["7H 4C", "5D 6S", "3S 4S"], preset="kadi-moja")
    do(game, 0, "play 7H")
    assert game.view(None).no_seven == frozenset()


def test_a_draw_that_does_not_fit_shows_the_whole_hand_lacks_what_fitted() -> None:
    game = table(["3C 4D", "5S 6S"], pile="5C")
    do(game, 0, "draw")
    view = game.view(1)
    assert view.fit_at_draw[0] == fitting_9h() and view.cards_since_draw[0] == 0


def test_a_drawn_card_that_fits_is_the_one_the_draw_does_not_account_for() -> None:
    game = table(["3C 4D", "5S 6S"], pile="KH")
    do(game, 0, "draw")
    assert game.state.phase == Phase.KEEP and game.state.cards_since_draw[0] == 1
    do(game, 0, "play KH")  # the card that fitted was the drawn one
    assert game.state.fit_at_draw[0] == fitting_9h() and game.state.cards_since_draw[0] == 0

    kept = table(["3C 4D", "5S 6S"], pile="KH")
    do(kept, 0, "draw")
    do(kept, 0, "pass")
    assert kept.state.cards_since_draw[0] == 1  # it may hold the heart it kept


def test_a_stack_taken_shows_no_2_or_joker_and_its_cards_come_since() -> None:
    game = table(["2H 4C", "5S 6S"], pile="3D 4D KC")
    do(game, 0, "play 2H")
    do(game, 1, "draw")  # takes the stack of 2
    state = game.state
    assert state.fit_at_draw[1] == frozenset(c for c in ALL_CARDS if c.rank in (2, JOKER))
    assert state.cards_since_draw[1] == 2


def test_a_later_draw_adds_to_what_was_seen_only_if_no_card_came_between() -> None:
    game = table(["2H 4H 5H 9C", "5S 6S"], pile="3D 4D KH QC")
    do(game, 0, "play 2H")
    do(game, 1, "draw")  # takes the stack: 2 cards come since
    do(game, 0, "play 4H")
    do(game, 1, "draw")  # K♥ fits: phase keep
    hearts = frozenset(c for c in ALL_CARDS if c.suit == "H" or c.rank in (4, JACK, JOKER))
    assert game.state.fit_at_draw[1] == hearts  # the stack's cards may be 2s: those are forgotten
    do(game, 1, "pass")  # keeps K♥
    do(game, 0, "play 5H")
    do(game, 1, "draw")  # the kept K♥ fits 5♥: a draw while able to play, not seen yet
    assert game.state.cards_since_draw[1] == 0
    fives = frozenset(c for c in ALL_CARDS if c.suit == "H" or c.rank in (5, JACK, JOKER))
    assert game.state.fit_at_draw[1] == fives  # a card had come since the last draw: not joined


def test_a_stack_taken_with_no_card_since_the_last_draw_joins_what_both_showed() -> None:
    game = table(["4C 4D", "5S 6S 2H"], pile="KS QS 10S")
    do(game, 0, "draw")  # K♠ does not fit 9♥
    do(game, 1, "play 2H")
    do(game, 0, "draw")  # takes the stack of 2: it held neither a heart nor a 2 or Joker
    state = game.state
    twos = frozenset(c for c in ALL_CARDS if c.rank in (2, JOKER))
    assert state.fit_at_draw[0] == fitting_9h() | twos and state.cards_since_draw[0] == 2


def test_a_card_laid_that_the_draw_ruled_out_forgets_the_draw() -> None:
    """Drawing while able to play is allowed: once it shows, the draw tells nothing."""
    game = table(["3H 4D", "5S 6S"], pile="5C KS")
    do(game, 0, "draw")  # holds 3♥, which fits 9♥
    assert game.state.fit_at_draw[0] == fitting_9h()
    do(game, 1, "draw")
    do(game, 0, "play 3H")
    assert game.state.fit_at_draw[0] == frozenset() and game.state.cards_since_draw[0] == 0
    assert card("3H") in game.state.discard
