"""Kadi's last cards: winning hands, Niko Kadi, cardless players, scoring and
matches (seeds/000 "Niko Kadi", "Winning and scoring"; rules-decisions)."""

from __future__ import annotations

import pytest

from bot.games.core.events import Called, Drew, MatchOver, RoundOver, RoundStarted
from bot.games.core.moves import CALL_MOVE, DRAW_MOVE
from bot.games.core.results import Result
from bot.games.kadi import KadiGame, KadiRules, is_winning_hand
from bot.games.kadi.effects import match_result
from bot.ui.text.kadi import KadiUI
from tests.engine.kadi_position import cards, hand, names, play, position
from tests.says import says

# ---------------------------------------------------------- winning hands


@pytest.mark.parametrize(
    ("text", "opponents", "winning"),
    [
        ("6D 6S", 1, True),
        ("QH 9H 9C", 1, True),
        ("7C", 3, True),
        ("4S 4H 4D 4C", 2, True),
        ("QS QC 4C 4D", 1, True),
        ("8H QD 5D", 1, True),
        ("QH 9C", 1, False),  # no answer of the question's suit
        ("QH", 1, False),  # a question alone cannot be answered
        ("6D 7D", 1, False),  # two ranks
        ("AS", 1, False),
        ("2S", 1, False),
        ("3S 3D", 1, False),
        ("JS", 1, False),
        ("KS 5S", 1, False),
        ("JKR", 1, False),
        ("6D AS", 1, False),
    ],
)
def test_a_winning_hand_is_one_rank_of_number_cards_alone_or_behind_questions(
    text: str, opponents: int, winning: bool
) -> None:
    assert is_winning_hand(cards(text), opponents, ace_finish=False) is winning


@pytest.mark.parametrize(
    ("text", "opponents", "winning"),
    [
        ("JD JS 5S", 2, True),  # the rules-decisions example
        ("JD 5D", 1, True),
        ("JD 5S", 1, False),  # no Jack shares a suit with the set
        ("JD JS 5S", 1, False),  # one Jack per opponent, exactly
        ("JD 5D", 2, False),
        ("JH QH 9H 9C", 1, True),
        ("JC JD JS 7S 7H", 3, True),
        ("JD", 1, False),  # a Jack chain needs a winning set
    ],
)
def test_a_jack_chain_is_one_jack_per_opponent_plus_a_winning_set_sharing_a_suit(
    text: str, opponents: int, winning: bool
) -> None:
    assert is_winning_hand(cards(text), opponents, ace_finish=False) is winning


def test_ace_finish_switch_makes_aces_alone_a_winning_hand() -> None:
    assert not is_winning_hand(cards("AS AD"), 1, ace_finish=False)
    assert is_winning_hand(cards("AS AD"), 1, ace_finish=True)
    assert is_winning_hand(cards("AH"), 3, ace_finish=True)
    assert not is_winning_hand(cards("AH 5H"), 3, ace_finish=True)


# ------------------------------------------------------------- the call


def test_the_call_opens_at_the_end_of_a_turn_holding_a_winning_hand() -> None:
    game = position(["6D 6S KD", "KS 9C", "KC"], top="9D")
    play(game, 0, "play KD")  # reverses: seat 2 is next
    assert game.state.call_window == 0
    assert game.actors() == frozenset({0, 2})
    assert game.legal_moves(0) == [CALL_MOVE]
    assert game.apply(0, CALL_MOVE) == [Called(0)]
    assert game.state.called[0] and game.actors() == frozenset({2})


def test_the_chance_to_call_is_gone_once_the_next_player_moves() -> None:
    game = position(["6D 6S 9D", "KS 9C", "KC"], top="9H")
    play(game, 0, "play 9D")
    game.apply(1, DRAW_MOVE)
    assert game.state.call_window is None and game.actors() == frozenset({2})
    with says("until the next player moves"):
        game.apply(0, CALL_MOVE)


