"""What a checked move does: ``apply(state, seat, move)`` changes the state and
returns the events; ``start_round`` deals a round (``new_match`` the first).

``apply`` trusts that ``legality.check`` has passed. In order: a call, hide or
challenge is made aside (the turn stays where it is); any other move first closes
a Kadi Moja call window (``_charge_missed_call``) and the challenges made against
its seat, then plays, draws or passes, and finally opens the mover's own call
window if it now shows one uncalled card.
"""

from __future__ import annotations

from bot.games.cards import ALL_CARDS, JACK, JOKER, Card, hand_points
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
from bot.games.karata.events import Challenged, Eliminated, Kept, NotFinished, NotFinishedReason, SkipDropped
from bot.games.karata.legality import fits, fitting_now, is_bridge
from bot.games.karata.rules import (
    MISSED_CALL_DRAW,
    SPECIAL_RANKS,
    UNCALLED_FINISH_DRAW,
    CallRule,
    CheatOutcome,
    Elimination,
    KarataRules,
    UnmetDemand,
)
from bot.games.karata.state import KarataState, Phase

# ------------------------------------------------------------------ rounds


def new_match(seats: int, rules: KarataRules, seed: int) -> KarataState:
    """A match with its first round dealt, led by a seat drawn at random."""
    state = KarataState(seed, rules, seats, out_round=[0] * seats, scores=[0] * seats)
    state.first = seeded_random(seed, "r1-first").randrange(seats)
    start_round(state)
    return state


def start_round(state: KarataState) -> None:
    """Clear the round's table and deal it: hands, then the starting card, never a
    special one. ``state.first`` leads."""
    n = state.seats
    state.hands = [[] for _ in range(n)]
    state.clockwise = True
    state.phase = Phase.TURN
    state.pick_up = 0
    state.skips = 0
    state.skip_layers = set()
    state.ask_suit = None
    state.demand = None
    state.drawn = None
    state.called = set()
    state.watch = None
    state.hidden = [None] * n
    state.no_hide = set()
    state.challenged = set()
    state.started = False
    state.reshuffles = 0
    state.laid = [0] * n
    state.taken = [0] * n
    state.no_seven = [False] * n
    state.fit_at_draw = [frozenset()] * n
    state.cards_since_draw = [0] * n
    state.empty_draws = 0

    deck = shuffled(ALL_CARDS, state.seed, f"r{state.round_no}-deal")
    players = state.active()
    size = state.rules.deal_size(len(players))
    for _ in range(size):
        for seat in players:
            state.hands[seat].append(deck.pop())
    for seat in players:
        state.taken[seat] = size
    # A special card turned is set aside under the discard pile (so it comes back
    # with the next reshuffle); if only specials are left, the last one stays.
    set_aside: list[Card] = []
    start = deck.pop()
    while start.rank in SPECIAL_RANKS and deck:
        set_aside.append(start)
        start = deck.pop()
    state.discard = [*set_aside, start]
    state.draw_pile = deck
    state.turn = state.first


# ------------------------------------------------------------------- moves


def apply(state: KarataState, seat: int, move: Move) -> list[Event]:
    """Make ``move`` (already checked) and return what happened."""
    events: list[Event] = []
    if move.kind == MoveKind.CALL:
        state.called.add(seat)
        events.append(Called(seat))
        return events
    if move.kind == MoveKind.HIDE:
        # Private: no event, so nobody learns that (or what) this seat hid.
        state.hidden[seat] = move.cards[0]
        return events
    if move.kind == MoveKind.CHALLENGE:
        assert move.target is not None
        _challenge(state, seat, move.target, events)
        return events

    if state.watch is not None:
        _charge_missed_call(state, seat, events)
    if state.challenged:
        # The seat moves: challenges against it may be made again.
        state.challenged = {pair for pair in state.challenged if pair[1] != seat}
    if move.kind == MoveKind.PLAY:
        _play(state, seat, move, events)
    elif move.kind == MoveKind.DRAW:
        _draw(state, seat, events)
    elif state.phase == Phase.KEEP:
        events.append(Kept(seat))
        state.drawn = None
        _clear_ask(state)
        _pass_turn(state, seat)
    else:  # phase plug: take the skip instead of plugging
        events.append(Skipped(seat))
        state.skips -= 1
        _serve_skips(state, seat, events)
    if (
        state.watching_calls
        and not state.is_over
        and state.shown(seat) == 1
        and seat not in state.called
    ):
        state.watch = seat  # its call window is open until the next player moves
    return events


def _charge_missed_call(state: KarataState, mover: int, events: list[Event]) -> None:
    """Kadi Moja: the next player's move closes the call window of a seat on one
    uncalled card, who draws 2."""
    watched = state.watch
    if watched is None or watched == mover:
        return
    state.watch = None
    if state.shown(watched) == 1 and watched not in state.called:
        _take(state, watched, MISSED_CALL_DRAW, DrawReason.PENALTY, events)


