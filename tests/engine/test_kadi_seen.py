"""What the Kadi table saw of the hands (issue 15), kept by the engine for the view
and the searching player's deal: whether a seat's hand can go down in one play
(``shows_winning``: a call or an open window, or a move ended with neither), and
what a seat that drew, picked up or left a question unanswered instead of playing is
taken not to hold (``fit_at_draw``) but for ``cards_since_draw``."""

from __future__ import annotations

import random
from itertools import combinations

from bot.games.cards import ACE, ALL_CARDS, JOKER, Card, card
from bot.games.kadi import KadiGame, is_winning_hand
from bot.games.kadi.effects import start_round
from bot.games.kadi.rules import winning_hands
from tests.engine.kadi_position import cards, play, position


def matching(top: str) -> frozenset[Card]:
    """What may start a play on a plain ``top``: its suit, its rank, Jokers and Aces."""
    t = card(top)
    return frozenset(c for c in ALL_CARDS if c.suit == t.suit or c.rank in (t.rank, JOKER, ACE))


def test_the_table_sees_whether_a_seat_can_go_down_after_each_of_its_moves() -> None:
    game = position(["5H 5S 9C", "6C 4H 4S", "KD 7D"], top="9D")
    assert game.view(None).shows_winning == (None, None, None)  # nobody has moved
    play(game, 0, "play 9C")  # 5♥ 5♠ left: the window opens
    assert game.view(1).shows_winning == (True, None, None)
    play(game, 1, "play 6C")  # 4♥ 4♠ left: seat 1's window opens, seat 0's closed uncalled
    assert game.view(2).shows_winning == (True, True, None)
    play(game, 2, "draw")  # no window: K♦ 7♣ and a card cannot go down together
    assert game.view(0).shows_winning == (True, True, False)


def test_a_call_shows_a_winning_hand_and_a_called_seat_laying_part_shows_nothing() -> None:
    game = position(["QH 9H 9C 4D", "4C KC KS"], top="4H")
    play(game, 0, "play 4D")  # Q♥ 9♥ 9♣ left: a winning hand
    play(game, 0, "call")
    assert game.view(1).shows_winning[0] is True
    play(game, 1, "play 4C")
    play(game, 0, "play 9C")  # the call stands; what is left is not shown
    assert game.view(1).shows_winning[0] is None


def test_a_draw_shows_the_hand_lacks_what_could_start_a_play() -> None:
    game = position(["KC 2S", "5S 6S"], top="9D", draw_top="3C")
    play(game, 0, "draw")
    view = game.view(1)
    assert view.fit_at_draw[0] == matching("9D") and view.cards_since_draw[0] == 1


def test_keeping_a_lone_card_shows_nothing_new() -> None:
    game = position(["KC", "5S 6S"], top="9C", draw_top="3H")  # K♣ would leave it cardless
    play(game, 0, "draw")
    assert game.state.fit_at_draw[0] == frozenset()


def test_a_bomb_picked_up_shows_no_counter_and_no_ace() -> None:
    game = position(["KC 9S", "2D 6S"], top="9D", draw_top="4C 5C", turn=1)
    play(game, 1, "play 2D")
    play(game, 0, "draw")  # picks up 2
    state = game.state
    assert state.fit_at_draw[0] == frozenset(c for c in ALL_CARDS if c.rank in (2, ACE))
    assert state.cards_since_draw[0] == 2


def test_an_unanswered_question_shows_no_number_card_of_its_suit() -> None:
    game = position(["QD KC 5S", "6S 7S"], top="9D", draw_top="3C")
    play(game, 0, "play QD")
    state = game.state
    assert state.fit_at_draw[0] == frozenset(c for c in ALL_CARDS if c.suit == "D" and c.rank in (4, 5, 6, 7, 9, 10))
    assert state.cards_since_draw[0] == 1


def test_a_later_draw_adds_to_what_was_seen_only_if_no_card_came_between() -> None:
    game = position(["KC 2S 3H", "5S 6S 7H 9H"], top="9D", draw_top="JD KH")
    play(game, 0, "draw")  # K♥: no card to play on 9♦
    play(game, 1, "play 9H")
    play(game, 0, "draw")  # J♦ came since the first draw: not joined
    assert game.state.fit_at_draw[0] == matching("9H")
    assert game.state.cards_since_draw[0] == 1

    again = position(["KC 2S 3H", "5S 6S 7H 9H"], top="9D", draw_top="JD KH")
    again.state.cards_since_draw[0] = 0
    again.state.fit_at_draw[0] = frozenset(cards("4C"))  # seen before, nothing since
    play(again, 0, "draw")
    assert again.state.fit_at_draw[0] == matching("9D") | frozenset(cards("4C"))


def test_a_card_laid_that_the_draw_ruled_out_forgets_the_draw() -> None:
    """Drawing while able to play is allowed: once it shows, the draw tells nothing."""
    game = position(["9S 9H KC", "9C 6C"], top="9D", draw_top="4H 3H")
    play(game, 0, "draw")  # holds 9♠ and 9♥, which match 9♦: one card came since
    assert card("9S") in game.state.fit_at_draw[0]
    play(game, 1, "play 9C")
    play(game, 0, "play 9S 9H")  # two of the ruled-out cards: the one since cannot be both
    assert game.state.fit_at_draw[0] == frozenset() and game.state.cards_since_draw[0] == 0


def test_a_drawn_card_laid_uses_up_the_card_that_came_since() -> None:
    game = position(["KC 2S", "9C 6D"], top="9D", draw_top="5D")
    play(game, 0, "draw")  # 5♦ comes: it matches 9♦, but the draw was made holding no match
    play(game, 1, "play 6D")
    play(game, 0, "play 5D")
    assert game.state.fit_at_draw[0] == matching("9D") and game.state.cards_since_draw[0] == 0


def test_what_was_seen_is_saved_and_a_table_saved_without_it_reads_as_nothing_seen() -> None:
    game = position(["KC 2S", "5S 6S"], top="9D")
    play(game, 0, "draw")
    saved = game.to_state()
    again = KadiGame.from_state(saved)
    assert again.view(1) == game.view(1)
    older = {k: v for k, v in saved.items() if k not in ("shows_winning", "fit_at_draw", "cards_since_draw")}
    old = KadiGame.from_state(older)
    assert old.state.shows_winning == [None, None]
    assert old.state.fit_at_draw == [frozenset(), frozenset()] and old.state.cards_since_draw == [0, 0]
    KadiGame.determinize(old.view(1), random.Random(1))  # and it deals as before


def test_a_new_round_forgets_what_was_seen() -> None:
    game = KadiGame.new(2, seed=3)
    seat = game.turn
    assert seat is not None
    game.apply(seat, game.legal_moves(seat)[0])
    game.state.fit_at_draw[seat] = frozenset(cards("4C"))
    start_round(game.state, seat, clockwise=True)
    assert game.state.shows_winning == [None, None]
    assert game.state.fit_at_draw == [frozenset(), frozenset()]


def test_winning_hands_lists_every_hand_that_can_go_down_once() -> None:
    pool = frozenset(cards("4H 4S 4D 5H QH QS 8D JH JS AS AD KC 2D"))
    for opponents in (1, 2):
        for ace_finish in (False, True):
            for size in range(1, 5):
                brute = {frozenset(h) for h in combinations(sorted(pool), size)
                         if is_winning_hand(h, opponents, ace_finish)}
                listed = [frozenset(h) for h in winning_hands(pool, size, opponents, ace_finish)]
                assert len(listed) == len(set(listed)) and set(listed) == brute
