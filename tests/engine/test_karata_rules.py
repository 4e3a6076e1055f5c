"""Karata (seed 002) rule by rule; each test is named after the sentence it checks.

The Kadi Moja preset has its own file (test_kadi_moja_rules.py); rules whose
presets differ are also tested side by side in test_karata_presets.py.
"""

from __future__ import annotations

import json
import random

from bot.games.cards import hand_points
from bot.games.core.events import Drew, Forgiven, Played, RoundOver, Skipped
from bot.games.karata import KarataGame, NotFinished, NotFinishedReason
from bot.games.karata.rules import PLUG_WINDOW_SECONDS
from bot.ui.text.game import GameUI
from bot.ui.text.karata import KarataUI
from tests.engine.test_karata_deal import cards, do, illegal, move, names, table

# ------------------------------------------------------- matching and drawing


def test_play_a_card_that_matches_the_top_by_suit_or_by_rank() -> None:
    game = table(["4H 9C KS", "5D"], "9H")
    legal = game.legal_moves(0)
    assert move("play 4H") in legal and move("play 9C") in legal
    assert move("play KS") not in legal
    assert "doesn't match 9♥" in illegal(game, 0, "play KS")


def test_you_cannot_play_a_card_you_do_not_hold() -> None:
    game = table(["4H", "5D"], "9H")
    assert illegal(game, 0, "play 9C") == "You don't hold 9♣."


def test_it_is_not_your_turn() -> None:
    game = table(["4H", "5D"], "9H")
    assert "not your turn" in illegal(game, 1, "play 5D")


def test_if_you_cannot_play_you_draw_one_card_and_your_turn_ends() -> None:
    game = table(["KS", "5D"], "9H", pile="3C")
    events = do(game, 0, "draw")
    assert Drew(0, 1, "draw") in events
    assert game.turn == 1 and cards("KS 3C") == game.state.hands[0]


def test_a_drawn_card_that_can_be_played_may_be_played_at_once() -> None:
    game = table(["KS", "5D"], "9H", pile="3H")
    do(game, 0, "draw")
    assert game.turn == 0
    assert game.legal_moves(0) == [move("play 3H"), move("pass")]
    assert "play exactly that card" in illegal(game, 0, "play KS")
    do(game, 0, "play 3H")
    assert game.state.discard[-1] == cards("3H")[0] and game.turn == 1


def test_a_drawn_card_that_can_be_played_may_be_kept() -> None:
    game = table(["KS", "5D"], "9H", pile="3H")
    do(game, 0, "draw")
    assert names(do(game, 0, "pass")) == ["Kept"]
    assert game.turn == 1 and cards("3H")[0] in game.state.hands[0]


def test_drawing_is_always_allowed_even_holding_a_playable_card() -> None:
    game = table(["9C", "5D"], "9H")
    assert move("draw") in game.legal_moves(0)


def test_several_cards_of_one_rank_go_down_as_one_play() -> None:
    game = table(["9C 9S 9D 4H", "5D"], "9H")
    do(game, 0, "play 9C 9S 9D")
    assert game.state.hands[0] == cards("4H") and game.state.discard[-1] == cards("9D")[0]


def test_in_a_multi_card_play_the_first_card_must_match_the_rest_follow_by_rank() -> None:
    game = table(["5C 5H 4H", "5D"], "9H")
    assert "doesn't match" in illegal(game, 0, "play 5C 5H")
    do(game, 0, "play 5H 5C")
    assert game.state.discard[-1] == cards("5C")[0]


def test_cards_laid_together_must_share_a_rank() -> None:
    game = table(["5H 6H", "5D"], "9H")
    assert "share a rank" in illegal(game, 0, "play 5H 6H")


# ----------------------------------------------------------------- draw stacks


def test_a_2_forces_the_next_player_to_draw_2() -> None:
    game = table(["2H 4C", "5S 6S", "7D"], "9H")
    do(game, 0, "play 2H")
    assert game.state.pick_up == 2 and game.turn == 1
    assert Drew(1, 2, "stack") in do(game, 1, "draw")
    assert len(game.state.hands[1]) == 4 and game.state.pick_up == 0


def test_a_joker_forces_the_next_player_to_draw_5() -> None:
    game = table(["JKR 4C", "5S", "7D"], "9H")
    do(game, 0, "play JKR")
    assert Drew(1, 5, "stack") in do(game, 1, "draw")


