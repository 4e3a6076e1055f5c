"""What a Kadi seat may see: ``KadiView`` and ``view_of(state, seat)``; and back,
``state_from_view``: a match consistent with a seat's view, the hidden cards dealt
at random (``KadiGame.determinize``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.cards import JACK, Card, Suit, deck52, deck54
from bot.games.core.game import View
from bot.games.core.sample import DEAL_TRIES, JointTest, NoConsistentDeal, Places
from bot.games.kadi.rules import KadiRules, is_winning_hand, winning_hands
from bot.games.kadi.state import KadiState, kept_from, may_call, skip_targets


@dataclass(frozen=True, slots=True)
class KadiView(View):
    """The public table plus, for a seat, its own hand.

    ``base`` is the card the next play matches when it differs from ``top``
    (after Aces cancelled a suit request); ``ask_suit`` / ``demand`` what the
    last Ace asked for; ``pick_up`` the pending pick-up (a bomb) and ``bomb_kind`` the rank
    of the bomb on top (2, 3 or 0 for a Joker); ``skips`` the pending jump and
    ``skip_targets`` the seats it would skip if nobody passed it on;
    ``cardless`` the seats that ran out and must draw back in; ``called`` the
    seats whose Niko Kadi call stands; ``call_window`` the seat that may call now;
    ``pickable`` how many cards a pick-up can reach (the draw pile plus what a
    reshuffle would add); ``discard`` the discard pile, bottom to top (every card
    in it was laid face up); ``owes`` per seat the cards a cardless seat draws back
    in; ``no_jack`` the seats skipped straight away by a jump since they last
    received a card (the table saw they hold no Jack); per seat, ``shows_winning``
    whether the table saw its hand can go down in one play (a call or an open
    window: True; a move ended with neither: False; None: not seen), and
    ``fit_at_draw``, the cards that could have been laid when it last drew instead
    of playing, and ``cards_since_draw``, how many of its cards may have come since;
    ``empty_draws`` the draws in a row that found nothing to draw since a card was
    laid (the round is blocked when every seat has drawn nothing).
    """

    top: Card
    base: Card | None
    ask_suit: Suit | None
    demand: Card | None
    pick_up: int
    bomb_kind: int | None
    skips: int
    skip_targets: tuple[int, ...]
    jack_layers: tuple[int, ...]
    clockwise: bool
    cardless: tuple[int, ...]
    called: tuple[int, ...]
    call_window: int | None
    rounds: int
    round_wins: tuple[int, ...]
    discard_size: int
    draw_size: int
    pickable: int
    rules: KadiRules
    seats: int
    discard: tuple[Card, ...] = ()
    owes: tuple[int, ...] = ()
    no_jack: tuple[int, ...] = ()
    shows_winning: tuple[bool | None, ...] = ()
    fit_at_draw: tuple[frozenset[Card], ...] = ()
    cards_since_draw: tuple[int, ...] = ()
    empty_draws: int = 0


def view_of(state: KadiState, seat: int | None) -> KadiView:
    """What ``seat`` may know (``None``: the public view, no hand)."""
    seats = range(state.seats)
    hand = tuple(state.hands[seat]) if seat is not None and seat in seats else ()
    top = state.discard[-1]
    window = state.call_window
    return KadiView(
        seat=seat,
        hand=hand,
        hand_counts=tuple(len(h) for h in state.hands),
        turn=state.turn,
        actors=state.actors(),
        round_no=state.round_no,
        over=state.is_over,
        top=top,
        base=None if state.base is top else state.base,
        ask_suit=state.ask_suit,
        demand=state.demand,
        pick_up=state.pick_up,
        bomb_kind=state.bomb_kind if state.pick_up else None,
        skips=state.skips,
        skip_targets=skip_targets(state),
        jack_layers=tuple(state.jack_layers),
        clockwise=state.clockwise,
        cardless=tuple(s for s in seats if state.owes[s]),
        called=tuple(s for s in seats if state.called[s]),
        call_window=window if window is not None and may_call(state, window) else None,
        rounds=state.rules.rounds,
        round_wins=tuple(state.round_wins),
        discard_size=len(state.discard),
        draw_size=len(state.draw_pile),
        pickable=len(state.draw_pile) + kept_from(state),
        rules=state.rules,
        seats=state.seats,
        discard=tuple(state.discard),
        owes=tuple(state.owes),
        no_jack=tuple(s for s in seats if state.no_jack[s]),
        shows_winning=tuple(state.shows_winning),
        fit_at_draw=tuple(state.fit_at_draw),
        cards_since_draw=tuple(state.cards_since_draw),
        empty_draws=state.empty_draws,
    )


def _is_jack(c: Card) -> bool:
    return c.rank == JACK


def state_from_view(view: KadiView, rng: random.Random) -> KadiState:
    """A state ``view`` could have come from: the seat's hand and every public field
    as shown; the unseen cards (the deck less the seat's hand and the discard pile)
    dealt at random to the other hands and the draw pile in their known sizes, with
    what the public record rules out: a seat in ``no_jack`` gets no Jack, a seat
    facing the jump (the turn, not a Jack layer) holds one, a seat the table saw
    could go down in one play (``shows_winning``, or its call window open) holds
    such a hand, and one it saw could not holds none. And what a draw suggests: a
    seat that drew instead of playing holds none of the cards that could have been
    laid then (``fit_at_draw``) but for the ``cards_since_draw`` that may have come
    to it since; if no deal allows that (a player drew while able to play), the deal
    is made without it. The result plays on to the end of the round; the match's
    earlier rounds are not rebuilt (``round_results`` is empty)."""
    seat = view.seat
    if seat is None or not 0 <= seat < view.seats:
        raise ValueError("a determinized match needs a seat's view, not the public one")
    if view.over:
        raise ValueError("the match is over")
    rules = view.rules
    deck = deck52() if rules.no_jokers else deck54()
    seen = {*view.hand, *view.discard}
    pool = [c for c in deck if c not in seen]
    try:
        dealt = _deal_others(view, seat, pool, rng, believe_draws=True)
    except NoConsistentDeal:
        dealt = _deal_others(view, seat, pool, rng, believe_draws=False)
    hands = [list(view.hand) if s == seat else dealt[s] for s in range(view.seats)]
    return KadiState(
        seats=view.seats,
        rules=rules,
        seed=rng.randrange(2**63),
        round_no=view.round_no,
        round_wins=list(view.round_wins),
        hands=hands,
        draw_pile=dealt[view.seats],
        discard=list(view.discard),
        turn=view.turn,
        clockwise=view.clockwise,
        base=view.top if view.base is None else view.base,
        ask_suit=view.ask_suit,
        demand=view.demand,
        pick_up=view.pick_up,
        bomb_kind=view.bomb_kind,
        skips=view.skips,
        jack_layers=list(view.jack_layers),
        called=[s in view.called for s in range(view.seats)],
        call_window=view.call_window,
        owes=list(view.owes) if view.owes else [int(s in view.cardless) for s in range(view.seats)],
        no_jack=[s in view.no_jack for s in range(view.seats)],
        shows_winning=list(view.shows_winning),
        fit_at_draw=list(view.fit_at_draw),
        cards_since_draw=list(view.cards_since_draw),
        empty_draws=view.empty_draws,
    )


BELIEVED_DEAL_TRIES = 20  # a deal that believes the draws is refused this quickly (then made without)


def _deal_others(view: KadiView, seat: int, pool: list[Card], rng: random.Random, *,
                 believe_draws: bool) -> list[list[Card]]:
    """The unseen cards dealt: index ``s`` is seat ``s``'s hand (empty for ``seat``),
    the last the draw pile. A hand the table saw could go down in one play is chosen
    first among such hands; a hand whose draw is believed is dealt as two places:
    the cards it held then (none that could have been laid) and those that came since."""
    seats = view.seats
    opponents, ace_finish = seats - 1, view.rules.ace_finish
    shows = view.shows_winning or (None,) * seats
    turn = view.turn
    jumped = turn if view.skips and turn is not None and turn not in view.jack_layers else None
    dealt: list[list[Card]] = [[] for _ in range(seats + 1)]
    taken: set[Card] = set()
    for s in range(seats):
        if s != seat and (shows[s] or s == view.call_window) and view.hand_counts[s]:
            fitted, since = _draw_belief(view, s, believe_draws)
            options = [
                hand for hand in winning_hands(frozenset(pool), view.hand_counts[s], opponents, ace_finish)
                if taken.isdisjoint(hand)
                and not (s in view.no_jack and any(c.rank == JACK for c in hand))
                and (s != jumped or any(c.rank == JACK for c in hand))
                and sum(1 for c in hand if c in fitted) <= since
            ]
            if not options:
                raise NoConsistentDeal(f"no hand that goes down in one play fits seat {s}")
            dealt[s] = list(options[rng.randrange(len(options))])
            taken.update(dealt[s])
    places = Places()
    for s in range(seats):
        if s == seat or dealt[s]:
            continue
        fitted, since = _draw_belief(view, s, believe_draws)
        places.add_hand(s, view.hand_counts[s], _is_jack if s in view.no_jack else None, fitted, since)
    places.add(seats, view.draw_size)  # the draw pile
    joint: list[JointTest] = []
    if jumped is not None and jumped != seat and not dealt[jumped]:
        jumper = places.of(jumped)
        joint.append(lambda deal: any(c.rank == JACK for i in jumper for c in deal[i]))
    for s in range(seats):
        if s != seat and shows[s] is False and not dealt[s]:
            joint.append(_cannot_go_down(places.of(s), opponents, ace_finish))
    tries = BELIEVED_DEAL_TRIES if believe_draws else DEAL_TRIES
    rest = [c for c in pool if c not in taken]
    for s, cards in enumerate(places.deal(rest, seats + 1, rng, tries, joint)):
        dealt[s] += cards
    for s in range(seats):
        rng.shuffle(dealt[s])
    return dealt


def _draw_belief(view: KadiView, s: int, believe: bool) -> tuple[frozenset[Card], int]:
    """What seat ``s``'s last draw is taken to show (when believed): the cards it held
    none of, and how many of its cards may have come since (all, when nothing is believed)."""
    count = view.hand_counts[s]
    fitted = view.fit_at_draw[s] if believe and view.fit_at_draw else frozenset()
    return fitted, min(view.cards_since_draw[s], count) if fitted else count


def _cannot_go_down(places: list[int], opponents: int, ace_finish: bool) -> JointTest:
    return lambda deal: not is_winning_hand([c for i in places for c in deal[i]], opponents, ace_finish)
