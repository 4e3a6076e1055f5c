"""``legal_moves`` against a brute force, the draw pile running out, and saving."""

from __future__ import annotations

import json
import random
from itertools import permutations

import pytest

from bot.ai.karata import KarataPlayer
from bot.games.cards import JACK, Card
from bot.games.core.events import Drew, Forgiven, Reshuffled
from bot.games.core.moves import Move, MoveKind
from bot.games.karata import KarataGame, KarataRules
from bot.games.karata.rules import JACK_ASKS
from tests.engine.test_karata_deal import do, table


def brute_force_plays(hand: list[Card]) -> list[Move]:
    """Every ordered play of cards of one rank (and every Jack bridge), with every ask."""
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        by_rank.setdefault(c.rank, []).append(c)
    candidates: list[Move] = []
    for rank, cards in by_rank.items():
        for size in range(1, len(cards) + 1):
            for order in permutations(cards, size):
                if rank == JACK:
                    candidates.extend(Move(MoveKind.PLAY, order, suit, demand) for suit, demand in JACK_ASKS)
                candidates.append(Move(MoveKind.PLAY, order))
    for jack in by_rank.get(JACK, []):
        for rank, cards in by_rank.items():
            if rank == JACK:
                continue
            for size in range(1, len(cards) + 1):
                for order in permutations(cards, size):
                    candidates.append(Move(MoveKind.PLAY, (jack, *order)))
    return candidates


def outcome(play: Move) -> tuple[frozenset[Card], Card, object, object, Card | None]:
    """What a play does: its cards, its last card (the new top), its ask, and the
    Jack of a bridge. Plays with the same outcome differ only in an order that
    cannot matter (the first card only has to be legal)."""
    cards = play.cards
    bridge = len(cards) > 1 and cards[0].rank == JACK and cards[1].rank != JACK
    return frozenset(cards), cards[-1], play.ask_suit, play.demand, cards[0] if bridge else None


@pytest.mark.parametrize("preset", ["karata", "kadi-moja"])
def test_legal_moves_agree_with_a_brute_force_of_every_order(preset: str) -> None:
    rng = random.Random(3)
    player = KarataPlayer()
    checked = 0
    for seed in range(60):
        game = KarataGame.new(3, KarataRules.preset(preset), seed)
        for _ in range(40):
            if game.is_over:
                break
            seat = game.turn
            assert seat is not None
            legal = game.legal_moves(seat)
            plays = [m for m in legal if m.kind == MoveKind.PLAY]
            outcomes = {outcome(m) for m in plays}
            assert len(outcomes) == len(plays), "a play is listed twice"
            hand = game.state.hands[seat]
            if len(hand) <= 8 and game.state.phase == "turn":
                for candidate in brute_force_plays(hand):
                    if game.is_legal(seat, candidate):
                        assert outcome(candidate) in outcomes, candidate.text()
                    checked += 1
            for m in legal:
                game.check(seat, m)
            game.apply(seat, player.choose(game.view(seat), legal, rng))
    assert checked > 1000


def test_a_draw_asking_for_more_cards_than_exist_takes_all_and_the_rest_is_forgiven() -> None:
    game = table(["2H 4C", "5S 6S", "7D"], "9H")
    game.state.hands[2].extend(game.state.draw_pile)  # everything else is in a hand
    game.state.draw_pile = []
    do(game, 0, "play 2H")
    events = do(game, 1, "draw")
    # Only 9♥ (under the 2♥) comes back through a reshuffle: one card, one forgiven.
    assert events == [Reshuffled(1), Drew(1, 1, "stack"), Forgiven(1, 1)]
    assert game.turn == 2


def test_a_reshuffle_keeps_the_top_card_and_is_announced() -> None:
    game = table(["KS", "5D"], "9H")
    rest = game.state.draw_pile
    game.state.draw_pile = []
    game.state.discard = [*rest, game.state.discard[-1]]
    events = do(game, 0, "draw")
    assert events[0] == Reshuffled(len(rest))
    assert game.state.discard == [game.state.discard[-1]] and game.state.discard[-1].code == "9H"


def test_state_round_trips_mid_round_and_refuses_another_game() -> None:
    game = table(["2H 4C", "5S 6S", "7D"], "9H")
    do(game, 0, "play 2H")
    data = json.loads(json.dumps(game.to_state()))
    copy = KarataGame.from_state(data)
    assert copy.to_state() == game.to_state()
    do(copy, 1, "draw")
    do(game, 1, "draw")
    assert copy.to_state() == game.to_state()
    with pytest.raises(ValueError):
        KarataGame.from_state({**data, "game": "kadi"})
    with pytest.raises(ValueError):
        KarataGame.from_state({**data, "version": 99})
