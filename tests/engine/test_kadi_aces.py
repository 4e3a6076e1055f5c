"""Kadi's Aces: suit requests, demands, cancelling and blocking (seeds/000 "Aces")."""

from __future__ import annotations

import pytest

from bot.games.cards import ACE, ALL_CARDS, JOKER, card
from bot.games.core.moves import DRAW_MOVE, Move
from bot.games.kadi import KadiRules
from tests.engine.kadi_position import cards, hand, names, play, position
from tests.says import says


@pytest.mark.parametrize("top", ["9D", "KD", "QH", "4C", "JKB"])
def test_an_ace_can_be_played_on_any_card(top: str) -> None:
    game = position(["AH 5S", "KS"], top=top)
    play(game, 0, "play AH ask C")
    assert game.state.ask_suit == "C"


def test_an_ace_can_be_played_on_a_pending_bomb() -> None:
    game = position(["AH 5S", "KS"], top="3D", bomb=3, bomb_kind=3)
    play(game, 0, "play AH")
    assert game.state.pick_up == 0


def test_an_ace_cannot_be_played_while_being_skipped() -> None:
    game = position(["JD 5S", "AH JS", "KC"], top="9D")
    play(game, 0, "play JD")
    with says("only a Jack"):
        play(game, 1, "play AH ask C")


def test_playing_an_ace_asks_for_a_suit_the_next_player_plays_it_or_an_ace() -> None:
    game = position(["AH 5S", "9D 4C AD 7C", "KS"], top="9S")
    play(game, 0, "play AH ask C")
    with says(r"^9♦ isn't a ♣: a ♣ was asked for"):
        play(game, 1, "play 9D")
    assert {m.cards[0].code for m in game.legal_moves(1) if m.cards} == {"4C", "7C", "AD"}
    play(game, 1, "play 4C")
    assert game.state.ask_suit is None and game.state.base is card("4C")


def test_an_ace_on_a_plain_pile_must_ask_for_a_suit() -> None:
    game = position(["AH 5S", "KS"], top="9S")
    with says("An Ace asks for a suit"):
        play(game, 0, "play AH")


def test_a_suit_request_stays_until_it_is_met() -> None:
    game = position(["AH 5S", "9D", "KC 6C"], top="9S")
    play(game, 0, "play AH ask C")
    game.apply(1, DRAW_MOVE)
    assert game.state.ask_suit == "C"
    play(game, 2, "play 6C")
    assert game.state.ask_suit is None


def test_the_ace_of_spades_can_demand_an_exact_card() -> None:
    game = position(["AS 5S", "KC KD", "KS"], top="9H")
    play(game, 0, "play AS ask KC")
    assert game.state.demand is card("KC")
    with says(r"^K♦ isn't the demanded card: play K♣ or an Ace"):
        play(game, 1, "play KD")
    play(game, 1, "play KC")
    assert game.state.demand is None


def test_a_demand_is_met_by_the_card_or_an_ace() -> None:
    game = position(["AS 5S", "AD 9C", "KS"], top="9H")
    play(game, 0, "play AS ask KC")
    assert {m.cards for m in game.legal_moves(1) if m.cards} == {(card("AD"),)}


@pytest.mark.parametrize("demanded", ["KC", "2D", "JKB", "QH", "JS", "10C"])
def test_any_card_except_an_ace_can_be_demanded(demanded: str) -> None:
    game = position(["AS 5S", "KS"], top="9H")
    play(game, 0, f"play AS ask {demanded}")
    assert game.state.demand is card(demanded)


def test_an_ace_cannot_be_demanded() -> None:
    game = position(["AS 5S", "KS"], top="9H")
    with says("An Ace can't be demanded"):
        play(game, 0, "play AS ask AH")


def test_a_joker_cannot_be_demanded_without_jokers() -> None:
    game = position(["AS 5S", "KS"], top="9H", rules=KadiRules(no_jokers=True))
    with says("no Jokers"):
        play(game, 0, "play AS ask JKB")


def test_two_or_more_aces_together_can_demand_an_exact_card() -> None:
    game = position(["AH AD 5S", "KS"], top="9H")
    play(game, 0, "play AH AD ask KC")
    assert game.state.demand is card("KC")


def test_a_single_ace_other_than_spades_cannot_demand() -> None:
    game = position(["AH 5S", "KS"], top="9H")
    with says(r"Only A♠, or two or more Aces together, can demand"):
        play(game, 0, "play AH ask KC")


def test_an_ace_on_a_demanded_card_takes_the_number_off() -> None:
    game = position(["AH 5S", "KS 9C", "KC"], top="AS", base="9H", demand="KC")
    events = play(game, 0, "play AH")
    assert "RequestCancelled" in names(events)
    assert game.state.demand is None and game.state.ask_suit == "C"
    play(game, 1, "play 9C")


def test_the_ace_of_spades_on_a_demand_may_demand_a_new_card_or_ask_a_suit() -> None:
    game = position(["AS 5S", "KS"], top="AD", base="9H", demand="KC")
    play(game, 0, "play AS ask QH")
    assert game.state.demand is card("QH")
    game = position(["AS 5S", "KS"], top="AD", base="9H", demand="KC")
    play(game, 0, "play AS ask D")
    assert game.state.demand is None and game.state.ask_suit == "D"


def test_an_ace_on_a_demanded_joker_drops_the_demand() -> None:
    game = position(["AH 5S", "KS 9H", "KC"], top="AS", base="9D", demand="JKB")
    play(game, 0, "play AH")
    assert game.state.demand is None and game.state.ask_suit is None
    play(game, 1, "play 9H")


