"""Whether a Kadi move may be made now, and if not, why: ``check(state, seat, move)``.

``check`` raises ``IllegalMove(code, **details)``; the sentence a player reads is
made from the code and its details in ``bot/ui/text/kadi.py`` (the codes every game
shares in ``bot/ui/text/illegal.py``). The checks run in the order a player needs
them: the kind of move, who may move (``check_opening``, as in every game), the
cards named, then the rules of the play (docs/rules/kadi.md). ``can_start`` is the one place
that says which card may start a play (``why_not_first`` says why one may not);
``moves.py`` lists the legal moves with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import ACE, ALL_CARDS, JACK, JOKER, SUITS, Card, card
from bot.games.core.errors import IllegalMove
from bot.games.core.legality import check_opening
from bot.games.core.moves import Move, MoveKind
from bot.games.kadi.rules import (
    BOMB_SIZE,
    NUMBER_RANKS,
    QUESTION_RANKS,
    PlayKind,
    is_winning_set,
    play_kind,
)
from bot.games.kadi.state import KadiState, can_win, holds_winning_hand, opponents

ACE_OF_SPADES = card("AS")
KINDS = frozenset({MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS, MoveKind.CALL})
OUT_OF_TURN = frozenset({MoveKind.CALL})  # Niko Kadi is called in the window after one's turn


def check(state: KadiState, seat: int, move: Move) -> None:
    """Raise ``IllegalMove`` if ``seat`` may not make ``move`` now."""
    kind = move.kind
    if kind not in KINDS:
        raise IllegalMove("not-a-kadi-move", kind=kind)
    check_opening(state, seat, move, OUT_OF_TURN)
    if kind == MoveKind.CALL:
        _check_call(state, seat)
        return
    if state.owes[seat]:
        if kind == MoveKind.DRAW:
            return  # the draw back in
        raise IllegalMove("cardless-must-draw")
    if kind == MoveKind.DRAW:
        if state.skips:
            raise IllegalMove("skipped-cannot-draw")
        return  # drawing is always allowed
    if kind == MoveKind.PASS:
        if not state.skips:
            raise IllegalMove("no-skip-to-take")
        return
    _check_play(state, seat, move)


def is_finish(state: KadiState, seat: int, cards: Sequence[Card]) -> bool:
    """Whether the legal play of ``cards`` by ``seat`` wins the round: the whole hand,
    a winning shape, after a call, with nobody else cardless."""
    if state.skips:
        return False  # Jacks passing a jump on
    empties = len(cards) == len(state.hands[seat])
    kind = play_kind(cards)
    if kind == PlayKind.CHAIN:
        return True  # only legal as a finish
    if kind == PlayKind.ACES:
        return empties and state.rules.ace_finish and can_win(state, seat)
    if kind == PlayKind.QUESTIONS:
        answered = any(c.rank in NUMBER_RANKS for c in cards)
        return answered and empties and can_win(state, seat)
    if kind == PlayKind.NUMBERS:
        return empties and can_win(state, seat)
    return False


# ----------------------------------------------------------------- calls


def _check_call(state: KadiState, seat: int) -> None:
    if state.called[seat]:
        raise IllegalMove("already-called")
    if not holds_winning_hand(state, seat):
        raise IllegalMove("call-needs-winning-hand")
    if state.call_window != seat:
        raise IllegalMove("call-window-closed")


# ----------------------------------------------------------------- plays


def _check_play(state: KadiState, seat: int, move: Move) -> None:
    cards = move.cards
    if not cards:
        raise IllegalMove("play-needs-cards")
    hand = state.hands[seat]
    seen: set[Card] = set()
    for c in cards:
        if not isinstance(c, Card):
            raise IllegalMove("not-a-card-value")
        if c in seen:
            raise IllegalMove("card-named-twice", card=c)
        seen.add(c)
        if c not in hand:
            raise IllegalMove("card-not-held", card=c)
    first = cards[0]
    if state.skips:
        if any(c.rank != JACK for c in cards):
            raise IllegalMove("skipped-jacks-only")
        _no_ask(move)
        return
    if first.rank == ACE:
        _check_aces(state, seat, move)
        return
    if first.rank in QUESTION_RANKS:
        _check_questions(state, move)
        return
    if first.rank == JACK and any(c.rank != JACK for c in cards):
        _check_chain(state, seat, move)
        return
    for c in cards[1:]:
        if c.rank != first.rank:
            raise IllegalMove("ranks-differ", first=first, card=c)
    _no_ask(move)
    _check_first_card(state, first)


def _no_ask(move: Move) -> None:
    if move.asking:
        raise IllegalMove("ask-without-ace")


def _check_first_card(state: KadiState, c: Card) -> None:
    if not can_start(state, c):
        raise why_not_first(state, c)


def can_start(state: KadiState, c: Card) -> bool:
    """Whether ``c`` may start a play now, given the bomb, the request or the card to
    match. Not for a player being skipped (only Jacks, checked before)."""
    if state.pick_up:
        # Counter with the same kind (any bomb under *Bombs answer bombs*), or block with an Ace.
        if c.rank == ACE or c.rank == state.bomb_kind:
            return True
        return c.rank in BOMB_SIZE and state.rules.bombs_answer_bombs
    if c.rank == ACE:
        return True  # Aces go on anything
    if state.demand is not None:
        return c is state.demand
    if state.ask_suit is not None:
        return c.rank != JOKER and c.suit == state.ask_suit
    base = state.base
    if base.rank == JOKER:
        # A Joker whose bomb was picked up: match its colour, or lay a Joker.
        return c.rank == JOKER or c.colour == base.suit
    return c.rank == JOKER or c.suit == base.suit or c.rank == base.rank


_STARTABLE: dict[tuple[object, ...], frozenset[Card]] = {}


def startable(state: KadiState) -> frozenset[Card]:
    """Every card of the deck that ``can_start`` a play now, as one set (what a seat
    that draws instead of playing is taken not to hold). Remembered per situation:
    few exist."""
    key = (state.base, state.ask_suit, state.demand, state.bomb_kind if state.pick_up else None,
           state.rules.bombs_answer_bombs)
    known = _STARTABLE.get(key)
    if known is None:
        known = _STARTABLE[key] = frozenset(c for c in ALL_CARDS if can_start(state, c))
    return known


def answers_to(suit: str) -> frozenset[Card]:
    """The number cards that may answer a question of ``suit`` first."""
    return _ANSWERS[suit]


_ANSWERS = {suit: frozenset(c for c in ALL_CARDS if c.rank in NUMBER_RANKS and c.suit == suit) for suit in SUITS}


def why_not_first(state: KadiState, c: Card) -> IllegalMove:
    """The reason a card that ``can_start`` refuses may not start a play: what it
    failed to meet (the bomb, the demand, the suit asked, the card to match)."""
    if state.pick_up:
        if c.rank in QUESTION_RANKS:
            return IllegalMove("question-on-bomb")
        assert state.bomb_kind is not None
        return IllegalMove(
            "bomb-not-countered",
            card=c,
            bomb=state.pick_up,
            bomb_kind=state.bomb_kind,
            any_bomb=state.rules.bombs_answer_bombs,
        )
    if state.demand is not None:
        return IllegalMove("not-the-demanded-card", card=c, demand=state.demand)
    if state.ask_suit is not None:
        if c.rank == JOKER:
            return IllegalMove("joker-on-suit-request", card=c, suit=state.ask_suit)
        return IllegalMove("not-the-asked-suit", card=c, suit=state.ask_suit)
    if state.base.rank == JOKER:
        return IllegalMove("not-the-joker-colour", card=c, joker=state.base)
    return IllegalMove("no-match", card=c, base=state.base)


def _check_aces(state: KadiState, seat: int, move: Move) -> None:
    cards = move.cards
    for c in cards[1:]:
        if c.rank != ACE:
            raise IllegalMove("aces-only", first=cards[0], card=c)
    finish = len(cards) == len(state.hands[seat]) and state.rules.ace_finish and can_win(state, seat)
    if move.asking:
        _check_ask(state, move)
    if state.pick_up:
        if move.asking and not finish:
            raise IllegalMove("ask-on-bomb")
        return  # the Aces block the bomb
    if finish:
        return
    request = state.ask_suit is not None or state.demand is not None
    if not move.asking:
        if request:
            return  # cancelling a suit request, or taking the number off a demand
        raise IllegalMove("ace-needs-ask")
    if isinstance(move.demand, Card):
        if ACE_OF_SPADES not in cards and len(cards) < 2:
            raise IllegalMove("demand-needs-spades-or-two")
    elif request and ACE_OF_SPADES not in cards:
        raise IllegalMove("ask-needs-spades", on_demand=state.demand is not None)


def _check_ask(state: KadiState, move: Move) -> None:
    """What Aces ask for: a suit, or a card that can be demanded."""
    demand = move.demand
    if isinstance(demand, Card):
        if demand.rank == ACE:
            raise IllegalMove("ace-demanded", card=demand)
        if demand.rank == JOKER and state.rules.no_jokers:
            raise IllegalMove("no-jokers", card=demand)
        if demand is state.base:
            # The card the Aces are laid on: a reshuffle keeps it under them, so nobody
            # could ever play it. Any card deeper in the pile comes back with a reshuffle.
            raise IllegalMove("demand-under-aces", card=demand)
        return
    if move.ask_suit not in SUITS:  # also Karata's ``ask special``, which Kadi has not
        raise IllegalMove("not-a-kadi-ask")


def _check_questions(state: KadiState, move: Move) -> None:
    cards = move.cards
    _no_ask(move)
    count = 0
    while count < len(cards) and cards[count].rank in QUESTION_RANKS:
        count += 1
    answers = cards[count:]
    _check_first_card(state, cards[0])
    if not answers:
        return  # unanswered: its player draws one
    last_question, first_answer = cards[count - 1], answers[0]
    for c in answers:
        if c.rank in QUESTION_RANKS:
            raise IllegalMove("question-after-answer", card=c)
        if c.rank not in NUMBER_RANKS:
            raise IllegalMove("not-an-answer", card=c)
        if c.rank != first_answer.rank:
            raise IllegalMove("answers-differ", first=first_answer, card=c)
    if first_answer.suit != last_question.suit:
        raise IllegalMove("wrong-answer-suit", answer=first_answer, question=last_question)


def _check_chain(state: KadiState, seat: int, move: Move) -> None:
    """Jacks, then a winning set, as a finish (rules-decisions, "A Jack chain finish")."""
    cards = move.cards
    _no_ask(move)
    jacks = 0
    while cards[jacks].rank == JACK:
        jacks += 1
    rest = cards[jacks:]
    if any(c.rank == JACK for c in rest):
        raise IllegalMove("chain-jacks-first")
    if len(cards) != len(state.hands[seat]):
        raise IllegalMove("jack-with-others", first=cards[0], card=rest[0])
    if not state.called[seat]:
        raise IllegalMove("chain-needs-call")
    for other, owes in enumerate(state.owes):
        if owes and other != seat:
            raise IllegalMove("chain-while-cardless", seat=other)
    if jacks != opponents(state):
        raise IllegalMove("chain-jack-count", opponents=opponents(state))
    if not is_winning_set(rest):
        raise IllegalMove("chain-needs-winning-set")
    last_jack, set_first = cards[jacks - 1], rest[0]
    if set_first.suit != last_jack.suit:
        raise IllegalMove("chain-suit", card=set_first, jack=last_jack)
    _check_first_card(state, cards[0])
    questions = 0
    while questions < len(rest) and rest[questions].rank in QUESTION_RANKS:
        questions += 1
    if questions:
        answers = rest[questions:]
        if any(c.rank in QUESTION_RANKS for c in answers):
            raise IllegalMove("chain-questions-first")
        if answers[0].suit != rest[questions - 1].suit:
            raise IllegalMove("wrong-answer-suit", answer=answers[0], question=rest[questions - 1])
