"""Dealing the cards one seat cannot see, consistently with what it can: for
``Game.determinize`` (a searching computer player samples the hidden hands).

``deal_hidden`` shares a pool of unseen cards among places (other hands, the draw
pile) of known sizes, where a place may be barred from some cards (a seat known to
hold no Jack, a Donkey seat void in a suit), and a place may have to satisfy a test
(a seat facing a jump holds a Jack). Cards go most constrained first, each to an
allowed place with room, chosen in proportion to the room left: close to uniform
over the consistent deals, not exactly. A dead end or a failed test deals again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.games.cards import Card

Barred = Callable[[Card], bool]
Test = Callable[[list[Card]], bool]
JointTest = Callable[[list[list[Card]]], bool]  # of the whole deal: for a hand dealt as two places

DEAL_TRIES = 400


class NoConsistentDeal(ValueError):
    """No deal of the unseen cards met every constraint within the tries allowed."""


def deal_hidden(
    pool: Sequence[Card],
    sizes: Sequence[int],
    rng: random.Random,
    barred: Sequence[Barred | None] = (),
    tests: Sequence[Test | None] = (),
    tries: int = DEAL_TRIES,
    joint_tests: Sequence[JointTest] = (),
) -> list[list[Card]]:
    """``pool`` shared among ``len(sizes)`` places of those sizes (in a random order
    inside each place). ``barred[i](card)`` true: place ``i`` may not take the card;
    ``tests[i](cards)`` must hold of place ``i``'s cards, and each of ``joint_tests``
    of the whole deal. Raises ``NoConsistentDeal``."""
    if sum(sizes) != len(pool):
        raise NoConsistentDeal(f"{len(pool)} unseen cards for places of {sum(sizes)}")
    places = range(len(sizes))
    bars = [barred[i] if i < len(barred) else None for i in places]
    checks: list[JointTest] = [_place_test(i, t) for i, t in enumerate(tests) if t is not None]
    checks += joint_tests
    if not any(bars):
        for _ in range(tries):
            cards = list(pool)
            rng.shuffle(cards)
            split, at = [], 0
            for size in sizes:
                split.append(cards[at : at + size])
                at += size
            if all(test(split) for test in checks):
                return split
        raise NoConsistentDeal("no deal passed the tests")
    allowed = {c: [i for i in places if sizes[i] and not _bars(bars[i], c)] for c in pool}
    for _ in range(tries):
        order = list(pool)
        rng.shuffle(order)
        order.sort(key=lambda c: len(allowed[c]))
        room = list(sizes)
        out: list[list[Card]] = [[] for _ in places]
        for c in order:
            options = [i for i in allowed[c] if room[i]]
            if not options:
                break
            pick = rng.randrange(sum(room[i] for i in options))
            for i in options:
                pick -= room[i]
                if pick < 0:
                    break
            out[i].append(c)
            room[i] -= 1
        else:
            for cards in out:
                rng.shuffle(cards)
            if all(test(out) for test in checks):
                return out
    raise NoConsistentDeal("no deal met the constraints")


@dataclass
class Places:
    """The places the unseen cards go to, built one owner at a time: each place has an
    owner (a seat; the draw pile is given an owner number of its own), a size and what
    it is barred from. A hand may be two places (``add_hand``); ``deal`` gathers them."""

    owners: list[int] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    barred: list[Barred | None] = field(default_factory=list)

    def add(self, owner: int, size: int, barred: Barred | None = None) -> None:
        self.owners.append(owner)
        self.sizes.append(size)
        self.barred.append(barred)

    def add_hand(self, owner: int, size: int, never: Barred | None = None,
                 fitted: frozenset[Card] = frozenset(), since: int = 0) -> None:
        """A hand of ``size`` cards, none that ``never`` bars. When its last draw is
        believed (``fitted``: the cards that could have been laid instead; ``since``: how
        many of its cards may have come to it after), it is two places: the cards it held
        at the draw, none of ``fitted``, and the ones that came since."""
        since = min(since, size) if fitted else size
        if since < size:
            self.add(owner, size - since, _either(never, fitted.__contains__))
        self.add(owner, since, never)

    def of(self, owner: int) -> list[int]:
        """The places that are ``owner``'s (for a joint test of its whole hand)."""
        return [i for i, o in enumerate(self.owners) if o == owner]

    def deal(self, pool: Sequence[Card], owners: int, rng: random.Random, tries: int = DEAL_TRIES,
             joint_tests: Sequence[JointTest] = ()) -> list[list[Card]]:
        """``deal_hidden`` over these places, gathered by owner: index ``o`` holds the cards
        of owner ``o`` (of ``owners``), place after place."""
        dealt: list[list[Card]] = [[] for _ in range(owners)]
        places = deal_hidden(pool, self.sizes, rng, self.barred, (), tries, joint_tests)
        for owner, cards in zip(self.owners, places, strict=True):
            dealt[owner] += cards
        return dealt


def _either(first: Barred | None, second: Barred) -> Barred:
    if first is None:
        return second
    return lambda c: first(c) or second(c)


def _place_test(place: int, test: Test) -> JointTest:
    return lambda deal: test(deal[place])


def _bars(bar: Barred | None, c: Card) -> bool:
    return bar is not None and bar(c)
