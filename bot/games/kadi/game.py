"""The Kadi (Kenyan Poker) engine: a match of one or more rounds.

Rules: ../shared/seeds/000_350564ffa933c691.txt and ../shared/rules-decisions.md;
players' page docs/rules/kadi.md; state format docs/engine/kadi.md. Legality
lives in ``moves.py``; this module holds the state and carries moves out.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Self

from bot.games.cards import JACK, JOKER, Card, card, codes, deck52, deck54, from_codes, hand_points
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
    RoundOver,
    RoundStarted,
    Skipped,
)
from bot.games.core.game import Game
from bot.games.core.moves import DRAW_MOVE, PASS_MOVE, Demand, Move, MoveKind
from bot.games.core.results import Result, rank_by_points
from bot.games.core.rules import Rules
from bot.games.core.shuffle import seeded_random, shuffled
from bot.games.core.state_json import JSON
from bot.games.kadi.moves import (
    ACES,
    BOMBS,
    DRAW_PLAN,
    JACKS,
    KINGS,
    QUESTIONS,
    Plan,
    generate,
    plan_of_listed,
    validate,
)
from bot.games.kadi.rules import (
    ANTICLOCKWISE,
    BOMB_SIZE,
    NEVER_IN_A_WINNING_HAND,
    NUMBER_RANKS,
    KadiRules,
    is_winning_hand,
)
from bot.games.kadi.view import (
    BombBlocked,
    CallCancelled,
    JumpDropped,
    KadiView,
    PlayAgain,
    RequestCancelled,
    WentCardless,
)


class KadiGame(Game):
    """A Kadi match. Public fields are read by ``moves.py``, the view and tests;
    only ``apply`` changes them."""

    name = "kadi"
    rules_type = KadiRules
    min_seats = 2
    max_seats = 5
    state_version = 1

    rules: KadiRules

    def __init__(self, seats: int, rules: KadiRules, seed: int) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Kadi is for 2 to 5 players, not {seats}")
        self._seats = seats
        self.rules = rules
        self._rules_dict = rules.to_dict()  # asdict is slow and to_state runs often
        self.seed = seed
        self.round_no = 0
        self.round_results: list[Result] = []
        self.round_wins = [0] * seats
        self.match_result: Result | None = None
        # The round in play.
        self.hands: list[list[Card]] = [[] for _ in range(seats)]
        self.draw: list[Card] = []  # the top of the draw pile is the end
        self.discard: list[Card] = []  # the top card is the end
        self.reshuffles = 0
        self._turn: int | None = None
        self.clockwise = True
        self.base: Card = card("4S")  # the card the next play matches (see moves.py)
        self.ask_suit: str | None = None
        self.demand: Card | None = None
        self.bomb = 0
        self.bomb_kind: int | None = None
        self.skips = 0
        self.jack_layers: list[int] = []
        self.called = [False] * seats
        self.call_window: int | None = None
        self.cardless = [0] * seats  # cards owed to draw back in; 0 = holds cards
        self.listed: tuple[int, list[Move]] | None = None  # the last legal_moves answer

    # ------------------------------------------------------------ creating

    @classmethod
    def new(cls, seats: int, rules: Rules | None = None, seed: int | None = None) -> Self:
        if rules is not None and not isinstance(rules, KadiRules):
            raise TypeError("Kadi needs KadiRules")
        game = cls(seats, rules or KadiRules(), cls.fresh_seed() if seed is None else seed)
        first = seeded_random(game.seed, "r1-first").randrange(seats)
        game._start_round(first, clockwise=True)
        return game

    def _start_round(self, first: int, clockwise: bool) -> list[Event]:
        self.round_no += 1
        n, deal = self._seats, self.rules.deal
        deck = deck52() if self.rules.no_jokers else deck54()
        order = shuffled(deck, self.seed, f"r{self.round_no}-deal")
        self.hands = [order[i * deal : (i + 1) * deal] for i in range(n)]
        self.draw = order[n * deal :]
        self.discard = []
        # Turn cards until a plain number card: the others lie under it.
        while True:
            turned = self.draw.pop()
            self.discard.append(turned)
            if turned.rank in NUMBER_RANKS:
                break
        self.reshuffles = 0
        self._turn = first
        self.clockwise = clockwise
        self.base = self.discard[-1]
        self.ask_suit = None
        self.demand = None
        self.bomb = 0
        self.bomb_kind = None
        self.skips = 0
        self.jack_layers = []
        self.called = [False] * n
        self.call_window = None
        self.cardless = [0] * n
        return [RoundStarted(self.round_no, first, self.discard[-1])]

    # ------------------------------------------------------------ who acts

    @property
    def seats(self) -> int:
        return self._seats

    @property
    def turn(self) -> int | None:
        return self._turn

    @property
    def is_over(self) -> bool:
        return self.match_result is not None

    def actors(self) -> frozenset[int]:
        turn = self._turn
        if turn is None or self.match_result is not None:
            return _NOBODY
        window = self.call_window
        if window is not None and window != turn and self._may_call(window):
            return frozenset((turn, window))
        return _ALONE[turn]

    def _may_call(self, seat: int) -> bool:
        return not self.called[seat] and is_winning_hand(
            self.hands[seat], self._seats - 1, self.rules.ace_finish
        )

    def step(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play."""
        return (seat + (1 if self.clockwise else -1)) % self._seats

    # ------------------------------------------------------------ moves

    def legal_moves(self, seat: int) -> list[Move]:
        moves = generate(self, seat)
        # Remembered until the next apply: applying one of these very objects needs
        # no second full check (validate's fast path).
        self.listed = (seat, moves)
        return moves

    def check(self, seat: int, move: Move) -> None:
        validate(self, seat, move)

    def apply(self, seat: int, move: Move) -> list[Event]:
        listed = self.listed
        # validate's fast path, inlined: the common case is a move just listed.
        if listed is not None and listed[0] == seat and id(move) in map(id, listed[1]):
            self.listed = None
            if move is DRAW_MOVE and not self.bomb and not self.cardless[seat] and self.draw:
                return self._draw_one(seat)  # most moves of a long round
            cards = move.cards
            if len(cards) == 1 and cards[0].rank in NUMBER_RANKS and not self.skips:
                hand = self.hands[seat]
                if len(hand) > 1:
                    return self._play_number(seat, hand, move)  # most plays
            # Just listed, so legal: a draw needs no look, a play only its plan.
            plan = DRAW_PLAN if move is DRAW_MOVE else plan_of_listed(self, seat, move)
        else:
            plan = validate(self, seat, move)  # raises before anything changes
            self.listed = None
        events: list[Event] = []
        if plan.kind == MoveKind.CALL:
            self.called[seat] = True
            self.call_window = None
            events.append(Called(seat))
            return events
        self.call_window = None  # the next player moved: the chance to call is gone
        if plan.kind == MoveKind.DRAW:
            self._draw(seat, events)
        elif plan.kind == MoveKind.PASS:
            events.append(_SKIPPED[seat])
            self.skips -= 1
            self._pass_turn(seat, events)
        elif self._play(seat, move, plan, events):
            return events
        hand = self.hands[seat]
        # The set test rejects almost every hand before a call: this runs after every move.
        if NEVER_IN_A_WINNING_HAND.isdisjoint(hand):
            self._open_window(seat, hand)
        return events

    def _open_window(self, seat: int, hand: list[Card]) -> None:
        """A winning hand at the end of a turn opens the call window, until the next move."""
        if not self.called[seat] and is_winning_hand(hand, self._seats - 1, self.rules.ace_finish):
            self.call_window = seat

    def _draw_one(self, seat: int) -> list[Event]:
        """``_draw`` of a plain draw from a draw pile that has a card: a quarter of
        all moves, so carried out in one go. No bomb, no skip (a skipped player
        passes), not cardless."""
        self.call_window = None
        self.bomb_kind = None
        hand = self.hands[seat]
        hand.append(self.draw.pop())
        events: list[Event] = [_DREW_ONE[seat]]
        called = self.called
        if called[seat]:
            called[seat] = False
            events.append(CallCancelled(seat))
        self._end_plain_turn(seat, hand)
        return events

    def _play_number(self, seat: int, hand: list[Card], move: Move) -> list[Event]:
        """``_play`` of one number card that leaves cards in the hand (so no finish):
        it only becomes the card to match."""
        self.call_window = None
        c = move.cards[0]
        hand.remove(c)
        self.discard.append(c)
        events: list[Event] = [_played(seat, move.cards, None, None)]
        self.ask_suit = None
        self.demand = None
        self.base = c
        self._end_plain_turn(seat, hand)
        return events

    def _end_plain_turn(self, seat: int, hand: list[Card]) -> None:
        """``_pass_turn`` with no jump pending, then the call-window check."""
        if self.jack_layers:
            self.jack_layers = []
        self._turn = (seat + 1 if self.clockwise else seat - 1) % self._seats
        if NEVER_IN_A_WINNING_HAND.isdisjoint(hand):
            self._open_window(seat, hand)

    def _draw(self, seat: int, events: list[Event]) -> None:
        owed = self.cardless[seat]
        if owed:
            # Back into the round; a pending bomb is picked up with it (docs/rules/kadi.md).
            self.cardless[seat] = 0
            count = owed - 1 + max(self.bomb, 1)
            reason = DrawReason.CARDLESS
        elif self.bomb:
            count, reason = self.bomb, DrawReason.BOMB
        else:
            count, reason = 1, DrawReason.DRAW
        self.bomb = 0
        self.bomb_kind = None
        self._take(seat, count, reason, events)
        if not self.hands[seat]:
            self.cardless[seat] = 1  # nothing left to draw: still out, try again next turn
        self._pass_turn(seat, events)

    def _take(self, seat: int, count: int, reason: DrawReason, events: list[Event]) -> None:
        """``seat`` picks up ``count`` cards, reshuffling when the draw pile runs out."""
        hand, got = self.hands[seat], 0
        # An empty draw pile and nothing under the card to match (every other card is
        # in a hand, common in long rounds) leave nothing to take: no reshuffle to try.
        if self.draw or (len(self.discard) > 1 and self.discard[0] is not self.base):
            for _ in range(count):
                if not self.draw and not self._reshuffle(events):
                    break
                hand.append(self.draw.pop())
                got += 1
        if got:
            events.append(_drew(seat, got, reason))
        if got < count:
            events.append(_forgiven(seat, count - got))
        if self.called[seat]:
            self.called[seat] = False
            events.append(CallCancelled(seat))

    def _keep_from(self) -> int:
        """Where the part of the discard pile a reshuffle keeps begins: the top card,
        or the card the next play matches with the Aces laid on it."""
        top = len(self.discard) - 1
        if self.base is self.discard[top]:
            return top
        for i in range(top - 1, -1, -1):
            if self.discard[i] is self.base:
                return i
        return top

    def _reshuffle(self, events: list[Event]) -> bool:
        keep_from = self._keep_from()
        pile = self.discard[:keep_from]
        if not pile:
            return False
        self.reshuffles += 1
        self.discard = self.discard[keep_from:]
        self.draw = shuffled(pile, self.seed, f"r{self.round_no}-reshuffle-{self.reshuffles}") + self.draw
        events.append(Reshuffled(len(pile)))
        return True

    def _pass_turn(self, seat: int, events: list[Event]) -> None:
        """Hand the turn on from ``seat``, serving a pending jump: players with no
        Jack are skipped straight away; one that holds a Jack gets the turn to
        decide; a skip landing on a player who laid a Jack in it is dropped."""
        step = 1 if self.clockwise else -1
        nxt = (seat + step) % self._seats
        while self.skips:
            if nxt in self.jack_layers:
                events.append(JumpDropped(nxt))
                self.skips = 0
                break
            if any(c.rank == JACK for c in self.hands[nxt]):
                break
            events.append(_SKIPPED[nxt])
            self.skips -= 1
            nxt = (nxt + step) % self._seats
        if not self.skips and self.jack_layers:
            self.jack_layers = []
        self._turn = nxt

    def _play(self, seat: int, move: Move, plan: Plan, events: list[Event]) -> bool:
        """Lay the cards; True when the round (and maybe the match) ended."""
        cards = move.cards
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.discard.extend(cards)
        events.append(_played(seat, cards, move.ask_suit, move.demand))
        if plan.finish:
            self._finish_round(seat, events)
            return True
        group, last = plan.group, cards[-1]
        if group == ACES:
            self._play_aces(seat, move, events)
        else:
            self.ask_suit = None
            self.demand = None
            self.base = last
        if group == QUESTIONS and not plan.answers:
            self._take(seat, 1, DrawReason.QUESTION, events)
        if not hand:
            owes = 1 + (self.rules.forgotten_call_costs_a_card and not self.called[seat])
            self.cardless[seat] = owes
            self.called[seat] = False
            events.append(WentCardless(seat, owes))
        if group == BOMBS:
            self._lay_bombs(cards)
        elif group == JACKS:
            self.skips += len(cards)
            if seat not in self.jack_layers:
                self.jack_layers.append(seat)
        elif group == KINGS:
            if self._seats == 2:
                events.append(PlayAgain(seat))
                self._turn = seat
                return False
            for _ in cards:
                self.clockwise = not self.clockwise
                events.append(_REVERSED[self.clockwise])
        self._pass_turn(seat, events)
        return False

    def _lay_bombs(self, cards: tuple[Card, ...]) -> None:
        size = BOMB_SIZE[cards[-1].rank]
        if self.rules.punishment_accumulates:
            self.bomb += sum(BOMB_SIZE[c.rank] for c in cards)
        else:
            self.bomb = size  # counters pass the bomb on top's size; several count once
        self.bomb_kind = cards[-1].rank

    def _play_aces(self, seat: int, move: Move, events: list[Event]) -> None:
        if self.bomb:
            self.bomb = 0
            self.bomb_kind = None
            self.base = move.cards[-1]
            self.ask_suit = self.demand = None
            events.append(BombBlocked(seat))
        elif not move.asking:
            if self.demand is not None and self.demand.rank != JOKER:
                self.ask_suit = self.demand.suit
                self.demand = None
                events.append(RequestCancelled(seat, self.ask_suit))
            elif self.demand is not None:
                # A Joker has no suit to keep: the demand goes (docs/rules/kadi.md).
                self.demand = None
                events.append(RequestCancelled(seat))
            else:
                self.ask_suit = None
                events.append(RequestCancelled(seat))
        elif isinstance(move.demand, Card):
            self.demand = move.demand
            self.ask_suit = None
        else:
            self.ask_suit = move.ask_suit
            self.demand = None

    def _finish_round(self, winner: int, events: list[Event]) -> None:
        points = [hand_points(h) for h in self.hands]
        ranks = rank_by_points(points, winner, range(self._seats))
        result = Result(tuple(ranks), tuple(points), (winner,))
        self.round_results.append(result)
        self.round_wins[winner] += 1
        self.call_window = None
        events.append(RoundOver(self.round_no, result))
        if self.round_no >= self.rules.rounds:
            self.match_result = self._match_result()
            self._turn = None
            events.append(MatchOver(self.match_result))
            return
        events.extend(self._start_round(winner, self.rules.later_direction != ANTICLOCKWISE))

    def _match_result(self) -> Result:
        """Most round wins ranks first; equal wins: fewer penalty points over the
        match; equal both: a shared rank."""
        totals = [sum(r.points[s] for r in self.round_results) for s in range(self._seats)]
        key = [(-self.round_wins[s], totals[s]) for s in range(self._seats)]
        order = sorted(range(self._seats), key=lambda s: key[s])
        ranks: list[int | None] = [None] * self._seats
        for position, s in enumerate(order):
            previous = order[position - 1] if position else None
            ranks[s] = ranks[previous] if previous is not None and key[previous] == key[s] else position + 1
        winners = tuple(s for s in range(self._seats) if ranks[s] == 1)
        return Result(tuple(ranks), tuple(totals), winners)

    def timeout_move(self) -> tuple[int, Move] | None:
        if self.is_over or self._turn is None:
            return None
        if self.skips and not self.cardless[self._turn]:
            return self._turn, PASS_MOVE
        return self._turn, DRAW_MOVE

    # ------------------------------------------------------------ reading

    def skip_targets(self) -> tuple[int, ...]:
        """The seats the pending jump would skip if nobody passed it on."""
        out: list[int] = []
        if not self.skips or self._turn is None:
            return ()
        nxt, left = self._turn, self.skips
        while left and nxt not in self.jack_layers:
            out.append(nxt)
            left -= 1
            nxt = self.step(nxt)
        return tuple(out)

    def view(self, seat: int | None) -> KadiView:
        n = self._seats
        hand = tuple(self.hands[seat]) if seat is not None and 0 <= seat < n else ()
        top = self.discard[-1]
        window = self.call_window
        actors = self.actors()  # already leaves out a window seat that may not call
        cardless, called = self.cardless, self.called
        return KadiView(
            seat=seat,
            hand=hand,
            hand_counts=tuple([len(h) for h in self.hands]),
            turn=self._turn,
            actors=actors,
            round_no=self.round_no,
            over=self.match_result is not None,
            top=top,
            base=None if self.base is top else self.base,
            ask_suit=self.ask_suit,
            demand=self.demand,
            bomb=self.bomb,
            bomb_kind=self.bomb_kind if self.bomb else None,
            skips=self.skips,
            skip_targets=self.skip_targets() if self.skips else (),
            jack_layers=tuple(self.jack_layers),
            clockwise=self.clockwise,
            cardless=tuple([s for s in range(n) if cardless[s]]) if any(cardless) else (),
            called=tuple([s for s in range(n) if called[s]]) if any(called) else (),
            call_window=window if window is not None and self._may_call(window) else None,
            rounds=self.rules.rounds,
            round_wins=tuple(self.round_wins),
            discard_size=len(self.discard),
            draw_size=len(self.draw),
            pickable=len(self.draw) + self._keep_from(),
            rules=self.rules,
            seats=n,
        )

    def result(self) -> Result | None:
        return self.match_result

    def cards_in_play(self) -> list[Card]:
        out = list(self.draw) + list(self.discard)
        for h in self.hands:
            out.extend(h)
        return out

    # ------------------------------------------------------------ saving

    def to_state(self) -> JSON:
        return {
            "game": self.name,
            "version": self.state_version,
            "seed": self.seed,
            "rules": dict(self._rules_dict),
            "seats": self._seats,
            "round_no": self.round_no,
            "round_wins": list(self.round_wins),
            "round_results": [r.to_dict() for r in self.round_results],
            "match_result": None if self.match_result is None else self.match_result.to_dict(),
            "hands": [codes(h) for h in self.hands],
            "draw": codes(self.draw),
            "discard": codes(self.discard),
            "reshuffles": self.reshuffles,
            "turn": self._turn,
            "clockwise": self.clockwise,
            "base": self.base.code,
            "ask_suit": self.ask_suit,
            "demand": None if self.demand is None else self.demand.code,
            "bomb": self.bomb,
            "bomb_kind": self.bomb_kind,
            "skips": self.skips,
            "jack_layers": list(self.jack_layers),
            "called": list(self.called),
            "call_window": self.call_window,
            "cardless": list(self.cardless),
        }

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> Self:
        cls.check_state_header(data)
        game = cls(int(data["seats"]), KadiRules.from_dict(data["rules"]), int(data["seed"]))
        game.round_no = int(data["round_no"])
        game.round_wins = [int(w) for w in data["round_wins"]]
        game.round_results = [Result.from_dict(r) for r in data["round_results"]]
        match = data.get("match_result")
        game.match_result = None if match is None else Result.from_dict(match)
        game.hands = [from_codes(h) for h in data["hands"]]
        game.draw = from_codes(data["draw"])
        game.discard = from_codes(data["discard"])
        game.reshuffles = int(data["reshuffles"])
        game._turn = data["turn"]
        game.clockwise = bool(data["clockwise"])
        game.base = card(data["base"])
        game.ask_suit = data["ask_suit"]
        game.demand = None if data["demand"] is None else card(data["demand"])
        game.bomb = int(data["bomb"])
        game.bomb_kind = data["bomb_kind"]
        game.skips = int(data["skips"])
        game.jack_layers = [int(s) for s in data["jack_layers"]]
        game.called = [bool(c) for c in data["called"]]
        game.call_window = data["call_window"]
        game.cardless = [int(c) for c in data["cardless"]]
        return game


# Events are shareable values (docs/engine.md), and building a frozen record costs
# more than most of a move: the common ones are built once and handed out again.
_NOBODY: frozenset[int] = frozenset()
_ALONE = tuple(frozenset((seat,)) for seat in range(KadiGame.max_seats))
_SKIPPED = tuple(Skipped(seat) for seat in range(KadiGame.max_seats))
_REVERSED = {clockwise: Reversed(clockwise) for clockwise in (True, False)}


@functools.lru_cache(maxsize=16_384)
def _played(seat: int, cards: tuple[Card, ...], ask_suit: str | None, demand: Card | Demand | None) -> Played:
    return Played(seat, cards, ask_suit, demand)


_DREW_ONE = tuple(Drew(seat, 1, DrawReason.DRAW) for seat in range(KadiGame.max_seats))


@functools.lru_cache(maxsize=1024)
def _drew(seat: int, count: int, reason: DrawReason) -> Drew:
    return Drew(seat, count, reason)


@functools.lru_cache(maxsize=1024)
def _forgiven(seat: int, count: int) -> Forgiven:
    return Forgiven(seat, count)