def test_a_skipped_player_does_not_close_the_call_window() -> None:
    game = position(["6D 6S JD", "KS 9C", "KC"], top="9D")
    play(game, 0, "play JD")  # seat 1 has no Jack: skipped straight away
    assert game.turn == 2 and game.state.call_window == 0
    game.apply(0, CALL_MOVE)


def test_only_a_winning_hand_can_call() -> None:
    game = position(["6D 7S 9D", "KS 9C"], top="9H")
    play(game, 0, "play 9D")
    assert game.state.call_window is None
    with says("can go down in one play"):
        game.apply(0, CALL_MOVE)


def test_a_player_cannot_call_twice() -> None:
    game = position(["6D 6S", "KS 9C"], top="9H", called=[0])
    with says("already called"):
        game.apply(0, CALL_MOVE)


def test_drawing_a_card_cancels_the_call() -> None:
    game = position(["6D 5S", "KS 9C"], top="9H", called=[0], draw_top="KH")
    events = game.apply(0, DRAW_MOVE)
    assert "CallCancelled" in names(events) and not game.state.called[0]
    assert game.state.call_window is None  # 6D 5S KH is not a winning hand


def test_after_a_draw_that_keeps_a_winning_hand_you_can_call_again() -> None:
    game = position(["6D 6S", "KS 9C"], top="9H", called=[0], draw_top="6C")
    events = game.apply(0, DRAW_MOVE)
    assert "CallCancelled" in names(events) and not game.state.called[0]
    assert game.state.call_window == 0
    game.apply(0, CALL_MOVE)
    assert game.state.called[0]


def test_picking_up_a_bomb_cancels_the_call() -> None:
    game = position(["6D 6S", "KS 9C"], top="2D", bomb=2, bomb_kind=2, called=[0])
    game.apply(0, DRAW_MOVE)
    assert not game.state.called[0]


def test_an_unanswered_question_cancels_the_call() -> None:
    game = position(["QH 6D 6S", "KS 9C"], top="9H", called=[0])
    play(game, 0, "play QH")
    assert not game.state.called[0]


# -------------------------------------------------------------- winning


def test_you_win_by_playing_your_last_cards_after_calling_on_an_earlier_turn() -> None:
    game = position(["6D 6S", "KS 9C JKR", "KC 5H"], top="9D", called=[0])
    events = play(game, 0, "play 6D 6S")
    result = Result(ranks=(1, 3, 2), points=(0, 63, 9), winners=(0,))
    assert RoundOver(1, result) in events and MatchOver(result) in events
    assert game.is_over and game.result() == result and game.actors() == frozenset()
    assert game.legal_moves(1) == [] and game.timeout_move() is None


def test_the_whole_play_to_win_example_q_h_9_h_9_c() -> None:
    game = position(["QH 9H 9C", "KS"], top="4H", called=[0])
    events = play(game, 0, "play QH 9H 9C")
    assert names(events)[-2:] == ["RoundOver", "MatchOver"]


def test_a_call_and_win_in_one_sequence() -> None:
    game = position(["6D 6S 9D", "KS 4C", "KC 7H"], top="9H")
    play(game, 0, "play 9D")
    game.apply(0, CALL_MOVE)
    game.apply(1, DRAW_MOVE)
    game.apply(2, DRAW_MOVE)
    assert game.result() is None
    events = play(game, 0, "play 6D 6S")
    assert game.is_over and "RoundOver" in names(events)


def test_running_out_without_calling_makes_you_cardless() -> None:
    game = position(["6D 6S", "KS 9C"], top="9D")
    events = play(game, 0, "play 6D 6S")
    assert "WentCardless" in names(events) and game.state.owes[0] == 1
    assert not game.is_over and game.turn == 1


def test_running_out_on_a_card_that_is_not_a_winning_hand_makes_you_cardless() -> None:
    game = position(["KD", "KS 9C", "4C"], top="9D", called=[0])
    events = play(game, 0, "play KD")
    assert "WentCardless" in names(events) and not game.is_over