def test_taking_a_draw_stack_ends_the_turn() -> None:
    game = table(["2H 4C", "5S 2S", "7D"], "9H")
    do(game, 0, "play 2H")
    do(game, 1, "draw")
    assert game.turn == 2 and game.state.phase == "turn"


def test_only_a_2_or_a_joker_can_answer_a_draw_stack() -> None:
    game = table(["2H 4C", "5H 2S JKB JS", "7D"], "9H")
    do(game, 0, "play 2H")
    assert "draw stack of 2" in illegal(game, 1, "play 5H")
    assert "draw stack of 2" in illegal(game, 1, "play JS ask H")
    plays = {m.cards[0].code for m in game.legal_moves(1) if m.kind == "play"}
    assert plays == {"2S", "JKB"}


def test_in_karata_a_2_and_a_joker_answer_each_other() -> None:
    game = table(["JKR 4C", "2S 5S", "7D"], "9H")
    do(game, 0, "play JKR")
    do(game, 1, "play 2S")
    assert game.state.pick_up == 7


def test_worked_example_2_2_joker_the_fourth_player_draws_9_and_the_stack_resets() -> None:
    game = table(["2H 4C", "2D 5S", "JKB 6S", "KC QD"], "9H")
    do(game, 0, "play 2H")
    assert game.state.pick_up == 2
    do(game, 1, "play 2D")
    assert game.state.pick_up == 4
    do(game, 2, "play JKB")
    assert game.state.pick_up == 9
    assert Drew(3, 9, "stack") in do(game, 3, "draw")
    assert len(game.state.hands[3]) == 11 and game.state.pick_up == 0 and game.turn == 0


def test_several_2s_laid_together_each_add_2() -> None:
    game = table(["2H 2C 4C", "5S", "7D"], "9H")
    do(game, 0, "play 2H 2C")
    assert game.state.pick_up == 4


def test_a_joker_goes_on_any_card() -> None:
    game = table(["JKB 4C", "5S", "7D"], "9H")
    assert move("play JKB") in game.legal_moves(0)


def test_after_a_jokers_stack_is_drawn_the_next_player_matches_its_colour() -> None:
    game = table(["JKB 4C", "5D", "3C 9H JD JKR"], "9S")
    do(game, 0, "play JKB")
    do(game, 1, "draw")
    legal = {m.cards[0].code for m in game.legal_moves(2) if m.kind == "play"}
    assert legal == {"3C", "JD", "JKR"}
    assert "play a black card" in illegal(game, 2, "play 9H")


# ---------------------------------------------------------------- 7: skip


def test_a_7_skips_the_next_player() -> None:
    game = table(["7H 4C", "5S", "6D", "KC"], "9H")
    events = do(game, 0, "play 7H")
    assert Skipped(1) in events and game.turn == 2


def test_two_7s_thrown_together_skip_two_players() -> None:
    game = table(["7H 7C 4C", "5S", "6D", "KC"], "9H")
    events = do(game, 0, "play 7H 7C")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(1), Skipped(2)]
    assert game.turn == 3


def test_three_7s_at_a_three_player_table_skip_both_others_and_the_player_plays_again() -> None:
    game = table(["7H 7C 7D 4C", "5S", "6D"], "9H")
    events = do(game, 0, "play 7H 7C 7D")
    assert names(events) == ["Played", "Skipped", "Skipped", "SkipDropped"]
    assert game.turn == 0


def test_your_own_7_never_skips_you_two_players() -> None:
    game = table(["7H 4C", "5S"], "9H")
    do(game, 0, "play 7H")
    assert game.turn == 0


def test_a_skipped_player_holding_a_7_may_plug_it_out_of_turn() -> None:
    game = table(["7H 4C", "7S 5S", "6D", "KC"], "9H")
    do(game, 0, "play 7H")
    assert game.turn == 1 and game.state.phase == "plug"
    assert game.legal_moves(1) == [move("play 7S"), move("pass")]
    assert "Only 7s plug" in illegal(game, 1, "play 5S")


def test_plugging_passes_the_skip_on_it_does_not_add_one_four_players() -> None:
    """rules-decisions: seat 0 plays a 7, seat 1 plugs one 7, seat 2 is skipped, seat 3 plays."""
    game = table(["7H 4C", "7S 5S", "6D", "KC"], "9H")
    do(game, 0, "play 7H")
    events = do(game, 1, "play 7S")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(2)]
    assert game.turn == 3 and game.view(None).skips == 0


