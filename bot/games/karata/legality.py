"""Whether a move may be made now: ``check`` raises ``IllegalMove`` with the reason.

Each refusal is a code and its details as data (cards, suits, counts, seats); the
sentence a player reads is made in ``bot/ui/text/karata.py`` (the codes every game
shares in ``bot/ui/text/illegal.py``). After the kind of move, who may move is asked
as in every game (``check_opening``), then the game's own rules. ``fits`` is the
matching rule, shared with ``moves.legal_moves``: one definition of "this card
may go down first now".
"""

from __future__ import annotations

from bot.games.cards import ALL_CARDS, JACK, JOKER, Card
from bot.games.core.errors import IllegalMove
from bot.games.core.legality import check_opening
from bot.games.core.moves import Demand, Move, MoveKind
from bot.games.karata.rules import JACK_ASKS, SPECIAL_RANKS, StackAnswer
from bot.games.karata.state import KarataState, Phase

KINDS = frozenset({MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS, MoveKind.CALL, MoveKind.HIDE, MoveKind.CHALLENGE})
# A Kadi Moja call, and cheat mode's hides and challenges, may come at any time.
OUT_OF_TURN = frozenset({MoveKind.CALL, MoveKind.HIDE, MoveKind.CHALLENGE})


def fits(state: KarataState, card: Card) -> bool:
    """May ``card`` be the first card laid now?

    - on a pending draw stack only a 2 or a Joker (``same-kind``: only the top's kind);
    - on a Jack's demand: the suit asked for, any special card for a special demand,
      and always another Jack (a Jack meets a Jack's demand and makes its own);
    - otherwise suit or rank, a Jack or a Joker on anything, and on a Joker
      whose stack has been drawn, the Joker's colour.
    """
    rank = card.rank
    top = state.discard[-1]
    if state.pick_up:
        if rank not in (2, JOKER):
            return False
        return state.rules.stack_answer != StackAnswer.SAME_KIND or rank == top.rank
    if state.ask_suit is not None:
        return rank == JACK or card.suit == state.ask_suit
    if state.demand is not None:
        return rank == JACK or rank in SPECIAL_RANKS  # Demand.SPECIAL, the only demand
    if rank in (JACK, JOKER):
        return True
    if top.rank == JOKER:
        return card.colour == top.suit
    return rank == top.rank or card.suit == top.suit


_FITTING: dict[tuple[object, ...], frozenset[Card]] = {}


def fitting_now(state: KarataState) -> frozenset[Card]:
    """Every card of the deck that ``fits`` now, as one set (what a seat that draws
    instead of playing is taken not to hold). Remembered per situation: few exist."""
    key = (state.discard[-1], bool(state.pick_up), state.ask_suit, state.demand, state.rules.stack_answer)
    known = _FITTING.get(key)
    if known is None:
        known = _FITTING[key] = frozenset(c for c in ALL_CARDS if fits(state, c))
    return known


def is_bridge(cards: tuple[Card, ...]) -> bool:
    """A Jack followed by cards of another rank: the Jack carries them (no demand)."""
    return len(cards) > 1 and cards[0].rank == JACK and cards[1].rank != JACK


def check(state: KarataState, seat: int, move: Move) -> None:
    """Raise ``IllegalMove`` unless ``seat`` may make ``move`` now."""
    if move.kind not in KINDS:
        raise IllegalMove("not-a-karata-move", kind=move.kind)
    check_opening(state, seat, move, OUT_OF_TURN)
    if move.kind == MoveKind.CALL:
        _check_call(state, seat)
    elif move.kind == MoveKind.HIDE:
        _check_hide(state, seat, move)
    elif move.kind == MoveKind.CHALLENGE:
        _check_challenge(state, seat, move)
    elif move.kind == MoveKind.PLAY:
        _check_play(state, seat, move)
    elif move.kind == MoveKind.DRAW:
        _check_draw(state)
    else:
        _check_pass(state)


def _check_call(state: KarataState, seat: int) -> None:
    if seat in state.called:
        raise IllegalMove("kadi-moja-already-called")
    if not state.may_call(seat):
        raise IllegalMove("call-needs-one-card")