def test_a_cardless_players_only_move_is_to_draw_back_in_one_card() -> None:
    game = position(["", "KS 9C"], top="9D", cardless=[0])
    assert game.legal_moves(0) == [DRAW_MOVE]
    with says(r"^You have no cards: draw to get back into the round"):
        play(game, 0, "play 9D")
    events = game.apply(0, DRAW_MOVE)
    assert Drew(0, 1, "cardless") in events
    assert game.state.owes[0] == 0 and len(game.state.hands[0]) == 1 and game.turn == 1


def test_forgotten_call_costs_a_card_draws_two_in_one_move() -> None:
    rules = KadiRules(forgotten_call_costs_a_card=True)
    game = position(["6D 6S", "KS 9C"], top="9D", rules=rules)
    play(game, 0, "play 6D 6S")
    assert game.state.owes[0] == 2
    game.apply(1, DRAW_MOVE)
    events = game.apply(0, DRAW_MOVE)
    assert Drew(0, 2, "cardless") in events


def test_a_cardless_player_with_a_bomb_to_face_picks_it_up_as_the_draw_back_in() -> None:
    game = position(["", "KS 9C"], top="2D", bomb=2, bomb_kind=2, cardless=[0])
    events = game.apply(0, DRAW_MOVE)
    assert Drew(0, 2, "cardless") in events and game.state.pick_up == 0


def test_a_cardless_player_is_skipped_straight_away_by_a_jack() -> None:
    game = position(["JD 5S", "", "KC"], top="9D", cardless=[1])
    play(game, 0, "play JD")
    assert game.turn == 2 and game.state.owes[1]


def test_nobody_can_win_while_another_player_is_cardless() -> None:
    game = position(["6D 6S", "", "KC"], top="9D", called=[0], cardless=[1])
    events = play(game, 0, "play 6D 6S")
    assert not game.is_over and "WentCardless" in names(events)
    assert game.state.owes == [1, 1, 0]


def test_the_cardless_player_must_draw_back_in_first_then_a_win_counts() -> None:
    game = position(["6D 6S 9D", "", "KC 5C"], top="9H", cardless=[1])
    play(game, 0, "play 9D")
    game.apply(0, CALL_MOVE)
    game.apply(1, DRAW_MOVE)
    game.apply(2, DRAW_MOVE)
    play(game, 0, "play 6D 6S")
    assert game.is_over


def test_jack_chain_finish_example_with_two_opponents() -> None:
    game = position(["JD JS 5S", "KS 4C", "KC 7H"], top="9D", called=[0])
    events = play(game, 0, "play JD JS 5S")
    assert game.is_over and "RoundOver" in names(events)


def test_jack_chain_set_must_share_the_suit_of_the_last_jack() -> None:
    game = position(["JD JS 5S", "KS 4C", "KC 7H"], top="9D", called=[0])
    with says(r"5♠ must share the suit of the Jack before it \(J♦\)"):
        play(game, 0, "play JS JD 5S")


def test_jack_chain_first_jack_must_be_legal() -> None:
    game = position(["JS JD 5D", "KS 4C", "KC 7H"], top="9H", called=[0])
    with says("J♠ doesn't match 9♥"):
        play(game, 0, "play JS JD 5D")


def test_jack_chain_needs_a_call() -> None:
    game = position(["JD JS 5S", "KS 4C", "KC 7H"], top="9D")
    with says("called Niko Kadi"):
        play(game, 0, "play JD JS 5S")


def test_jack_chain_needs_one_jack_per_opponent() -> None:
    game = position(["JD 5D", "KS 4C", "KC 7H"], top="9D", called=[0])
    with says("exactly one Jack per opponent"):
        play(game, 0, "play JD 5D")


def test_jack_chain_is_listed_among_the_legal_moves() -> None:
    game = position(["JS JD 5S", "KS 4C", "KC 7H"], top="9D", called=[0])
    chains = [m for m in game.legal_moves(0) if len(m.cards) == 3]
    assert [m.text() for m in chains] == ["play JD JS 5S"]


