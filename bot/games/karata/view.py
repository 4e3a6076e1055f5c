"""``KarataView``: what one seat may know, and ``view_of`` to build it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cards import Card, Suit
from bot.games.core.game import View
from bot.games.core.moves import Demand
from bot.games.karata.rules import KarataRules
from bot.games.karata.state import KarataState, Phase


@dataclass(frozen=True, slots=True)
class KarataView(View):
    """What one seat may know. ``hand_counts`` are the shown counts: a hidden
    card (cheat mode) is left out of every count but the viewer's own."""

    rules: KarataRules
    phase: Phase
    top: Card | None
    stack: int  # pending draw total
    skips: int  # skips still to be served
    ask_suit: Suit | None  # a Jack's suit, asked of the turn seat
    demand: Demand | None  # a Jack's demand of a special card on the turn seat
    clockwise: bool
    called: frozenset[int]
    scores: tuple[int, ...]  # match points so far (points of finished rounds)
    out: frozenset[int]
    draw_pile: int
    deal_size: int
    started: bool  # somebody has played or drawn this round (no more hiding)
    taken: tuple[int, ...]  # cards each seat has received this round (deal + draws)
    laid: tuple[int, ...]  # cards each seat has laid this round
    hidden: Card | None  # the viewer's own hidden card (cheat mode)
    drawn: Card | None  # the viewer's drawn card awaiting play-or-keep


def view_of(state: KarataState, seat: int | None) -> KarataView:
    """What ``seat`` may know; ``None`` (or a seat not at the table) sees the public view."""
    own = seat if seat is not None and 0 <= seat < state.seats else None
    counts = tuple(
        len(state.hands[s]) if s == own else state.shown(s) for s in range(state.seats)
    )
    return KarataView(
        seat=seat,
        hand=tuple(state.hands[own]) if own is not None else (),
        hand_counts=counts,
        turn=state.turn,
        actors=state.actors(),
        round_no=state.round_no,
        over=state.is_over,
        rules=state.rules,
        phase=state.phase,
        top=state.discard[-1] if state.discard else None,
        stack=state.stack,
        skips=state.skips,
        ask_suit=state.ask_suit,
        demand=state.demand,
        clockwise=state.direction == 1,
        called=frozenset(state.called),
        scores=tuple(state.scores),
        out=frozenset(state.out),
        draw_pile=len(state.pile),
        deal_size=state.rules.deal_size(len(state.active())),
        started=state.started,
        taken=tuple(state.taken),
        laid=tuple(state.laid),
        hidden=state.hidden[own] if own is not None else None,
        drawn=state.drawn if own is not None and own == state.turn else None,
    )
