"""Donkey (Kazhutha Kali): follow the active suit, strike when void, get out early.

Rules: ../shared/seeds/003 and the "Donkey (003)" section of
../shared/rules-decisions.md; the players' page is docs/rules/donkey.md and the
state format docs/engine/donkey.md.

Words used here as in the seed: a *round* is one trick (every seat in it plays
one card, or a strike ends it early); the *match* is one whole game, which ends
when at most one player still holds cards. That player is the Donkey
(``Result.loser``).

Speed matters (bench/engine.py: random games, a round every three moves or
so). A hand is a dict from each card to its prebuilt ``Move``, in the order
the cards came to it, plus one such dict per suit: a legal list is one copy of
a dict's values, a void is an empty dict, and holding a card is a hash lookup
(a list scan would call ``Card``'s Python-level comparison per card). Turn
orders come from a table over the set of seats still holding cards, events
are shared immutable values, and ``apply`` recognises the prebuilt plays that
``legal_moves`` hands out, validating before it touches anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from bot.games.cards import ALL_CARDS, SUIT_SYMBOLS, SUITS, Card, card, codes, deck52, from_codes
from bot.games.core.errors import IllegalMove
from bot.games.core.events import Event, MatchOver, Played, RoundStarted, TimedOut
from bot.games.core.game import Game
from bot.games.core.moves import TIMEOUT_MOVE, Move, MoveKind
from bot.games.core.results import Result
from bot.games.core.rules import Rules
from bot.games.core.shuffle import shuffled
from bot.games.core.state_json import JSON
from bot.games.donkey.records import (
    LEAD_OUT,
    LEAD_SITTING_OUT,
    LEAD_TIMED_OUT,
    DonkeyRules,
    DonkeyView,
    LeadPassed,
    RoundWon,
    SitOutForgiven,
    SitsOut,
    Struck,
    WentOut,
)

ACE_OF_SPADES: Final = card("AS")
# One prebuilt move per card: legal_moves hands these out without building anything.
PLAY_MOVES: Final = tuple(Move(MoveKind.PLAY, (c,)) for c in ALL_CARDS)
_ACE_LEAD: Final = PLAY_MOVES[ACE_OF_SPADES.index]
# One prebuilt Played event per seat and card: events are immutable values.
_PLAYED: Final = tuple(tuple(Played(s, m.cards) for m in PLAY_MOVES) for s in range(8))
# Events are immutable values, so the common ones are made once and shared:
# building a frozen dataclass costs more than the rest of a move.
_EVENTS: dict[tuple[object, ...], Event] = {}


def _event(kind: type[Event], *fields: Any) -> Event:
    """The event ``kind(*fields)``, shared with every equal one made before."""
    key = (kind, *fields)
    event = _EVENTS.get(key)
    if event is None:
        if len(_EVENTS) > 100_000:  # bounded: games never need this many
            _EVENTS.clear()
        event = _EVENTS[key] = kind(*fields)
    return event


# Struck and RoundWon events, shared like those of _event but without its
# call (one per round). Bounded by their fields: seat, card, seat, count.
_STRUCK: dict[tuple[int, Card, int, int], Event] = {}
_ROUND_WON: dict[tuple[int, Card, int, int | None], Event] = {}
# RoundStarted(round_no, first) for every round number reached so far, by seat.
_ROUND_STARTED: list[tuple[Event, ...]] = []


def _round_started(round_no: int, first: int) -> Event:
    """RoundStarted(round_no, first), adding rows to _ROUND_STARTED up to round_no."""
    while len(_ROUND_STARTED) <= round_no:
        number = len(_ROUND_STARTED)
        _ROUND_STARTED.append(tuple(RoundStarted(number, s) for s in range(8)))
    return _ROUND_STARTED[round_no][first]


# With this many seats or fewer the first lead must be the A♠ itself.
ACE_LEAD_MAX_SEATS: Final = 5

# A hand: each card held, with its prebuilt play, in the order it came to the hand.
Hand = dict[Card, Move]
# The 52 cards, each with its play: the deal shuffles these pairs.
_DECK_PAIRS: Final = tuple((c, PLAY_MOVES[c.index]) for c in deck52())


def _turn_orders() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[seats][leader]``: the seats in the bit set ``seats``, in turn order (to
    the previous seat, wrapping after seat 0 to seat 7 down) from ``leader``.
    Seats a match does not have are never in the set, so one table serves
    every seat count."""
    table = []
    for seats in range(256):
        table.append(
            tuple(
                tuple(s for s in (*range(leader, -1, -1), *range(7, leader, -1)) if seats >> s & 1)
                for leader in range(8)
            )
        )
    return tuple(table)