def test_ace_finish_switch_lets_aces_finish() -> None:
    rules = KadiRules(ace_finish=True)
    game = position(["AS AD", "KS 4C"], top="9D", called=[0], rules=rules)
    assert [m.text() for m in game.legal_moves(0) if len(m.cards) == 2] == ["play AS AD"]
    play(game, 0, "play AS AD")
    assert game.is_over


def test_without_ace_finish_aces_cannot_be_called_on() -> None:
    game = position(["AS AD 9D", "KS 4C"], top="9H")
    play(game, 0, "play 9D")
    assert game.state.call_window is None


# ------------------------------------------------------------- scoring


def test_penalty_points_joker_50_two_20_jack_10_king_4_queen_2_ace_1_others_face_value() -> None:
    game = position(["6D", "JKR 2S JC KD QH AS 3C 10D"], top="9D", called=[0])
    events = play(game, 0, "play 6D")
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.points == (0, 50 + 20 + 10 + 4 + 2 + 1 + 3 + 10)


def test_fewest_points_rank_highest_and_equal_points_share_a_rank() -> None:
    game = position(["6D", "KS", "KC", "9C"], top="9D", called=[0])
    events = play(game, 0, "play 6D")
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.ranks == (1, 2, 2, 4)


def test_the_round_winner_ranks_first() -> None:
    game = position(["6D", "", "KC"], top="9D", called=[0])
    game.state.owes = [0, 0, 0]  # seat 1 drew nothing back: 0 points, still ranks after the winner
    events = play(game, 0, "play 6D")
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.ranks == (1, 2, 3)


# -------------------------------------------------------------- matches


def test_a_match_of_three_rounds_reports_each_round_and_the_match() -> None:
    game = position(["6D", "KS", "KC"], top="9D", called=[0], rules=KadiRules(rounds=3))
    events = play(game, 0, "play 6D")
    assert [type(e).__name__ for e in events][-2:] == ["RoundOver", "RoundStarted"]
    assert game.round_no == 2 and game.state.round_wins == [1, 0, 0] and not game.is_over
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.round_no == 2 and started.first == 0
    assert [len(h) for h in game.state.hands] == [4, 4, 4]


def test_a_match_ranks_by_round_wins_then_fewest_total_points() -> None:
    game = position(["KS", "6D", "7C"], top="9C", turn=2, called=[2], rules=KadiRules(rounds=2))
    game.state.round_no = 2
    game.state.round_results = [Result((1, 2, 3), (0, 5, 9), (0,))]
    game.state.round_wins = [1, 0, 0]
    events = play(game, 2, "play 7C")  # seat 2 wins round 2: one win each for seats 0 and 2
    over = next(e for e in events if isinstance(e, MatchOver))
    assert over.result.points == (4, 11, 9)
    assert over.result.ranks == (1, 3, 2) and over.result.winners == (0,)


def test_match_ties_on_wins_and_points_share_the_rank() -> None:
    game = KadiGame.new(2, KadiRules(rounds=2), seed=1)
    game.state.round_results = [Result((1, 2), (0, 4), (0,)), Result((2, 1), (4, 0), (1,))]
    game.state.round_wins = [1, 1]
    result = match_result(game.state)
    assert result.ranks == (1, 1) and result.winners == (0, 1)


def test_points_do_not_carry_over_between_rounds() -> None:
    game = position(["6D", "KS JKR", "KC"], top="9D", called=[0], rules=KadiRules(rounds=2))
    play(game, 0, "play 6D")
    assert game.state.round_results[0].points == (0, 54, 4)
    assert hand(game, 0) != "" and game.state.owes == [0, 0, 0] and game.state.called == [False] * 3


def test_after_kings_play_again_a_player_may_call_then_finish_on_the_next_play() -> None:
    game = position(["KD 6D 6S", "KS 9C"], top="9D")
    play(game, 0, "play KD")
    assert game.turn == 0 and game.state.call_window == 0
    assert CALL_MOVE in game.legal_moves(0)
    game.apply(0, CALL_MOVE)
    play(game, 0, "play 6D 6S")
    assert game.is_over


