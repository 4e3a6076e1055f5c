"""The Karata / Kadi Moja engine (docs/engine/karata.md, docs/rules/karata.md).

State lives in plain lists of the singleton cards; ``apply`` validates the
whole move first (``checks.validate``) and only then mutates, so an illegal move
changes nothing. Turn-level state: ``phase`` is ``turn`` (play or draw),
``keep`` (a playable card was just drawn: play exactly it, or pass to keep
it), ``plug`` (the turn seat is being skipped and holds a 7) or ``over``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from bot.games.cards import ACE, ALL_CARDS, JACK, JOKER, Card, hand_points
from bot.games.core.events import DrawReason, Event, Forgiven, MatchOver, RoundOver, RoundStarted
from bot.games.core.game import Game
from bot.games.core.moves import CALL_MOVE, DRAW_MOVE, PASS_MOVE, Move, MoveKind
from bot.games.core.results import Result, rank_by_points
from bot.games.core.rules import Rules
from bot.games.core.shuffle import seeded_random, shuffled
from bot.games.core.state_json import JSON
from bot.games.karata.checks import validate
from bot.games.karata.moves import (
    KEEP_MOVES,
    PLAIN_FIT_SETS,
    SPECIAL_RANKS,
    fit_set,
    hand_plays,
    play_moves,
)
from bot.games.karata.records import (
    CALLED,
    DREW_ONE,
    KEPT,
    PLAYED,
    RESHUFFLED,
    REVERSED,
    SKIPPED,
    drew,
    played,
)
from bot.games.karata.rules import (
    CALL_MISSED_DRAWS_TWO,
    CALL_MUST_CALL_TO_WIN,
    CHEAT_LOSES_ROUND,
    ELIMINATION_CEILING,
    ELIMINATION_KNOCK_OUT,
    ELIMINATION_OFF,
    KEEP,
    OVER,
    PLUG,
    STACK_SAME_KIND,
    TURN,
    Challenged,
    Eliminated,
    KarataRules,
    KarataView,
    NotFinished,
    SkipDropped,
)
from bot.games.karata.saving import restore, state_of

_NOBODY: frozenset[int] = frozenset()
_ALONE: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(8))  # per seat
_ASIDE: frozenset[str] = frozenset({MoveKind.CALL, MoveKind.HIDE, MoveKind.CHALLENGE})  # moves that keep the turn
# Ranks whose play only passes the turn on (when cards are left in hand).
_PLAIN_RANKS: frozenset[int] = frozenset(range(JOKER, ACE + 1)) - SPECIAL_RANKS


class KarataGame(Game):
    """A Karata or Kadi Moja match: one round, or rounds until one player is left."""

    name: ClassVar[str] = "karata"
    rules_type: ClassVar[type[KarataRules]] = KarataRules
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    state_version: ClassVar[int] = 1

    rules: KarataRules

    def __init__(self, seats: int, rules: KarataRules, seed: int) -> None:
        self._seats = seats
        self.rules = rules
        self.seed = seed
        self.round_no = 1
        self.out = [False] * seats
        self.out_round = [0] * seats  # the round a seat was knocked out in (0: still in)
        self.scores = [0] * seats  # match points: the sum of each finished round's points
        self.first = 0  # who led the current round (the next round starts after them)
        self.over = False
        self.match_result: Result | None = None
        self.round_result: Result | None = None  # the last finished round's
        # Derived from the frozen rules once: read on every decision.
        self._same_kind = rules.stack_answer == STACK_SAME_KIND
        self._bridge = rules.jack_bridge
        self._cheat = rules.cheat_mode
        self._watching = rules.call_rule == CALL_MISSED_DRAWS_TWO
        # The last legal_moves list handed out (and to whom), while the state is
        # unchanged: a move from it needs no second validation in apply.
        self._offered_to: int | None = None
        self._offered: tuple[Move, ...] = ()
        self._reset_round()

    def _reset_round(self) -> None:
        n = self._seats
        self.active = [s for s in range(n) if not self.out[s]]
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.pile: list[Card] = []  # draw pile; the next card drawn is pile[-1]
        self.discard: list[Card] = []  # top is discard[-1]; set-aside cards lie under it
        self._turn: int | None = None
        self.direction = 1
        self.phase = TURN
        self.stack = 0
        self.skips = 0
        self.skip_layers: set[int] = set()
        self.demand: str | None = None
        self.drawn: Card | None = None
        self.called = [False] * n
        self.watch: int | None = None  # kadi-moja: the seat whose call window is open
        self.hidden: list[Card | None] = [None] * n
        self.no_hide = [False] * n  # caught cheaters play the hidden card openly
        self.challenged: set[tuple[int, int]] = set()  # (challenger, target) since target's move
        self.started = False
        self.reshuffles = 0
        self.taken = [0] * n
        self.laid = [0] * n

    # ------------------------------------------------------------------ creating

    @classmethod
    def new(cls, seats: int, rules: Rules | None = None, seed: int | None = None) -> Self:
        rules = rules or KarataRules()
        if not isinstance(rules, KarataRules):
            raise TypeError("Karata needs KarataRules")
        if not cls.min_seats <= seats <= rules.seat_limit():
            raise ValueError(f"this rule set seats 2 to {rules.seat_limit()} players, not {seats}")
        game = cls(seats, rules, cls.fresh_seed() if seed is None else seed)
        rng = seeded_random(game.seed, "r1-first")
        game.first = rng.randrange(seats)
        game._deal()
        return game

    def _deal(self) -> None:
        """Deal the current round: hands, then the starting card, never a special one."""
        deck = shuffled(ALL_CARDS, self.seed, f"r{self.round_no}-deal")
        size = self.rules.deal_size(len(self.active))
        for _ in range(size):
            for s in self.active:
                self.hands[s].append(deck.pop())
        set_aside: list[Card] = []
        start = deck.pop()
        # A special card turned is set aside under the discard pile (so it comes
        # back with the next reshuffle); if only specials are left, the last stays.
        while start.rank in SPECIAL_RANKS and deck:
            set_aside.append(start)
            start = deck.pop()
        self.discard = [*set_aside, start]
        self.pile = deck
        for s in self.active:
            self.taken[s] = size
        self._turn = self.first
        self.phase = TURN

    # ---------------------------------------------------------------- who acts

    @property
    def seats(self) -> int:
        return self._seats

    @property
    def turn(self) -> int | None:
        return self._turn

    @property
    def is_over(self) -> bool:
        return self.over

    def actors(self) -> frozenset[int]:
        turn = self._turn
        if self.over or turn is None:
            return _NOBODY
        cheat = self._cheat
        hands = self.hands
        called, hidden = self.called, self.hidden
        acting: list[int] | None = None  # seats besides the turn seat, if any
        if not cheat:
            # Without cheat mode only a seat on one or two cards may act out of
            # turn (a call): the hand sizes, taken in C, usually rule that out.
            sizes = [*map(len, hands)]
            sizes[turn] = 0  # the turn seat acts anyway
            if 1 not in sizes and (2 not in sizes or hidden.count(None) == len(hidden)):
                return _ALONE[turn]  # one shared set per seat
            out = self.out
            for s, held in enumerate(sizes):
                if (
                    (held == 1 or (held == 2 and hidden[s] is not None))
                    and not called[s]
                    and not out[s]
                ):
                    acting = [s] if acting is None else [*acting, s]  # may call Kadi Moja
            return _ALONE[turn] if acting is None else frozenset((turn, *acting))
        for s in self.active:
            if s == turn:
                continue
            held = len(hands[s])
            if held <= 2 and not called[s] and (held == 1 or (held == 2 and hidden[s] is not None)):
                acting = [s] if acting is None else [*acting, s]  # may call Kadi Moja
            elif self._may_hide(s) or self._may_challenge_any(s):
                acting = [s] if acting is None else [*acting, s]
        return _ALONE[turn] if acting is None else frozenset((turn, *acting))

    def shown(self, seat: int) -> int:
        """The card count the table sees: a hidden card is left out."""
        return len(self.hands[seat]) - (self.hidden[seat] is not None)

    def _may_call(self, seat: int) -> bool:
        if self.called[seat]:
            return False
        return len(self.hands[seat]) == 1 or self.shown(seat) == 1

    def _may_hide(self, seat: int) -> bool:
        return (
            not self.started
            and self.hidden[seat] is None
            and not self.no_hide[seat]
            and bool(self.hands[seat])
        )

    def _may_challenge_any(self, seat: int) -> bool:
        return any(t != seat and (seat, t) not in self.challenged for t in self.active)

    def _next(self, seat: int) -> int:
        n, step, out = self._seats, self.direction, self.out
        s = (seat + step) % n
        while out[s]:
            s = (s + step) % n
        return s

    # ------------------------------------------------------------------- moves

    def legal_moves(self, seat: int) -> list[Move]:
        # The turn seat first, without the seat checks: while a turn runs the
        # match is not over and the turn seat is in it (_turn is None otherwise).
        if seat == self._turn:
            hand = self.hands[seat]
            phase = self.phase
            if phase == TURN:
                if hand:
                    stack = self.stack
                    if not stack and self.demand is None:
                        # The plain situation's fitting set, by the top card alone.
                        moves = hand_plays(hand, PLAIN_FIT_SETS[self.discard[-1].index], self._bridge)
                    else:
                        fitting = fit_set(self.discard[-1], stack, self.demand, self._same_kind)
                        moves = hand_plays(hand, fitting, self._bridge and not stack)
                    moves.append(DRAW_MOVE)
                else:
                    moves = [DRAW_MOVE]
            elif phase == KEEP:
                assert self.drawn is not None
                moves = [*KEEP_MOVES[self.drawn.index]]
            else:  # phase plug
                sevens = [c for c in hand if c.rank == 7]
                plugs = play_moves(sevens, self.discard[-1], 0, None, False, False)
                moves = [*plugs, PASS_MOVE]
        elif self.over or not 0 <= seat < self._seats or self.out[seat]:
            return []
        else:
            hand = self.hands[seat]
            moves = []
        held = len(hand)
        # May call: one card held, or two with one of them hidden (_may_call).
        if (
            held <= 2
            and not self.called[seat]
            and (held == 1 or (held == 2 and self.hidden[seat] is not None))
        ):
            moves.append(CALL_MOVE)
        if self._cheat:
            if self._may_hide(seat):
                moves.extend(Move(MoveKind.HIDE, (c,)) for c in hand)
            moves.extend(
                Move(MoveKind.CHALLENGE, target=t)
                for t in self.active
                if t != seat and (seat, t) not in self.challenged
            )
        self._offered_to = seat
        self._offered = tuple(moves)  # a copy: the caller may change its list
        return moves

    def check(self, seat: int, move: Move) -> None:
        validate(self, seat, move)

    def _fits(self, card: Card) -> bool:
        return card in fit_set(self.discard[-1], self.stack, self.demand, self._same_kind)

    # ------------------------------------------------------------------ apply

    def apply(self, seat: int, move: Move) -> list[Event]:
        if seat == self._offered_to:
            for candidate in self._offered:
                if candidate is move:
                    break  # the very object legal_moves listed for this state: legal
            else:
                validate(self, seat, move)
        else:
            validate(self, seat, move)
        self._offered_to = None
        kind = move.kind
        if kind in _ASIDE:
            return self._aside(seat, move)
        events: list[Event] = []
        if self.watch is not None:
            self._charge_missed_call(seat, events)
        if self.challenged:
            self._clear_challenges(seat)
        # Plays and draws are most moves: their usual course is written out
        # here (no helper calls), the rest goes to _play_effects and _draw.
        if kind == MoveKind.PLAY:
            cards = move.cards
            hand = self.hands[seat]
            for card in cards:
                hand.remove(card)
            hidden = self.hidden[seat]
            if hidden is not None and hidden in cards:
                self.hidden[seat] = None
            self.laid[seat] += len(cards)
            self.discard += cards
            self.started = True
            ask_suit, demand = move.ask_suit, move.demand
            event = PLAYED.get((seat, cards, ask_suit, demand))
            events.append(played(seat, cards, ask_suit, demand) if event is None else event)
            plugging = self.phase == PLUG
            self.drawn = None
            self.demand = None
            self.phase = TURN
            first = cards[0]
            if hand and first.rank in _PLAIN_RANKS:
                nxt = (seat + self.direction) % self._seats
                self._turn = self._next(seat) if self.out[nxt] else nxt
            else:
                self._play_effects(seat, move, plugging, events)
        elif kind == MoveKind.DRAW:
            hand = self.hands[seat]
            pile = self.pile
            if pile and hand and not self.stack and self.demand is None:
                # The common draw: one card from a non-empty pile, kept back if it fits.
                self.started = True
                new = pile.pop()
                hand.append(new)
                self.taken[seat] += 1
                self.called[seat] = False
                events.append(DREW_ONE[seat])
                if new in PLAIN_FIT_SETS[self.discard[-1].index]:
                    self.drawn = new
                    self.phase = KEEP
                else:
                    nxt = (seat + self.direction) % self._seats
                    self._turn = self._next(seat) if self.out[nxt] else nxt
            else:
                self._draw(seat, events)
        elif self.phase == KEEP:
            events.append(KEPT[seat])
            self.drawn = None
            self.demand = None
            self._begin(self._next(seat))
        else:  # taking the skip instead of plugging
            events.append(SKIPPED[seat])
            self.skips -= 1
            self._serve_skips(seat, events)
        if self._watching and not self.over and self.shown(seat) == 1 and not self.called[seat]:
            self.watch = seat
        return events

    def _aside(self, seat: int, move: Move) -> list[Event]:
        """A call, hide or challenge: moves that leave the turn where it is."""
        kind = move.kind
        events: list[Event] = []
        if kind == MoveKind.CALL:
            self.called[seat] = True
            events.append(CALLED[seat])
        elif kind == MoveKind.HIDE:
            # Private: no event, so nobody learns that (or what) this seat hid.
            self.hidden[seat] = move.cards[0]
        else:
            assert move.target is not None
            self._challenge(seat, move.target, events)
        return events

    def _begin(self, seat: int) -> None:
        self._turn = seat
        self.phase = TURN

    def _clear_challenges(self, target: int) -> None:
        if self.challenged:
            self.challenged = {p for p in self.challenged if p[1] != target}

    def _charge_missed_call(self, mover: int, events: list[Event]) -> None:
        """Kadi Moja: the next player's move closes the call window of a seat on
        one uncalled card, who draws 2."""
        watched = self.watch
        if watched is None or watched == mover:
            return
        self.watch = None
        if self.shown(watched) == 1 and not self.called[watched]:
            self._take(watched, 2, DrawReason.PENALTY, events)

    def _play_effects(self, seat: int, move: Move, plugging: bool, events: list[Event]) -> None:
        """What a play does after its cards are down (``apply`` has laid them and
        reset the phase), unless it is an ordinary card that leaves cards in hand."""
        cards = move.cards
        hand = self.hands[seat]
        bridge = len(cards) > 1 and cards[0].rank == JACK and cards[1].rank != JACK
        group = cards[1:] if bridge else cards
        rank = group[0].rank
        if not hand:
            if rank in SPECIAL_RANKS:
                events.append(NotFinished(seat, "special"))
            elif (
                self.rules.call_rule == CALL_MUST_CALL_TO_WIN
                and len(cards) == 1
                and not self.called[seat]
            ):
                events.append(NotFinished(seat, "uncalled"))
                self._take(seat, 1, DrawReason.PENALTY, events)
            else:
                self._end_round(events, winner=seat)
                return
        if rank == 7:
            if not plugging:
                self.skip_layers = set()
            self.skip_layers.add(seat)
            self.skips += len(group)
            self._serve_skips(seat, events)
        elif rank == 2 or rank == JOKER:
            self.stack += sum(2 if c.rank == 2 else 5 for c in group)
            self._begin(self._next(seat))
        elif rank == 8:
            if len(group) % 2:
                self.direction = -self.direction
                events.append(REVERSED[self.direction == 1])
            if len(self.active) == 2 and self.rules.two_player_eight_again:
                self._begin(seat)
            else:
                self._begin(self._next(seat))
        else:
            if rank == JACK and not bridge:
                ask = move.ask_suit if move.ask_suit is not None else move.demand
                assert isinstance(ask, str)  # a suit or Demand.SPECIAL (checks.py)
                self.demand = ask
            self._begin(self._next(seat))

    def _serve_skips(self, start: int, events: list[Event]) -> None:
        """Serve pending skips one per player after ``start``; stop at a player who
        may plug, and drop the rest at a player who laid or plugged a 7 of them."""
        pos = start
        plugging = self.rules.plugging
        while self.skips > 0:
            nxt = self._next(pos)
            if nxt in self.skip_layers:
                events.append(SkipDropped(nxt))
                break
            if plugging and any(c.rank == 7 for c in self.hands[nxt]):
                self._turn = nxt
                self.phase = PLUG
                return
            events.append(SKIPPED[nxt])
            self.skips -= 1
            pos = nxt
        else:
            nxt = self._next(pos)
        self.skips = 0
        self.skip_layers = set()
        self._begin(nxt)

    def _draw(self, seat: int, events: list[Event]) -> None:
        """A draw but the common one (``apply`` makes that): a stack, an empty
        hand, a demand, or an empty draw pile."""
        self.started = True
        if self.stack:
            total, self.stack = self.stack, 0
            self._take(seat, total, DrawReason.STACK, events)
            self._begin(self._next(seat))
            return
        if not self.hands[seat]:
            # Emptied the hand on a special card: draw one, the turn ends.
            self._take(seat, 1, DrawReason.CARDLESS, events)
            self.demand = None
            self._begin(self._next(seat))
            return
        if self.demand is not None and self.rules.unmet_demand != "draw-until":
            self._take(seat, 1, DrawReason.DEMAND, events)
            self.demand = None
            self._begin(self._next(seat))
            return
        until = self.demand is not None
        count = 0
        card = self._pop(events)
        while card is not None:
            self.hands[seat].append(card)
            count += 1
            if not until or self._fits(card):
                break
            card = self._pop(events)
        self._received(seat, count)
        events.append(drew(seat, count, DrawReason.DEMAND if until else DrawReason.DRAW))
        if card is not None and self._fits(card):
            self.drawn = card
            self.phase = KEEP
            return
        if card is None and not until:
            events.append(Forgiven(seat, 1))
        self.demand = None
        self._begin(self._next(seat))

    def _pop(self, events: list[Event]) -> Card | None:
        """The next card of the draw pile, reshuffling the discard pile (but its top) when empty."""
        if not self.pile:
            if len(self.discard) < 2:
                return None
            self.reshuffles += 1
            rest = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.pile = shuffled(rest, self.seed, f"r{self.round_no}-reshuffle-{self.reshuffles}")
            events.append(RESHUFFLED[len(rest)])
        return self.pile.pop()

    def _take(self, seat: int, count: int, reason: DrawReason, events: list[Event]) -> None:
        hand = self.hands[seat]
        got = 0
        while got < count:
            card = self._pop(events)
            if card is None:
                break
            hand.append(card)
            got += 1
        self._received(seat, got)
        events.append(drew(seat, got, reason))
        if got < count:
            events.append(Forgiven(seat, count - got))

    def _received(self, seat: int, count: int) -> None:
        if count:
            self.taken[seat] += count
            self.called[seat] = False

    def _challenge(self, seat: int, target: int, events: list[Event]) -> None:
        self.challenged.add((seat, target))
        right = self.hidden[target] is not None
        events.append(Challenged(seat, target, right))
        if right and self.rules.cheat_outcome == CHEAT_LOSES_ROUND:
            self._end_round(events, cheater=target)
        elif right:
            # Caught: the card is back among the cheater's counted cards for good.
            self.hidden[target] = None
            self.no_hide[target] = True
            self._take(target, 5, DrawReason.PENALTY, events)
        else:
            penalty = 2 if self.rules.cheat_outcome == CHEAT_LOSES_ROUND else 5
            self._take(seat, penalty, DrawReason.PENALTY, events)

    # --------------------------------------------------------- rounds and match

    def _end_round(self, events: list[Event], *, winner: int | None = None,
                   cheater: int | None = None) -> None:
        active = self.active
        points = [0] * self._seats
        for s in active:
            points[s] = hand_points(self.hands[s])
        if cheater is not None:
            ranks = rank_by_points(points, None, (s for s in active if s != cheater))
            ranks[cheater] = len(active)
        else:
            ranks = rank_by_points(points, winner, active)
        for s in active:
            self.scores[s] += points[s]
        knocked = self._knocked_out(ranks, cheater)
        for s in knocked:
            self.out[s] = True
            self.out_round[s] = self.round_no
            events.append(Eliminated(s, self.scores[s]))
        winners = tuple(s for s in active if ranks[s] == 1)
        out = tuple(s for s in range(self._seats) if self.out[s])
        self.round_result = Result(tuple(ranks), tuple(points), winners, cheater, out)
        events.append(RoundOver(self.round_no, self.round_result))
        standing = [s for s in active if not self.out[s]]
        if self.rules.elimination == ELIMINATION_OFF or len(standing) <= 1:
            self.over = True
            self._turn = None
            self.phase = OVER
            self.match_result = self._final_result()
            events.append(MatchOver(self.match_result))
            return
        self.round_no += 1
        previous_first = self.first
        self._reset_round()
        self.first = self._next(previous_first)  # the lead moves on clockwise
        self._deal()
        events.append(RoundStarted(self.round_no, self.first, self.discard[-1]))

    def _knocked_out(self, ranks: list[int | None], cheater: int | None) -> list[int]:
        active = self.active
        if self.rules.elimination == ELIMINATION_KNOCK_OUT:
            if cheater is not None:
                return [cheater]
            worst = max(r for s in active if (r := ranks[s]) is not None)
            knocked = [s for s in active if ranks[s] == worst]
            # The winner ranks first alone, so somebody always stays.
            return knocked if len(knocked) < len(active) else []
        if self.rules.elimination == ELIMINATION_CEILING:
            knocked = [s for s in active if self.scores[s] > self.rules.points_ceiling]
            if len(knocked) == len(active):
                # Everybody crossed at once: those with the fewest points stay in.
                low = min(self.scores[s] for s in active)
                knocked = [s for s in knocked if self.scores[s] != low]
            return knocked
        return []

    def _final_result(self) -> Result:
        if self.rules.elimination == ELIMINATION_OFF:
            assert self.round_result is not None
            return self.round_result
        n = self._seats
        # Standing players first, then the later a seat went out the better;
        # among seats out in the same round, fewer match points rank higher.
        keys = [(self.out[s], -self.out_round[s], self.scores[s]) for s in range(n)]
        order = sorted(range(n), key=lambda s: keys[s])
        ranks: list[int | None] = [None] * n
        for position, s in enumerate(order):
            prev = order[position - 1] if position else None
            ranks[s] = ranks[prev] if prev is not None and keys[prev] == keys[s] else position + 1
        winners = tuple(s for s in range(n) if ranks[s] == 1)
        out = tuple(s for s in range(n) if self.out[s])
        return Result(tuple(ranks), tuple(self.scores), winners, None, out)

    # ----------------------------------------------------------------- reading

    def timeout_move(self) -> tuple[int, Move] | None:
        if self.over or self._turn is None:
            return None
        if self.phase in (KEEP, PLUG):
            return self._turn, PASS_MOVE
        return self._turn, DRAW_MOVE

    def result(self) -> Result | None:
        return self.match_result

    def cards_in_play(self) -> list[Card]:
        cards = [*self.pile, *self.discard]
        for hand in self.hands:
            cards.extend(hand)
        return cards

    def view(self, seat: int | None) -> KarataView:
        own = seat is not None and 0 <= seat < self._seats
        counts = tuple(
            len(self.hands[s]) if own and s == seat else self.shown(s) for s in range(self._seats)
        )
        return KarataView(
            seat=seat,
            hand=tuple(self.hands[seat]) if own and seat is not None else (),
            hand_counts=counts,
            turn=self._turn,
            actors=self.actors(),
            round_no=self.round_no,
            over=self.over,
            rules=self.rules,
            phase=self.phase,
            top=self.discard[-1] if self.discard else None,
            stack=self.stack,
            skips=self.skips,
            demand=self.demand,
            clockwise=self.direction == 1,
            called=frozenset(s for s in range(self._seats) if self.called[s]),
            scores=tuple(self.scores),
            out=frozenset(s for s in range(self._seats) if self.out[s]),
            draw_pile=len(self.pile),
            deal_size=self.rules.deal_size(len(self.active)),
            started=self.started,
            taken=tuple(self.taken),
            laid=tuple(self.laid),
            hidden=self.hidden[seat] if own and seat is not None else None,
            drawn=self.drawn if own and seat == self._turn else None,
        )

    # ------------------------------------------------------------------ saving

    def to_state(self) -> JSON:
        return state_of(self)

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> Self:
        cls.check_state_header(data)
        game = cls(int(data["seats"]), KarataRules.from_dict(data["rules"]), int(data["seed"]))
        restore(game, data)
        return game
