"""A measuring instrument, never a level a player can pick: the hard player dealing from the truth.

``HandSeeingSearch`` is the hard player (``SearchPlayer``) with one change: every
world it plays its root moves out in is the real match, set on it as ``table``
before each decision of its seat (``python -m bench.arena --see-hands`` does), with only
what nobody at the table can know dealt afresh: the draw pile's order, and the
match's seed, which fixes the order of every later reshuffle. The opponents' hands
are the real ones. Its wins against the plain hard player's on the same seeds say
what perfect inference of the hidden cards would be worth to the search as it is
(docs/ai.md, "Four-handed: what limits it"): a large gain makes better opponent
modelling worth building; none leaves only a deeper search.

``seeing`` says which hands it knows: ``all`` the opponents', ``next`` only the
next seat's (seat + 1), ``others`` all but that one. With part of the truth, each
world is dealt from its view as the plain player's are, then the known seats are
given their real hands (``partly_true_world``): which known facts are worth most.

Kadi and Karata only (their draw piles are ``KadiState.draw_pile`` and
``KarataState.draw_pile``); Donkey deals every card to the hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.ai import ComputerPlayer
from bot.ai.search import SearchPlayer
from bot.games.cards import Card
from bot.games.core.game import Game, View
from bot.games.core.shuffle import shuffled
from bot.games.kadi.engine import KadiGame
from bot.games.karata.engine import KarataGame

# Which opponents' hands it knows, and in words.
SEEING = {"all": "every hand", "next": "the next seat's hand", "others": "every hand but the next seat's"}
DRAW_SALT = "see-hands-draw"  # names the draw pile's new order, as the engines name each shuffle (core/shuffle.py)


def truth_world(table: Game, rng: random.Random) -> Game:
    """A copy of ``table`` that differs only in what no seat can know: the draw pile
    (the same cards, top last) in a new order, and a new seed for later reshuffles.
    The hands, the discard pile and every public field are the real ones; ``table``
    is not changed."""
    seed = rng.randrange(2**63)
    if isinstance(table, KadiGame):
        kadi = table.clone().state
        return KadiGame(replace(kadi, seed=seed, draw_pile=shuffled(kadi.draw_pile, seed, DRAW_SALT)))
    if isinstance(table, KarataGame):
        karata = table.clone().state
        return KarataGame(replace(karata, seed=seed, draw_pile=shuffled(karata.draw_pile, seed, DRAW_SALT)))
    raise ValueError(f"no truth-dealing for {table.name}: only Kadi and Karata have a draw pile to reshuffle")


def partly_true_world(table: Game, view: View, known: Sequence[int], rng: random.Random) -> Game:
    """A world dealt from ``view`` (the seat's own deal), in which the seats ``known``
    then hold their real hands: each card a known seat lacks is swapped with one the
    deal gave it, wherever the deal put that card (another hidden hand or the draw
    pile), so every count stays. A swap can break what the deal inferred about an
    unknown seat (a card it is believed not to hold): rare, and left so."""
    world = type(table).determinize(view, rng)
    hands: list[list[Card]] = world.state.hands  # type: ignore[attr-defined]
    real: list[list[Card]] = table.state.hands  # type: ignore[attr-defined]
    draw: list[Card] = world.state.draw_pile  # type: ignore[attr-defined]
    for seat in known:
        lacking = [c for c in real[seat] if c not in hands[seat]]
        spare = [c for c in hands[seat] if c not in real[seat]]
        places = [hand for s, hand in enumerate(hands) if s not in (seat, view.seat)] + [draw]
        for wanted, given in zip(lacking, spare, strict=True):
            place = next(p for p in places if wanted in p)
            place[place.index(wanted)] = given
        hands[seat] = list(real[seat])
    return world


class HandSeeingSearch(SearchPlayer):
    """The hard player, its worlds dealt from the real match (``table``) instead of
    from its view: for ``python -m bench.arena --see-hands`` alone. ``seeing``: which
    opponents' hands it knows (``SEEING``); the rest of the budget as ``SearchPlayer``'s."""

    def __init__(self, game: type[Game], policy: ComputerPlayer, *, seeing: str = "all", **budget: Any) -> None:
        if seeing not in SEEING:
            raise ValueError(f"seeing is one of {', '.join(SEEING)}, not {seeing!r}")
        super().__init__(game, policy, **budget)
        self.seeing = seeing
        self.table: Game | None = None  # the match of the next decision, set by the arena

    def deal(self, view: View, rng: random.Random) -> Game:
        if self.table is None or self.table.view(view.seat) != view:
            # Not ValueError: the search takes that for a view it cannot rebuild and
            # would quietly play the normal move.
            raise RuntimeError("set table to the match this view is of before each decision")
        if self.seeing == "all":
            return truth_world(self.table, rng)
        assert view.seat is not None
        seats = len(view.hand_counts)
        following = (view.seat + 1) % seats
        others = [s for s in range(seats) if s not in (view.seat, following)]
        return partly_true_world(self.table, view, [following] if self.seeing == "next" else others, rng)
