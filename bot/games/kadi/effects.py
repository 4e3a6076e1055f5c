"""What a checked Kadi move does: ``apply(state, seat, move) -> list[Event]``.

The move is known to be legal (``legality.check`` ran first). Here are the rule
effects (bombs, jumps, kickbacks, requests, questions, calls), drawing and
reshuffling, passing the turn, and the end of a round and of the match. Dealing a
round (``start_round``, and the match's first in ``new_match``) lives here too, since
the end of one round deals the next.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import JACK, JOKER, Card, deck52, deck54, hand_points
from bot.games.core.events import (
    Called,
    DrawReason,
    Drew,
    Event,
    Forgiven,
    MatchOver,
    Played,
    Reshuffled,
    Reversed,
    RoundBlocked,
    RoundOver,
    RoundStarted,
    Skipped,
)
from bot.games.core.moves import Move, MoveKind
from bot.games.core.results import Result, rank_by_points
from bot.games.core.shuffle import seeded_random, shuffled
from bot.games.kadi.events import (
    BombBlocked,
    CallCancelled,
    JumpDropped,
    PlayAgain,
    RequestCancelled,
    WentCardless,
)
from bot.games.kadi.legality import answers_to, is_finish, startable
from bot.games.kadi.rules import BOMB_SIZE, NUMBER_RANKS, Direction, KadiRules, PlayKind, play_kind
from bot.games.kadi.state import KadiState, holds_winning_hand, kept_from, next_seat


def apply(state: KadiState, seat: int, move: Move) -> list[Event]:
    """Carry out ``move`` by ``seat`` (already checked) and say what happened."""
    events: list[Event] = []
    if move.kind == MoveKind.CALL:
        state.called[seat] = True
        state.shows_winning[seat] = True
        state.call_window = None
        events.append(Called(seat))
        return events
    state.call_window = None  # the next player moved: the chance to call is gone
    if move.kind == MoveKind.DRAW:
        if _draw(state, seat, events):
            return events  # the round was blocked
    elif move.kind == MoveKind.PASS:
        events.append(Skipped(seat))
        state.skips -= 1
        _pass_turn(state, seat, events)
    elif _play(state, seat, move, events):
        return events  # the round ended
    # A winning hand at the end of a turn opens the call window, until the next move;
    # the table sees whether it opened.
    if not state.called[seat]:
        winning = holds_winning_hand(state, seat)
        state.shows_winning[seat] = winning
        if winning:
            state.call_window = seat
    elif move.kind == MoveKind.PLAY:
        state.shows_winning[seat] = None  # what a called hand kept is not shown
    return events


# ----------------------------------------------------------------- drawing


def _draw(state: KadiState, seat: int, events: list[Event]) -> bool:
    """Draw for the turn (a bomb's pick-up, back in from cardless, or one card); True
    when that blocked the round."""
    owes = state.owes[seat]
    if owes:
        # Back into the round; a pending bomb is picked up with it (docs/rules/kadi.md).
        state.owes[seat] = 0
        count = owes - 1 + max(state.pick_up, 1)
        reason = DrawReason.CARDLESS
        state.fit_at_draw[seat] = frozenset()  # an empty hand: nothing to learn
        state.cards_since_draw[seat] = 0
    elif state.pick_up:
        count, reason = state.pick_up, DrawReason.BOMB
        _note_draw(state, seat, startable(state))
    else:
        count, reason = 1, DrawReason.DRAW
        # A lone card laid uncalled would leave the seat cardless: keeping it shows nothing.
        lone = len(state.hands[seat]) == 1 and not state.called[seat]
        _note_draw(state, seat, frozenset() if lone else startable(state))
    state.pick_up = 0
    state.bomb_kind = None
    got = _take(state, seat, count, reason, events)
    if not state.hands[seat]:
        state.owes[seat] = 1  # nothing left to draw: still out, try again next turn
    state.empty_draws = 0 if got else state.empty_draws + 1
    if state.empty_draws >= state.seats:
        _block_round(state, events)
        return True
    _pass_turn(state, seat, events)
    return False


def _take(state: KadiState, seat: int, count: int, reason: DrawReason, events: list[Event]) -> int:
    """``seat`` picks up ``count`` cards, reshuffling when the draw pile runs out; what
    cannot be had is forgiven. Any draw cancels the seat's Niko Kadi call. Returns
    how many cards it got."""
    hand, got = state.hands[seat], 0
    for _ in range(count):
        if not state.draw_pile and not _reshuffle(state, events):
            break
        hand.append(state.draw_pile.pop())
        got += 1
    if got:
        events.append(Drew(seat, got, reason))
        state.no_jack[seat] = False
        state.cards_since_draw[seat] += got
    if got < count:
        events.append(Forgiven(seat, count - got))
    if state.called[seat]:
        state.called[seat] = False
        events.append(CallCancelled(seat))
    return got


def _reshuffle(state: KadiState, events: list[Event]) -> bool:
    """The discard pile, but the card to match and the Aces on it, becomes the draw
    pile (under what is left of it); False when there is nothing to reshuffle."""
    keep = kept_from(state)
    pile = state.discard[:keep]
    if not pile:
        return False
    state.reshuffles += 1
    state.discard = state.discard[keep:]
    salt = f"r{state.round_no}-reshuffle-{state.reshuffles}"
    state.draw_pile = shuffled(pile, state.seed, salt) + state.draw_pile
    events.append(Reshuffled(len(pile)))
    return True


def _note_draw(state: KadiState, seat: int, fitting: frozenset[Card]) -> None:
    """``seat`` draws instead of laying any of ``fitting``: what it is taken not to
    hold, added to what it was taken not to hold before if no card has come to it
    since. The cards it then receives count as come since (``_take``)."""
    if state.cards_since_draw[seat] == 0:
        fitting |= state.fit_at_draw[seat]
    state.fit_at_draw[seat] = fitting
    state.cards_since_draw[seat] = 0


def _laid_after_draw(state: KadiState, seat: int, cards: Sequence[Card]) -> None:
    """A card laid (already out of the hand) that its last draw ruled out came to the
    seat after that draw; one laid with no such card to account for it shows the seat
    drew while able to play: its draw tells nothing more."""
    fitted = state.fit_at_draw[seat]
    if not fitted:
        return
    since = state.cards_since_draw[seat] - sum(1 for c in cards if c in fitted)
    if since < 0:
        state.fit_at_draw[seat] = frozenset()
        since = 0
    state.cards_since_draw[seat] = min(since, len(state.hands[seat]))


# ----------------------------------------------------------------- the turn


def _pass_turn(state: KadiState, seat: int, events: list[Event]) -> None:
    """Hand the turn on from ``seat``, serving a pending jump: players with no Jack are
    skipped straight away; one that holds a Jack gets the turn to decide; a skip
    landing on a player who laid a Jack in it is dropped, and that player plays."""
    nxt = next_seat(state, seat)
    while state.skips:
        if nxt in state.jack_layers:
            events.append(JumpDropped(nxt))
            state.skips = 0
            break
        if any(c.rank == JACK for c in state.hands[nxt]):
            break
        events.append(Skipped(nxt))
        state.no_jack[nxt] = True  # skipped straight away: the table saw it holds no Jack
        state.skips -= 1
        nxt = next_seat(state, nxt)
    if not state.skips:
        state.jack_layers = []
    state.turn = nxt


# ----------------------------------------------------------------- plays


def _play(state: KadiState, seat: int, move: Move, events: list[Event]) -> bool:
    """Lay the cards and carry out their effect; True when the round ended."""
    cards = move.cards
    kind = play_kind(cards)
    finish = is_finish(state, seat, cards)  # before the cards leave the hand
    hand = state.hands[seat]
    for c in cards:
        hand.remove(c)
    state.empty_draws = 0
    _laid_after_draw(state, seat, cards)
    state.discard.extend(cards)
    events.append(Played(seat, cards, move.ask_suit, move.demand))
    if finish:
        _finish_round(state, seat, events)
        return True
    if kind == PlayKind.ACES:
        _play_aces(state, seat, move, events)
    else:
        state.ask_suit = None
        state.demand = None
        state.base = cards[-1]  # the last card laid sets the suit
    if kind == PlayKind.QUESTIONS and not any(c.rank in NUMBER_RANKS for c in cards):
        # Unanswered: draw one. A number card of the last question's suit would have answered it.
        _note_draw(state, seat, answers_to(cards[-1].suit))
        _take(state, seat, 1, DrawReason.QUESTION, events)
    if not hand:
        # Ran out without a winning finish: cardless, and back in by a draw next turn.
        owes = 1 + (state.rules.forgotten_call_costs_a_card and not state.called[seat])
        state.owes[seat] = owes
        state.called[seat] = False
        events.append(WentCardless(seat, owes))
    if kind == PlayKind.BOMBS:
        _lay_bombs(state, cards)
    elif kind == PlayKind.JACKS:
        state.skips += len(cards)
        if seat not in state.jack_layers:
            state.jack_layers.append(seat)
    elif kind == PlayKind.KINGS:
        if state.seats == 2:
            events.append(PlayAgain(seat))
            state.turn = seat
            return False
        for _ in cards:
            state.clockwise = not state.clockwise
            events.append(Reversed(state.clockwise))
    _pass_turn(state, seat, events)
    return False


def _lay_bombs(state: KadiState, cards: Sequence[Card]) -> None:
    if state.rules.punishment_accumulates:
        state.pick_up += sum(BOMB_SIZE[c.rank] for c in cards)
    else:
        state.pick_up = BOMB_SIZE[cards[-1].rank]  # counters pass the bomb on top's size; several count once
    state.bomb_kind = cards[-1].rank


def _play_aces(state: KadiState, seat: int, move: Move, events: list[Event]) -> None:
    if state.pick_up:
        state.pick_up = 0
        state.bomb_kind = None
        state.base = move.cards[-1]
        state.ask_suit = state.demand = None
        events.append(BombBlocked(seat))
    elif not move.asking:
        if state.demand is not None and state.demand.rank != JOKER:
            # The number comes off the demand: its suit is still asked.
            state.ask_suit = state.demand.suit
            state.demand = None
            events.append(RequestCancelled(seat, state.ask_suit))
        elif state.demand is not None:
            # A Joker has no suit to keep: the demand goes (docs/rules/kadi.md).
            state.demand = None
            events.append(RequestCancelled(seat))
        else:
            state.ask_suit = None
            events.append(RequestCancelled(seat))
    elif isinstance(move.demand, Card):
        state.demand = move.demand
        state.ask_suit = None
    else:
        state.ask_suit = move.ask_suit
        state.demand = None


# ----------------------------------------------------------------- rounds


def new_match(seats: int, rules: KadiRules, seed: int) -> KadiState:
    """A match with its first round dealt, played clockwise from a seat drawn at random."""
    state = KadiState(seats, rules, seed, round_wins=[0] * seats)
    start_round(state, seeded_random(seed, "r1-first").randrange(seats), clockwise=True)
    return state


def start_round(state: KadiState, first: int, clockwise: bool) -> list[Event]:
    """Deal the next round: ``first`` plays first, in the direction given."""
    state.round_no += 1
    seats, deal = state.seats, state.rules.deal
    deck = deck52() if state.rules.no_jokers else deck54()
    order = shuffled(deck, state.seed, f"r{state.round_no}-deal")
    state.hands = [order[i * deal : (i + 1) * deal] for i in range(seats)]
    state.draw_pile = order[seats * deal :]
    state.discard = []
    # Turn cards until a plain number card: the others lie under it.
    while True:
        turned = state.draw_pile.pop()
        state.discard.append(turned)
        if turned.rank in NUMBER_RANKS:
            break
    state.reshuffles = 0
    state.empty_draws = 0
    state.turn = first
    state.clockwise = clockwise
    state.base = state.discard[-1]
    state.ask_suit = None
    state.demand = None
    state.pick_up = 0
    state.bomb_kind = None
    state.skips = 0
    state.jack_layers = []
    state.called = [False] * seats
    state.call_window = None
    state.owes = [0] * seats
    state.no_jack = [False] * seats
    state.shows_winning = [None] * seats
    state.fit_at_draw = [frozenset()] * seats
    state.cards_since_draw = [0] * seats
    return [RoundStarted(state.round_no, first, state.discard[-1])]


def _finish_round(state: KadiState, winner: int, events: list[Event]) -> None:
    points = [hand_points(h) for h in state.hands]
    ranks = rank_by_points(points, winner, range(state.seats))
    _end_round(state, Result(tuple(ranks), tuple(points), (winner,)), events)


def _block_round(state: KadiState, events: list[Event]) -> None:
    """Nobody laid a card for a whole turn of the table with nothing left to draw:
    everyone ranks by penalty points, and the fewest win (equal points share)."""
    events.append(RoundBlocked())
    points = [hand_points(h) for h in state.hands]
    ranks = rank_by_points(points, None, range(state.seats))
    winners = tuple(s for s in range(state.seats) if ranks[s] == 1)
    _end_round(state, Result(tuple(ranks), tuple(points), winners), events)


def _end_round(state: KadiState, result: Result, events: list[Event]) -> None:
    """Record the round; the next is dealt with its (first) winner starting."""
    winner = result.winners[0]
    state.round_results.append(result)
    for s in result.winners:
        state.round_wins[s] += 1
    state.call_window = None
    events.append(RoundOver(state.round_no, result))
    if state.round_no >= state.rules.rounds:
        state.match_result = match_result(state)
        state.turn = None
        events.append(MatchOver(state.match_result))
        return
    events.extend(start_round(state, winner, state.rules.later_direction == Direction.CLOCKWISE))


def match_result(state: KadiState) -> Result:
    """Most round wins ranks first; equal wins: fewer penalty points over the match;
    equal both: a shared rank."""
    seats = range(state.seats)
    totals = [sum(r.points[s] for r in state.round_results) for s in seats]
    key = [(-state.round_wins[s], totals[s]) for s in seats]
    order = sorted(seats, key=lambda s: key[s])
    ranks: list[int | None] = [None] * state.seats
    for position, s in enumerate(order):
        previous = order[position - 1] if position else None
        ranks[s] = ranks[previous] if previous is not None and key[previous] == key[s] else position + 1
    winners = tuple(s for s in seats if ranks[s] == 1)
    return Result(tuple(ranks), tuple(totals), winners)
