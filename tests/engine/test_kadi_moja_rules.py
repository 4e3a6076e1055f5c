"""Kadi Moja (seed 001) rule by rule, as the ``kadi-moja`` preset of the Karata engine."""

from __future__ import annotations

import pytest

from bot.games.core.events import Drew, Event, Played, RoundOver, Skipped
from bot.games.karata import KarataGame, KarataRules, NotFinished, NotFinishedReason
from bot.ui.text.karata import KarataUI
from tests.engine.test_karata_deal import cards, do, illegal, move, names, table


def km(hands: list[str], top: str = "9H", **kw: object) -> KarataGame:
    return table(hands, top, preset="kadi-moja", **kw)  # type: ignore[arg-type]


def test_each_player_is_dealt_7_cards_and_2_to_6_players_sit() -> None:
    rules = KarataRules.preset("kadi-moja")
    assert [len(h) for h in KarataGame.new(6, rules, seed=1).state.hands] == [7] * 6
    with pytest.raises(ValueError):
        KarataGame.new(7, rules, seed=1)


def test_play_moves_clockwise_until_an_8_says_otherwise() -> None:
    game = km(["4H 5H", "6H", "7C", "KC"])
    do(game, 0, "play 4H")
    assert game.turn == 1


def test_match_suit_or_rank() -> None:
    game = km(["4H 9C KS", "5D"])
    legal = game.legal_moves(0)
    assert move("play 4H") in legal and move("play 9C") in legal and move("play KS") not in legal


def test_cant_play_draw_one_if_it_plays_you_may_play_it_immediately() -> None:
    game = km(["KS", "5D"], pile="3H")
    do(game, 0, "draw")
    assert game.legal_moves(0) == [move("play 3H"), move("pass")]


def test_cant_play_draw_one_otherwise_your_turn_ends() -> None:
    game = km(["KS", "5D"], pile="3C")
    do(game, 0, "draw")
    assert game.turn == 1


def test_a_2_makes_the_next_player_draw_two_and_lose_their_turn() -> None:
    game = km(["2H 4C", "5S", "7D"])
    do(game, 0, "play 2H")
    assert Drew(1, 2, "stack") in do(game, 1, "draw")
    assert game.turn == 2


def test_unless_they_respond_with_a_2_stacking_the_penalty_for_the_player_after() -> None:
    game = km(["2H 4C", "2S 5S", "7D"])
    do(game, 0, "play 2H")
    do(game, 1, "play 2S")
    assert game.state.pick_up == 4 and game.turn == 2


def test_a_2_answered_by_a_2_the_next_player_faces_a_draw_of_four() -> None:
    game = km(["2H 4C", "2S 5S", "7D"])
    do(game, 0, "play 2H")
    do(game, 1, "play 2S")
    assert Drew(2, 4, "stack") in do(game, 2, "draw")


def test_a_joker_makes_the_next_player_draw_five() -> None:
    game = km(["JKR 4C", "5S", "7D"])
    do(game, 0, "play JKR")
    assert Drew(1, 5, "stack") in do(game, 1, "draw")


def test_jokers_stack_on_jokers_two_jokers_in_a_row_is_a_draw_of_ten() -> None:
    game = km(["JKR 4C", "JKB 5S", "7D"])
    do(game, 0, "play JKR")
    do(game, 1, "play JKB")
    assert Drew(2, 10, "stack") in do(game, 2, "draw")


def test_a_2_cant_answer_a_joker_in_kadi_moja() -> None:
    game = km(["JKR 4C", "2S 5S", "7D"])
    do(game, 0, "play JKR")
    assert illegal(game, 1, "play 2S") == "A 2 can't answer a Joker in Kadi Moja: only a Joker can."


def test_a_joker_cant_answer_a_2_in_kadi_moja() -> None:
    game = km(["2H 4C", "JKB 5S", "7D"])
    do(game, 0, "play 2H")
    assert illegal(game, 1, "play JKB") == "A Joker can't answer a 2 in Kadi Moja: only a 2 can."


def test_a_stack_stops_when_a_player_wont_add_they_draw_the_total_and_play_continues() -> None:
    game = km(["2H 4C", "2S 5S", "7D"])
    do(game, 0, "play 2H")
    do(game, 1, "draw")  # holding a 2 but not adding it
    assert game.state.pick_up == 0 and game.turn == 2 and len(game.state.hands[1]) == 4


def test_a_7_skips_the_next_player() -> None:
    game = km(["7H 4C", "5S", "6D"])
    assert Skipped(1) in do(game, 0, "play 7H")
    assert game.turn == 2


