"""What the hard player gains at each decision, and what a one-move search could gain.

    python -m bench.search_gain --only kadi-4 --games 20 --max-playouts 300 --worlds 400
    python -m bench.search_gain --only karata-4 --games 20 --max-playouts 450 --worlds 400

Plays rounds as ``lab/arena.py`` does (one hard seat against normal players, the
seat rotated, seeds 0, 1, ...; fixed playouts, no clock) and, at every searched
decision of the hard seat, measures what each root move is worth against the
normal player's move (the search's default) in ``--worlds`` dealt worlds, every
move played out in every world with the same rollout dice (as the search pairs
them, with many more worlds than it has). Scored by wins alone, in points of win
share a round (a move 0.05 likelier to win, made once a round, is 5 points):

- **search**: the advantage of the move the search chose (0 where it kept the
  default), summed over its decisions, with a 95% interval over rounds; beside it the
  rounds hard won and those the normal player wins in its seat on the same seeds;
- **one-move bound**: what always making the best root move would gain, the move
  picked on half the worlds and measured on the other half (a lower bound: the pick
  is noisy), and picked and measured on all of them (an upper bound: the pick is lucky);
- **by budget**: the search's choice rule (the best mean, if it beats the default by
  ``confidence`` standard errors of its paired differences) re-run on as many of one
  half's worlds as a budget of playouts buys, measured on the other half. Every move
  is tried in every world here, as the search does with up to ``WORLD_MOVES`` root
  moves; with more, the search spreads its playouts thinner and the rows flatter it.

Root moves beyond ``--moves`` (Aces' many asks) are left out but for the default and
the search's choice, so the bound is lower than it would be with them. This costs a
fraction of the rounds it takes to tell a few points apart at the table, and says
whether the search lacks playouts (the budget rows climb) or what it searches has
no more to give (the bound is near the search's gain).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from bot.ai import ComputerPlayer
from bot.ai.search import Advantage, SearchPlayer, better_than_default
from bot.games.core.game import Game, View
from bot.games.core.moves import Move
from bot.registry import computer_player, game_class
from lab.arena import Tally, play

TABLES = ("kadi-2", "karata-2", "kadi-4", "karata-4")
BUDGETS = (150, 300, 600, 1200, 2400)
CONFIDENCES = (0.0, 0.5, 1.0, 2.0)


@dataclass
class Decision:
    """One searched decision: per root move measured (the default first), whether it
    won in each world; and which of them the search chose."""

    legal: int
    wins: list[list[bool]]
    chosen: int  # index into ``wins``; 0 is the default

    def advantage(self, move: int, worlds: Sequence[int]) -> float:
        return sum(self.wins[move][w] - self.wins[0][w] for w in worlds) / len(worlds)

    def pick(self, worlds: Sequence[int], confidence: float) -> int:
        """The search's own rule (``better_than_default``) on these worlds: the best mean
        paired difference, if it is ``confidence`` standard errors above zero; else the
        default (0)."""
        advantages = [Advantage() for _ in self.wins]
        for move in range(1, len(self.wins)):
            for world in worlds:
                advantages[move].add(self.wins[move][world] - self.wins[0][world])
        return better_than_default(advantages, 0, confidence)


class MeasuredSearch(SearchPlayer):
    """The hard player, measuring each of its searched decisions as it makes it."""

    def __init__(self, game: type[Game], policy: ComputerPlayer, max_playouts: int, worlds: int,
                 max_moves: int) -> None:
        super().__init__(game, policy, think_ms=None, max_playouts=max_playouts)
        self.worlds = worlds
        self.max_moves = max_moves
        self.decisions: list[Decision] = []

    def search(self, view: View, legal: Sequence[Move], rng: random.Random,
               think_ms: float | None, max_playouts: int) -> Move:
        before = rng.getstate()
        chosen = super().search(view, legal, rng, think_ms, max_playouts)
        if self.last is None or view.seat is None:
            return chosen  # not searched: a single move, a call
        # The default, as the search worked it out: its first use of the dice.
        replay = random.Random()
        replay.setstate(before)
        default = self.policy.choose(view, legal, replay)
        measured = [default, *([chosen] if chosen != default else [])]
        measured += [m for m in legal if m not in measured][: max(0, self.max_moves - len(measured))]
        self.decisions.append(Decision(len(legal), self._wins(view, view.seat, measured),
                                       measured.index(chosen)))
        return chosen

    def _wins(self, view: View, seat: int, moves: list[Move]) -> list[list[bool]]:
        rng = random.Random(f"measure-{len(self.decisions)}")  # not the table's dice
        wins: list[list[bool]] = [[] for _ in moves]
        for _ in range(self.worlds):
            world = self.game.determinize(view, rng)
            dice = rng.getrandbits(64)
            for i, move in enumerate(moves):
                # A playout's reward is 1 for a win only (other places score 0.3 at most).
                wins[i].append(self._playout(world.clone(), seat, move, random.Random(dice)) >= 1.0)
        return wins


def report(rounds: list[list[Decision]], rng: random.Random, splits: int = 20) -> list[str]:
    """The figures above from each round's decisions, in points of win share a round."""
    def points(total: float) -> str:
        return f"{100 * total / len(rounds):+.1f}"

    decisions = [d for decisions in rounds for d in decisions]
    everything = range(len(decisions[0].wins[0])) if decisions else range(0)
    # The interval is over rounds: which decisions a round brings varies more than
    # what the worlds make of each.
    by_round = [sum(d.advantage(d.chosen, everything) for d in decisions if d.chosen) for decisions in rounds]

    def interval(by_round: list[float]) -> str:
        total = sum(by_round)
        half_width = 1.96 * statistics.stdev(by_round) * math.sqrt(len(rounds)) if len(rounds) > 1 else math.inf
        return f"{points(total)} (95% {points(total - half_width)} to {points(total + half_width)})"

    halves = []
    for _ in range(splits):
        worlds = list(everything)
        rng.shuffle(worlds)
        halves.append((worlds[: len(worlds) // 2], worlds[len(worlds) // 2 :]))
    lower_by_round = [sum(d.advantage(d.pick(pick_on, 0.0), measure_on) / splits
                          for d in decisions for pick_on, measure_on in halves) for decisions in rounds]
    upper_by_round = [sum(max(d.advantage(m, everything) for m in range(len(d.wins))) for d in decisions)
                      for decisions in rounds]
    lines = [
        f"{len(decisions)} searched decisions in {len(rounds)} rounds, "
        f"{sum(1 for d in decisions if d.chosen)} not the normal player's move",
        f"search: {interval(by_round)} points a round",
        f"one-move bound: {interval(lower_by_round)} (picked on half the worlds) to "
        f"{interval(upper_by_round)} (picked on all)",
        "by budget (playouts a decision; columns: CONFIDENCE " + ", ".join(f"{c:g}" for c in CONFIDENCES) + "):",
    ]
    for budget in BUDGETS:
        row = []
        for confidence in CONFIDENCES:
            total = 0.0
            for d in decisions:
                worlds_bought = max(2, budget // min(d.legal, 4) if d.legal <= 4 else budget * 3 // (4 * (d.legal - 1)))
                for pick_on, measure_on in halves:
                    move = d.pick(pick_on[:worlds_bought], confidence)
                    total += d.advantage(move, measure_on) / splits if move else 0.0
            row.append(points(total))
        lines.append(f"  {budget:5d}: " + "  ".join(f"{r:>6}" for r in row))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", choices=TABLES)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--max-playouts", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=400, help="worlds each decision's root moves are measured in")
    parser.add_argument("--moves", type=int, default=8, help="root moves measured at most")
    args = parser.parse_args()
    for table in args.only or ("kadi-4", "karata-4"):
        name, seats_text = table.split("-")
        seats = int(seats_text)
        normal = computer_player(name)
        hard = MeasuredSearch(game_class(name), normal, args.max_playouts, args.worlds, args.moves)
        wins = normal_wins = 0
        rounds: list[list[Decision]] = []
        for seed in range(args.first_seed, args.first_seed + args.games):
            at = seed % seats
            result = play(name, seats, seed, [hard if s == at else normal for s in range(seats)], at, Tally())
            wins += at in result.winners
            rounds.append(hard.decisions[sum(map(len, rounds)):])
            normal_wins += at in play(name, seats, seed, [normal] * seats, at, Tally()).winners
        print(f"{table}, {args.max_playouts} playouts, {args.worlds} worlds a decision: hard won {wins}/{args.games}, "
              f"the normal player in its seat {normal_wins}/{args.games}")
        for line in report(rounds, random.Random(table)):
            print("  " + line, flush=True)


if __name__ == "__main__":
    main()
