"""A toy fourth game, written as docs/engine.md's "Adding a game" says and nowhere else
named: tests/bot/test_adding_a_game.py adds it through ``bot.registry.GAMES`` alone.

Each seat is dealt ``deal`` cards; in turn, a seat plays any card it holds (or the
clock plays its first); the first seat to empty its hand wins, the others rank by cards
left. One round, one match.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.games.cards import Card, deck52
from bot.games.core.engine import StateGame, Wiring
from bot.games.core.errors import IllegalMove
from bot.games.core.events import Event, MatchOver, Played
from bot.games.core.game import View
from bot.games.core.legality import check_opening
from bot.games.core.moves import Move, MoveKind, play
from bot.games.core.results import Result, rank_by_points
from bot.games.core.rules import Rules
from bot.games.core.shuffle import shuffled
from bot.games.core.state import StateFormat
from bot.ui.text.game import GameUI


@dataclass(frozen=True)
class ToyRules(Rules):
    deal: int = 2


@dataclass
class ToyState:
    seats: int
    rules: ToyRules
    seed: int
    hands: list[list[Card]] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    turn_seat: int = 0
    winner: int | None = None

    @property
    def turn(self) -> int | None:
        return None if self.is_over else self.turn_seat

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def is_out(self, seat: int) -> bool:
        return False

    def actors(self) -> frozenset[int]:
        return frozenset() if self.is_over else frozenset((self.turn_seat,))


@dataclass(frozen=True)
class ToyView(View):
    pass


STATE_FORMAT = StateFormat("toy", ToyState, 1)


def deal(seats: int, rules: ToyRules, seed: int) -> ToyState:
    cards = shuffled(deck52(), seed, "deal")
    return ToyState(seats, rules, seed, [cards[i * rules.deal:(i + 1) * rules.deal] for i in range(seats)])


def check(state: ToyState, seat: int, move: Move) -> None:
    if move.kind != MoveKind.PLAY:
        raise IllegalMove("not-a-move", word=move.kind)
    check_opening(state, seat, move)
    if len(move.cards) != 1 or move.cards[0] not in state.hands[seat]:
        raise IllegalMove("card-not-held", cards=move.cards)


def legal_moves(state: ToyState, seat: int) -> list[Move]:
    return [play(c) for c in state.hands[seat]] if seat in state.actors() else []


def apply(state: ToyState, seat: int, move: Move) -> list[Event]:
    (laid,) = move.cards
    state.hands[seat].remove(laid)
    state.discard.append(laid)
    events: list[Event] = [Played(seat, (laid,))]
    if not state.hands[seat]:
        state.winner = seat
        events.append(MatchOver(result(state)))
    else:
        state.turn_seat = (seat + 1) % state.seats
    return events


def result(state: ToyState) -> Result:
    points = [len(hand) for hand in state.hands]
    ranks = tuple(rank_by_points(points, state.winner, range(state.seats)))
    return Result(ranks, tuple(points), tuple(s for s, r in enumerate(ranks) if r == 1))


def view_of(state: ToyState, seat: int | None) -> ToyView:
    return ToyView(seat, tuple(state.hands[seat]) if seat is not None else (), tuple(map(len, state.hands)),
                   state.turn, state.actors(), 1, state.is_over)


def copy_state(state: ToyState) -> ToyState:
    return ToyState(state.seats, state.rules, state.seed, [list(h) for h in state.hands], list(state.discard),
                    state.turn_seat, state.winner)


def from_view(view: ToyView, rng: random.Random) -> ToyState:
    raise NotImplementedError("the toy game has no searching computer")


class ToyGame(StateGame[ToyState, ToyView]):
    name = "toy"
    rules_type = ToyRules
    min_seats = 2
    max_seats = 4
    wiring = Wiring(state_format=STATE_FORMAT, deal=deal, check=check, legal_moves=legal_moves, apply=apply,
                    view_type=ToyView, view=view_of, from_view=from_view, copy=copy_state)

    def timeout_move(self) -> tuple[int, Move] | None:
        seat = self.state.turn
        return None if seat is None else (seat, play(self.state.hands[seat][0]))

    def result(self) -> Result | None:
        return result(self.state) if self.state.is_over else None

    def cards_in_play(self) -> list[Card]:
        return [c for hand in self.state.hands for c in hand] + self.state.discard


class ToyPlayer:
    """Plays the first card it holds."""

    def choose(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        return legal[0]


class ToyUI(GameUI):
    game = "toy"
    title = "Toy"
    choice_name = "Toy (a test game)"

    def rules_in_force(self, rules: Rules) -> list[str]:
        return []