def test_plugging_two_sevens_adds_one_skip_four_players() -> None:
    """rules-decisions: had seat 1 plugged two 7s, seats 2 and 3 would be skipped and seat 0 plays."""
    game = table(["7H 4C", "7S 7D 5S", "6D", "KC"], "9H")
    do(game, 0, "play 7H")
    events = do(game, 1, "play 7S 7D")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(2), Skipped(3)]
    assert game.turn == 0


def test_a_plug_carries_two_pending_skips_on_unchanged() -> None:
    """Seat 0 lays two 7s at five seats; seat 1 plugs one: seats 2 and 3 are skipped, seat 4 plays."""
    game = table(["7H 7C 4C", "7S 5S", "6D", "KC", "QC"], "9H")
    do(game, 0, "play 7H 7C")
    assert game.turn == 1 and game.view(None).skips == 2
    events = do(game, 1, "play 7S")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(2), Skipped(3)]
    assert game.turn == 4


def test_plug_chain_three_players_seat_2_skipped_seat_0_plays() -> None:
    game = table(["7H 4C", "7S 5S", "6D"], "9H")
    do(game, 0, "play 7H")
    events = do(game, 1, "play 7S")
    assert Skipped(2) in events and game.turn == 0


def test_plug_chain_three_players_second_plug_lands_on_the_starter_and_is_dropped() -> None:
    game = table(["7H 4C", "7S 5S", "7D 6D"], "9H")
    do(game, 0, "play 7H")
    do(game, 1, "play 7S")
    assert game.turn == 2 and game.state.phase == "plug"
    events = do(game, 2, "play 7D")
    assert names(events) == ["Played", "SkipDropped"]
    assert game.turn == 0


def test_a_skipped_player_may_take_the_skip_instead_of_plugging() -> None:
    game = table(["7H 4C", "7S 5S", "6D"], "9H")
    do(game, 0, "play 7H")
    assert names(do(game, 1, "pass")) == ["Skipped"]
    assert game.turn == 2 and cards("7S")[0] in game.state.hands[1]


def test_a_player_without_a_7_is_skipped_straight_away() -> None:
    game = table(["7H 4C", "5S", "6D"], "9H")
    events = do(game, 0, "play 7H")
    assert Skipped(1) in events and game.state.phase == "turn" and game.turn == 2


# ------------------------------------------------------------- 8: reverse


def test_an_8_reverses_the_direction_of_play() -> None:
    game = table(["8H 4C", "5S", "6D", "KC"], "9H")
    events = do(game, 0, "play 8H")
    assert "Reversed" in names(events)
    assert game.turn == 3 and not game.view(None).clockwise


def test_two_8s_reverse_twice_which_puts_it_back() -> None:
    game = table(["8H 8C 4C", "5S", "6D", "KC"], "9H")
    events = do(game, 0, "play 8H 8C")
    assert "Reversed" not in names(events)
    assert game.turn == 1 and game.view(None).clockwise


def test_with_three_or_more_players_the_player_who_just_went_is_up_again() -> None:
    game = table(["4C", "8H 5S", "6D"], "9H", turn=1)
    do(game, 1, "play 8H")
    assert game.turn == 0


def test_in_a_two_player_game_any_number_of_8s_means_my_turn_again() -> None:
    for hand, play in (("8H 4C", "play 8H"), ("8H 8C 4C", "play 8H 8C")):
        game = table([hand, "5S"], "9H")
        do(game, 0, play)
        assert game.turn == 0


# ------------------------------------------------------------------ Jacks


def test_a_jack_can_be_played_on_anything() -> None:
    game = table(["JC 4D", "5S"], "9H")
    assert move("play JC ask D") in game.legal_moves(0)


def test_a_jack_cannot_be_played_on_a_pending_draw_stack() -> None:
    game = table(["2H 4C", "JS 5S", "7D"], "9H")
    do(game, 0, "play 2H")
    assert not any(m.kind == "play" and m.cards[0].code == "JS" for m in game.legal_moves(1))


def test_a_jack_names_a_suit_the_next_player_must_produce() -> None:
    game = table(["JC 4D", "5S 6D", "KC"], "9H")
    do(game, 0, "play JC ask D")
    assert game.view(None).ask_suit == "D" and game.view(None).demand is None
    assert "play a ♦" in illegal(game, 1, "play 5S")
    do(game, 1, "play 6D")
    assert game.view(None).ask_suit is None


