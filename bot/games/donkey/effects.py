"""What a checked move does: ``apply(state, seat, move)``, and how the match is dealt
(``new_match``) and its rounds begin and end.

A play lays a card on the round (the first sets the active suit) or, from a seat
void in the active suit, strikes: the highest active-suit card so far collects
the round. A timeout plays nothing and sits the next round out. When every seat
of the round has acted, or on a strike, the round ends: players who emptied
their hand are ranked, and the match ends or the next round begins.

Every function takes the state and changes it in place; ``apply`` returns the
events in the order docs/engine/donkey.md gives.
"""

from __future__ import annotations

from bot.games.cards import Card, Suit, deck52
from bot.games.core.events import Event, MatchOver, Played, RoundStarted, TimedOut
from bot.games.core.moves import Move, MoveKind
from bot.games.core.results import Result
from bot.games.core.shuffle import seeded_random, shuffled
from bot.games.donkey.events import (
    LeadPassed,
    LeadReason,
    RoundWon,
    SitOutForgiven,
    SitsOut,
    Struck,
    WentOut,
)
from bot.games.donkey.rules import ACE_OF_SPADES, DonkeyRules
from bot.games.donkey.state import DonkeyState, best_in_trick, holding, seats_from


def apply(state: DonkeyState, seat: int, move: Move) -> list[Event]:
    """Make ``move`` (already checked by ``legality.check``) for ``seat``, the seat to act."""
    if move.kind == MoveKind.TIMEOUT:
        return time_out(state, seat)
    return play(state, seat, move.cards[0])


def play(state: DonkeyState, seat: int, card: Card) -> list[Event]:
    state.hands[seat].remove(card)
    events: list[Event] = [Played(seat, (card,))]
    suit = state.active_suit
    if suit is not None and card.suit != suit:  # void in the active suit: a strike
        strike(state, seat, card, suit, events)
        return events
    if suit is None:  # the round's first card sets the active suit
        state.active_suit = card.suit
    state.trick.append((seat, card))
    advance(state, events)
    return events


def time_out(state: DonkeyState, seat: int) -> list[Event]:
    """No card this round, and the next round is sat out; the hand is kept."""
    state.sit_out_next.add(seat)
    events: list[Event] = [TimedOut(seat)]
    if state.active_suit is None and state.pos + 1 < len(state.order):
        # The leader's clock ran out: the next seat leads this same round.
        events.append(LeadPassed(seat, state.order[state.pos + 1], LeadReason.TIMED_OUT))
    advance(state, events)
    return events


def advance(state: DonkeyState, events: list[Event]) -> None:
    """The next seat of the round acts, or the round is complete."""
    if state.pos + 1 < len(state.order):
        state.pos += 1
    else:
        finish_round(state, events)


# ---------------------------------------------------------------- ending a round


def strike(state: DonkeyState, seat: int, card: Card, suit: Suit, events: list[Event]) -> None:
    """``seat`` is void in the active suit: the highest active-suit card so far
    collects the whole round, and later seats lose their turn."""
    collector, _ = best_in_trick(state)
    # The collector takes the round's cards to the end of their hand, in play
    # order: all of the active suit, then the striking card.
    state.hands[collector] += [c for _, c in state.trick] + [card]
    state.voids[seat].add(suit)
    state.voids[collector] -= {suit, card.suit}  # it holds both suits again
    events.append(Struck(seat, card, collector, len(state.trick) + 1))
    # The striker may have played their last card; the collector has cards again.
    emptied = [s for s in [*(s for s, _ in state.trick), seat] if not state.hands[s]]
    state.trick = []
    settle(state, emptied, collector, events)