_TURN_ORDERS: Final = _turn_orders()

_BY_INDEX: Final = attrgetter("index")
# The card of each suit and rank: _SUIT_CARDS["H"][14] is the A♥.
_SUIT_CARDS: Final = {suit: {c.rank: c for c in deck52() if c.suit == suit} for suit in SUITS}
_ACTORS: Final = tuple(frozenset({s}) for s in range(8))
_NOBODY: Final = frozenset[int]()


def _hand_of(cards: list[Card]) -> Hand:
    return {c: PLAY_MOVES[c.index] for c in cards}


def _suits_of(hand: Hand) -> dict[str, Hand]:
    """The hand split by suit, each part in the hand's order."""
    by_suit: dict[str, Hand] = {"S": {}, "H": {}, "D": {}, "C": {}}  # every suit of SUITS
    for c, move in hand.items():
        by_suit[c.suit][c] = move
    return by_suit


def _deal(seed: int) -> list[tuple[Card, Move]]:
    """The deck in dealing order, each card with its play: ``shuffled(deck52(), seed, "deal")``."""
    return shuffled(_DECK_PAIRS, seed, "deal")


# Rules are frozen values, so every game made without its own shares one.
_DEFAULT_RULES: Final = DonkeyRules()


class DonkeyGame(Game):
    """One game of Donkey for 2 to 8 seats."""

    name: ClassVar[str] = "donkey"
    rules_type: ClassVar[type[Rules]] = DonkeyRules
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    state_version: ClassVar[int] = 1

    rules: DonkeyRules

    def __init__(self, seats: int, rules: DonkeyRules, seed: int, hands: list[Hand]) -> None:
        self._n = seats
        self.rules = rules
        self.seed = seed
        self._first = 0  # the seat dealt the first card
        self._hands = hands
        self._suits = [_suits_of(h) for h in hands]  # each hand split by suit
        self._discard: list[Card] = []
        self._trick: Hand = {}  # cards of this round with their plays, in play order
        self._trick_seats: list[int] = []  # who played each
        self._emptied: list[int] = []  # seats of this round whose hand emptied, in play order
        self._order: tuple[int, ...] = ()  # this round's seats in turn order, leader first
        # How many seats of _order act after the one acting now (-1 with no
        # order): counting down spares a len() per move.
        self._left = -1
        self._turn: int | None = None
        self._suit: str | None = None  # the active suit, once the round's first card is down
        self._best_rank = 0  # highest active-suit rank in the round so far
        self._best_seat = -1  # ... and who played it
        self._round = 1
        self._sitting: frozenset[int] = _NOBODY  # sitting this round out
        self._sit_next: set[int] = set()  # timed out this round: sit out the next one
        self._holding = seats  # how many seats still hold cards (are not out)
        self._in = (1 << seats) - 1  # ... and which: bit s for seat s, for _TURN_ORDERS
        self._ranks: list[int | None] = [None] * seats
        self._voids: list[set[str]] = [set() for _ in range(seats)]
        self._over = False
        self._loser: int | None = None

    # ---- creating

    @classmethod
    def new(cls, seats: int, rules: Rules | None = None, seed: int | None = None) -> Self:
        if not cls.min_seats <= seats <= cls.max_seats:
            raise ValueError(f"Donkey is for 2 to 8 players, not {seats}")
        if rules is None:
            rules = _DEFAULT_RULES
        if not isinstance(rules, DonkeyRules):
            raise TypeError(f"Donkey needs DonkeyRules, not {type(rules).__name__}")
        if seed is None:
            seed = cls.fresh_seed()
        # No dealer: the first card goes to a random seat, then one card at a
        # time in turn order (to the previous seat) until the deck is gone.
        # The seed is itself random (Game.fresh_seed), so it picks the first
        # seat directly; building a second seeded RNG would cost as much as
        # a dozen moves.
        first = seed % seats
        deck = _deal(seed)
        # Card i goes to seat (first - i) mod seats: every seats-th card
        # from offset k lands in the k-th hand dealt to, in dealing order.
        hands = [dict(deck[(first - s) % seats :: seats]) for s in range(seats)]
        game = cls(seats, rules, seed, hands)
        game._first = first
        holder = 0
        while ACE_OF_SPADES not in hands[holder]:
            holder += 1
        game._begin_round(holder, [], announce=False)
        return game

    @classmethod
    def from_position(
        cls,
        hands: list[list[Card]],
        leader: int,
        *,
        round_no: int = 2,
        sitting_out: tuple[int, ...] = (),
        ranks: list[int | None] | None = None,
        rules: DonkeyRules | None = None,
    ) -> Self:
        """A game at the start of round ``round_no`` with these hands: for tests,
        examples and puzzles. Cards in no hand lie on the discard pile; seats
        with no cards count as out (at ``ranks``, or rank 1 by default);
        ``leader`` leads (passed on as in play if they are out or sitting)."""
        seats = len(hands)
        game = cls(seats, rules or _DEFAULT_RULES, 0, [_hand_of(h) for h in hands])
        held = {c for h in hands for c in h}
        game._discard = [c for c in deck52() if c not in held]
        game._round = round_no
        game._ranks = list(ranks) if ranks else [None if h else 1 for h in hands]
        game._holding = sum(1 for h in hands if h)
        game._in = sum(1 << s for s in range(seats) if hands[s])
        game._sit_next = set(sitting_out)
        game._begin_round(leader, [], announce=False)
        return game

    # ---- who acts

    @property
    def seats(self) -> int:
        return self._n

    if TYPE_CHECKING:  # the types of the two getters below

        @property
        def turn(self) -> int | None: ...

        @property
        def is_over(self) -> bool: ...

    else:
        # Read before every move: properties whose getter is C code, no Python frame.
        turn = property(attrgetter("_turn"), doc=Game.turn.__doc__)
        is_over = property(attrgetter("_over"), doc=Game.is_over.__doc__)

    def actors(self) -> frozenset[int]:
        turn = self._turn
        return _NOBODY if turn is None else _ACTORS[turn]

    # ---- moves

    def legal_moves(self, seat: int) -> list[Move]:
        if seat != self._turn:
            return []
        suit = self._suit
        if suit is None:
            hand = self._hands[seat]
            if self._round == 1 and self._n <= ACE_LEAD_MAX_SEATS and ACE_OF_SPADES in hand:
                return [_ACE_LEAD]
            return [*hand.values()]
        # The cards of the active suit; the whole hand when void in it (a strike).
        # (A list display: cheaper than calling list().)
        return [*(self._suits[seat][suit] or self._hands[seat]).values()]

    def check(self, seat: int, move: Move) -> None:
        reason = self._reason(seat, move)
        if reason is not None:
            raise IllegalMove.legacy(reason)

    def _reason(self, seat: int, move: Move) -> str | None:
        """Why ``seat`` may not make ``move`` now, or None when it may."""
        turn = self._turn
        if turn is None:
            return "The game is over."
        if seat != turn:
            if 0 <= seat < self._n and self._ranks[seat] is not None:
                return f"You are out (rank {self._ranks[seat]}): you watch until the game ends."
            return f"It's not your turn: it's seat {turn}'s."
        kind = move.kind
        if kind == MoveKind.TIMEOUT:
            if move.cards or move.asking or move.target is not None:
                return "`timeout` takes nothing after it."
            return None
        if kind != MoveKind.PLAY:
            return f"There is no `{kind}` in Donkey: play one card, such as `play 9♣`."
        if move.asking or move.target is not None:
            return "A Donkey play names only its card, such as `play 9♣`."
        cards = move.cards
        if len(cards) != 1:
            if not cards:
                return "Name the card you play, such as `play 9♣`."
            return "Play one card at a time."
        played = cards[0]
        hand = self._hands[seat]
        if played not in hand:
            return f"You don't hold {played.symbol}."
        suit = self._suit
        if suit is None:
            if (
                self._round == 1
                and played is not ACE_OF_SPADES
                and self._n <= ACE_LEAD_MAX_SEATS
                and ACE_OF_SPADES in hand
            ):
                return "You must lead A♠: with 2 to 5 players the first round starts with it."
            return None
        if played.suit != suit and self._suits[seat][suit]:
            symbol = SUIT_SYMBOLS[suit]
            return f"You must follow {symbol}: you hold a {symbol}."
        return None

    def apply(self, seat: int, move: Move) -> list[Event]:
        # The plays legal_moves hands out are the prebuilt PLAY_MOVES: each is
        # recognised by identity and made here, checking only what its
        # legality depends on before changing anything. Anything else goes to
        # _reason, which refuses it, lets a timeout through, or passes a play
        # written out afresh back here as its prebuilt twin.
        cards = move.cards
        if seat == self._turn and cards:
            played = cards[0]
            hand = self._hands[seat]
            if hand.get(played) is move:  # a prebuilt play, of a card held
                suit = self._suit
                played_suit = played.suit
                by_suit = self._suits[seat]
                if played_suit == suit or (
                    suit is None  # leading: any card but in round 1 with few seats, the A♠
                    and (
                        self._round > 1
                        or played is ACE_OF_SPADES
                        or self._n > ACE_LEAD_MAX_SEATS
                        or ACE_OF_SPADES not in hand
                    )
                ):
                    del hand[played]
                    del by_suit[played_suit][played]
                    if not hand:
                        self._emptied.append(seat)
                    if suit is None:  # the round's first card sets the active suit
                        self._suit = played_suit
                    self._trick[played] = move
                    self._trick_seats.append(seat)
                    if played.rank > self._best_rank:  # always, for the lead (rank 0 before it)
                        self._best_rank = played.rank
                        self._best_seat = seat
                    events: list[Event] = [_PLAYED[seat][played.index]]
                    left = self._left
                    if left:
                        self._left = left - 1
                        self._turn = self._order[-left]
                    else:
                        self._finish_round(events)
                    return events
                if suit is not None and not by_suit[suit]:  # void in the active suit: a strike
                    del hand[played]
                    del by_suit[played_suit][played]
                    events = [_PLAYED[seat][played.index]]
                    self._strike(seat, played, move, suit, events)
                    return events
        reason = self._reason(seat, move)
        if reason is not None:
            raise IllegalMove.legacy(reason)
        if move.kind == MoveKind.PLAY:  # legal, but not the prebuilt move: make that one
            return self.apply(seat, PLAY_MOVES[cards[0].index])
        return self._time_out(seat)

    def timeout_move(self) -> tuple[int, Move] | None:
        if self._turn is None:
            return None
        return self._turn, TIMEOUT_MOVE

    # ---- playing out a round

    def _advance(self, events: list[Event]) -> None:
        """The next seat of the round acts, or the round is complete."""
        left = self._left
        if left:
            self._left = left - 1
            self._turn = self._order[-left]
        else:
            self._finish_round(events)

    def _time_out(self, seat: int) -> list[Event]:
        # No card this round, and the next round is sat out; the hand is kept.
        self._sit_next.add(seat)
        events: list[Event] = [TimedOut(seat)]
        if self._suit is None and self._left:
            # The leader's clock ran out: the next seat leads this same round.
            events.append(LeadPassed(seat, self._order[-self._left], LEAD_TIMED_OUT))
        self._advance(events)
        return events

    def _strike(self, seat: int, played: Card, move: Move, suit: str, events: list[Event]) -> None:
        """``seat`` is void in the active suit: the highest active-suit card so
        far collects the whole round, later seats lose their turn."""
        collector = self._best_seat
        trick = self._trick
        # The collector takes the round's cards to the end of their hand, in
        # play order: all of the active suit, then the striking card.
        hand = self._hands[collector]
        by_suit = self._suits[collector]
        hand.update(trick)
        by_suit[suit].update(trick)
        hand[played] = move
        by_suit[played.suit][played] = move
        voids = self._voids
        voids[seat].add(suit)
        collector_voids = voids[collector]
        if collector_voids:  # it holds both suits again
            collector_voids.discard(suit)
            collector_voids.discard(played.suit)
        key = (seat, played, collector, len(trick) + 1)
        struck = _STRUCK.get(key)
        if struck is None:
            struck = _STRUCK[key] = Struck(*key)
        events.append(struck)
        emptied = self._emptied
        if emptied or not self._hands[seat]:
            if not self._hands[seat]:
                emptied.append(seat)
            if collector in emptied:  # played their last card, and now collected
                emptied.remove(collector)
            self._emptied = []
        self._trick = {}
        self._trick_seats = []
        self._settle(emptied, collector, events)

    def _finish_round(self, events: list[Event]) -> None:
        """Every seat of the round has played or timed out: no strike happened."""
        trick = self._trick
        seats_played = self._trick_seats
        emptied = self._emptied
        at = len(events)  # RoundWon goes here once the next leader is known
        if not trick:  # everybody timed out: whoever should have led leads again
            self._settle(emptied, self._order[0], events)
            events.insert(at, _event(RoundWon, None, None, 0, self._turn))
            return
        self._discard += trick
        winner = self._best_seat
        suit = self._suit
        assert suit is not None  # a card is down
        won_with = _SUIT_CARDS[suit][self._best_rank]
        leader = winner
        if emptied:
            if winner in emptied:
                # The winner just went out: the next-highest card of the active
                # suit still holding cards leads; if nobody of the round is left,
                # the next player in turn order after the winner does (_begin_round).
                hands = self._hands
                ranked = sorted(zip(trick, seats_played, strict=True), key=lambda p: -p[0].rank)
                for _, s in ranked:
                    if hands[s]:
                        events.append(LeadPassed(winner, s, LEAD_OUT))
                        leader = s
                        break
            self._emptied = []
        self._trick = {}
        self._trick_seats = []
        self._settle(emptied, leader, events)
        key = (winner, won_with, len(trick), self._turn)
        won = _ROUND_WON.get(key)
        if won is None:
            won = _ROUND_WON[key] = RoundWon(*key)
        events.insert(at, won)

    def _settle(self, emptied: list[int], leader: int, events: list[Event]) -> None:
        """Rank whoever emptied their hand this round; end the game or start the next round."""
        if emptied:
            ranks = self._ranks
            rank = 1 + self._n - self._holding  # ties share the rank
            for s in emptied:
                ranks[s] = rank
                self._in &= ~(1 << s)
                events.append(_event(WentOut, s, rank))
            self._holding -= len(emptied)
            if self._holding <= 1:
                self._end([s for s in range(self._n) if self._hands[s]], events)
                return
        round_no = self._round = self._round + 1
        if self._sit_next or not self._hands[leader]:
            self._begin_round(leader, events)
            return
        # The common case, inlined for speed: nobody sits out and the leader
        # still holds cards (_begin_round does the same, and the rest).
        self._sitting = _NOBODY
        order = self._order = _TURN_ORDERS[self._in][leader]
        self._left = len(order) - 1
        self._turn = leader
        self._suit = None
        self._best_rank = 0
        try:
            events.append(_ROUND_STARTED[round_no][leader])
        except IndexError:  # the first game to reach this round
            events.append(_round_started(round_no, leader))

    def _begin_round(self, leader: int, events: list[Event], *, announce: bool = True) -> None:
        """Seat the round: sit-outs sit, the lead passes on past anyone out or sitting."""
        n = self._n
        hands = self._hands
        sitting = _NOBODY
        if self._sit_next:
            sitting = frozenset(s for s in self._sit_next if hands[s])
            self._sit_next = set()
            if len(sitting) == self._holding:
                # Everybody left timed out last round: with nobody to play, nobody sits out.
                events.append(SitOutForgiven(tuple(sorted(sitting)), self._round))
                sitting = _NOBODY
        self._sitting = sitting
        start = leader
        while not hands[leader] or leader in sitting:
            leader = leader - 1 if leader else n - 1
        if leader != start:
            reason = LEAD_SITTING_OUT if hands[start] else LEAD_OUT
            events.append(LeadPassed(start, leader, reason))
        playing = self._in
        for s in sitting:
            playing &= ~(1 << s)
        order = self._order = _TURN_ORDERS[playing][leader]
        self._left = len(order) - 1
        self._turn = leader
        self._suit = None
        self._best_rank = 0
        self._best_seat = -1
        if announce:  # the first round is announced by the table itself
            if sitting:
                events.extend(SitsOut(s, self._round) for s in sorted(sitting))
            events.append(_round_started(self._round, leader))

    def _end(self, holding: list[int], events: list[Event]) -> None:
        self._over = True
        self._turn = None
        self._order = ()
        self._left = -1
        self._suit = None
        if holding:  # the last player holding cards is the Donkey
            self._loser = holding[0]
            self._ranks[self._loser] = self._n
        result = self.result()
        assert result is not None
        events.append(MatchOver(result))

    # ---- reading

    def result(self) -> Result | None:
        if not self._over:
            return None
        ranks = tuple(self._ranks)
        winners = tuple(s for s in range(self._n) if ranks[s] == 1)
        return Result(ranks, (0,) * self._n, winners, self._loser)

    def cards_in_play(self) -> list[Card]:
        out = [c for hand in self._hands for c in hand]
        out += self._trick
        out += self._discard
        return out

    def view(self, seat: int | None) -> DonkeyView:
        hand: tuple[Card, ...] = ()
        if seat is not None and 0 <= seat < self._n:
            hand = tuple(sorted(self._hands[seat], key=_BY_INDEX))
        return DonkeyView(
            seat=seat,
            hand=hand,
            hand_counts=tuple(map(len, self._hands)),
            turn=self._turn,
            actors=self.actors(),
            round_no=self._round,
            over=self._over,
            active_suit=self._suit,
            trick=tuple(zip(self._trick_seats, self._trick, strict=True)),
            leader=self._leader(),
            to_play=tuple(self._order[self._pos() :]),
            out_ranks=tuple(self._ranks),
            sitting_out=self._sitting,
            sit_out_next=frozenset(self._sit_next),
            discard_count=len(self._discard),
            discarded=tuple(self._discard),
            voids=tuple(map(frozenset, self._voids)),
            turn_seconds=self.rules.turn_seconds,
        )

    def _pos(self) -> int:
        """The index in ``_order`` of the seat to act (0 once the game is over)."""
        return len(self._order) - 1 - self._left if self._order else 0

    def _leader(self) -> int | None:
        """Who led this round (the first card's player), or leads it before any card."""
        if self._trick_seats:
            return self._trick_seats[0]
        return self._turn

    # ---- saving

    def to_state(self) -> JSON:
        return {
            "game": self.name,
            "version": self.state_version,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "seats": self._n,
            "first": self._first,
            "round": self._round,
            "hands": [codes(h) for h in self._hands],
            "discard": codes(self._discard),
            "trick": [[s, c.code] for s, c in zip(self._trick_seats, self._trick, strict=True)],
            "order": list(self._order),
            "pos": self._pos(),
            "active_suit": self._suit,
            "sitting_out": sorted(self._sitting),
            "sit_out_next": sorted(self._sit_next),
            "ranks": list(self._ranks),
            "voids": ["".join(sorted(v)) for v in self._voids],
            "over": self._over,
            "loser": self._loser,
        }

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> Self:
        cls.check_state_header(data)
        seats = int(data["seats"])
        hands = [_hand_of(from_codes(h)) for h in data["hands"]]
        game = cls(seats, DonkeyRules.from_dict(data["rules"]), int(data["seed"]), hands)
        game._first = int(data["first"])
        game._round = int(data["round"])
        game._discard = from_codes(data["discard"])
        game._trick_seats = [int(s) for s, _ in data["trick"]]
        game._trick = _hand_of(from_codes(c for _, c in data["trick"]))
        game._order = tuple(int(s) for s in data["order"])
        game._left = len(game._order) - 1 - int(data["pos"])
        game._suit = data["active_suit"]
        game._sitting = frozenset(int(s) for s in data["sitting_out"])
        game._sit_next = {int(s) for s in data["sit_out_next"]}
        game._ranks = list(data["ranks"])
        game._holding = sum(r is None for r in game._ranks)
        game._in = sum(1 << s for s in range(seats) if game._ranks[s] is None)
        game._emptied = [s for s in game._trick_seats if not hands[s]]
        game._voids = [set(v) for v in data["voids"]]
        game._over = bool(data["over"])
        game._loser = data["loser"]
        game._turn = None if game._over else game._order[game._pos()]
        for s, c in zip(game._trick_seats, game._trick, strict=True):
            if c.rank > game._best_rank:  # a trick holds only active-suit cards
                game._best_rank = c.rank
                game._best_seat = s
        return game
