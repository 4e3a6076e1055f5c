"""``KarataView``: what one seat may know, and ``view_of`` to build it; and back,
``state_from_view``: a match consistent with a seat's view, the hidden cards dealt
at random (``KarataGame.determinize``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.cards import ALL_CARDS, Card, Suit
from bot.games.core.game import View
from bot.games.core.moves import Demand
from bot.games.core.sample import DEAL_TRIES, JointTest, NoConsistentDeal, Places
from bot.games.karata.rules import KarataRules
from bot.games.karata.state import KarataState, Phase


@dataclass(frozen=True, slots=True)
class KarataView(View):
    """What one seat may know. ``hand_counts`` are the shown counts: a hidden
    card (cheat mode) is left out of every count but the viewer's own.
    ``discard`` is the discard pile, bottom to top (set-aside starting cards and
    plays, all seen face up); ``skip_layers`` the seats that laid or plugged a 7 of
    the pending skips; ``watch`` the seat on one uncalled card whose Kadi Moja call
    window is open. What the table saw of the hands (``KarataState``): ``no_seven``,
    the seats skipped with no plug window and given no card since; per seat,
    ``fit_at_draw``, the cards that would have fitted when it last drew instead of
    playing, and ``cards_since_draw``, how many of its cards may have come after;
    ``empty_draws`` the turn draws in a row that found nothing to draw since a card
    was laid (the round is blocked when every seat still in has drawn nothing)."""

    rules: KarataRules
    phase: Phase
    top: Card | None
    pick_up: int  # pending pick-up total (the stack)
    skips: int  # skips still to be served
    ask_suit: Suit | None  # a Jack's suit, asked of the turn seat
    demand: Demand | None  # a Jack's demand of a special card on the turn seat
    clockwise: bool
    called: frozenset[int]
    scores: tuple[int, ...]  # match points so far (points of finished rounds)
    out: frozenset[int]
    draw_size: int
    deal_size: int
    started: bool  # somebody has played or drawn this round (no more hiding)
    taken: tuple[int, ...]  # cards each seat has received this round (deal + draws)
    laid: tuple[int, ...]  # cards each seat has laid this round
    hidden: Card | None  # the viewer's own hidden card (cheat mode)
    drawn: Card | None  # the viewer's drawn card awaiting play-or-keep
    discard: tuple[Card, ...] = ()
    skip_layers: frozenset[int] = frozenset()
    watch: int | None = None
    no_seven: frozenset[int] = frozenset()
    fit_at_draw: tuple[frozenset[Card], ...] = ()
    cards_since_draw: tuple[int, ...] = ()
    empty_draws: int = 0


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
        pick_up=state.pick_up,
        skips=state.skips,
        ask_suit=state.ask_suit,
        demand=state.demand,
        clockwise=state.clockwise,
        called=frozenset(state.called),
        scores=tuple(state.scores),
        out=frozenset(state.out),
        draw_size=len(state.draw_pile),
        deal_size=state.rules.deal_size(len(state.active())),
        started=state.started,
        taken=tuple(state.taken),
        laid=tuple(state.laid),
        hidden=state.hidden[own] if own is not None else None,
        drawn=state.drawn if own is not None and own == state.turn else None,
        discard=tuple(state.discard),
        skip_layers=frozenset(state.skip_layers),
        watch=state.watch,
        no_seven=frozenset(s for s in range(state.seats) if state.no_seven[s]),
        fit_at_draw=tuple(state.fit_at_draw),
        cards_since_draw=tuple(state.cards_since_draw),
        empty_draws=state.empty_draws,
    )


def _is_seven(c: Card) -> bool:
    return c.rank == 7


def state_from_view(view: KarataView, rng: random.Random) -> KarataState:
    """A state ``view`` could have come from: the seat's hand and every public field
    as shown; the unseen cards (the deck less the seat's hand and the discard pile)
    dealt at random to the other hands and the draw pile in their shown sizes, with
    what the public record tells: a seat deciding a plug holds a 7, a seat in
    ``no_seven`` holds none. And what a draw suggests: a seat that drew instead of
    playing holds none of the cards that would have fitted then (``fit_at_draw``)
    but for the ``cards_since_draw`` that may have come to it since; if no deal
    allows that (a player drew while able to play), the deal is made without it.
    Cheat mode is refused (a hidden card's presence is not public). Another seat's
    drawn card in phase keep is not rebuilt (only that seat sees it). The result
    plays on to the end of the round; ``first`` (who led the round) is taken as the
    turn seat."""
    seat = view.seat
    seats = len(view.hand_counts)
    if seat is None or not 0 <= seat < seats:
        raise ValueError("a determinized match needs a seat's view, not the public one")
    if view.over or view.turn is None:
        raise ValueError("the match is over")
    if view.rules.cheat_mode:
        raise ValueError("cheat mode's hidden cards cannot be determinized")
    seen = {*view.hand, *view.discard}
    pool = [c for c in ALL_CARDS if c not in seen]
    try:
        dealt = _deal_others(view, seat, pool, rng, believe_draws=True)
    except NoConsistentDeal:
        dealt = _deal_others(view, seat, pool, rng, believe_draws=False)
    turn = view.turn
    hands = [list(view.hand) if s == seat else dealt[s] for s in range(seats)]
    drawn = view.drawn if turn == seat else None
    if view.phase == Phase.KEEP and turn != seat and hands[turn]:
        drawn = hands[turn][-1]
    return KarataState(
        seed=rng.randrange(2**63),
        rules=view.rules,
        seats=seats,
        round_no=view.round_no,
        first=turn,
        out=set(view.out),
        out_round=[max(view.round_no - 1, 1) if s in view.out else 0 for s in range(seats)],
        scores=list(view.scores),
        hands=hands,
        draw_pile=dealt[seats],
        discard=list(view.discard),
        turn=turn,
        clockwise=view.clockwise,
        phase=view.phase,
        pick_up=view.pick_up,
        skips=view.skips,
        skip_layers=set(view.skip_layers),
        ask_suit=view.ask_suit,
        demand=view.demand,
        drawn=drawn,
        called=set(view.called),
        watch=view.watch,
        hidden=[None] * seats,
        started=view.started,
        taken=list(view.taken),
        laid=list(view.laid),
        no_seven=[s in view.no_seven for s in range(seats)],
        fit_at_draw=list(view.fit_at_draw) or [frozenset()] * seats,
        cards_since_draw=list(view.cards_since_draw) or [0] * seats,
        empty_draws=view.empty_draws,
    )


BELIEVED_DEAL_TRIES = 20  # a deal that believes the draws is refused this quickly (then made without)


def _deal_others(view: KarataView, seat: int, pool: list[Card], rng: random.Random, *,
                 believe_draws: bool) -> list[list[Card]]:
    """The unseen cards dealt: index ``s`` is seat ``s``'s hand (empty for ``seat``),
    the last the draw pile. A hand whose draw is believed is dealt as two places:
    the cards it held then (none that fitted) and those that came since."""
    seats = len(view.hand_counts)
    places = Places()
    for s in range(seats):
        if s == seat:
            continue
        fitted = view.fit_at_draw[s] if believe_draws and view.fit_at_draw else frozenset()
        places.add_hand(s, view.hand_counts[s], _is_seven if s in view.no_seven else None,
                        fitted, view.cards_since_draw[s] if fitted else 0)
    places.add(seats, view.draw_size)  # the draw pile
    joint: list[JointTest] = []
    turn = view.turn
    if view.phase == Phase.PLUG and turn is not None and turn != seat:
        plugger = places.of(turn)
        joint.append(lambda deal: any(c.rank == 7 for i in plugger for c in deal[i]))
    tries = BELIEVED_DEAL_TRIES if believe_draws else DEAL_TRIES
    dealt = places.deal(pool, seats + 1, rng, tries, joint)
    for s in range(seats):
        rng.shuffle(dealt[s])
    return dealt