def test_an_ace_on_a_suit_request_cancels_it_play_goes_back_to_the_card_underneath() -> None:
    game = position(["AD 5S", "KH 9C 4S", "KC"], top="AH", under="4H", base="4H", ask="C")
    events = play(game, 0, "play AD")
    assert "RequestCancelled" in names(events)
    assert game.state.ask_suit is None and game.state.base is card("4H") and game.state.discard[-1] is card("AD")
    with says("9♣ doesn't match 4♥"):
        play(game, 1, "play 9C")
    play(game, 1, "play 4S")


def test_an_ace_on_a_suit_request_may_not_ask_a_new_suit_without_the_ace_of_spades() -> None:
    game = position(["AD 5S", "KS"], top="AH", base="9H", ask="C")
    with says("cancels a suit request"):
        play(game, 0, "play AD ask S")


def test_the_ace_of_spades_on_a_suit_request_asks_for_a_new_suit() -> None:
    game = position(["AS 5S", "KS"], top="AH", base="9H", ask="C")
    play(game, 0, "play AS ask D")
    assert game.state.ask_suit == "D"


def test_the_ace_of_spades_on_a_suit_request_may_instead_cancel_it() -> None:
    game = position(["AS 5S", "KS"], top="AH", base="9H", ask="C")
    play(game, 0, "play AS")
    assert game.state.ask_suit is None and game.state.base is card("9H")


def test_an_ace_played_on_a_bomb_blocks_it() -> None:
    game = position(["AS 5S", "KS"], top="2H", bomb=2, bomb_kind=2)
    events = play(game, 0, "play AS")
    assert "BombBlocked" in names(events) and game.state.pick_up == 0 and game.state.base is card("AS")
    assert hand(game, 1) == "KS"


def test_aces_play_on_a_joker_needs_no_colour() -> None:
    game = position(["AC 5S", "KS"], top="JKR")
    play(game, 0, "play AC ask H")
    assert game.state.ask_suit == "H"


def test_ace_moves_list_one_per_suit_and_demands_only_where_allowed() -> None:
    game = position(["AH 5S", "KS"], top="9H")
    aces = [m for m in game.legal_moves(0) if m.cards and m.cards[0].rank == 14]
    assert {m.ask_suit for m in aces} == {"S", "H", "D", "C"} and all(m.demand is None for m in aces)
    game = position(["AS 5S", "KS"], top="9H")
    aces = [m for m in game.legal_moves(0) if m.cards and m.cards[0].rank == 14]
    demands = [m for m in aces if m.demand is not None]
    # Every card but the four Aces and the 9♥ on the discard pile.
    assert len(demands) == 54 - 4 - 1 and all(m.asking for m in aces)
    assert not any(getattr(m.demand, "rank", 0) == 14 for m in aces)


def test_the_bomb_kind_after_an_ace_block_is_cleared() -> None:
    game = position(["AS 5S", "2S"], top="JKR", bomb=5, bomb_kind=JOKER)
    play(game, 0, "play AS")
    assert game.state.bomb_kind is None
    play(game, 1, "play 2S")
    assert game.state.pick_up == 2


def test_an_ask_must_be_a_suit_or_a_card() -> None:
    game = position(["AS 5S", "KS"], top="9H")
    with says("Ask for a suit"):
        game.apply(0, Move("play", (card("AS"),), "special"))


def test_a_card_deeper_in_the_discard_pile_can_be_demanded() -> None:
    # Decision (rules-decisions, "What may be demanded"): a reshuffle brings it back.
    game = position(["AS AC 9H", "KD"], top="4C", under="7H 2S")
    game.check(0, Move.parse("play AS ask 7H"))
    game.check(0, Move.parse("play AS AC ask 2S"))
    listed = {m.text() for m in game.legal_moves(0)}
    assert {"play AS ask 7H", "play AS AC ask 7H", "play AS ask 2S", "play AS ask KD"} <= listed


def test_a_demanded_card_from_the_discard_pile_comes_back_with_a_reshuffle() -> None:
    game = position(["AS 5S", "KD"], top="4C", under="7H", draw="")
    play(game, 0, "play AS ask 7H")
    assert game.state.demand is card("7H") and game.state.turn == 1
    events = play(game, 1, "draw")  # the draw pile is empty: the pile under 4♣ and A♠ is reshuffled
    assert "Reshuffled" in names(events)
    assert card("7H") not in game.state.discard and game.state.discard[-2:] == cards("4C AS")


def test_the_card_the_aces_are_laid_on_cannot_be_demanded() -> None:
    game = position(["AS AC 9H", "KD"], top="4C", under="7H")
    with says(r"^4♣ stays under the Aces, even through a reshuffle, so nobody could play it: demand another card\.$"):
        game.check(0, Move.parse("play AS AC ask 4C"))
    # Aces on Aces: the card to match lies under them all.
    game = position(["AS 5S", "KD"], top="AD", base="9H", ask="C")
    with says("9♥ stays under the Aces"):
        game.check(0, Move.parse("play AS ask 9H"))
    game.check(0, Move.parse("play AS ask 5S"))


@pytest.mark.parametrize("no_jokers", [False, True])
def test_the_listed_demands_are_every_card_but_an_ace_and_the_card_underneath(no_jokers: bool) -> None:
    game = position(["AS 5S", "KD"], top="AD", base="9H", ask="C", under="7H 2S",
                    rules=KadiRules(no_jokers=no_jokers))
    demands = {m.demand for m in game.legal_moves(0) if m.cards == (card("AS"),) and m.demand is not None}
    deck = [c for c in ALL_CARDS if not (no_jokers and c.rank == JOKER)]
    assert demands == {c for c in deck if c.rank != ACE and c is not card("9H")}
    assert len(demands) == (47 if no_jokers else 49)