def test_a_jack_must_make_a_demand() -> None:
    game = table(["JC 4D", "5S"], "9H")
    assert "names what the next player must play" in illegal(game, 0, "play JC")


def test_only_a_jack_asks_for_something() -> None:
    game = table(["9C 4D", "5S"], "9H")
    assert "Only a Jack asks" in illegal(game, 0, "play 9C ask H")


def test_a_jack_may_demand_a_special_card_2_7_8_jack_or_joker() -> None:
    game = table(["JC 4D", "5S 6D 8S 2C JKR", "KC"], "9H")
    do(game, 0, "play JC ask special")
    plays = {m.cards[0].code for m in game.legal_moves(1) if m.kind == "play"}
    assert plays == {"8S", "2C", "JKR"}


def test_a_joker_does_not_meet_a_suit_demand() -> None:
    game = table(["JC 4D", "JKR 5S", "KC"], "9H")
    do(game, 0, "play JC ask D")
    assert "doesn't meet the Jack's demand" in illegal(game, 1, "play JKR")


def test_a_jack_meets_another_jacks_demand_and_makes_its_own() -> None:
    game = table(["JC 4D", "JS 5S", "KC 4H"], "9H")
    do(game, 0, "play JC ask D")
    do(game, 1, "play JS ask H")
    assert game.view(None).ask_suit == "H" and game.turn == 2


def test_a_demand_binds_only_the_next_player() -> None:
    game = table(["JC 4D", "6D 5S", "KC 4C"], "9H")
    do(game, 0, "play JC ask D")
    do(game, 1, "play 6D")
    # Seat 2 matches the top (6♦) as usual: no demand any more.
    assert game.view(None).demand is None
    assert move("play 4C") not in game.legal_moves(2)


def test_karata_unmet_demand_keep_drawing_until_you_can_meet_it_then_you_may_play() -> None:
    game = table(["JC 4D", "5S 6S", "KC"], "9H", pile="3C 4S 7D 8C")
    events = do(game, 0, "play JC ask D")
    events = do(game, 1, "draw")
    assert Drew(1, 3, "demand") in events
    assert game.turn == 1 and game.state.phase == "keep"
    assert game.legal_moves(1) == [move("play 7D"), move("pass")]
    do(game, 1, "play 7D")
    assert game.state.discard[-1].code == "7D"


def test_karata_unmet_demand_keeping_the_card_that_meets_it_ends_the_turn() -> None:
    game = table(["JC 4D", "5S 6S", "KC"], "9H", pile="3C 7D")
    do(game, 0, "play JC ask D")
    do(game, 1, "draw")
    do(game, 1, "pass")
    assert game.turn == 2 and game.view(None).demand is None


def test_a_jack_bridge_carries_cards_of_one_rank_the_last_sets_the_top_no_demand() -> None:
    game = table(["JC 4S 4D 4H KS", "5S", "KC"], "9H")
    events = do(game, 0, "play JC 4S 4D 4H")
    assert game.state.hands[0] == cards("KS")
    assert game.state.discard[-1].code == "4H" and game.view(None).demand is None
    assert game.turn == 1 and names(events) == ["Played"]


def test_cards_carried_by_a_jack_bridge_act_as_if_laid_normally() -> None:
    game = table(["JC 2S 2D KS", "5S", "KC"], "9H")
    do(game, 0, "play JC 2S 2D")
    assert game.state.pick_up == 4 and game.turn == 1
    game = table(["JC 7S 7D KS", "5S", "KC", "QC"], "9H")
    events = do(game, 0, "play JC 7S 7D")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(1), Skipped(2)]
    assert game.turn == 3


def test_a_jack_bridge_cannot_go_on_a_draw_stack() -> None:
    game = table(["2H 4C", "JC 4S 4D", "KC"], "9H")
    do(game, 0, "play 2H")
    assert "draw stack" in illegal(game, 1, "play JC 4S 4D")


def test_a_jack_bridge_makes_no_demand() -> None:
    game = table(["JC 4S 4D KS", "5S"], "9H")
    assert "makes no demand" in illegal(game, 0, "play JC 4S ask H")


def test_a_jack_bridge_finishing_on_an_ordinary_card_wins() -> None:
    game = table(["JC 4S 4D", "5S"], "9H")
    events = do(game, 0, "play JC 4S 4D")
    assert "RoundOver" in names(events) and game.is_over


# ------------------------------------------------------ last card, finishing