def _check_hide(state: KarataState, seat: int, move: Move) -> None:
    if not state.rules.cheat_mode:
        raise IllegalMove("hide-cheat-mode-off")
    if len(move.cards) != 1 or move.asking:
        raise IllegalMove("hide-one-card")
    if state.started:
        raise IllegalMove("hide-too-late")
    if state.hidden[seat] is not None or seat in state.no_hide:
        raise IllegalMove("hide-only-one")
    card = move.cards[0]
    if card not in state.hands[seat]:
        raise IllegalMove("card-not-held", card=card)


def _check_challenge(state: KarataState, seat: int, move: Move) -> None:
    if not state.rules.cheat_mode:
        raise IllegalMove("challenge-cheat-mode-off")
    target = move.target
    if move.cards or move.asking or target is None:
        raise IllegalMove("challenge-one-seat")
    if target == seat:
        raise IllegalMove("challenge-self")
    if not 0 <= target < state.seats or target in state.out:
        raise IllegalMove("target-not-playing", target=target)
    if (seat, target) in state.challenged:
        raise IllegalMove("challenged-already", target=target)


def _check_draw(state: KarataState) -> None:
    if state.phase == Phase.KEEP:
        raise IllegalMove("drew-play-or-keep")
    if state.phase == Phase.PLUG:
        raise IllegalMove("being-skipped")


def _check_pass(state: KarataState) -> None:
    if state.phase != Phase.TURN:
        return  # keep the drawn card, or take the skip
    if state.pick_up:
        raise IllegalMove("cannot-pass-stack", stack=state.pick_up)
    raise IllegalMove("nothing-to-pass")


def _check_play(state: KarataState, seat: int, move: Move) -> None:
    cards = move.cards
    hand = state.hands[seat]
    if not cards:
        raise IllegalMove("play-needs-cards")
    for i, card in enumerate(cards):
        if card not in hand:
            raise IllegalMove("card-not-held", card=card)
        if card in cards[:i]:
            raise IllegalMove("card-named-twice", card=card)
    first = cards[0]
    if state.phase == Phase.KEEP:
        drawn = state.drawn
        assert drawn is not None
        if cards != (drawn,):
            raise IllegalMove("play-the-drawn-card", drawn=drawn)
    elif state.phase == Phase.PLUG:
        if any(c.rank != 7 for c in cards):
            raise IllegalMove("plug-only-sevens")
        if move.asking:
            raise IllegalMove("only-a-jack-asks")
        return  # every 7 goes on the 7 that skips
    if is_bridge(cards):
        _check_bridge(state, move)
    else:
        for card in cards[1:]:
            if card.rank != first.rank:
                raise IllegalMove("ranks-not-shared", first=first, card=card)
        if first.rank == JACK:
            if (move.ask_suit, move.demand) not in JACK_ASKS:
                raise IllegalMove("jack-needs-ask")
        elif move.asking:
            raise IllegalMove("only-a-jack-asks")
    if not fits(state, first):
        raise _misfit(state, first)


def _check_bridge(state: KarataState, move: Move) -> None:
    cards = move.cards
    if not state.rules.jack_bridge:
        raise IllegalMove("bridge-off")
    for card in cards[2:]:
        if card.rank != cards[1].rank:
            raise IllegalMove("bridge-ranks-differ", first=cards[1], card=card)
    if move.asking:
        raise IllegalMove("bridge-asks")


def _misfit(state: KarataState, card: Card) -> IllegalMove:
    """Why ``card`` may not go down first now (``fits`` said no)."""
    top = state.discard[-1]
    if state.pick_up:
        if card.rank in (2, JOKER) and state.rules.stack_answer == StackAnswer.SAME_KIND:
            return IllegalMove("stack-same-kind", card=card, top=top)
        return IllegalMove("stack-pending", stack=state.pick_up)
    if state.demand == Demand.SPECIAL:
        return IllegalMove("demand-special", card=card)
    if state.ask_suit is not None:
        return IllegalMove("demand-suit", card=card, suit=state.ask_suit)
    if top.rank == JOKER:
        return IllegalMove("joker-colour", card=card, top=top)
    return IllegalMove("top-not-matched", card=card, top=top)