def _nothing_left_to_draw(game: KadiGame, hoarder: int) -> KadiGame:
    """Every card but the hands and the top of the discard pile goes to ``hoarder``."""
    game.state.hands[hoarder] += game.state.discard[:-1]
    game.state.discard = game.state.discard[-1:]
    return game


def test_a_round_where_everyone_in_turn_draws_nothing_is_blocked_and_ends_on_points() -> None:
    """With nothing left to draw, a round in which nobody lays a card would never end
    (here seat 2 hoards the deck and keeps drawing though it could play): once every
    seat has drawn nothing in turn, everyone ranks by points and the fewest win."""
    game = _nothing_left_to_draw(position(["KC 6C", "7S 4D", ""], top="5H", draw=""), hoarder=2)
    first = game.apply(0, DRAW_MOVE) + game.apply(1, DRAW_MOVE)
    assert "RoundBlocked" not in names(first) and game.state.empty_draws == 2
    events = game.apply(2, DRAW_MOVE)
    assert names(events)[-3:] == ["RoundBlocked", "RoundOver", "MatchOver"]
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.points[:2] == (10, 11)  # K 4 + 6; 7 + 4
    assert over.result.ranks == (1, 2, 3) and over.result.winners == (0,)
    assert game.is_over
    said = [KadiUI().event_text(e.to_dict(), ["Ann", "Ben", "Cy"]) for e in events[-3:-1]]
    assert said == ["Nothing was left to draw and nobody laid a card for a whole turn of the table: "
                    "the round ends on points.", "Round 1 over: Ann won."]


def test_a_blocked_round_with_equal_fewest_points_is_won_by_both() -> None:
    game = _nothing_left_to_draw(
        position(["KC 6C", "7S 3D", ""], top="5H", draw="", rules=KadiRules(rounds=3)), hoarder=2)
    for seat in (0, 1):
        game.apply(seat, DRAW_MOVE)
    events = game.apply(2, DRAW_MOVE)
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.ranks == (1, 1, 3) and over.result.winners == (0, 1)
    assert game.state.round_wins == [1, 1, 0]
    assert isinstance(events[-1], RoundStarted) and events[-1].first == 0  # the next round is dealt
    assert game.state.empty_draws == 0


def test_a_card_laid_or_a_card_drawn_starts_the_count_of_empty_draws_again() -> None:
    game = _nothing_left_to_draw(position(["KC 6C", "5S 4D", ""], top="5H", draw=""), hoarder=2)
    game.apply(0, DRAW_MOVE)
    assert game.state.empty_draws == 1
    play(game, 1, "play 5S")
    assert game.state.empty_draws == 0
    game.apply(2, DRAW_MOVE)  # the 5♥ under the 5♠ is reshuffled and drawn
    assert game.state.empty_draws == 0 and not game.is_over


def test_the_count_of_empty_draws_is_saved_and_an_older_save_reads_as_none() -> None:
    game = _nothing_left_to_draw(position(["KC 6C", "7S 4D", ""], top="5H", draw=""), hoarder=2)
    game.apply(0, DRAW_MOVE)
    saved = game.to_state()
    assert KadiGame.from_state(saved).state.empty_draws == 1
    del saved["empty_draws"]
    assert KadiGame.from_state(saved).state.empty_draws == 0


def test_a_cardless_player_who_finds_nothing_to_draw_stays_cardless() -> None:
    game = position(["", "KS 9C"], top="9D", cardless=[0], draw="")
    game.state.hands[1] += game.state.discard[:-1]  # every other card is in seat 1's hand
    game.state.discard = game.state.discard[-1:]
    events = game.apply(0, DRAW_MOVE)
    assert "Forgiven" in names(events) and game.state.owes[0] == 1 and game.turn == 1