def test_when_your_cards_run_out_you_simply_win_by_default() -> None:
    game = table(["4H", "5S 6C", "KC"], "9H")
    events = do(game, 0, "play 4H")
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.winners == (0,) and game.is_over


def test_kadi_moja_may_be_called_at_one_card() -> None:
    game = table(["4H 5C", "5S 6C", "KC"], "9H")
    assert move("call") not in game.legal_moves(0)
    do(game, 0, "play 4H")
    assert move("call") in game.legal_moves(0)
    assert 0 in game.actors()
    assert names(do(game, 0, "call")) == ["Called"]
    assert game.view(None).called == frozenset({0})
    assert "already called" in illegal(game, 0, "call")


def test_must_call_to_win_an_uncalled_last_card_does_not_win_and_you_draw_one() -> None:
    game = table(["4H", "5S 6C", "KC"], "9H", call_rule="must-call-to-win")
    events = do(game, 0, "play 4H")
    assert "RoundOver" not in names(events)
    assert Drew(0, 1, "penalty") in events and len(game.state.hands[0]) == 1
    assert game.turn == 1


def test_must_call_to_win_an_uncalled_last_card_after_an_8_draws_one_at_once() -> None:
    """Two players chaining 8s: the last card is laid uncalled; it does not win, it draws 1."""
    game = table(["8H 4H", "5S 6C"], "9H", call_rule="must-call-to-win")
    do(game, 0, "play 8H")
    events = do(game, 0, "play 4H")
    assert names(events) == ["Played", "NotFinished", "Drew"]
    assert Drew(0, 1, "penalty") in events and not game.is_over and game.turn == 1


# ---------------------------------------------------------------- the plug window


def test_the_plug_window_comes_from_the_engine() -> None:
    game = table(["7H 4C", "7S 5S", "6D"], "9H")
    assert game.clock_hint() is None
    do(game, 0, "play 7H")
    assert game.state.phase == "plug" and game.clock_hint() == PLUG_WINDOW_SECONDS == 5.0
    do(game, 1, "pass")
    assert game.clock_hint() is None


def test_the_ui_has_no_window_of_its_own() -> None:
    assert not hasattr(KarataUI, "clock_hint") and not hasattr(GameUI, "clock_hint")


def test_must_call_to_win_a_called_last_card_wins() -> None:
    game = table(["4H", "5S 6C", "KC"], "9H", call_rule="must-call-to-win")
    do(game, 0, "call")
    assert game.is_over is False
    do(game, 0, "play 4H")
    assert game.is_over


def test_you_cannot_win_on_a_special_card_its_effect_happens_and_play_goes_on() -> None:
    game = table(["2H", "5S 6C", "KC"], "9H")
    events = do(game, 0, "play 2H")
    assert "NotFinished" in names(events) and not game.is_over
    assert game.state.pick_up == 2 and game.turn == 1


def test_after_emptying_the_hand_on_a_special_card_you_draw_one_on_your_next_turn() -> None:
    game = table(["8H", "5S 6C"], "9H")
    do(game, 0, "play 8H")  # two players: my turn again, with no cards
    assert game.legal_moves(0) == [move("draw")]
    events = do(game, 0, "draw")
    assert Drew(0, 1, "cardless") in events and game.turn == 1


def test_you_may_finish_on_several_ordinary_cards_of_one_rank() -> None:
    game = table(["6H 6S", "5S 9C", "KC"], "6D")
    do(game, 0, "play 6H 6S")
    assert game.is_over and game.result() is not None


# ------------------------------------------------------------------ scoring


def test_points_joker_50_two_20_jack_10_king_4_queen_2_ace_1_others_face_value() -> None:
    assert hand_points(cards("JKR 2S JC KD QH AS 3C 10D")) == 50 + 20 + 10 + 4 + 2 + 1 + 3 + 10


def test_when_somebody_goes_out_everyone_else_counts_their_hand_low_is_good() -> None:
    game = table(["4H", "KS QS", "JKR", "3C"], "9H")
    events = do(game, 0, "play 4H")
    result = next(e for e in events if isinstance(e, RoundOver)).result
    assert result.points == (0, 6, 50, 3)
    assert result.ranks == (1, 3, 4, 2)


def test_without_elimination_a_match_is_one_round() -> None:
    game = table(["4H", "KS QS"], "9H")
    events = do(game, 0, "play 4H")
    assert names(events)[-2:] == ["RoundOver", "MatchOver"]
    assert game.result() is not None and game.result().winners == (0,)  # type: ignore[union-attr]