def test_sevens_chain_three_7s_skip_three_players() -> None:
    game = km(["7H 7C 7D 4C", "5S", "6D", "KC", "QH"])
    events = do(game, 0, "play 7H 7C 7D")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(1), Skipped(2), Skipped(3)]
    assert game.turn == 4


def test_kadi_moja_has_no_plugging_a_skipped_player_holding_a_7_is_skipped() -> None:
    game = km(["7H 4C", "7S 5S", "6D"])
    events = do(game, 0, "play 7H")
    assert Skipped(1) in events and game.turn == 2 and game.state.phase == "turn"


def test_an_8_reverses_the_direction_of_play_immediately() -> None:
    game = km(["8H 4C", "5S", "6D", "KC"])
    do(game, 0, "play 8H")
    assert game.turn == 3


def test_in_a_two_player_game_an_8_acts_like_a_skip() -> None:
    game = km(["8H 4C", "5S"])
    do(game, 0, "play 8H")
    assert game.turn == 0


def test_a_jack_can_be_played_on_anything_and_names_a_suit() -> None:
    game = km(["JC 4D", "5S 6D", "KC"])
    do(game, 0, "play JC ask D")
    assert "play a ♦" in illegal(game, 1, "play 5S")


def test_a_jack_may_demand_a_special_card() -> None:
    game = km(["JC 4D", "5S 2D", "KC"])
    do(game, 0, "play JC ask special")
    assert [m for m in game.legal_moves(1) if m.kind == "play"] == [move("play 2D")]


def test_a_demanded_player_who_cannot_deliver_draws_one_card_and_the_turn_ends() -> None:
    game = km(["JC 4D", "5S", "KC"], pile="6D 7D")
    do(game, 0, "play JC ask D")
    events = do(game, 1, "draw")
    assert Drew(1, 1, "demand") in events
    # The drawn 6♦ would meet the demand, but in Kadi Moja the turn ends.
    assert game.turn == 2 and game.view(None).demand is None


def test_kadi_moja_has_no_jack_bridge() -> None:
    game = km(["JC 4S 4D", "5S"])
    assert "share a rank" in illegal(game, 0, "play JC 4S 4D")


def test_several_of_one_rank_four_9s_at_once() -> None:
    game = km(["9C 9S 9D 9H 4H", "5D"], top="3H")
    do(game, 0, "play 9H 9C 9S 9D")
    assert game.state.hands[0] == cards("4H")


def test_the_first_card_of_the_set_must_match_the_rest_follow_by_rank() -> None:
    game = km(["5C 5H 4D", "5D"])
    assert "doesn't match" in illegal(game, 0, "play 5C 5H")


def test_down_to_one_card_you_must_call_before_the_next_player_moves() -> None:
    game = km(["4H 5C", "5H 6C", "KC"])
    do(game, 0, "play 4H")
    do(game, 0, "call")
    do(game, 1, "play 5H")
    assert len(game.state.hands[0]) == 1


def test_miss_the_call_and_you_draw_2_when_the_next_player_moves() -> None:
    game = km(["4H 5C", "5H 6C", "KC"])
    do(game, 0, "play 4H")
    events = do(game, 1, "play 5H")
    assert events[0] == Drew(0, 2, "penalty")
    assert len(game.state.hands[0]) == 3


def test_the_call_window_stays_open_until_the_next_player_moves() -> None:
    game = km(["4H 5C", "5S 6C", "KC"])
    do(game, 0, "play 4H")
    assert move("call") in game.legal_moves(0)
    do(game, 0, "call")
    events = do(game, 1, "draw")
    assert not any(isinstance(e, Drew) and e.seat == 0 for e in events)


def test_a_last_card_laid_without_a_call_does_not_win_and_draws_2_chaining_8s() -> None:
    """rules-decisions, "The missed Kadi Moja call": two players chaining 8s never let the
    next player move, so the missed call is charged when the last card is laid."""
    game = km(["8H 4H", "5S 6C"])
    do(game, 0, "play 8H")  # two players: my turn again, on one card, uncalled
    assert game.turn == 0
    events = do(game, 0, "play 4H")
    assert events == [
        Played(0, tuple(cards("4H"))),
        NotFinished(0, NotFinishedReason.UNCALLED),
        Drew(0, 2, "penalty"),
    ]
    assert not game.is_over and game.turn == 1 and len(game.state.hands[0]) == 2
    assert game.view(None).top == cards("4H")[0]  # the card is laid; the round goes on


