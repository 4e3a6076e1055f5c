"""A measuring instrument, never a level a player can pick: the hard player inferring
the hands from the opponents' plays, to measure what that inference is worth.

``lab/see_hands.py`` found that the same search wins about twice as often four-handed
when its worlds hold the real hands. This asks how much of that the public record can
give: every opponent's plays, each taken as the normal player's choice.

``PlayRecord`` keeps, for each seat, the plays it made since it last received a card
(a draw, a pick-up, a penalty), each with the public view just before it. In a dealt
world, the seat's hand before each of those plays is its dealt hand plus the cards it
laid since; given that hand and that table, would the normal player have made the play?
``PlayInferringSearch`` keeps a world with probability ``doubt`` to the power of the
plays the normal player would not have made (``doubt``: how often a player strays from
it), dealing afresh up to ``tries`` times and otherwise taking the likeliest world dealt.
The normal player breaks ties at random, so asking it once is a fair draw of whether it
makes the play. Draws are already read by ``determinize`` (``fit_at_draw``).

This is opponent modelling at its most favourable: in the arena the opponents are the
normal player, so the model is exactly right. ``python -m bench.infer_plays`` measures
how much nearer the real hands the worlds come (the share of an opponent's real cards
its dealt hand holds); ``python -m bench.arena --infer-plays`` what that is worth in
wins. Both are in docs/ai.md ("Inferring the hands from the plays").

Kadi and Karata only: a Donkey hand is read by its voids, already in ``determinize``.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.ai import ComputerPlayer
from bot.ai.search import SearchPlayer
from bot.games.cards import Card
from bot.games.core.events import MatchOver, RoundOver
from bot.games.core.game import Game, View
from bot.games.core.moves import Move, MoveKind
from bot.games.karata.state import Phase
from bot.games.karata.view import KarataView
from bot.registry import computer_player, game_class

DOUBT = 0.1  # the chance a world is kept for each play the normal player would not have made in it
TRIES = 10  # worlds dealt for one kept
GAMES = ("kadi", "karata")


@dataclass(frozen=True)
class SeenPlay:
    """A play the table saw: the public view just before it, and the move."""

    before: View
    move: Move


@dataclass
class PlayRecord:
    """Each seat's plays since it last received a card, oldest first, and its card
    count after the last of them (a count that has changed since means a card came
    to it some way the record did not see: nothing is read from its plays then)."""

    plays: dict[int, list[SeenPlay]] = field(default_factory=dict)
    count_after: dict[int, int] = field(default_factory=dict)
    round_no: int = 0

    def note(self, before: View, after: View, seat: int, move: Move) -> None:
        """``seat`` made ``move``; ``before`` and ``after``: the public views either side."""
        if after.round_no != self.round_no:
            self.plays.clear()
            self.round_no = after.round_no
        received = False
        for s, (was, now) in enumerate(zip(before.hand_counts, after.hand_counts, strict=True)):
            # A card can come in the same move as cards go (a Kadi question left unanswered
            # draws one): what counts is more than the cards laid would leave.
            if now > was - (len(move.cards) if s == seat else 0):
                self.plays.pop(s, None)
                received |= s == seat
        if move.kind == MoveKind.PLAY and not received and after.round_no == before.round_no:
            self.plays.setdefault(seat, []).append(SeenPlay(before, move))
            self.count_after[seat] = after.hand_counts[seat]

    def readable(self, view: View) -> dict[int, list[tuple[SeenPlay, tuple[Card, ...]]]]:
        """Per opponent of ``view.seat``, its plays to read, each with the cards it laid
        after that play (its hand then was its hand now plus those and the play's)."""
        out: dict[int, list[tuple[SeenPlay, tuple[Card, ...]]]] = {}
        if view.round_no != self.round_no:
            return out
        for seat, plays in self.plays.items():
            if seat == view.seat or not plays or view.hand_counts[seat] != self.count_after.get(seat):
                continue
            laid_since: tuple[Card, ...] = ()
            readable = []
            for play in reversed(plays):
                readable.append((play, laid_since))
                laid_since += play.move.cards
            out[seat] = readable
        return out


def same_play(a: Move, b: Move) -> bool:
    """The same play, whatever the order the cards were listed in."""
    return (a.kind == b.kind and sorted(a.cards) == sorted(b.cards)
            and a.ask_suit == b.ask_suit and a.demand == b.demand)


class PlayInferringSearch(SearchPlayer):
    """The hard player, its worlds weighted by how likely each opponent's plays were
    under the normal player (``record``, kept up by the arena); for ``python -m bench.arena
    --infer-plays`` and this module alone."""

    def __init__(self, game: type[Game], policy: ComputerPlayer, *, doubt: float = DOUBT, tries: int = TRIES,
                 **budget: Any) -> None:
        super().__init__(game, policy, **budget)
        self.doubt = doubt
        self.tries = tries
        self.record = PlayRecord()
        self.dealt = 0  # worlds dealt, and kept: how much the plays rule out
        self.kept = 0

    def deal(self, view: View, rng: random.Random) -> Game:
        plays = self.record.readable(view)
        if not plays:
            return self.game.determinize(view, rng)
        likeliest: Game | None = None
        likeliest_weight = -1.0
        for _ in range(self.tries):
            world = self.game.determinize(view, rng)
            self.dealt += 1
            weight = self.likelihood(world, plays, rng)
            if rng.random() < weight:
                self.kept += 1
                return world
            if weight > likeliest_weight:
                likeliest, likeliest_weight = world, weight
        assert likeliest is not None
        return likeliest

    def likelihood(self, world: Game, plays: dict[int, list[tuple[SeenPlay, tuple[Card, ...]]]],
                   rng: random.Random) -> float:
        """``doubt`` to the power of the plays the normal player, holding the world's
        hand, would not have made."""
        weight = 1.0
        for seat, seen in plays.items():
            hand = tuple(world.view(seat).hand)
            for play, laid_since in seen:
                if not self.normal_makes(play, seat, hand + laid_since + play.move.cards, rng):
                    weight *= self.doubt
        return weight

    def normal_makes(self, play: SeenPlay, seat: int, hand: tuple[Card, ...], rng: random.Random) -> bool:
        """Whether the normal player in ``seat``, holding ``hand`` at the table ``play.before``,
        makes the play (True when that cannot be asked: then the play says nothing)."""
        before = play.before
        if isinstance(before, KarataView) and before.phase == Phase.KEEP:
            return True  # a drawn card played or kept: its view would need the drawn card, and says little
        view = replace(before, seat=seat, hand=hand)
        try:
            legal = self.game.determinize(view, rng).legal_moves(seat)
        except ValueError:
            return True
        if len(legal) == 1 or not any(same_play(move, play.move) for move in legal):
            return True  # no choice; or a guard (with the play's cards in hand it is always legal)
        return same_play(self.policy.choose(view, legal, rng), play.move)


# ----------------------------------------------------------------------- how near the hands


@dataclass(frozen=True)
class Overlap:
    """The mean share of an opponent's real cards its dealt hand holds, plain
    (``determinize``) and inferred; the hands compared; the share of worlds dealt that
    the plays let the inference keep."""

    plain: float
    inferred: float
    hands: int
    kept: float


def hand_overlap(table: str, games: int, worlds: int = 10, doubt: float = DOUBT) -> Overlap:
    """Normal players at every seat; at each decision of one seat (rotated game by game)
    with a choice, ``worlds`` worlds dealt each way, compared with the real hands."""
    name, seats_text = table.split("-")
    seats = int(seats_text)
    engine, normal = game_class(name), computer_player(name)
    inferring = PlayInferringSearch(engine, normal, doubt=doubt)
    plain: list[float] = []
    inferred: list[float] = []
    for seed in range(games):
        game = engine.new(seats, seed=seed)
        rng = random.Random(f"infer-plays-{table}-{seed}")
        inferring.record = PlayRecord()
        at = seed % seats
        while not game.is_over:
            actor = game.next_actor()  # a call out of turn first, as the arena
            if actor is None:
                break
            legal = game.legal_moves(actor)
            view = game.view(actor)
            if actor == at and len(legal) > 1:
                real = {s: set(game.view(s).hand) for s in range(seats) if s != at}
                for _ in range(worlds):
                    for share, world in ((plain, engine.determinize(view, rng)), (inferred, inferring.deal(view, rng))):
                        for s, cards in real.items():
                            if cards:
                                share.append(len(cards & set(world.view(s).hand)) / len(cards))
            move = legal[0] if len(legal) == 1 else normal.choose(view, legal, rng)
            before = game.view(None)
            events = game.apply(actor, move)
            inferring.record.note(before, game.view(None), actor, move)
            if any(isinstance(e, (RoundOver, MatchOver)) for e in events):
                break
    return Overlap(statistics.mean(plain), statistics.mean(inferred), len(plain),
                   inferring.kept / inferring.dealt if inferring.dealt else 1.0)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", choices=[f"{g}-{n}" for g in GAMES for n in (2, 4)])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=10, help="worlds dealt each way at each decision")
    parser.add_argument("--doubt", type=float, default=DOUBT)
    args = parser.parse_args(argv)
    for table in args.only or ["kadi-4", "karata-4"]:
        found = hand_overlap(table, args.games, args.worlds, args.doubt)
        print(f"{table}: an opponent's real cards in its dealt hand: plain {found.plain:.1%}, inferred from the "
              f"plays {found.inferred:.1%} ({found.hands} hands, {args.games} rounds, doubt {args.doubt}; "
              f"the plays let {found.kept:.0%} of the worlds dealt be kept)", flush=True)


if __name__ == "__main__":
    main()
