"""Donkey (Kazhutha Kali): one test per rule sentence of docs/rules/sources/003 and the
"Donkey (003)" section of docs/rules/decisions.md, named after the rule.

Positions are built with ``DonkeyGame.from_position``: the hands given, every
other card on the discard pile, round 2 unless said (so no A♠ lead is forced).
Seats run in turn order to the previous seat: with 4 seats, 3 → 2 → 1 → 0 → 3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from bot.games.cards import SUITS, Card, card, deck52, parse_cards
from bot.games.core.events import MatchOver, Played, RoundStarted, TimedOut
from bot.games.core.moves import Move, MoveKind, play
from bot.games.core.shuffle import seeded_random, shuffled
from bot.games.donkey import (
    DonkeyGame,
    DonkeyRules,
    LeadPassed,
    RoundWon,
    SitOutForgiven,
    SitsOut,
    Struck,
    WentOut,
)
from tests.says import says


def cards(text: str) -> list[Card]:
    return list(parse_cards(text)) if text.strip() else []


def position(
    *hands: str,
    leader: int,
    sitting_out: tuple[int, ...] = (),
    ranks: list[int | None] | None = None,
) -> DonkeyGame:
    return DonkeyGame.from_position(
        [cards(h) for h in hands], leader, sitting_out=sitting_out, ranks=ranks
    )


def p(text: str) -> Move:
    return play(*parse_cards(text))


def run(game: DonkeyGame, *moves: tuple[int, str]) -> list[object]:
    """Apply ``(seat, "9H")`` plays (or ``"timeout"``) in order; all events."""
    events: list[object] = []
    for seat, text in moves:
        move = Move.parse("timeout") if text == "timeout" else p(text)
        events += game.apply(seat, move)
    return events


def of(kind: type, events: Sequence[object]) -> list[object]:
    return [e for e in events if isinstance(e, kind)]


# ------------------------------------------------------------------ players and cards


@pytest.mark.parametrize("seats", range(2, 9))
def test_between_two_and_eight_players(seats: int) -> None:
    assert DonkeyGame.new(seats, seed=1).seats == seats


@pytest.mark.parametrize("seats", [0, 1, 9])
def test_fewer_than_two_or_more_than_eight_players_is_refused(seats: int) -> None:
    with pytest.raises(ValueError, match="2 to 8"):
        DonkeyGame.new(seats, seed=1)


def test_a_standard_52_card_deck_without_jokers() -> None:
    game = DonkeyGame.new(4, seed=7)
    assert Counter(game.cards_in_play()) == Counter(deck52())
    assert all(not c.is_joker for c in game.cards_in_play())


def test_no_suit_is_higher_than_another() -> None:
    # A club round is won by the highest club, whatever the other suits hold.
    game = position("2C 3D", "AH KS", "4C 5D", leader=2)
    events = run(game, (2, "4C"), (1, "AH"))  # seat 1 is void in clubs: a strike
    assert of(Struck, events) == [Struck(1, card("AH"), 2, 2)]


def test_inside_a_suit_two_is_lowest_and_the_ace_highest() -> None:
    game = position("2H 3C", "AH 3D", "KH 4D", leader=2)
    events = run(game, (2, "KH"), (1, "AH"), (0, "2H"))
    assert of(RoundWon, events) == [RoundWon(1, card("AH"), 3, 1)]
    assert game.turn == 1


# ---------------------------------------------------------------------------- dealing


def first_dealt(seed: int, seats: int) -> int:
    """The seat dealt the first card, as docs/engine/donkey.md documents it."""
    return seeded_random(seed, "first").randrange(seats)


@pytest.mark.parametrize("seats", range(2, 9))
def test_dealt_one_card_at_a_time_in_turn_order_from_a_random_first_player(seats: int) -> None:
    seed = 12345
    game = DonkeyGame.new(seats, seed=seed)
    first = first_dealt(seed, seats)
    deck = shuffled(deck52(), seed, "deal")
    for i, dealt in enumerate(deck):
        # Turn order runs to the previous seat, so the deal does too.
        assert dealt in game.view((first - i) % seats).hand


def test_the_deal_is_the_documented_shuffle() -> None:
    # The deal must stay exactly shuffled(deck52(), seed, "deal")
    # (docs/engine/donkey.md), whatever the seed: saved games replay through it.
    for seed in [*range(300), 2**63 - 1, 12345678901234567]:
        for seats in (2, 4, 7):
            game = DonkeyGame.new(seats, seed=seed)
            first = first_dealt(seed, seats)
            hands = [game.view(s).hand for s in range(seats)]
            deck = shuffled(deck52(), seed, "deal")
            expected = [sorted(deck[(first - s) % seats :: seats]) for s in range(seats)]
            assert [list(h) for h in hands] == expected
            # The order cards came to each hand is the state's and the legal list's.
            order = game.to_state()["hands"]
            assert order == [[c.code for c in deck[(first - s) % seats :: seats]] for s in range(seats)]


def test_the_first_player_dealt_to_is_chosen_at_random() -> None:
    firsts = {DonkeyGame.new(5, seed=s).to_state()["first"] for s in range(60)}
    assert firsts == set(range(5))
    assert all(DonkeyGame.new(5, seed=s).to_state()["first"] == first_dealt(s, 5) for s in range(60))


@pytest.mark.parametrize("seats", range(2, 9))
def test_the_whole_deck_is_dealt(seats: int) -> None:
    game = DonkeyGame.new(seats, seed=3)
    assert sum(game.view(None).hand_counts) == 52
    assert game.view(None).discard_size == 0


@pytest.mark.parametrize("seats", [3, 5, 6, 7])
def test_players_dealt_to_first_get_one_extra_card(seats: int) -> None:
    game = DonkeyGame.new(seats, seed=11)
    first = game.to_state()["first"]
    counts = game.view(None).hand_counts
    extra = 52 % seats
    for i in range(seats):
        assert counts[(first - i) % seats] == 52 // seats + (1 if i < extra else 0)


def test_eight_players_get_six_each_and_the_first_four_dealt_to_a_seventh() -> None:
    for seed in range(10):
        game = DonkeyGame.new(8, seed=seed)
        first = game.to_state()["first"]
        counts = game.view(None).hand_counts
        assert [counts[(first - i) % 8] for i in range(8)] == [7, 7, 7, 7, 6, 6, 6, 6]


def test_hands_are_private() -> None:
    game = DonkeyGame.new(4, seed=5)
    assert game.view(None).hand == ()
    for seat in range(4):
        mine = set(game.view(seat).hand)
        for other in range(4):
            if other != seat:
                assert not mine & set(game.view(other).hand)


def test_turns_go_to_the_player_on_the_right_anticlockwise() -> None:
    game = position("2H", "3H", "4H", "5H 6H", leader=1)
    seen = [game.turn]
    for seat, text in [(1, "3H"), (0, "2H"), (3, "5H")]:
        game.apply(seat, p(text))
        seen.append(game.turn)
    assert seen[:4] == [1, 0, 3, 2]


def test_the_direction_never_changes() -> None:
    game = DonkeyGame.new(5, seed=9)
    while not game.is_over:
        order = game.view(None).to_play
        seated = [s for s in range(4, -1, -1) if s in order]
        lead = seated.index(order[0])
        assert list(order) == seated[lead:] + seated[:lead]
        for _ in range(len(order)):
            seat = game.turn
            assert seat is not None
            events = game.apply(seat, game.legal_moves(seat)[-1])
            if of(RoundStarted, events) or game.is_over:
                break


# ------------------------------------------------------------------------ who starts


@pytest.mark.parametrize("seats", range(2, 9))
def test_the_ace_of_spades_holder_starts_the_first_round(seats: int) -> None:
    for seed in range(5):
        game = DonkeyGame.new(seats, seed=seed)
        assert game.turn is not None
        assert card("AS") in game.view(game.turn).hand


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_with_two_to_five_players_the_first_lead_must_be_the_ace_of_spades(seats: int) -> None:
    game = DonkeyGame.new(seats, seed=21)
    seat = game.turn
    assert seat is not None
    assert game.legal_moves(seat) == [p("AS")]
    other = next(c for c in game.view(seat).hand if c is not card("AS"))
    assert not game.is_legal(seat, play(other))
    with says("must lead A♠"):
        game.apply(seat, play(other))
    events = game.apply(seat, p("AS"))
    assert events[0] == Played(seat, (card("AS"),))
    assert game.view(None).active_suit == "S"


@pytest.mark.parametrize("seats", [6, 7, 8])
def test_with_six_to_eight_players_the_first_lead_may_be_any_card(seats: int) -> None:
    game = DonkeyGame.new(seats, seed=21)
    seat = game.turn
    assert seat is not None
    hand = game.view(seat).hand
    assert sorted(m.cards[0] for m in game.legal_moves(seat)) == sorted(hand)
    other = next(c for c in hand if c is not card("AS"))
    game.apply(seat, play(other))
    assert game.view(None).active_suit == other.suit


def test_the_first_card_of_a_round_sets_the_active_suit() -> None:
    game = position("2H 3C", "9D 5C", "KD 4C", leader=2)
    assert game.view(None).active_suit is None
    run(game, (2, "KD"))
    assert game.view(None).active_suit == "D"


def test_later_rounds_are_started_by_the_previous_rounds_winner() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=2)
    events = run(game, (2, "KH"), (1, "AH"), (0, "2H"))
    assert RoundStarted(3, 1) in events
    assert game.turn == 1
    # ... who may lead any card, setting the new active suit.
    assert game.legal_moves(1) == [p("5C")]


def test_the_collector_starts_the_next_round_and_picks_the_active_suit() -> None:
    game = position("2H 3C", "AD 5C", "KH 4C 4S", leader=2)
    events = run(game, (2, "KH"), (1, "AD"))
    assert of(Struck, events) == [Struck(1, card("AD"), 2, 2)]
    assert game.turn == 2
    assert {m.cards[0] for m in game.legal_moves(2)} == set(cards("KH AD 4C 4S"))
    run(game, (2, "4S"))
    assert game.view(None).active_suit == "S"


# ------------------------------------------------------------------- playing a round


def test_if_you_hold_the_active_suit_you_must_play_one() -> None:
    game = position("2H 9H 3C", "AH 5C", "KH 4C", leader=2)
    run(game, (2, "KH"), (1, "AH"))
    assert game.legal_moves(0) == [p("2H"), p("9H")]
    with says(r"^You must follow ♥: you hold a ♥\.$"):
        game.apply(0, p("3C"))
    run(game, (0, "9H"))  # any card of the suit will do


def test_without_the_active_suit_you_may_play_any_card() -> None:
    game = position("2C 3C 9D", "AH 5C", "KH 4C", leader=2)
    run(game, (2, "KH"), (1, "AH"))
    assert game.legal_moves(0) == [p("2C"), p("3C"), p("9D")]
    assert all(game.is_legal(0, m) for m in game.legal_moves(0))


def test_a_normal_round_takes_one_card_from_every_player_to_the_discard_pile() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=2)
    before = game.view(None)
    run(game, (2, "KH"), (1, "AH"), (0, "2H"))
    after = game.view(None)
    assert after.hand_counts == tuple(c - 1 for c in before.hand_counts)
    assert after.discard_size == before.discard_size + 3
    assert set(cards("KH AH 2H")) <= set(after.discard)


def test_the_highest_card_of_the_active_suit_wins_the_round() -> None:
    game = position("QH 3C", "2H 5C", "JH 4C", "3H 6C", leader=3)
    events = run(game, (3, "3H"), (2, "JH"), (1, "2H"), (0, "QH"))
    assert of(RoundWon, events) == [RoundWon(0, card("QH"), 4, 0)]
    assert game.turn == 0


# ---------------------------------------------------------------------------- strikes


def test_a_strike_mid_round_the_highest_active_suit_card_so_far_collects() -> None:
    game = position("5H 6C", "2D 7C", "9H 8C", "4H 3C", leader=3)
    events = run(game, (3, "4H"), (2, "9H"), (1, "2D"))
    assert of(Struck, events) == [Struck(1, card("2D"), 2, 3)]
    assert set(game.view(2).hand) == set(cards("8C 4H 9H 2D"))


def test_the_striking_card_does_not_compete_for_highest() -> None:
    game = position("5H 6C", "AS 7C", "2H 8C", leader=2)
    events = run(game, (2, "2H"), (1, "AS"))
    assert of(Struck, events)[0] == Struck(1, card("AS"), 2, 2)


def test_the_collector_takes_every_card_of_the_round_including_the_striking_card() -> None:
    game = position("5H 6C", "AS 7C", "2H 8C", "KH 9C", leader=3)
    run(game, (3, "KH"), (2, "2H"), (1, "AS"))
    assert sorted(game.view(3).hand) == sorted(cards("9C KH 2H AS"))
    assert game.view(None).discard_size == 52 - 8
    assert game.view(None).trick == ()


def test_players_yet_to_play_lose_their_turn() -> None:
    game = position("5H 6C", "AS 7C", "2H 8C", "KH 9C", leader=3)
    run(game, (3, "KH"), (2, "2H"), (1, "AS"))
    assert game.view(0).hand == tuple(sorted(cards("5H 6C")))
    assert game.turn == 3


def test_the_round_ends_at_once_on_a_strike() -> None:
    game = position("5H 6C", "AS 7C", "2H 8C", "KH 9C", leader=3)
    events = run(game, (3, "KH"), (2, "2H"), (1, "AS"))
    assert RoundStarted(3, 3) in events
    assert game.view(None).round_no == 3
    assert game.view(None).active_suit is None


def test_a_strike_straight_after_the_lead_gives_the_leader_both_cards() -> None:
    game = position("5H 6C", "AS 7C", "2H 8C", leader=2)
    run(game, (2, "2H"), (1, "AS"))
    assert sorted(game.view(2).hand) == sorted(cards("2H AS 8C"))


def test_a_strike_does_not_take_a_card_out_of_every_hand() -> None:
    game = position("5H 6C", "AS 7C", "2H 8C", "KH 9C", leader=3)
    run(game, (3, "KH"), (2, "2H"), (1, "AS"))
    assert game.view(None).hand_counts == (2, 1, 1, 4)


# --------------------------------------------------------------- getting out and ranks


def test_playing_your_last_card_puts_you_out_once_the_cards_are_discarded() -> None:
    game = position("2H 3C", "AH", "KH 4C", leader=2)
    events = run(game, (2, "KH"), (1, "AH"))
    assert not of(WentOut, events)  # not yet: the round is not complete
    assert game.view(None).out_ranks[1] is None
    events = run(game, (0, "2H"))
    assert of(WentOut, events) == [WentOut(1, 1)]


def test_playing_your_last_card_puts_you_out_when_someone_else_collects() -> None:
    game = position("5C 3C", "2H", "KH 4C", leader=2)
    events = run(game, (2, "KH"), (1, "2H"), (0, "5C"))
    assert of(Struck, events) == [Struck(0, card("5C"), 2, 3)]
    assert of(WentOut, events) == [WentOut(1, 1)]


def test_the_collector_who_played_their_last_card_is_not_out() -> None:
    game = position("5C 3C", "KH", "2H 4C", leader=2)
    events = run(game, (2, "2H"), (1, "KH"), (0, "5C"))
    assert of(Struck, events) == [Struck(0, card("5C"), 1, 3)]
    assert not of(WentOut, events)
    assert sorted(game.view(1).hand) == sorted(cards("KH 2H 5C"))
    assert game.turn == 1


def test_a_striker_who_played_their_last_card_is_out() -> None:
    game = position("5C", "KH 3D", "2H 4C", leader=2)
    events = run(game, (2, "2H"), (1, "KH"), (0, "5C"))
    assert of(WentOut, events) == [WentOut(0, 1)]


def test_the_first_player_to_empty_their_hand_wins_then_second_and_third() -> None:
    game = position("2H 3C", "AH", "KH 4C 5C", "QH 6C 7D", leader=3)
    run(game, (3, "QH"), (2, "KH"), (1, "AH"), (0, "2H"))  # seat 1 out first
    assert game.view(None).out_ranks == (None, 1, None, None)
    run(game, (2, "4C"), (0, "3C"), (3, "6C"))  # seat 0 plays its last card
    assert game.view(None).out_ranks == (2, 1, None, None)


def test_players_emptying_their_hands_in_the_same_round_tie_for_that_rank() -> None:
    game = position("2H", "AH", "KH 4D", "QH 5D", leader=3)
    events = run(game, (3, "QH"), (2, "KH"), (1, "AH"), (0, "2H"))
    assert of(WentOut, events) == [WentOut(1, 1), WentOut(0, 1)]
    assert game.view(None).out_ranks == (1, 1, None, None)


def test_after_a_tie_the_next_rank_counts_the_tied_players() -> None:
    game = position("2H", "AH", "KH 4D", "QH 5D 6D", "3H 9S 8S", leader=4)
    run(game, (4, "3H"), (3, "QH"), (2, "KH"), (1, "AH"), (0, "2H"))
    assert game.view(None).out_ranks == (1, 1, None, None, None)
    run(game, (2, "4D"), (4, "9S"))  # seat 4 strikes, seat 2 collects
    # Seat 4 follows with its last card, seat 3 strikes, seat 2 collects: seat 4
    # is the third player out, so rank 3, not 2.
    events = run(game, (2, "9S"), (4, "8S"), (3, "5D"))
    assert of(WentOut, events) == [WentOut(4, 3)]


def test_if_the_rounds_winner_has_just_gone_out_the_second_highest_card_leads() -> None:
    game = position("2H 3C", "AH", "KH 4C", "5H 6C", leader=3)
    events = run(game, (3, "5H"), (2, "KH"), (1, "AH"), (0, "2H"))
    assert of(LeadPassed, events) == [LeadPassed(1, 2, "out")]
    assert game.turn == 2


def test_if_the_winner_and_the_second_highest_went_out_the_third_highest_leads() -> None:
    game = position("2H 3C", "AH", "KH", "5H 6C", leader=3)
    run(game, (3, "5H"), (2, "KH"), (1, "AH"), (0, "2H"))
    assert game.turn == 3


def test_if_no_player_of_the_active_suit_is_left_the_next_player_after_the_winner_leads() -> None:
    # Decision: seats 4 and 2 played the round's only cards and both went out;
    # seats 3 and 1 timed out (they sit out) so the lead walks on from the
    # winner, seat 4, in turn order: 3 sits out, 2 is out, 1 sits out, 0 leads.
    game = position("2C 3C", "4C 5C", "2H", "6C 7C", "AH", leader=4, sitting_out=(0,))
    events = run(game, (4, "AH"), (3, "timeout"), (2, "2H"), (1, "timeout"))
    assert of(WentOut, events) == [WentOut(4, 1), WentOut(2, 1)]
    assert LeadPassed(4, 0, "out") in events
    assert game.turn == 0
    assert game.view(None).sitting_out == frozenset({1, 3})


def test_players_who_are_out_watch_and_never_act() -> None:
    game = position("2H 3C", "AH", "KH 4C", "5H 6C", leader=3)
    run(game, (3, "5H"), (2, "KH"), (1, "AH"), (0, "2H"))
    with says(r"You are out of this match"):
        game.apply(1, p("AH"))
    for _ in range(4):
        assert 1 not in game.actors()
        assert game.legal_moves(1) == []
        if game.is_over:
            break
        seat = game.turn
        assert seat is not None
        game.apply(seat, game.legal_moves(seat)[0])


def test_players_who_are_out_are_skipped_in_turn_order() -> None:
    game = position("2H 3C", "", "KH 4C", "5H 6C", leader=3, ranks=[None, 1, None, None])
    run(game, (3, "5H"), (2, "KH"))
    assert game.turn == 0


# ------------------------------------------------------------------------- the Donkey


def test_the_last_player_still_holding_cards_is_the_donkey() -> None:
    game = position("2H 3C", "AH", "KH", leader=2)
    events = run(game, (2, "KH"), (1, "AH"), (0, "2H"))
    result = game.result()
    assert result is not None and game.is_over
    assert result.loser == 0
    assert result.ranks == (3, 1, 1)
    assert result.winners == (1, 2)
    assert of(RoundWon, events) == [RoundWon(1, card("AH"), 3, None)]  # nobody leads
    assert events[-1] == MatchOver(result)


def test_if_everybody_still_holding_cards_empties_in_the_same_round_there_is_no_donkey() -> None:
    game = position("2H", "AH", "KH", leader=2)
    events = run(game, (2, "KH"), (1, "AH"), (0, "2H"))
    result = game.result()
    assert result is not None
    assert result.loser is None
    assert result.ranks == (1, 1, 1)
    assert of(MatchOver, events) == [MatchOver(result)]


def test_every_game_starts_fresh_a_match_is_one_game() -> None:
    game = position("2H 3C", "AH", "KH", leader=2)
    run(game, (2, "KH"), (1, "AH"), (0, "2H"))
    assert game.is_over and game.turn is None and not game.actors()
    assert game.timeout_move() is None
    result = game.result()
    assert result is not None and result.points == (0, 0, 0)
    with says("over"):
        game.apply(0, p("3C"))


# ---------------------------------------------------------------------- the turn timer


def test_the_turn_timer_is_45_seconds_and_the_host_may_choose_another() -> None:
    assert DonkeyRules().turn_seconds == 45
    assert DonkeyGame.new(3, seed=1).view(None).turn_seconds == 45
    game = DonkeyGame.new(3, DonkeyRules(turn_seconds=90), seed=1)
    assert game.view(None).turn_seconds == 90
    assert DonkeyRules.from_dict({"turn_seconds": 0}).turn_seconds == 0
    with pytest.raises(ValueError):
        DonkeyRules(turn_seconds=-1)


def test_the_clock_running_out_is_a_timeout_move_for_the_seat_to_play() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=2)
    run(game, (2, "KH"))
    assert game.timeout_move() == (1, Move.parse("timeout"))


def test_a_timed_out_player_plays_no_card_that_round_and_keeps_their_cards() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=2)
    run(game, (2, "KH"))
    assert game.apply(1, Move.parse("timeout")) == [TimedOut(1)]
    assert game.view(1).hand == tuple(sorted(cards("AH 5C")))
    assert game.turn == 0


def test_a_timed_out_player_sits_out_the_following_round_and_rejoins_after() -> None:
    game = position("2H 3C 4D", "AH 5C 6D", "KH 4C 7D", leader=2)
    events = run(game, (2, "KH"), (1, "timeout"), (0, "2H"))
    assert SitsOut(1, 3) in events
    assert game.view(None).sitting_out == frozenset({1})
    assert game.view(None).to_play == (2, 0)
    run(game, (2, "4C"), (0, "3C"))
    assert 1 not in game.actors()
    # Round 4: back in.
    assert game.view(None).to_play == (2, 1, 0)
    assert game.view(1).hand == tuple(sorted(cards("AH 5C 6D")))


def test_when_the_leader_times_out_the_next_player_leads_the_same_round() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=2)
    events = run(game, (2, "timeout"))
    assert events == [TimedOut(2), LeadPassed(2, 1, "timed out")]
    assert game.turn == 1
    assert game.view(None).active_suit is None
    run(game, (1, "5C"), (0, "3C"))  # seat 1 leads clubs; the round completes
    assert game.turn == 1
    assert game.view(None).sitting_out == frozenset({2})


def test_if_the_ace_of_spades_holder_times_out_the_next_player_leads_any_card() -> None:
    game = DonkeyGame.new(4, seed=2)
    holder = game.turn
    assert holder is not None
    game.apply(holder, Move.parse("timeout"))
    nxt = game.turn
    assert nxt == (holder - 1) % 4
    assert len(game.legal_moves(nxt)) == len(game.view(nxt).hand)


def test_when_everybody_else_has_played_the_round_completes_without_the_timed_out_player() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=2)
    events = run(game, (2, "KH"), (1, "AH"), (0, "timeout"))
    assert of(RoundWon, events) == [RoundWon(1, card("AH"), 2, 1)]
    assert game.turn == 1


def test_if_the_player_who_should_lead_is_sitting_out_the_lead_passes_to_the_next_active_player() -> None:
    # Seat 0 sits round 2 out; seats 2 and 1 both time out, so nobody plays.
    # Seat 2 should lead round 3 but sits it out: the lead passes on to seat 0.
    game = position("2H 3C", "AH 5C", "KH 4C", leader=2, sitting_out=(0,))
    events = run(game, (2, "timeout"), (1, "timeout"))
    assert RoundWon(None, None, 0, 0) in events
    assert LeadPassed(2, 0, "sitting out") in events
    assert game.turn == 0
    assert game.view(None).to_play == (0,)


def test_a_player_alone_in_a_round_plays_it_alone() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=2, sitting_out=(0, 1))
    events = run(game, (2, "KH"))
    assert of(RoundWon, events) == [RoundWon(2, card("KH"), 1, 2)]
    assert game.view(None).to_play == (2, 1, 0)


def test_if_everybody_left_would_sit_out_nobody_does() -> None:
    game = position("2H 3C", "AH 5C", leader=1)
    events = run(game, (1, "timeout"), (0, "timeout"))
    assert SitOutForgiven((0, 1), 3) in events
    assert not of(SitsOut, events)
    assert game.view(None).to_play == (1, 0)


def test_a_sitting_out_player_has_no_turn_and_no_moves() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=2, sitting_out=(1,))
    assert game.legal_moves(1) == []
    run(game, (2, "KH"))
    assert game.turn == 0
    with says("not your turn: it's seat 0's"):
        game.apply(1, p("AH"))


# --------------------------------------------------------- moves, reasons and the view


def test_reason_not_your_turn() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=1)
    with says(r"^It's not your turn: it's seat 1's\.$"):
        game.apply(2, p("KH"))


def test_reason_you_dont_hold_the_card() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=1)
    with says(r"^You don't hold 9♣\.$"):
        game.apply(1, p("9C"))


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("draw", "no `draw`"), ("pass", "no `pass`"), ("play AH 5C", "one card at a time"),
     ("play AH ask H", "names only its card"), ("hide AH", "no `hide`")],
)
def test_anything_but_one_card_or_a_timeout_is_refused(text: str, fragment: str) -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=1)
    before = game.to_state()
    with says(fragment):
        game.apply(1, Move.parse(text))
    assert game.to_state() == before
    with says("Name the card"):
        game.apply(1, Move(MoveKind.PLAY))


def test_the_view_mid_round() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", "QH 6C", leader=3)
    run(game, (3, "QH"), (2, "KH"), (1, "timeout"))
    view = game.view(0)
    assert view.active_suit == "H"
    assert view.trick == ((3, card("QH")), (2, card("KH")))
    assert view.leader == 3
    assert view.to_play == (0,)
    assert view.sit_out_next == frozenset({1})
    assert view.hand_counts == (2, 2, 1, 1)
    assert view.discard_size == 52 - 8
    assert view.hand == tuple(sorted(cards("2H 3C")))
    assert view.turn == 0 and view.actors == frozenset({0})


def test_the_view_remembers_public_voids_until_a_collection_brings_the_suit_back() -> None:
    game = position("5C 3C", "KH 2D", "2H 4C 4D", leader=2)
    run(game, (2, "2H"), (1, "KH"), (0, "5C"))
    # Seat 0 struck on hearts: void in hearts. Seat 1 collected.
    assert game.view(None).voids == (frozenset("H"), frozenset(), frozenset())
    run(game, (1, "2D"), (0, "3C"))  # seat 0 void in diamonds too; seat 1 collects the 3♣
    assert game.view(None).voids[0] == frozenset("HD")
    game2 = position("5C 3C", "KH", "2H 4C 4D", leader=2)
    run(game2, (2, "2H"), (1, "KH"), (0, "5C"))  # seat 1 collects the 5♣
    assert game2.view(None).voids == (frozenset("H"), frozenset(), frozenset())


def test_a_collector_void_in_a_suit_it_collects_is_no_longer_void() -> None:
    game = position("3D 5S 6S", "9S 4D", "KH AD 2C", leader=1)
    run(game, (1, "9S"), (0, "5S"), (2, "KH"))  # seat 2 strikes: void in ♠
    assert game.view(None).voids[2] == frozenset("S")
    run(game, (1, "4D"), (0, "3D"), (2, "AD"))  # seat 2 wins and leads
    run(game, (2, "2C"), (1, "9S"))  # seat 1 strikes with 9♠: seat 2 collects it
    assert game.view(None).voids == (frozenset(), frozenset("C"), frozenset())


def test_moves_have_a_text_form() -> None:
    assert Move.parse("play 9c") == p("9C")
    assert p("10H").text() == "play 10H"
    assert Move.parse("timeout").text() == "timeout"


def test_state_round_trips_and_names_its_game_and_version() -> None:
    game = position("2H 3C", "AH 5C", "KH 4C", leader=2, sitting_out=(0,))
    run(game, (2, "KH"), (1, "timeout"))
    state = game.to_state()
    assert state["game"] == "donkey" and state["version"] == 2
    assert {"seed", "rules"} <= set(state)
    again = DonkeyGame.from_state(state)
    assert again.to_state() == state
    assert again.view(0) == game.view(0)
    with pytest.raises(ValueError, match="version"):
        DonkeyGame.from_state({**state, "version": 99})
    with pytest.raises(ValueError, match="not 'donkey'"):
        DonkeyGame.from_state({**state, "game": "kadi"})


def test_every_suit_letter_is_a_possible_active_suit() -> None:
    for suit in SUITS:
        lead = next(c for c in deck52() if c.suit == suit and c.rank == 2)
        game = DonkeyGame.from_position([[lead, card("AS") if suit != "S" else card("KH")],
                                         [card("3D") if suit != "D" else card("3C")]], 0)
        game.apply(0, play(lead))
        assert game.view(None).active_suit == suit
