"""Property tests: thousands of Karata / Kadi Moja rounds through the shared
``random_playout`` driver, across both presets and random switches (cheat mode
and elimination included), checking the protocol's invariants at every step.

Two drivers: random legal moves (long, chaotic rounds), and the computer
player with one random seat (short rounds, so that >= 2,000 rounds a run fit
in the time budget). Either way the harness also throws in illegal moves and
clock timeouts.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import RandomPlayer
from bot.ai.karata import KarataPlayer
from bot.games.core.events import Event, RoundOver
from bot.games.core.game import View
from bot.games.core.moves import Move, MoveKind
from bot.games.karata import KarataGame, KarataRules
from tests.engine.harness import random_playout

SWITCHES: dict[str, tuple[Any, ...]] = {
    "stack_answer": ("mixed", "same-kind"),
    "plugging": (True, False),
    "two_player_eight_again": (True, False),
    "jack_bridge": (True, False),
    "unmet_demand": ("draw-until", "draw-one"),
    "call_rule": ("none", "must-call-to-win", "missed-call-draws-2"),
    "elimination": ("off", "knock-out", "points-ceiling"),
    "points_ceiling": (40, 100),
    "cheat_mode": (True, False),
    "cheat_outcome": ("lose-round", "draw-five"),
    "deal": ("five-or-three", "seven"),
}


@st.composite
def tables(draw: st.DrawFn) -> tuple[KarataRules, int, int]:
    """A preset, then each switch either left as the preset has it or set at random."""
    preset = draw(st.sampled_from(("karata", "kadi-moja")))
    changes = {
        name: draw(st.sampled_from(values))
        for name, values in SWITCHES.items()
        if draw(st.booleans())
    }
    rules = KarataRules.preset(preset, **changes)
    seats = draw(st.integers(2, rules.seat_limit()))
    seed = draw(st.integers(0, 2**63 - 1))
    return rules, seats, seed


class CheckedKarata(KarataGame):
    """The engine with an extra check after every move, and a quieter table.

    No event may name a card that is in a hand after the move (a hidden card
    included): events are public.

    In cheat mode every seat may challenge at every moment, so a random driver
    that picks any actor would mostly make wrong challenges and rounds would
    never end. Here seats whose only moves are challenges are left out of
    ``actors()`` (a subset: every listed actor still has legal moves);
    challenges are still made, by the turn seat and by the harness's random
    moves, and the rules tests cover them in full.
    """

    def actors(self) -> frozenset[int]:
        every = super().actors()
        if not self.rules.cheat_mode:
            return every
        return frozenset(
            s for s in every if s == self.turn or self.state.may_call(s) or self.state.may_hide(s)
        )

    def apply(self, seat: int, move: Move) -> list[Event]:
        events = super().apply(seat, move)
        if not any(isinstance(e, RoundOver) for e in events):  # a new deal reuses the cards
            held = {c for hand in self.state.hands for c in hand}
            for event in events:
                for field in dataclasses.fields(event):
                    value = getattr(event, field.name)
                    named = value if isinstance(value, tuple) else (value,)
                    for card in named:
                        assert card not in held, f"{event} names {card}, which is in a hand"
        return events


class MostlyCalm:
    """A random player that challenges only now and then (see ``CheckedKarata``)."""

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        calm = [m for m in legal if m.kind != MoveKind.CHALLENGE]
        if calm and rng.random() < 0.98:
            return calm[rng.randrange(len(calm))]
        return legal[rng.randrange(len(legal))]


RANDOM_DRIVER = MostlyCalm()
COMPUTER = KarataPlayer()
RANDOM = RandomPlayer()


def _play(rules: KarataRules, seats: int, seed: int, computer: bool) -> int:
    if computer:
        lone = seed % seats
        game = random_playout(
            CheckedKarata, seats, rules, seed, illegal_rate=0.1, max_steps=50_000,
            players=lambda s: RANDOM_DRIVER if s == lone else COMPUTER,
        )
    else:
        game = random_playout(
            CheckedKarata, seats, rules, seed, max_steps=200_000, players=lambda s: RANDOM_DRIVER
        )
    assert isinstance(game, KarataGame)
    result = game.result()
    assert result is not None and game.is_over
    assert len(result.winners) >= 1
    if rules.elimination != "off":
        standing = [s for s in range(seats) if s not in result.out]
        assert len(standing) == 1 and result.winners == tuple(standing)
    return game.state.round_no


@settings(max_examples=25, deadline=None)
@given(tables())
def test_random_rounds_keep_every_invariant(table: tuple[KarataRules, int, int]) -> None:
    """Random play makes long rounds: one round a match here (elimination off)."""
    rules, seats, seed = table
    rules = dataclasses.replace(rules, elimination="off")
    _play(rules, seats, seed, computer=False)


@settings(max_examples=250, deadline=None)
@given(tables())
def test_computer_rounds_keep_every_invariant(table: tuple[KarataRules, int, int]) -> None:
    """Each example plays matches until it has played 8 rounds: >= 2,000 rounds a run."""
    rules, seats, seed = table
    played = 0
    while played < 8:
        played += _play(rules, seats, seed, computer=True)
        seed += 1