def test_a_last_card_laid_without_a_call_draws_2_after_a_7_at_two_players() -> None:
    game = km(["7H 4H", "5S 6C"])
    do(game, 0, "play 7H")  # seat 1 is skipped: seat 0 again
    assert game.turn == 0
    events = do(game, 0, "play 4H")
    assert Drew(0, 2, "penalty") in events and "RoundOver" not in names(events)


def test_the_same_last_card_after_a_call_wins() -> None:
    game = km(["8H 4H", "5S 6C"])
    do(game, 0, "play 8H")
    do(game, 0, "call")
    events = do(game, 0, "play 4H")
    assert next(e for e in events if isinstance(e, RoundOver)).result.winners == (0,)


def test_the_missed_call_is_charged_once_not_again_when_the_next_player_moves() -> None:
    game = km(["8H 4H", "5S 6C"])
    do(game, 0, "play 8H")
    do(game, 0, "play 4H")
    events = do(game, 1, "draw")
    assert not any(isinstance(e, Drew) and e.seat == 0 for e in events)


def test_you_cannot_win_on_a_special_card() -> None:
    game = km(["7H", "5S 6C", "KC"])
    events = do(game, 0, "play 7H")
    assert "NotFinished" in names(events) and not game.is_over


def test_play_your_final_normal_card_after_a_clean_call_and_the_game_is_yours() -> None:
    game = km(["4H", "5S 6C", "KC"])
    do(game, 0, "call")
    events = do(game, 0, "play 4H")
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.winners == (0,)


def test_when_a_round_ends_everyone_counts_their_cards_lowest_total_ranks_highest() -> None:
    game = km(["4H", "2S", "AC KC"])
    events = do(game, 0, "call")  # Kadi Moja: the last card wins only after a call
    events = do(game, 0, "play 4H")
    result = next(e for e in events if isinstance(e, RoundOver)).result
    assert result.points == (0, 20, 5) and result.ranks == (1, 3, 2)


def test_elimination_cross_the_points_ceiling_and_you_are_out() -> None:
    game = km(["4H", "JKR JKB 2S", "AC"], elimination="points-ceiling")
    events = do(game, 0, "call")  # Kadi Moja: the last card wins only after a call
    events = do(game, 0, "play 4H")
    assert "Eliminated" in names(events) and game.state.out == {1}
    assert game.state.scores == [0, 120, 1] and not game.is_over and game.state.round_no == 2


def test_elimination_points_stay_under_the_ceiling_carry_over() -> None:
    game = km(["4H", "JKR 2S", "AC"], elimination="points-ceiling")
    do(game, 0, "call")  # Kadi Moja: the last card wins only after a call
    do(game, 0, "play 4H")
    assert game.state.out == set() and game.state.scores == [0, 70, 1]


def test_the_ceiling_is_set_by_the_host() -> None:
    game = km(["4H", "KS", "AC"], elimination="points-ceiling", points_ceiling=3)
    do(game, 0, "call")  # Kadi Moja: the last card wins only after a call
    do(game, 0, "play 4H")
    assert game.state.out == {1}


def test_the_last_player_standing_takes_the_table() -> None:
    game = km(["4H", "JKR JKB 2S"], elimination="points-ceiling")
    events = do(game, 0, "call")  # Kadi Moja: the last card wins only after a call
    events = do(game, 0, "play 4H")
    assert names(events)[-1] == "MatchOver"
    result = game.result()
    assert result is not None and result.winners == (0,) and result.ranks == (1, 2)


# -------------------------------------------------- a special last card laid uncalled
# rules-decisions, "A special last card laid uncalled", sentence by sentence.


@pytest.mark.parametrize(
    ("last", "effect"),
    [("2H", "stack"), ("7H", "skip"), ("8C", "again"), ("JH ask S", "demand"), ("JKR", "stack")],
)
def test_a_special_last_card_laid_uncalled_is_an_uncalled_last_card_its_effect_happens(
    last: str, effect: str
) -> None:
    """Two players: an 8 brings the turn back, so nobody could catch the missed call."""
    game = km(["8H " + last.split()[0], "5S 6C"])
    do(game, 0, "play 8H")
    events = do(game, 0, "play " + last)
    assert NotFinished(0, NotFinishedReason.SPECIAL_UNCALLED) in events and not game.is_over
    state = game.state
    if effect == "stack":
        assert state.pick_up in (2, 5) and game.turn == 1
    elif effect == "demand":
        assert state.ask_suit == "S" and game.turn == 1
    else:  # a 7 or an 8 at two players: my turn again
        assert game.turn == 0


