"""Build a Kadi game in a chosen position, for the rule tests.

``position(["7H 9C", "KD"], top="7C")`` deals those hands, lays ``top`` on the
discard pile (with ``under`` beneath it) and puts every other card of the deck
in the draw pile (``draw_top`` cards on top, the last one drawn first).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.cards import Card, card, deck52, deck54, parse_cards
from bot.games.core.events import Event
from bot.games.core.moves import Move
from bot.games.kadi import KadiGame, KadiRules


def cards(text: str) -> list[Card]:
    return list(parse_cards(text)) if text.strip() else []


def position(
    hands: Iterable[str],
    top: str = "9D",
    *,
    turn: int = 0,
    rules: KadiRules | None = None,
    under: str = "",
    draw_top: str = "",
    draw: str | None = None,
    base: str | None = None,
    ask: str | None = None,
    demand: str | None = None,
    bomb: int = 0,
    bomb_kind: int | None = None,
    skips: int = 0,
    jack_layers: Iterable[int] = (),
    called: Iterable[int] = (),
    cardless: Iterable[int] = (),
    clockwise: bool = True,
    call_window: int | None = None,
) -> KadiGame:
    hands = list(hands)
    rules = rules or KadiRules()
    game = KadiGame.new(len(hands), rules, seed=7)
    # The state is a plain dataclass: a test may set any position on it.
    game.state.hands = [cards(h) for h in hands]
    below = cards(under)
    if base and card(base) not in below and card(base) is not card(top):
        below.append(card(base))  # the card the next play matches lies under the Aces
    game.state.discard = [*below, card(top)]
    used = {c for h in game.state.hands for c in h} | set(game.state.discard)
    on_top = cards(draw_top)
    used |= set(on_top)
    deck = deck52() if rules.no_jokers else deck54()
    if draw is not None:
        game.state.draw_pile = cards(draw)
        used |= set(game.state.draw_pile)
        # Cards named nowhere go under the discard pile so that the deck stays whole.
        game.state.discard = [c for c in deck if c not in used] + game.state.discard
    else:
        game.state.draw_pile = [c for c in deck if c not in used] + on_top
    everywhere = [*game.state.draw_pile, *game.state.discard, *(c for h in game.state.hands for c in h)]
    assert sorted(everywhere) == deck, "a card is named twice or missing"
    game.state.turn = turn
    game.state.base = card(base) if base else game.state.discard[-1]
    game.state.ask_suit = ask
    game.state.demand = card(demand) if demand else None
    game.state.pick_up = bomb
    game.state.bomb_kind = bomb_kind
    game.state.skips = skips
    game.state.jack_layers = list(jack_layers)
    game.state.called = [s in set(called) for s in range(len(hands))]
    game.state.owes = [1 if s in set(cardless) else 0 for s in range(len(hands))]
    game.state.clockwise = clockwise
    game.state.call_window = call_window
    return game


def play(game: KadiGame, seat: int, text: str) -> list[Event]:
    return game.apply(seat, Move.parse(text))


def names(events: Iterable[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def hand(game: KadiGame, seat: int) -> str:
    return " ".join(c.code for c in game.state.hands[seat])
