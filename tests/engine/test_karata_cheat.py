"""Cheat mode (002 and 001, "Cheat mode" in docs/rules/decisions.md)."""

from __future__ import annotations

import json

from bot.games.core.events import Drew, RoundOver
from tests.engine.test_karata_deal import cards, do, illegal, move, names, table


def cheat(hands: list[str], top: str = "9H", **kw: object):  # type: ignore[no-untyped-def]
    return table(hands, top, cheat_mode=True, **kw)  # type: ignore[arg-type]


def test_cheat_mode_is_off_unless_the_table_opts_in() -> None:
    game = table(["4H 5C", "5H 6C"])
    assert "cheat mode" in illegal(game, 0, "hide 5C")
    assert "cheat mode" in illegal(game, 1, "challenge 0")


def test_hide_one_card_your_shown_count_is_one_smaller() -> None:
    game = cheat(["4H 5C 6C", "5H 6D"])
    assert move("hide 5C") in game.legal_moves(0)
    assert do(game, 0, "hide 5C") == []  # private: no event at all
    assert game.view(None).hand_counts == (2, 2)
    assert game.view(1).hand_counts == (2, 2)
    own = game.view(0)
    assert own.hand_counts == (3, 2) and own.hidden == cards("5C")[0]
    assert game.view(1).hidden is None and game.view(None).hidden is None


def test_any_seat_may_hide_out_of_turn_before_the_first_move() -> None:
    game = cheat(["4H 5C", "5H 6D"])
    assert 1 in game.actors()
    do(game, 1, "hide 6D")
    assert game.view(None).hand_counts == (2, 1)


def test_a_card_can_only_be_hidden_before_the_first_play_or_draw() -> None:
    game = cheat(["4H 5C", "5H 6D"])
    do(game, 0, "play 4H")
    assert "before the first play" in illegal(game, 1, "hide 6D")


def test_only_one_card_may_be_hidden() -> None:
    game = cheat(["4H 5C 6C", "5H 6D"])
    do(game, 0, "hide 5C")
    assert "only one card" in illegal(game, 0, "hide 6C")


def test_the_hidden_card_can_be_played() -> None:
    game = cheat(["4H 5C", "5H 6D"])
    do(game, 0, "hide 4H")
    do(game, 0, "play 4H")
    assert game.view(0).hidden is None and game.view(None).hand_counts == (1, 2)


def test_the_hidden_card_never_appears_in_an_event_or_another_view() -> None:
    game = cheat(["4H 5C 6C", "5H 6D", "KS"], top="5S")
    do(game, 0, "hide 6C")
    events = [*do(game, 0, "play 5C"), *do(game, 1, "challenge 2"), *do(game, 1, "play 5H")]
    text = json.dumps([e.to_dict() for e in events])
    assert "6C" not in text
    for seat in (None, 1, 2):
        view = game.view(seat)
        assert cards("6C")[0] not in view.hand and view.hidden is None


def test_call_kadi_moja_while_actually_holding_two() -> None:
    game = cheat(["4H 5C 6C", "5H 6D"])
    do(game, 0, "hide 6C")
    do(game, 0, "play 4H")
    assert move("call") in game.legal_moves(0)
    do(game, 0, "call")
    assert game.view(None).called == frozenset({0})


def test_any_seated_player_may_challenge_at_any_time() -> None:
    game = cheat(["4H 5C", "5H 6D", "KS QS"])
    assert move("challenge 0") in game.legal_moves(2)
    assert 2 in game.actors()


def test_you_cannot_challenge_yourself_or_an_empty_seat() -> None:
    game = cheat(["4H 5C", "5H 6D"])
    assert "yourself" in illegal(game, 0, "challenge 0")
    assert "not playing" in illegal(game, 0, "challenge 5")


def test_at_most_one_challenge_per_challenger_between_two_moves_of_the_target() -> None:
    game = cheat(["4H 5C", "5H 6D", "KS QS"])
    do(game, 1, "challenge 0")
    assert "already" in illegal(game, 1, "challenge 0")
    do(game, 2, "challenge 0")  # another challenger may
    do(game, 0, "play 4H")
    assert move("challenge 0") in game.legal_moves(1)


def test_karata_right_challenge_the_round_ends_at_once_and_the_cheater_ranks_last() -> None:
    game = cheat(["4H 5C JKR", "5H 6D", "KS QS AC", "3C"])
    do(game, 0, "hide JKR")
    events = do(game, 1, "challenge 0")
    result = next(e for e in events if isinstance(e, RoundOver)).result
    # Others rank by fewest points, and the fewest wins: 3 (seat 3) < 7 (2) < 11 (1).
    assert result.ranks == (4, 3, 2, 1)
    assert result.winners == (3,) and result.loser == 0 and game.is_over


def test_karata_wrong_challenge_the_challenger_draws_2() -> None:
    game = cheat(["4H 5C", "5H 6D"])
    events = do(game, 1, "challenge 0")
    assert names(events) == ["Challenged", "Drew"] and Drew(1, 2, "penalty") in events


def test_kadi_moja_caught_cheater_draws_5_and_plays_the_hidden_card_openly() -> None:
    game = cheat(["4H 5C", "5H 6D"], preset="kadi-moja")
    do(game, 0, "hide 5C")
    events = do(game, 1, "challenge 0")
    assert Drew(0, 5, "penalty") in events and not game.is_over
    # Openly: counted in the shown count again, and no second hiding this round.
    assert game.view(None).hand_counts == (7, 2)
    assert game.view(0).hidden is None and 1 not in game.state.no_hide
    assert move("hide 4H") not in game.legal_moves(0)


def test_kadi_moja_false_accuser_draws_5() -> None:
    game = cheat(["4H 5C", "5H 6D"], preset="kadi-moja")
    assert Drew(1, 5, "penalty") in do(game, 1, "challenge 0")


def test_the_hidden_cards_points_count_at_the_end_of_the_round() -> None:
    game = cheat(["4H", "5H JKR"])
    do(game, 1, "hide JKR")
    events = do(game, 0, "play 4H")
    result = next(e for e in events if isinstance(e, RoundOver)).result
    assert result.points == (0, 55)


def test_knock_out_a_caught_cheater_is_knocked_out() -> None:
    game = cheat(["4H 5C", "5H 6D", "KS"], elimination="knock-out")
    do(game, 2, "hide KS")
    do(game, 0, "challenge 2")
    assert game.state.out == {2} and game.state.round_no == 2


def test_cheat_state_survives_a_save_and_load() -> None:
    from bot.games.karata import KarataGame

    game = cheat(["4H 5C", "5H 6D", "KS QS"])
    do(game, 0, "hide 5C")
    do(game, 2, "challenge 1")
    copy = KarataGame.from_state(json.loads(json.dumps(game.to_state())))
    assert copy.to_state() == game.to_state()
    assert copy.view(0).hidden == cards("5C")[0]
