"""Kadi rules, one test per rule sentence: setup, matching, questions, jumps,
kickbacks and bombs (seeds/000 and rules-decisions "Kadi (000)").

Aces are in test_kadi_aces.py, Niko Kadi and scoring in test_kadi_finish.py.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bot.games.cards import JOKER, card
from bot.games.core.errors import IllegalMove
from bot.games.core.events import Drew, Forgiven, Reversed, Skipped
from bot.games.core.moves import DRAW_MOVE, PASS_MOVE, Move
from bot.games.kadi import KadiGame, KadiRules
from bot.games.kadi.rules import NUMBER_RANKS
from tests.engine.kadi_position import cards, hand, names, play, position
from tests.says import says

# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("seats", [1, 6])
def test_kadi_is_for_two_to_five_players(seats: int) -> None:
    with pytest.raises(ValueError, match="2 to 5"):
        KadiGame.new(seats, seed=1)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_deck_is_54_cards_with_a_red_and_a_black_joker(seats: int) -> None:
    game = KadiGame.new(seats, seed=3)
    deck = Counter(game.cards_in_play())
    assert len(deck) == 54 and set(deck.values()) == {1}
    assert sum(1 for c in deck if c.rank == JOKER) == 2


def test_no_jokers_switch_plays_with_52_cards() -> None:
    game = KadiGame.new(3, KadiRules(no_jokers=True), seed=3)
    assert len(game.cards_in_play()) == 52
    assert all(c.rank != JOKER for c in game.cards_in_play())


def test_each_player_gets_4_cards_by_default() -> None:
    game = KadiGame.new(4, seed=11)
    assert [len(h) for h in game.state.hands] == [4, 4, 4, 4]


def test_the_host_may_deal_3_cards() -> None:
    game = KadiGame.new(5, KadiRules(deal=3), seed=11)
    assert [len(h) for h in game.state.hands] == [3] * 5


def test_deal_5_needs_its_switch() -> None:
    with pytest.raises(ValueError, match="Deal 5"):
        KadiRules(deal=5)
    game = KadiGame.new(5, KadiRules(deal=5, deal_5=True), seed=11)
    assert [len(h) for h in game.state.hands] == [5] * 5
    assert KadiRules(deal=5, deal_5=True).switches_on() == ["deal", "deal_5"]


def test_the_standard_game_has_no_switch_on() -> None:
    assert KadiRules().switches_on() == []


@pytest.mark.parametrize("seed", range(40))
def test_the_starting_card_is_always_a_plain_number_card(seed: int) -> None:
    game = KadiGame.new(3, seed=seed)
    assert game.state.discard[-1].rank in NUMBER_RANKS


def test_any_other_card_turned_goes_onto_the_discard_pile_under_it() -> None:
    # Find deals where cards had to be turned past: they lie under the starting card.
    found = 0
    for seed in range(200):
        game = KadiGame.new(2, seed=seed)
        if len(game.state.discard) > 1:
            found += 1
            assert all(c.rank not in NUMBER_RANKS for c in game.state.discard[:-1])
            assert game.state.discard[-1].rank in NUMBER_RANKS
            assert game.state.base is game.state.discard[-1]
    assert found


def test_round_1_starts_with_a_random_player_from_the_seed() -> None:
    firsts = {KadiGame.new(4, seed=s).turn for s in range(60)}
    assert firsts == {0, 1, 2, 3}
    assert KadiGame.new(4, seed=5).turn == KadiGame.new(4, seed=5).turn


def test_play_moves_clockwise() -> None:
    game = position(["5D 9H", "KS", "KC"], top="9D")
    play(game, 0, "play 5D")
    assert game.turn == 1
    game.apply(1, DRAW_MOVE)
    assert game.turn == 2


def test_later_rounds_the_previous_winner_goes_first() -> None:
    game = position(["6D 6S", "KS KC", "KH"], top="9D", called=[0], rules=KadiRules(rounds=2))
    play(game, 0, "play 6D 6S")
    assert game.round_no == 2 and game.turn == 0 and game.state.clockwise


def test_later_rounds_the_host_picks_the_direction() -> None:
    rules = KadiRules(rounds=2, later_direction="anticlockwise")
    game = position(["6D 6S", "KS KC", "KH"], top="9D", called=[0], rules=rules)
    play(game, 0, "play 6D 6S")
    assert game.round_no == 2 and game.turn == 0 and not game.state.clockwise
    game.apply(0, DRAW_MOVE)
    assert game.turn == 2


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_except_its_top() -> None:
    game = position(["5S", "KS"], top="9D", under="4C 7H", draw="")
    events = game.apply(0, DRAW_MOVE)
    assert "Reshuffled" in names(events)
    assert game.state.discard == [card("9D")]
    assert len(game.state.hands[0]) == 2
    assert Counter(game.cards_in_play()) == Counter(KadiGame.new(2, seed=1).cards_in_play())


def test_a_pick_up_larger_than_the_cards_outside_the_hands_is_forgiven() -> None:
    # Only 2 cards lie outside the hands and the top: a pick-5 takes those and forgives 3.
    game = position(["5S", "KS"], top="JKR", under="4C", draw="7H",
                    bomb=5, bomb_kind=JOKER)
    game.state.hands[1] += game.state.discard[:-2]  # everything else is in seat 1's hand
    game.state.discard = game.state.discard[-2:]
    events = game.apply(0, DRAW_MOVE)
    assert Drew(0, 2, "bomb") in events and Forgiven(0, 3) in events
    assert game.state.pick_up == 0 and game.turn == 1


def test_a_reshuffle_is_the_same_after_saving_and_loading() -> None:
    game = position(["5S", "KS"], top="9D", under="4C 7H 8S 2D", draw="")
    twin = KadiGame.from_state(game.to_state())
    game.apply(0, DRAW_MOVE)
    twin.apply(0, DRAW_MOVE)
    assert game.to_state() == twin.to_state()


# --------------------------------------------------------------- matching


def test_7h_goes_on_7c_by_rank() -> None:
    game = position(["7H 5S", "KS"], top="7C")
    play(game, 0, "play 7H")
    assert game.state.discard[-1] is card("7H") and game.turn == 1


def test_9h_goes_on_4h_by_suit() -> None:
    game = position(["9H 5S", "KS"], top="4H")
    play(game, 0, "play 9H")
    assert game.state.discard[-1] is card("9H")


def test_a_card_matching_neither_suit_nor_rank_is_refused() -> None:
    game = position(["5S 9H", "KS"], top="4H")
    with says(r"5♠ doesn't match 4♥: play a ♥ or a 4"):
        play(game, 0, "play 5S")


@pytest.mark.parametrize(
    ("top", "sentence"),
    [
        ("8D", "5♠ doesn't match 8♦: play a ♦ or an 8, or an Ace, or draw."),
        ("QD", "5♠ doesn't match Q♦: play a ♦ or a Q, or an Ace, or draw."),
        ("10D", "5♠ doesn't match 10♦: play a ♦ or a 10, or an Ace, or draw."),
    ],
)
def test_the_card_to_match_is_named_with_the_right_article(top: str, sentence: str) -> None:
    game = position(["5S 9H", "KS"], top=top)
    with says("^" + re.escape(sentence) + "$"):
        play(game, 0, "play 5S")


def test_after_an_ace_blocked_a_bomb_a_mismatch_says_an_ace_once() -> None:
    game = position(["9S 5S", "KC"], top="AD", under="2D")
    with says(r"^9♠ doesn't match A♦: play a ♦ or an Ace, or draw\.$"):
        play(game, 0, "play 9S")


def test_drawing_one_card_ends_the_turn() -> None:
    game = position(["5S", "KS"], top="4H", draw_top="JD")
    events = game.apply(0, DRAW_MOVE)
    assert events == [Drew(0, 1, "draw")]
    assert hand(game, 0) == "5S JD" and game.turn == 1


def test_drawing_is_allowed_while_holding_a_playable_card() -> None:
    game = position(["5H", "KS"], top="4H")
    assert DRAW_MOVE in game.legal_moves(0)
    game.apply(0, DRAW_MOVE)
    assert len(game.state.hands[0]) == 2


def test_draws_say_how_many_cards_never_which() -> None:
    game = position(["5S", "KS"], top="4H", draw_top="JD")
    for event in game.apply(0, DRAW_MOVE):
        assert "JD" not in str(event.to_dict())


def test_several_cards_of_one_rank_go_down_in_one_play() -> None:
    game = position(["5D 5S 5C 9H", "KS"], top="9D")
    play(game, 0, "play 5D 5S 5C")
    assert hand(game, 0) == "9H" and game.state.discard[-3:] == cards("5D 5S 5C")


def test_the_first_card_must_be_legal_the_rest_follow_by_rank() -> None:
    game = position(["5D 5S 9H", "KS"], top="9D")
    with says("5♠ doesn't match 9♦"):
        play(game, 0, "play 5S 5D")
    with says("don't share a rank"):
        play(game, 0, "play 5D 9H")


def test_the_last_card_laid_sets_the_suit() -> None:
    game = position(["5D 5S", "7S 7D"], top="9D")
    play(game, 0, "play 5D 5S")
    with says("7♦ doesn't match 5♠"):
        play(game, 1, "play 7D")
    play(game, 1, "play 7S")


@pytest.mark.parametrize("rank", ["10", "J", "K", "2", "3", "A"])
def test_jacks_kings_bombs_aces_and_numbers_may_go_down_together(rank: str) -> None:
    ask = " ask H" if rank == "A" else ""
    game = position([f"{rank}D {rank}S 4C", "6C"], top="9D")
    play(game, 0, f"play {rank}D {rank}S{ask}")
    assert hand(game, 0) == "4C"


def test_two_jokers_go_down_together() -> None:
    game = position(["JKR JKB 4C", "6C"], top="9D")
    play(game, 0, "play JKR JKB")
    assert game.state.pick_up == 5


def test_on_the_red_joker_with_nothing_to_pick_up_play_a_red_card() -> None:
    game = position(["5S 5H", "KS"], top="JKR")
    with says("red"):
        play(game, 0, "play 5S")
    play(game, 0, "play 5H")


def test_on_the_black_joker_with_nothing_to_pick_up_play_a_black_card() -> None:
    game = position(["5H 5C", "KS"], top="JKB")
    with says("black"):
        play(game, 0, "play 5H")
    play(game, 0, "play 5C")


@pytest.mark.parametrize("text", ["play JKB", "play AS ask H"])
def test_another_joker_or_an_ace_also_works_on_a_joker(text: str) -> None:
    game = position(["JKB AS 4C", "KS"], top="JKR")
    play(game, 0, text)


# -------------------------------------------------------------- questions


def test_a_question_is_answered_in_the_same_play() -> None:
    game = position(["QD 4D 9S", "KS"], top="9D")
    play(game, 0, "play QD 4D")
    assert hand(game, 0) == "9S" and game.state.base is card("4D")


def test_the_first_question_must_match_the_top_card() -> None:
    game = position(["QS 4S 9S", "KS"], top="9D")
    with says("Q♠ doesn't match 9♦"):
        play(game, 0, "play QS 4S")


def test_example_qs_qc_4c_4d() -> None:
    game = position(["QS QC 4C 4D 6H", "KS"], top="9S")
    play(game, 0, "play QS QC 4C 4D")
    assert hand(game, 0) == "6H" and game.state.base is card("4D") and game.turn == 1


def test_questions_stack_in_any_suits_and_mix_queens_and_eights() -> None:
    game = position(["QH 8H 8C 5C 6S", "KS"], top="9H")
    play(game, 0, "play QH 8H 8C 5C")
    assert hand(game, 0) == "6S"


def test_the_first_answer_must_share_the_suit_of_the_last_question() -> None:
    game = position(["QS QC 4C 4D 6H", "KS"], top="9S")
    with says(r"^4♦ can't answer Q♣: the first answer must be a ♣\.$"):
        play(game, 0, "play QS QC 4D 4C")


def test_the_rule_texts_reason_for_a_wrong_first_answer() -> None:
    game = position(["QS 4D 4S", "KS"], top="9S")
    with says(r"^4♦ can't answer Q♠: the first answer must be a ♠\.$"):
        play(game, 0, "play QS 4D 4S")


def test_extra_answers_are_one_rank_in_any_suit() -> None:
    game = position(["QS 4S 5S 4H", "KS"], top="9S")
    with says("one rank"):
        play(game, 0, "play QS 4S 5S")
    play(game, 0, "play QS 4S 4H")


@pytest.mark.parametrize("answer", ["KS", "2S", "JS", "AS"])
def test_only_4_5_6_7_9_or_10_answer_a_question(answer: str) -> None:
    game = position([f"QS {answer} 4C", "KH"], top="9S")
    with pytest.raises(IllegalMove):
        play(game, 0, f"play QS {answer}")


def test_questions_come_before_their_answers() -> None:
    game = position(["QS 4S QH 4C", "KS"], top="9S")
    with says("Questions come first"):
        play(game, 0, "play QS 4S QH")


def test_q_h_9_h_9_c() -> None:
    game = position(["QH 9H 9C 5S", "KS"], top="4H")
    play(game, 0, "play QH 9H 9C")
    assert hand(game, 0) == "5S" and game.state.base is card("9C")


def test_an_unanswered_question_costs_one_card() -> None:
    game = position(["QD 5S", "KS"], top="9D", draw_top="3C")
    events = play(game, 0, "play QD")
    assert Drew(0, 1, "question") in events
    assert hand(game, 0) == "5S 3C" and game.turn == 1


def test_a_question_may_go_unanswered_even_by_a_player_who_could_answer() -> None:
    game = position(["QD 4D", "KS"], top="9D")
    assert Move.parse("play QD") in game.legal_moves(0)
    play(game, 0, "play QD")
    assert len(game.state.hands[0]) == 2


def test_after_an_unanswered_question_the_next_player_matches_it() -> None:
    game = position(["QD 5S", "4D KC"], top="9D")
    play(game, 0, "play QD")
    play(game, 1, "play 4D")


def test_no_question_while_facing_a_bomb() -> None:
    game = position(["QD 4D", "KS"], top="2D", bomb=2, bomb_kind=2)
    with says(r"^You can't ask a question while you have a bomb"):
        play(game, 0, "play QD 4D")


# ------------------------------------------------------------------ jumps


def test_a_jack_skips_the_next_player() -> None:
    game = position(["JD 5S", "KS", "KC"], top="9D")
    events = play(game, 0, "play JD")
    assert Skipped(1) in events and game.turn == 2


def test_two_jacks_skip_two_players() -> None:
    game = position(["JD JS 5S", "KS", "KC", "KH"], top="9D")
    events = play(game, 0, "play JD JS")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(1), Skipped(2)]
    assert game.turn == 3


def test_a_player_with_no_jack_is_skipped_straight_away() -> None:
    game = position(["JD 5S", "KS 9S", "KC"], top="9D")
    events = play(game, 0, "play JD")
    assert Skipped(1) in events and game.turn == 2 and game.state.skips == 0


def test_a_player_holding_a_jack_may_pass_the_skip_on() -> None:
    game = position(["JD 5S", "JS 9S", "KC", "KH"], top="9D")
    play(game, 0, "play JD")
    assert game.turn == 1 and game.state.skips == 1
    assert set(game.legal_moves(1)) == {PASS_MOVE, Move.parse("play JS")}
    events = play(game, 1, "play JS")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(2), Skipped(3)]


def test_a_player_holding_a_jack_may_take_the_skip() -> None:
    game = position(["JD 5S", "JS 9S", "KC"], top="9D")
    play(game, 0, "play JD")
    events = game.apply(1, PASS_MOVE)
    assert events == [Skipped(1)] and game.turn == 2 and hand(game, 1) == "JS 9S"


def test_each_jack_passed_on_adds_one_skip() -> None:
    game = position(["JD 5S", "JS JC 9S", "KC", "KH", "KD"], top="9D")
    play(game, 0, "play JD")
    events = play(game, 1, "play JS JC")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(2), Skipped(3), Skipped(4)]
    assert game.turn == 0


def test_while_being_skipped_a_jack_is_the_only_card_you_can_play() -> None:
    game = position(["JD 5S", "JS 9H AS", "KC"], top="9D")
    play(game, 0, "play JD")
    for text in ("play 9H", "play AS ask H"):
        with says(r"^You're being skipped: only a Jack can pass it on\.$"):
            play(game, 1, text)
    with says("being skipped"):
        game.apply(1, DRAW_MOVE)


def test_jumps_passed_on_four_players() -> None:
    # Seat 0 plays a Jack, seat 1 passes it on (2 skips): seats 2 and 3 are skipped, seat 0 plays.
    game = position(["JD 5S", "JS 9S", "KC", "KH"], top="9D")
    play(game, 0, "play JD")
    play(game, 1, "play JS")
    assert game.turn == 0 and game.state.skips == 0


def test_jumps_passed_on_four_players_a_skipped_player_may_pass_it_on_too() -> None:
    game = position(["JD 5S", "JS 9S", "JC KC", "KH"], top="9D")
    play(game, 0, "play JD")
    play(game, 1, "play JS")
    assert game.turn == 2 and game.state.skips == 2
    events = play(game, 2, "play JC")
    # 3 skips from seat 2: seat 3 is skipped, the next lands on seat 0 (a Jack-layer): dropped.
    assert Skipped(3) in events and game.turn == 0 and game.state.skips == 0


def test_jumps_passed_on_three_players() -> None:
    # The same two Jacks: seat 2 is skipped, the second skip would land on seat 0: dropped.
    game = position(["JD 5S", "JS 9S", "KC"], top="9D")
    play(game, 0, "play JD")
    events = play(game, 1, "play JS")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(2)]
    assert names(events)[-1] == "JumpDropped" and game.turn == 0


def test_more_jacks_than_opponents_the_player_plays_again() -> None:
    game = position(["JD JS JC 5S", "KS", "KC"], top="9D")
    events = play(game, 0, "play JD JS JC")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(1), Skipped(2)]
    assert game.turn == 0


def test_a_jack_with_two_players_means_play_again() -> None:
    game = position(["JD 5S", "KS"], top="9D")
    play(game, 0, "play JD")
    assert game.turn == 0


def test_a_skipped_player_takes_no_skip_for_a_jack_they_laid() -> None:
    # Two players: seat 1 passes it on, the jump would land on seat 0 who laid a Jack.
    game = position(["JD 5S", "JS 9S"], top="9D")
    play(game, 0, "play JD")
    play(game, 1, "play JS")
    assert game.turn == 0


# ---------------------------------------------------------------- kings


def test_a_king_reverses_the_direction_of_play() -> None:
    game = position(["KD 5S", "KS", "KC"], top="9D")
    events = play(game, 0, "play KD")
    assert Reversed(False) in events and game.turn == 2 and not game.state.clockwise


def test_two_kings_cancel_out() -> None:
    game = position(["KD KS 5S", "KH", "KC"], top="9D")
    play(game, 0, "play KD KS")
    assert game.turn == 1 and game.state.clockwise


def test_three_kings_reverse_once_each() -> None:
    game = position(["KD KS KH 5S", "QH", "KC"], top="9D")
    play(game, 0, "play KD KS KH")
    assert game.turn == 2 and not game.state.clockwise


@pytest.mark.parametrize("kings", ["KD", "KD KS"])
def test_with_two_players_kings_mean_play_again(kings: str) -> None:
    game = position([f"{kings} 5S", "KH"], top="9D")
    play(game, 0, f"play {kings}")
    assert game.turn == 0 and game.state.clockwise


# ---------------------------------------------------------------- bombs


@pytest.mark.parametrize(("bomb", "size"), [("2D", 2), ("3D", 3), ("JKR", 5)])
def test_bomb_sizes_2_3_and_joker_5(bomb: str, size: int) -> None:
    game = position([f"{bomb} 5S", "KS KC"], top="9D")
    play(game, 0, f"play {bomb}")
    assert game.state.pick_up == size
    events = game.apply(1, DRAW_MOVE)
    assert Drew(1, size, "bomb") in events and len(game.state.hands[1]) == 2 + size


def test_a_2_or_3_starts_a_bomb_only_by_matching_suit_or_rank() -> None:
    game = position(["2S 3D 5S", "KS"], top="9D")
    with says("2♠ doesn't match 9♦"):
        play(game, 0, "play 2S")
    play(game, 0, "play 3D")


def test_a_joker_goes_on_any_card() -> None:
    game = position(["JKB 5S", "KS"], top="9D")
    play(game, 0, "play JKB")
    assert game.state.pick_up == 5


@pytest.mark.parametrize(("request_", "value"), [("ask", "S"), ("demand", "KC")])
def test_a_joker_cannot_go_on_an_asked_suit_or_card(request_: str, value: str) -> None:
    game = position(["JKB 5S", "KS"], top="AH", base="9D", **{request_: value})  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        play(game, 0, "play JKB")


@pytest.mark.parametrize(("top", "counter", "kind", "size"),
                         [("2D", "2S", 2, 2), ("3D", "3C", 3, 3), ("JKR", "JKB", JOKER, 5)])
def test_counter_a_bomb_with_the_same_kind_in_any_suit(
    top: str, counter: str, kind: int, size: int
) -> None:
    game = position([f"{counter} 5S", "KS", "KC"], top=top, bomb=size, bomb_kind=kind)
    play(game, 0, f"play {counter}")
    assert game.state.pick_up == size and game.turn == 1


@pytest.mark.parametrize(("top", "kind", "size", "answer"),
                         [("3D", 3, 3, "2D"), ("JKR", JOKER, 5, "2D"), ("2D", 2, 2, "3D"),
                          ("2D", 2, 2, "JKB")])
def test_a_2_does_not_answer_a_3_or_a_joker_nor_the_other_way_round(
    top: str, kind: int, size: int, answer: str
) -> None:
    game = position([f"{answer} 5S", "KS"], top=top, bomb=size, bomb_kind=kind)
    with says(f"can't answer a pick-{size}"):
        play(game, 0, f"play {answer}")


def test_facing_a_bomb_other_cards_are_refused() -> None:
    game = position(["5D 9D", "KS"], top="2D", bomb=2, bomb_kind=2)
    with says(r"^5♦ can't answer a pick-2: counter with a 2"):
        play(game, 0, "play 5D")
    assert set(game.legal_moves(0)) == {DRAW_MOVE}


def test_an_ace_blocks_a_bomb_no_suit_is_asked_the_next_player_matches_the_ace() -> None:
    game = position(["AC 5S", "KC 9D", "KS"], top="JKR", bomb=5, bomb_kind=JOKER)
    with says("blocks it and asks for nothing"):
        play(game, 0, "play AC ask H")
    events = play(game, 0, "play AC")
    assert "BombBlocked" in names(events) and game.state.pick_up == 0 and game.state.ask_suit is None
    with says("9♦ doesn't match A♣"):
        play(game, 1, "play 9D")
    play(game, 1, "play KC")


def test_picking_up_a_bomb_ends_the_turn() -> None:
    game = position(["5D", "KS", "KC"], top="2D", bomb=2, bomb_kind=2)
    game.apply(0, DRAW_MOVE)
    assert game.turn == 1 and game.state.pick_up == 0 and len(game.state.hands[0]) == 3


def test_after_a_bomb_is_picked_up_the_next_player_matches_it() -> None:
    game = position(["5D", "2C 9S", "KC"], top="2D", bomb=2, bomb_kind=2)
    game.apply(0, DRAW_MOVE)
    play(game, 1, "play 2C")  # a new bomb, by rank
    assert game.state.pick_up == 2


def test_after_a_joker_is_picked_up_its_colour_rule_applies() -> None:
    game = position(["5D", "9S 9H", "KC"], top="JKR", bomb=5, bomb_kind=JOKER)
    game.apply(0, DRAW_MOVE)
    with says("red"):
        play(game, 1, "play 9S")
    play(game, 1, "play 9H")


def test_in_the_standard_game_a_counter_passes_the_same_number_on() -> None:
    game = position(["2S 5S", "KS"], top="2D", bomb=2, bomb_kind=2)
    play(game, 0, "play 2S")
    assert game.state.pick_up == 2


def test_in_the_standard_game_several_bombs_laid_at_once_count_as_one() -> None:
    game = position(["2S 2C 5S", "KS"], top="9S")
    play(game, 0, "play 2S 2C")
    assert game.state.pick_up == 2


def test_punishment_accumulates_a_counter_adds_its_size() -> None:
    rules = KadiRules(punishment_accumulates=True)
    game = position(["2S 5S", "KS"], top="2D", bomb=2, bomb_kind=2, rules=rules)
    play(game, 0, "play 2S")
    assert game.state.pick_up == 4
    game = position(["JKB 5S", "KS"], top="JKR", bomb=5, bomb_kind=JOKER, rules=rules)
    play(game, 0, "play JKB")
    assert game.state.pick_up == 10


def test_punishment_accumulates_bombs_laid_together_add_up() -> None:
    rules = KadiRules(punishment_accumulates=True)
    game = position(["2S 2C 5S", "KS"], top="9S", rules=rules)
    play(game, 0, "play 2S 2C")
    assert game.state.pick_up == 4


def test_bombs_answer_bombs_alone_passes_on_the_size_of_the_bomb_on_top() -> None:
    rules = KadiRules(bombs_answer_bombs=True)
    game = position(["3S 5S", "KS"], top="2D", bomb=2, bomb_kind=2, rules=rules)
    play(game, 0, "play 3S")
    assert game.state.pick_up == 3 and game.state.bomb_kind == 3


def test_bombs_answer_bombs_with_punishment_accumulates_adds() -> None:
    rules = KadiRules(bombs_answer_bombs=True, punishment_accumulates=True)
    game = position(["3S 5S", "JKB"], top="2D", bomb=2, bomb_kind=2, rules=rules)
    play(game, 0, "play 3S")
    assert game.state.pick_up == 5
    play(game, 1, "play JKB")
    assert game.state.pick_up == 10


def test_bombs_answer_bombs_a_joker_counters_a_2() -> None:
    rules = KadiRules(bombs_answer_bombs=True)
    game = position(["JKB 5S", "KS"], top="2D", bomb=2, bomb_kind=2, rules=rules)
    play(game, 0, "play JKB")
    assert game.state.pick_up == 5