# -------------------------------------------------------------- elimination


def test_knock_out_after_each_round_the_highest_score_is_knocked_out() -> None:
    game = table(["4H", "KS QS", "JKR"], "9H", elimination="knock-out")
    events = do(game, 0, "play 4H")
    assert "Eliminated" in names(events) and game.state.out == {2}
    assert not game.is_over and game.state.round_no == 2
    assert names(events)[-1] == "RoundStarted"
    assert game.state.hands[2] == [] and 2 not in game.actors()


def test_knock_out_play_continues_until_one_player_is_left() -> None:
    game = table(["4H", "KS QS"], "9H", elimination="knock-out")
    events = do(game, 0, "play 4H")
    assert names(events)[-1] == "MatchOver" and game.is_over
    result = game.result()
    assert result is not None and result.winners == (0,) and result.out == (1,)


def test_knock_out_ties_for_the_highest_score_are_all_knocked_out() -> None:
    game = table(["4H", "KS", "KC", "3D"], "9H", elimination="knock-out")
    do(game, 0, "play 4H")
    assert game.state.out == {1, 2}


# ------------------------------------------------------------------- timeout


def test_the_clock_draws_the_pending_stack_takes_the_skip_keeps_the_card_else_draws() -> None:
    game = table(["2H 4C", "5S 6S", "7D"], "9H")
    do(game, 0, "play 2H")
    assert game.timeout_move() == (1, move("draw"))
    game = table(["7H 4C", "7S 5S", "6D"], "9H")
    do(game, 0, "play 7H")
    assert game.timeout_move() == (1, move("pass"))
    game = table(["KS", "5D"], "9H", pile="3H")
    do(game, 0, "draw")
    assert game.timeout_move() == (0, move("pass"))
    game = table(["KS", "5D"], "9H")
    assert game.timeout_move() == (0, move("draw"))


# ------------------------------------------------------------ a blocked round
# rules-decisions, "A blocked round (Kadi, Karata and Kadi Moja)", sentence by sentence.


def nothing_left_to_draw(game: KarataGame, hoarder: int) -> KarataGame:
    """Every card but the hands and the top card goes to ``hoarder``: the draw pile and
    the discard pile beneath its top card are both empty."""
    state = game.state
    state.hands[hoarder] += state.draw_pile + state.discard[:-1]
    state.draw_pile, state.discard = [], state.discard[-1:]
    state.taken = [len(h) for h in state.hands]
    return game


def test_with_nothing_left_to_draw_a_seat_that_would_draw_draws_nothing_and_its_turn_ends() -> None:
    game = nothing_left_to_draw(table(["KC 6C", "7S 4D", ""], "5H"), hoarder=2)
    hand = list(game.state.hands[0])
    events = do(game, 0, "draw")
    assert events == [Drew(0, 0, "draw"), Forgiven(0, 1)]
    assert game.state.hands[0] == hand and game.turn == 1 and not game.is_over
    said = [KarataUI().event_text(e.to_dict(), ["Ann", "Ben", "Cy"]) for e in events]
    assert said[-1] == "Ann was let off 1: no more cards to pick up."


def test_a_cardless_seat_that_finds_nothing_to_draw_back_in_stays_cardless_and_its_turn_ends() -> None:
    game = nothing_left_to_draw(table(["", "7S 4D", ""], "5H"), hoarder=2)
    events = do(game, 0, "draw")
    assert events == [Drew(0, 0, "cardless"), Forgiven(0, 1)]
    assert game.state.hands[0] == [] and game.turn == 1 and not game.is_over


def test_when_every_seat_in_turn_draws_nothing_with_no_play_between_the_round_is_blocked() -> None:
    """Seat 2 holds the rest of the deck and could play, but drawing is always allowed:
    without the ruling the three would draw nothing for ever."""
    game = nothing_left_to_draw(table(["KC 6C", "7S 4D", ""], "5H"), hoarder=2)
    first = do(game, 0, "draw") + do(game, 1, "draw")
    assert "RoundBlocked" not in names(first) and game.state.empty_draws == 2
    assert game.view(None).empty_draws == 2
    events = do(game, 2, "draw")
    assert names(events)[-3:] == ["RoundBlocked", "RoundOver", "MatchOver"] and game.is_over