def _clear_ask(state: KarataState) -> None:
    """A Jack's ask binds only the next player: once they have met it or drawn, it ends."""
    state.ask_suit = None
    state.demand = None


def _pass_turn(state: KarataState, seat: int) -> None:
    state.turn = state.next_seat(seat)
    state.phase = Phase.TURN


# ------------------------------------------------------------------- plays


def _play(state: KarataState, seat: int, move: Move, events: list[Event]) -> None:
    cards = move.cards
    hand = state.hands[seat]
    for card in cards:
        hand.remove(card)
    if state.hidden[seat] in cards:
        state.hidden[seat] = None  # the hidden card is in the open now
    state.laid[seat] += len(cards)
    _laid_after_draw(state, seat, cards)
    state.discard += cards
    state.started = True
    state.empty_draws = 0  # a card laid: the piles have something to draw again
    events.append(Played(seat, cards, move.ask_suit, move.demand))
    plugging = state.phase == Phase.PLUG
    state.drawn = None
    _clear_ask(state)
    state.phase = Phase.TURN

    bridge = is_bridge(cards)
    group = cards[1:] if bridge else cards  # what takes effect: a bridge's carried cards
    rank = group[0].rank
    if not hand and _finish(state, seat, cards, rank, events):
        return
    if rank == 7:
        _lay_sevens(state, seat, len(group), plugging, events)
    elif rank in (2, JOKER):
        state.pick_up += sum(2 if c.rank == 2 else 5 for c in group)
        _pass_turn(state, seat)
    elif rank == 8:
        if len(group) % 2:
            state.clockwise = not state.clockwise
            events.append(Reversed(state.clockwise))
        if len(state.active()) == 2 and state.rules.two_player_eight_again:
            state.turn = seat  # two players: any number of 8s means "my turn again"
        else:
            _pass_turn(state, seat)
    else:
        if rank == JACK and not bridge:
            assert not isinstance(move.demand, Card)  # a Jack demands a special card, never one card
            state.ask_suit, state.demand = move.ask_suit, move.demand
        _pass_turn(state, seat)


def _finish(state: KarataState, seat: int, cards: tuple[Card, ...], rank: int, events: list[Event]) -> bool:
    """``seat`` has laid its last card(s): end the round if that wins (True), else
    say why not, charge what it costs, and let the cards take effect (False).

    A single last card laid uncalled where a call is owed is charged at once:
    draw 1 under *must call to win*, 2 in Kadi Moja (two players chaining 8s or 7s
    never let the next player move to charge the missed call). That holds for a
    special last card too (rules-decisions, "A special last card laid uncalled"):
    its effect still happens, and the penalty is instead of the draw back in on
    the next turn, since the hand is no longer empty. Several cards of one rank
    need no call: their player was never down to one. Otherwise a special card
    never wins, and its player draws one on their next turn (``_draw``).
    """
    special = rank in SPECIAL_RANKS
    uncalled = len(cards) == 1 and seat not in state.called
    penalty = {
        CallRule.MUST_CALL_TO_WIN: UNCALLED_FINISH_DRAW,
        CallRule.MISSED_CALL_DRAWS_TWO: MISSED_CALL_DRAW,
    }.get(state.rules.call_rule)
    if uncalled and penalty is not None:
        reason = NotFinishedReason.SPECIAL_UNCALLED if special else NotFinishedReason.UNCALLED
        events.append(NotFinished(seat, reason))
        _take(state, seat, penalty, DrawReason.PENALTY, events)
        return False
    if special:
        events.append(NotFinished(seat, NotFinishedReason.SPECIAL))
        return False
    _end_round(state, events, winner=seat)
    return True


def _lay_sevens(state: KarataState, seat: int, sevens: int, plugging: bool, events: list[Event]) -> None:
    """N sevens laid skip N players; a plug passes the pending skip on, and only its
    further 7s add one each."""
    if plugging:
        state.skips += sevens - 1
    else:
        state.skip_layers = set()
        state.skips += sevens
    state.skip_layers.add(seat)
    _serve_skips(state, seat, events)


def _serve_skips(state: KarataState, start: int, events: list[Event]) -> None:
    """Serve pending skips one per player after ``start``; stop at a player who may
    plug, and drop the rest at a player who laid or plugged a 7 of them."""
    seat = start
    while True:
        after = state.next_seat(seat)
        if state.skips == 0:
            break
        if after in state.skip_layers:
            events.append(SkipDropped(after))  # and that player plays
            break
        if state.rules.plugging and any(c.rank == 7 for c in state.hands[after]):
            state.turn = after
            state.phase = Phase.PLUG
            return
        events.append(Skipped(after))
        if state.rules.plugging:
            state.no_seven[after] = True  # no plug window: the table saw it holds no 7
        state.skips -= 1
        seat = after
    state.skips = 0
    state.skip_layers = set()
    state.turn = after
    state.phase = Phase.TURN


