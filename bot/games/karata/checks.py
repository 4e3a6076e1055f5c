"""Whether a move may be made now, with a one-sentence reason when not.

``validate`` is the whole check behind ``KarataGame.check`` and ``apply``
(which validates before it changes anything).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.cards import JACK, JOKER, SUIT_SYMBOLS, Card
from bot.games.core.errors import IllegalMove
from bot.games.core.moves import Demand, Move, MoveKind
from bot.games.karata.moves import JACK_ASKS
from bot.games.karata.rules import KEEP, PLUG, STACK_SAME_KIND, TURN

if TYPE_CHECKING:
    from bot.games.karata.engine import KarataGame


def _name(card: Card) -> str:
    return card.symbol


def _rank_word(rank: int) -> str:
    return {2: "2", 7: "7", 8: "8", JACK: "Jack", JOKER: "Joker"}.get(rank, str(rank))


def validate(game: KarataGame, seat: int, move: Move) -> bool:
    """Raise ``IllegalMove`` unless ``seat`` may make ``move``; for a play,
    return whether it is a Jack bridge."""
    if game.over:
        raise IllegalMove.legacy("The match is over.")
    if not isinstance(seat, int) or not 0 <= seat < game._seats:
        raise IllegalMove.legacy(f"Seat {seat} is not at this table.")
    if game.out[seat]:
        raise IllegalMove.legacy("You are out of this match.")
    kind = move.kind
    if kind == MoveKind.CALL:
        _validate_call(game, seat, move)
        return False
    if kind == MoveKind.HIDE:
        _validate_hide(game, seat, move)
        return False
    if kind == MoveKind.CHALLENGE:
        _validate_challenge(game, seat, move)
        return False
    if kind not in (MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS):
        raise IllegalMove.legacy(f"`{kind}` is not a Karata move: play, draw, pass or call.")
    if seat != game._turn:
        raise IllegalMove.legacy(f"It is not your turn: seat {game._turn} is to play.")
    if move.target is not None:
        raise IllegalMove.legacy(f"`{kind}` names no seat.")
    if kind == MoveKind.PLAY:
        return _validate_play(game, seat, move)
    if move.cards or move.asking:
        raise IllegalMove.legacy(f"`{kind}` takes no cards.")
    if kind == MoveKind.DRAW:
        if game.phase == KEEP:
            raise IllegalMove.legacy("You have just drawn: play that card or pass to keep it.")
        if game.phase == PLUG:
            raise IllegalMove.legacy("You are being skipped: plug a 7 or pass to take the skip.")
        return False
    if game.phase == TURN:
        if game.stack:
            raise IllegalMove.legacy(
                f"You can't pass a draw stack of {game.stack}: answer it or draw."
            )
        raise IllegalMove.legacy("There is nothing to pass: play a card or draw.")
    return False


def _validate_call(game: KarataGame, seat: int, move: Move) -> None:
    if move.cards or move.asking or move.target is not None:
        raise IllegalMove.legacy("`call` takes nothing after it.")
    if game.called[seat]:
        raise IllegalMove.legacy("You have already called Kadi Moja.")
    if not game._may_call(seat):
        raise IllegalMove.legacy("You can call Kadi Moja only when you are down to one card.")


def _validate_hide(game: KarataGame, seat: int, move: Move) -> None:
    if not game.rules.cheat_mode:
        raise IllegalMove.legacy("Hiding a card is for cheat mode, which is off at this table.")
    if len(move.cards) != 1 or move.asking or move.target is not None:
        raise IllegalMove.legacy("Hide exactly one card, such as `hide 5H`.")
    if game.started:
        raise IllegalMove.legacy("A card can only be hidden before the first play or draw.")
    if game.hidden[seat] is not None or game.no_hide[seat]:
        raise IllegalMove.legacy("You can hide only one card a round.")
    card = move.cards[0]
    if card not in game.hands[seat]:
        raise IllegalMove.legacy(f"You don't hold {_name(card)}.")


def _validate_challenge(game: KarataGame, seat: int, move: Move) -> None:
    if not game.rules.cheat_mode:
        raise IllegalMove.legacy("Challenges are for cheat mode, which is off at this table.")
    target = move.target
    if move.cards or move.asking or target is None:
        raise IllegalMove.legacy("A challenge names one seat, such as `challenge 2`.")
    if target == seat:
        raise IllegalMove.legacy("You can't challenge yourself.")
    if not 0 <= target < game._seats or game.out[target]:
        raise IllegalMove.legacy(f"Seat {target} is not playing in this round.")
    if (seat, target) in game.challenged:
        raise IllegalMove.legacy(
            f"You have challenged seat {target} already: wait for their next move."
        )


def _validate_play(game: KarataGame, seat: int, move: Move) -> bool:
    cards = move.cards
    hand = game.hands[seat]
    if not cards:
        raise IllegalMove.legacy("Name the cards to play, such as `play 9H`.")
    for i, card in enumerate(cards):
        if card not in hand:
            raise IllegalMove.legacy(f"You don't hold {_name(card)}.")
        if card in cards[:i]:
            raise IllegalMove.legacy(f"You named {_name(card)} twice.")
    first = cards[0]
    if game.phase == KEEP:
        drawn = game.drawn
        assert drawn is not None
        if len(cards) != 1 or first is not drawn:
            raise IllegalMove.legacy(f"You drew {_name(drawn)}: play exactly that card, or pass.")
    elif game.phase == PLUG:
        if any(c.rank != 7 for c in cards):
            raise IllegalMove.legacy("Only 7s plug a skip: play your 7s or pass to be skipped.")
        if move.asking:
            raise IllegalMove.legacy("Only a Jack asks for something.")
        return False
    bridge = first.rank == JACK and len(cards) > 1 and cards[1].rank != JACK
    if bridge:
        if not game.rules.jack_bridge:
            raise IllegalMove.legacy("Cards laid together must share a rank: the Jack bridge is off.")
        carried = cards[1].rank
        for card in cards[2:]:
            if card.rank != carried:
                raise IllegalMove.legacy(
                    f"A Jack carries cards of one rank: {_name(cards[1])} and "
                    f"{_name(card)} differ."
                )
        if move.asking:
            raise IllegalMove.legacy("A Jack that carries cards makes no demand.")
    else:
        for card in cards[1:]:
            if card.rank != first.rank:
                raise IllegalMove.legacy(
                    f"Cards laid together must share a rank: {_name(first)} and "
                    f"{_name(card)} don't."
                )
        if first.rank == JACK:
            if (move.ask_suit, move.demand) not in JACK_ASKS:
                raise IllegalMove.legacy(
                    "A Jack names what the next player must play: add `ask S` (a suit) "
                    "or `ask special`."
                )
        elif move.asking:
            raise IllegalMove.legacy("Only a Jack asks for something.")
    if not game._fits(first):
        raise IllegalMove.legacy(_misfit_reason(game, first))
    return bridge


def _misfit_reason(game: KarataGame, card: Card) -> str:
    top = game.discard[-1]
    if game.stack:
        if card.rank in (2, JOKER) and game.rules.stack_answer == STACK_SAME_KIND:
            need = _rank_word(top.rank)
            return (
                f"A {_rank_word(card.rank)} can't answer a {need} in Kadi Moja: "
                f"only a {need} can."
            )
        return (
            f"There is a draw stack of {game.stack} on you: answer it with a 2 or a "
            "Joker, or draw."
        )
    if game.demand == Demand.SPECIAL:
        return f"{_name(card)} doesn't meet the Jack's demand: play a 2, 7, 8, Jack or Joker."
    if game.demand is not None:
        suit = SUIT_SYMBOLS[game.demand]
        return f"{_name(card)} doesn't meet the Jack's demand: play a {suit} or a Jack."
    if top.rank == JOKER:
        colour = "red" if top.suit == "R" else "black"
        return (
            f"{_name(card)} doesn't go on {_name(top)}: play a {colour} card, "
            "a Jack or a Joker."
        )
    return (
        f"{_name(card)} doesn't match {_name(top)}: play a {SUIT_SYMBOLS[top.suit]}, "
        f"a {_rank_word(top.rank)}, a Jack or a Joker."
    )