def test_a_card_laid_between_the_empty_draws_starts_the_count_again() -> None:
    game = nothing_left_to_draw(table(["KC 6C", "5S 4D", ""], "5H"), hoarder=2)
    do(game, 0, "draw")
    do(game, 1, "play 5S")
    assert game.state.empty_draws == 0
    events = do(game, 2, "draw")  # the 5♥ under the 5♠ is shuffled into a draw pile and drawn
    assert Drew(2, 1, "draw") in events and game.state.empty_draws == 0
    do(game, 2, "pass")  # it fits 5♠: seat 2 keeps it
    do(game, 0, "draw")
    do(game, 1, "draw")
    assert not game.is_over and game.state.empty_draws == 2  # seat 2 has not drawn nothing yet


def test_a_blocked_round_is_won_by_the_fewest_points_in_hand() -> None:
    game = nothing_left_to_draw(table(["KC 6C", "7S 4D", ""], "5H"), hoarder=2)
    for seat in (0, 1, 2):
        events = do(game, seat, "draw")
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.points[:2] == (10, 11)  # K 4 + 6; 7 + 4; seat 2 holds the deck
    assert over.result.winners == (0,) and over.result.ranks[0] == 1


def test_equal_fewest_points_share_the_win_of_a_blocked_round() -> None:
    game = nothing_left_to_draw(table(["KC 6C", "7S 3D", ""], "5H"), hoarder=2)
    for seat in (0, 1, 2):
        events = do(game, seat, "draw")
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.ranks == (1, 1, 3) and over.result.winners == (0, 1)
    match = game.result()
    assert match is not None and match.winners == (0, 1)


def test_in_a_blocked_round_the_others_rank_by_points_fewest_first_equal_points_sharing() -> None:
    game = nothing_left_to_draw(table(["3C", "KC 6C", "7S 3D", ""], "5H"), hoarder=3)
    for seat in (0, 1, 2, 3):
        events = do(game, seat, "draw")
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.points[:3] == (3, 10, 10)
    assert over.result.ranks == (1, 2, 2, 4) and over.result.winners == (0,)


def test_a_cardless_seat_holds_no_points_and_wins_a_blocked_round() -> None:
    game = nothing_left_to_draw(table(["", "7S 4D", ""], "5H"), hoarder=2)
    for seat in (0, 1, 2):
        events = do(game, seat, "draw")
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.winners == (0,) and over.result.points[0] == 0


def test_the_table_says_why_a_blocked_round_ended() -> None:
    game = nothing_left_to_draw(table(["KC 6C", "7S 4D", ""], "5H"), hoarder=2)
    ui, players = KarataUI(), ["Ann", "Ben", "Cy"]
    do(game, 0, "draw")
    assert ("🚧 Nothing left to draw: 1 of 3 players in a row drew nothing. If all do, the round "
            "ends on points.") in ui.table_lines(game.view(None), players)
    do(game, 1, "draw")
    events = do(game, 2, "draw")
    said = [ui.event_text(e.to_dict(), players) for e in events[-3:-1]]
    assert said == [
        "🚧 Nothing was left to draw and nobody laid a card for a whole turn of the table: "
        "the round is blocked and ends on points. The fewest points in hand win.",
        "Round 1 over: Ann won.",
    ]


def test_a_blocked_round_counts_only_the_seats_still_in_the_match() -> None:
    """Knock-out: a seat that is out takes no turn, so the seats still in block the round."""
    game = nothing_left_to_draw(table(["KC 6C", "", "7S 4D", ""], "5H", elimination="knock-out"), hoarder=3)
    game.state.out = {1}
    game.state.out_round[1] = 1
    do(game, 0, "draw")
    assert game.turn == 2
    do(game, 2, "draw")
    events = do(game, 3, "draw")
    assert "RoundBlocked" in names(events)
    assert game.state.out == {1, 3} and game.state.round_no == 2  # the hoarder's points knock it out
    assert names(events)[-1] == "RoundStarted" and game.state.empty_draws == 0


def test_a_hidden_card_counts_for_points_in_a_blocked_round() -> None:
    """Cheat mode: the hidden J♣ is still seat 0's (10 points), so seat 1 has the fewest."""
    game = nothing_left_to_draw(table(["JC 3D", "5S 6C", ""], "5H", cheat_mode=True), hoarder=2)
    do(game, 0, "hide JC")
    assert game.view(None).hand_counts[0] == 1
    for seat in (0, 1, 2):
        events = do(game, seat, "draw")
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.points[:2] == (13, 11) and over.result.winners == (1,)