def finish_round(state: DonkeyState, events: list[Event]) -> None:
    """Every seat of the round has played or timed out: no strike happened."""
    at = len(events)  # RoundWon goes here once the next leader is known
    trick = state.trick
    if not trick:  # everybody timed out: whoever should have led leads again
        settle(state, [], state.order[0], events)
        events.insert(at, RoundWon(None, None, 0, state.turn))
        return
    state.discard += [c for _, c in trick]
    winner, won_with = best_in_trick(state)
    emptied = [s for s, _ in trick if not state.hands[s]]
    leader = winner
    if winner in emptied:
        # The winner just went out: the next-highest card of the active suit
        # still holding cards leads; if nobody of the round is left, the next
        # player in turn order after the winner does (begin_round).
        for s, _ in sorted(trick, key=lambda played: -played[1].rank):
            if state.hands[s]:
                events.append(LeadPassed(winner, s, LeadReason.OUT))
                leader = s
                break
    state.trick = []
    settle(state, emptied, leader, events)
    events.insert(at, RoundWon(winner, won_with, len(trick), state.turn))


def settle(state: DonkeyState, emptied: list[int], leader: int, events: list[Event]) -> None:
    """Rank whoever emptied their hand this round; end the match or begin the next round."""
    if emptied:
        still_in = holding(state)
        rank = 1 + state.seats - still_in  # ties share the rank
        for s in emptied:
            state.ranks[s] = rank
            events.append(WentOut(s, rank))
        if still_in - len(emptied) <= 1:
            end(state, events)
            return
    state.round_no += 1
    begin_round(state, leader, events)


def new_match(seats: int, rules: DonkeyRules, seed: int) -> DonkeyState:
    """A match dealt and its first round seated: the holder of the A♠ leads."""
    # No dealer: the first card goes to a random seat, then one card at a time in turn
    # order (to the previous seat) until the deck is gone, so card i goes to seat
    # (first - i) mod seats.
    first = seeded_random(seed, "first").randrange(seats)
    deck = shuffled(deck52(), seed, "deal")
    state = DonkeyState(
        seats,
        rules,
        seed,
        first=first,
        hands=[deck[(first - s) % seats :: seats] for s in range(seats)],
        ranks=[None] * seats,
        voids=[set() for _ in range(seats)],
    )
    holder = next(s for s in range(seats) if ACE_OF_SPADES in state.hands[s])
    begin_round(state, holder, [], announce=False)
    return state


def begin_round(state: DonkeyState, leader: int, events: list[Event], *, announce: bool = True) -> None:
    """Seat the round: sit-outs sit, and the lead passes on past anyone out or sitting.
    The first round is announced by the table itself (``announce=False``)."""
    hands = state.hands
    sitting = {s for s in state.sit_out_next if hands[s]}
    state.sit_out_next = set()
    if sitting and len(sitting) == holding(state):
        # Everybody left timed out last round: with nobody to play, nobody sits out.
        events.append(SitOutForgiven(tuple(sorted(sitting)), state.round_no))
        sitting = set()
    state.sitting_out = sitting
    start = leader
    while not hands[leader] or leader in sitting:
        leader = (leader - 1) % state.seats
    if leader != start:
        reason = LeadReason.SITTING_OUT if hands[start] else LeadReason.OUT
        events.append(LeadPassed(start, leader, reason))
    # The round's seats in turn order: all still in the match but those sitting out.
    state.order = [s for s in seats_from(state, leader) if state.ranks[s] is None and s not in sitting]
    state.pos = 0
    state.active_suit = None
    if announce:
        events += [SitsOut(s, state.round_no) for s in sorted(sitting)]
        events.append(RoundStarted(state.round_no, leader))


def end(state: DonkeyState, events: list[Event]) -> None:
    """At most one seat still holds cards: it is the Donkey (none on a tie)."""
    state.over = True
    state.order = []
    state.pos = 0
    state.active_suit = None
    still_holding = [s for s in range(state.seats) if state.hands[s]]
    if still_holding:
        state.loser = still_holding[0]
        state.ranks[state.loser] = state.seats
    events.append(MatchOver(result(state)))


def result(state: DonkeyState) -> Result:
    """The match's result (called once it is over): ranks as players went out."""
    ranks = tuple(state.ranks)
    winners = tuple(s for s in range(state.seats) if ranks[s] == 1)
    return Result(ranks, (0,) * state.seats, winners, state.loser)