# ------------------------------------------------------------------- draws


def _draw(state: KarataState, seat: int, events: list[Event]) -> None:
    """A draw: the pending stack; one card back in after emptying the hand on a
    special card; or the turn's draw (a Jack's unmet demand: one card, or until it
    can be met)."""
    state.started = True
    _note_draw(state, seat)
    if state.pick_up:
        total, state.pick_up = state.pick_up, 0
        got = _take(state, seat, total, DrawReason.STACK, events)
        _end_draw(state, seat, got, events)
        return
    if not state.hands[seat]:
        got = _take(state, seat, 1, DrawReason.CARDLESS, events)
        _clear_ask(state)
        _end_draw(state, seat, got, events)
        return
    asked = state.ask_suit is not None or state.demand is not None
    if asked and state.rules.unmet_demand == UnmetDemand.DRAW_ONE:
        got = _take(state, seat, 1, DrawReason.DEMAND, events)
        _clear_ask(state)
        _end_draw(state, seat, got, events)
        return
    # One card; with a demand pending (draw-until), cards until one meets it.
    count = 0
    card = _pop(state, events)
    while card is not None:
        state.hands[seat].append(card)
        count += 1
        if not asked or fits(state, card):
            break
        card = _pop(state, events)
    _received(state, seat, count)
    events.append(Drew(seat, count, DrawReason.DEMAND if asked else DrawReason.DRAW))
    # The table sees only whether a drawn card fitted: the hand lacks what fits now
    # but for one that did (to play or keep). What fitted at an earlier draw is
    # forgotten: a card drawn now that did not fit may be one of those.
    state.fit_at_draw[seat] = fitting_now(state)
    fitted = card is not None and fits(state, card)
    state.cards_since_draw[seat] = 1 if fitted else 0
    if fitted:
        # It may be played at once, or kept (the ask stays until then).
        state.empty_draws = 0
        state.drawn = card
        state.phase = Phase.KEEP
        return
    if card is None and not asked:
        events.append(Forgiven(seat, 1))
    _clear_ask(state)
    _end_draw(state, seat, count, events)


def _end_draw(state: KarataState, seat: int, got: int, events: list[Event]) -> None:
    """A turn's draw has ended the turn, having found ``got`` cards. With nothing
    left to draw (both piles empty) a seat draws nothing and its turn ends; once
    every seat still in has done so in turn with no card laid between, the round is
    blocked (rules-decisions, "A blocked round"). Only a play refills the piles, so
    counting the empty draws since the last play is counting those turns."""
    state.empty_draws = 0 if got else state.empty_draws + 1
    if state.empty_draws >= len(state.active()):
        events.append(RoundBlocked())
        _end_round(state, events)
        return
    _pass_turn(state, seat)


def _pop(state: KarataState, events: list[Event]) -> Card | None:
    """The next card of the draw pile, reshuffling the discard pile (but its top)
    into it when it is empty; None when there is nothing left to draw."""
    if not state.draw_pile:
        if len(state.discard) < 2:
            return None
        state.reshuffles += 1
        rest = state.discard[:-1]
        state.discard = state.discard[-1:]
        state.draw_pile = shuffled(rest, state.seed, f"r{state.round_no}-reshuffle-{state.reshuffles}")
        events.append(Reshuffled(len(rest)))
    return state.draw_pile.pop()


def _take(state: KarataState, seat: int, count: int, reason: DrawReason, events: list[Event]) -> int:
    """``seat`` picks up ``count`` cards; what does not exist outside the hands is
    forgiven. Returns how many it got."""
    got = 0
    while got < count:
        card = _pop(state, events)
        if card is None:
            break
        state.hands[seat].append(card)
        got += 1
    _received(state, seat, got)
    events.append(Drew(seat, got, reason))
    if got < count:
        events.append(Forgiven(seat, count - got))
    return got


def _received(state: KarataState, seat: int, count: int) -> None:
    if count:
        state.taken[seat] += count
        state.called.discard(seat)  # a card drawn takes the call back
        state.no_seven[seat] = False
        state.cards_since_draw[seat] += count


def _note_draw(state: KarataState, seat: int) -> None:
    """``seat`` draws (or takes a stack) instead of playing: the cards that fit now
    are what it is taken not to hold, added to what it was taken not to hold before
    if no card has come to it since. The cards it then receives count as come since
    (a turn's draw narrows that down: ``_draw``)."""
    fitting = fitting_now(state)
    if state.cards_since_draw[seat] == 0:
        fitting |= state.fit_at_draw[seat]
    state.fit_at_draw[seat] = fitting
    state.cards_since_draw[seat] = 0