def test_the_count_of_empty_draws_is_saved_and_an_older_save_reads_as_none() -> None:
    game = nothing_left_to_draw(table(["KC 6C", "7S 4D", ""], "5H"), hoarder=2)
    do(game, 0, "draw")
    saved = json.loads(json.dumps(game.to_state()))
    assert KarataGame.from_state(saved).state.empty_draws == 1
    del saved["empty_draws"]  # a table saved before blocked rounds were counted
    assert KarataGame.from_state(saved).state.empty_draws == 0


def test_a_computer_searching_a_dealt_world_sees_the_empty_draws() -> None:
    game = nothing_left_to_draw(table(["KC 6C", "7S 4D", ""], "5H"), hoarder=2)
    do(game, 0, "draw")
    world = KarataGame.determinize(game.view(1), random.Random(1))
    assert world.state.empty_draws == 1


# -------------------------------------------------- a special last card laid uncalled
# rules-decisions, "A special last card laid uncalled": the Karata half (Kadi Moja's is
# in test_kadi_moja_rules.py).


def test_must_call_to_win_a_special_last_card_laid_uncalled_takes_effect_and_draws_1_at_once() -> None:
    """Two players: an 8 brings the turn back, then a 2 as the last card, uncalled."""
    game = table(["8H 2H", "5S 6C"], "9H", call_rule="must-call-to-win")
    do(game, 0, "play 8H")
    events = do(game, 0, "play 2H")
    assert events == [
        Played(0, tuple(cards("2H"))),
        NotFinished(0, NotFinishedReason.SPECIAL_UNCALLED),
        Drew(0, 1, "penalty"),
    ]
    assert game.state.pick_up == 2 and game.turn == 1 and not game.is_over  # the 2's effect
    assert len(game.state.hands[0]) == 1


def test_must_call_to_win_after_the_penalty_there_is_no_draw_back_in_on_the_next_turn() -> None:
    game = table(["8H 7H", "5S 6C"], "9H", call_rule="must-call-to-win", pile="KD")
    do(game, 0, "play 8H")
    do(game, 0, "play 7H")  # seat 1 is skipped; the skip would land on seat 0: seat 0 plays
    assert game.turn == 0 and game.state.hands[0] == cards("KD")
    assert move("play KD") not in game.legal_moves(0) and move("draw") in game.legal_moves(0)
    events = do(game, 0, "draw")
    assert not any(isinstance(e, Drew) and e.reason == "cardless" for e in events)


def test_by_default_no_call_is_owed_a_special_last_card_draws_one_on_the_next_turn() -> None:
    game = table(["8H 2H", "5S 6C"], "9H")
    do(game, 0, "play 8H")
    events = do(game, 0, "play 2H")
    assert NotFinished(0, NotFinishedReason.SPECIAL) in events
    assert not any(isinstance(e, Drew) for e in events) and game.state.hands[0] == []
    do(game, 1, "draw")  # seat 1 picks up the 2
    assert Drew(0, 1, "cardless") in do(game, 0, "draw")


def test_must_call_to_win_a_called_special_last_card_draws_one_on_the_next_turn() -> None:
    game = table(["8H 8C", "5S 6C"], "9H", call_rule="must-call-to-win")
    do(game, 0, "play 8H")
    do(game, 0, "call")
    events = do(game, 0, "play 8C")
    assert NotFinished(0, NotFinishedReason.SPECIAL) in events and game.state.hands[0] == []
    assert Drew(0, 1, "cardless") in do(game, 0, "draw")


def test_must_call_to_win_a_group_of_special_last_cards_needs_no_call() -> None:
    game = table(["8H 8C", "5S 6C"], "9H", call_rule="must-call-to-win")
    events = do(game, 0, "play 8H 8C")
    assert NotFinished(0, NotFinishedReason.SPECIAL) in events
    assert not any(isinstance(e, Drew) for e in events) and game.state.hands[0] == []


def test_the_table_says_why_a_special_last_card_laid_uncalled_draws_at_once() -> None:
    game = table(["8H JH", "5S 6C"], "9H", call_rule="must-call-to-win")
    do(game, 0, "play 8H")
    events = do(game, 0, "play JH ask S")
    said = [KarataUI().event_text(e.to_dict(), ["Ann", "Ben"]) for e in events[1:]]
    assert said == [
        "Ann laid their last card, a special card, without calling Kadi Moja: it doesn't win, its "
        "effect happens, and they draw the penalty now instead of one next turn.",
        "Ann picked up 1 card (penalty).",
    ]