def test_a_special_last_card_laid_uncalled_draws_2_at_once() -> None:
    game = km(["8H 2H", "5S 6C"])
    do(game, 0, "play 8H")
    events = do(game, 0, "play 2H")
    assert events == [
        Played(0, tuple(cards("2H"))),
        NotFinished(0, NotFinishedReason.SPECIAL_UNCALLED),
        Drew(0, 2, "penalty"),
    ]
    assert len(game.state.hands[0]) == 2 and game.state.pick_up == 2 and game.turn == 1


def test_after_a_special_last_card_laid_uncalled_there_is_no_draw_back_in_on_the_next_turn() -> None:
    game = km(["8H JH", "5S 6C"], pile="4S 9D")
    do(game, 0, "play 8H")
    do(game, 0, "play JH ask S")  # seat 0 draws 4♠ 9♦ at once
    do(game, 1, "play 5S")  # meets the demand
    assert game.turn == 0 and move("play 4S") in game.legal_moves(0)
    events = do(game, 0, "play 4S")
    assert not any(isinstance(e, Drew) and e.reason == "cardless" for e in events)


def test_a_called_special_last_card_is_not_charged_and_draws_one_on_the_next_turn() -> None:
    game = km(["8H 8C", "5S 6C"])
    do(game, 0, "play 8H")
    do(game, 0, "call")
    events = do(game, 0, "play 8C")
    assert NotFinished(0, NotFinishedReason.SPECIAL) in events and game.state.hands[0] == []
    assert Drew(0, 1, "cardless") in do(game, 0, "draw")


def test_a_group_of_special_last_cards_needs_no_call_and_draws_one_on_the_next_turn() -> None:
    """rules-decisions, "A group finish needs no call": never down to one, so no call owed."""
    game = km(["8H 8C", "5S 6C"])
    events = do(game, 0, "play 8H 8C")
    assert NotFinished(0, NotFinishedReason.SPECIAL) in events
    assert not any(isinstance(e, Drew) for e in events) and game.state.hands[0] == []
    assert Drew(0, 1, "cardless") in do(game, 0, "draw")


def test_a_group_of_ordinary_last_cards_wins_without_a_call() -> None:
    game = km(["6H 6S", "5S 9C", "KC"], top="6D")
    events = do(game, 0, "play 6H 6S")
    assert next(e for e in events if isinstance(e, RoundOver)).result.winners == (0,)


def test_the_table_says_why_a_special_last_card_laid_uncalled_draws_2_at_once() -> None:
    game = km(["8H 2H", "5S 6C"])
    do(game, 0, "play 8H")
    events = do(game, 0, "play 2H")
    said = [KarataUI().event_text(e.to_dict(), ["Ann", "Ben"]) for e in events[1:]]
    assert said == [
        "Ann laid their last card, a special card, without calling Kadi Moja: it doesn't win, its "
        "effect happens, and they draw the penalty now instead of one next turn.",
        "Ann picked up 2 cards (penalty).",
    ]


# ------------------------------------------------------------ a blocked round
# The ruling is tested sentence by sentence in test_karata_rules.py; here what Kadi Moja
# adds: its match points and its points ceiling.


def _blocked(game: KarataGame) -> list[Event]:
    """Every card but the hands and the top card goes to the last seat; then every
    seat in turn draws nothing."""
    state = game.state
    state.hands[-1] += state.draw_pile + state.discard[:-1]
    state.draw_pile, state.discard = [], state.discard[-1:]
    events: list[Event] = []
    for seat in range(state.seats):
        events += do(game, seat, "draw")
    return events


def test_kadi_moja_a_blocked_round_ends_on_points_fewest_win() -> None:
    game = km(["KC 6C", "7S 4D", ""], top="5H")
    events = _blocked(game)
    assert names(events)[-3:] == ["RoundBlocked", "RoundOver", "MatchOver"]
    assert next(e for e in events if isinstance(e, RoundOver)).result.winners == (0,)


def test_kadi_moja_every_seats_points_in_a_blocked_round_count_towards_the_ceiling() -> None:
    """Nobody went out, so everyone counts their hand, the round's winner too (001:
    "everyone still holding cards counts them against their score")."""
    game = km(["KC 6C", "7S 4D", ""], top="5H", elimination="points-ceiling")
    game.state.scores = [95, 20, 0]
    events = _blocked(game)
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.result.winners == (0,)
    assert game.state.scores[:2] == [105, 31]
    # The winner of the round crossed the ceiling, and so did the last seat (the deck).
    assert game.state.out == {0, 2} and game.is_over
    result = game.result()
    assert result is not None and result.winners == (1,)