def _laid_after_draw(state: KarataState, seat: int, cards: tuple[Card, ...]) -> None:
    """A card laid that would have fitted at the seat's last draw came to it after
    that draw; one laid with no such card to account for it shows the seat drew
    while able to play: its draw tells nothing more."""
    fitted = state.fit_at_draw[seat]
    if not fitted:
        return
    since = state.cards_since_draw[seat] - sum(1 for c in cards if c in fitted)
    if since < 0:
        state.fit_at_draw[seat] = frozenset()
        since = 0
    state.cards_since_draw[seat] = min(since, len(state.hands[seat]))  # the cards are laid already


# --------------------------------------------------------------- cheat mode


def _challenge(state: KarataState, seat: int, target: int, events: list[Event]) -> None:
    state.challenged.add((seat, target))
    right = state.hidden[target] is not None
    events.append(Challenged(seat, target, right))
    loses_round = state.rules.cheat_outcome == CheatOutcome.LOSE_ROUND
    if right and loses_round:
        _end_round(state, events, cheater=target)
    elif right:
        # Caught: the card is back among the cheater's counted cards for good.
        state.hidden[target] = None
        state.no_hide.add(target)
        _take(state, target, 5, DrawReason.PENALTY, events)
    else:
        _take(state, seat, 2 if loses_round else 5, DrawReason.PENALTY, events)


# --------------------------------------------------------- rounds and match


def _end_round(state: KarataState, events: list[Event], *, winner: int | None = None,
               cheater: int | None = None) -> None:
    """Score the round; knock seats out; then deal the next round or end the match.

    With no ``winner`` (a blocked round) everyone ranks by the points in hand, a
    cheat-mode hidden card included, and the fewest win, equal fewest sharing; the
    points count towards the match as in any round (001: "everyone still holding
    cards counts them against their score")."""
    players = state.active()
    points = [0] * state.seats
    for seat in players:
        points[seat] = hand_points(state.hands[seat])
    if cheater is not None:
        ranks = rank_by_points(points, None, (s for s in players if s != cheater))
        ranks[cheater] = len(players)
    else:
        ranks = rank_by_points(points, winner, players)
    for seat in players:
        state.scores[seat] += points[seat]
    for seat in _knocked_out(state, ranks, cheater):
        state.out.add(seat)
        state.out_round[seat] = state.round_no
        events.append(Eliminated(seat, state.scores[seat]))
    winners = tuple(s for s in players if ranks[s] == 1)
    state.round_result = Result(tuple(ranks), tuple(points), winners, cheater, tuple(sorted(state.out)))
    events.append(RoundOver(state.round_no, state.round_result))
    if state.rules.elimination == Elimination.OFF or len(state.active()) <= 1:
        state.turn = None
        state.phase = Phase.OVER
        state.match_result = _match_result(state)
        events.append(MatchOver(state.match_result))
        return
    state.round_no += 1
    state.clockwise = True  # every round starts clockwise, led by the next seat round the table
    state.first = state.next_seat(state.first)
    start_round(state)
    events.append(RoundStarted(state.round_no, state.first, state.discard[-1]))


def _knocked_out(state: KarataState, ranks: list[int | None], cheater: int | None) -> list[int]:
    players = state.active()
    if state.rules.elimination == Elimination.KNOCK_OUT:
        if cheater is not None:
            return [cheater]
        worst = max(r for s in players if (r := ranks[s]) is not None)
        knocked = [s for s in players if ranks[s] == worst]
        # The winner ranks first alone, so somebody always stays; in a blocked round
        # where everybody holds equal points nobody is out.
        return knocked if len(knocked) < len(players) else []
    if state.rules.elimination == Elimination.POINTS_CEILING:
        knocked = [s for s in players if state.scores[s] > state.rules.points_ceiling]
        if len(knocked) == len(players):
            # Everybody crossed at once: those with the fewest points stay in.
            low = min(state.scores[s] for s in players)
            knocked = [s for s in knocked if state.scores[s] != low]
        return knocked
    return []


def _match_result(state: KarataState) -> Result:
    if state.rules.elimination == Elimination.OFF:
        assert state.round_result is not None
        return state.round_result
    n = state.seats
    # Standing players first, then the later a seat went out the better; among
    # seats out in the same round, fewer match points rank higher.
    keys = [(s in state.out, -state.out_round[s], state.scores[s]) for s in range(n)]
    order = sorted(range(n), key=lambda s: keys[s])
    ranks: list[int | None] = [None] * n
    for position, seat in enumerate(order):
        before = order[position - 1] if position else None
        ranks[seat] = ranks[before] if before is not None and keys[before] == keys[seat] else position + 1
    winners = tuple(s for s in range(n) if ranks[s] == 1)
    return Result(tuple(ranks), tuple(state.scores), winners, None, tuple(sorted(state.out)))
