"""Computer levels against each other, through the engine protocol only.

    python -m bench.arena --games 60 --think-ms 300
    python -m bench.arena --only kadi-2 --games 200 --level easy
    python -m bench.arena --only kadi-4 --games 200 --think-ms 100000 --max-playouts 300 --see-hands
    python -m bench.arena --only karata-4 --games 200 --think-ms 100000 --max-playouts 450 --see-hands next
    python -m bench.arena --only kadi-4 --games 200 --think-ms 100000 --max-playouts 300 --infer-plays

Each table puts one seat at ``--level`` (hard by default) against normal players at
every other seat, rotating that seat round the table game by game (seeds 0, 1, ...;
``--first-seed`` starts elsewhere, to add games to a run),
and plays the first round (Kadi, Karata) or the whole game (Donkey). It prints the
level's share of wins (Kadi, Karata) or of games it was the Donkey in, with a 95%
Wilson interval, against par (1 / seats), and the level's decision time (p50, p95,
max) over decisions with more than one legal move, and hard's mean playouts a search
(what its budget bought). Every player sees only its view and its legal moves (the
hard one also ``determinize``), but with ``--see-hands``: then the tested seat is the
hard player dealing its worlds from the real match (``lab/see_hands.py``, Kadi and
Karata), to measure what knowing the opponents' hands would be worth to it (``next``:
only the next seat's; ``others``: every one but that); or with ``--infer-plays``: then it
is the hard player weighting its worlds by how likely the opponents' plays were under
the normal player (``lab/infer_plays.py``), to measure what inferring hands is worth.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from dataclasses import dataclass, field

from bot.ai import ComputerPlayer
from bot.ai.search import SearchPlayer, SearchStats
from bot.games.core.events import MatchOver, RoundOver
from bot.games.core.results import Result
from bot.registry import Level, computer_player, game_class
from lab.infer_plays import GAMES as INFER_PLAYS_GAMES
from lab.infer_plays import PlayInferringSearch, PlayRecord
from lab.see_hands import SEEING, HandSeeingSearch

TABLES = ("kadi-2", "karata-2", "donkey-2", "kadi-4", "karata-4", "donkey-4")
SEE_HANDS_GAMES = ("kadi", "karata")  # games with a draw pile to deal from (lab/see_hands.py)
MAX_MOVES = 5000


@dataclass
class Tally:
    games: int = 0
    hits: int = 0  # wins, or times the Donkey
    times: list[float] = field(default_factory=list)
    playouts: list[int] = field(default_factory=list)  # per searched decision (hard)


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(name: str, seats: int, seed: int, players: list[ComputerPlayer], timed: int,
         tally: Tally) -> Result:
    """One round (Donkey: one game) from seed ``seed``; decisions of seat ``timed`` are timed."""
    game = game_class(name).new(seats, seed=seed)
    rng = random.Random(f"arena-{name}-{seats}-{seed}")
    inferring = next((p for p in players if isinstance(p, PlayInferringSearch)), None)
    if inferring is not None:
        inferring.record = PlayRecord()  # it reads the plays of this round (--infer-plays)
    for _ in range(MAX_MOVES):
        actor = game.next_actor()  # a call out of turn is made at once
        if actor is None:
            break
        legal = game.legal_moves(actor)
        started = time.perf_counter()
        player = players[actor]
        if isinstance(player, HandSeeingSearch):
            player.table = game  # it deals its worlds from the real match (--see-hands)
        move = legal[0] if len(legal) == 1 else player.choose(game.view(actor), legal, rng)
        if actor == timed and len(legal) > 1:
            tally.times.append(time.perf_counter() - started)
            searched = getattr(players[actor], "last", None)
            if isinstance(searched, SearchStats):
                tally.playouts.append(searched.playouts)
        if inferring is None:
            events = game.apply(actor, move)
        else:
            before = game.view(None)
            events = game.apply(actor, move)
            inferring.record.note(before, game.view(None), actor, move)
        for event in events:
            if isinstance(event, (RoundOver, MatchOver)):
                return event.result
    raise RuntimeError(f"{name} seed {seed}: no result after {MAX_MOVES} moves")


def run(table: str, games: int, level: Level, think_ms: float, max_playouts: int, first_seed: int = 0,
        see_hands: str | None = None, infer_plays: bool = False) -> Tally:
    """``see_hands``: the tested seat knows these hands (a key of ``SEEING``), None: none;
    ``infer_plays``: it weights its worlds by the opponents' plays."""
    name, seats_text = table.split("-")
    seats = int(seats_text)
    normal = computer_player(name)
    if see_hands and (level != Level.HARD or name not in SEE_HANDS_GAMES):
        raise ValueError(f"--see-hands is for the hard level at Kadi and Karata, not {level} at {name}")
    if infer_plays and (level != Level.HARD or name not in INFER_PLAYS_GAMES):
        raise ValueError(f"--infer-plays is for the hard level at Kadi and Karata, not {level} at {name}")
    if infer_plays and see_hands:
        raise ValueError("--infer-plays and --see-hands measure different players: one at a time")
    tested: ComputerPlayer
    if infer_plays:
        tested = PlayInferringSearch(game_class(name), normal, think_ms=think_ms, max_playouts=max_playouts)
    elif see_hands:
        tested = HandSeeingSearch(game_class(name), normal, seeing=see_hands, think_ms=think_ms,
                                  max_playouts=max_playouts)
    elif level == Level.HARD:
        tested = SearchPlayer(game_class(name), normal, think_ms=think_ms, max_playouts=max_playouts)
    else:
        tested = computer_player(name, level)
    tally = Tally()
    for seed in range(first_seed, first_seed + games):
        at = seed % seats
        players = [tested if s == at else normal for s in range(seats)]
        result = play(name, seats, seed, players, at, tally)
        tally.games += 1
        tally.hits += (result.loser == at) if name == "donkey" else (at in result.winners)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--level", type=Level, default=Level.HARD, choices=tuple(Level))
    parser.add_argument("--think-ms", type=float, default=300.0)
    parser.add_argument("--max-playouts", type=int, default=3000)
    parser.add_argument("--only", action="append", choices=TABLES)
    parser.add_argument("--first-seed", type=int, default=0, help="games are seeds first-seed, first-seed + 1, ...")
    parser.add_argument("--see-hands", nargs="?", const="all", choices=tuple(SEEING),
                        help="the hard seat deals its worlds from the real hands: every opponent's (all, the "
                             "default), only the next seat's (next) or all but that one (others); a measuring "
                             "instrument, Kadi and Karata only")
    parser.add_argument("--infer-plays", action="store_true",
                        help="the hard seat weights its worlds by how likely the opponents' plays were under "
                             "the normal player (lab/infer_plays.py); a measuring instrument, Kadi and Karata only")
    args = parser.parse_args()
    tables = args.only or TABLES
    if args.see_hands or args.infer_plays:
        if args.level != Level.HARD or (args.see_hands and args.infer_plays):
            parser.error("--see-hands and --infer-plays are each for the hard level, and one at a time")
        measurable = INFER_PLAYS_GAMES if args.infer_plays else SEE_HANDS_GAMES
        tables = [t for t in tables if t.split("-")[0] in measurable]
    for table in tables:
        started = time.perf_counter()
        tally = run(table, args.games, args.level, args.think_ms, args.max_playouts, args.first_seed, args.see_hands,
                    args.infer_plays)
        low, high = wilson(tally.hits, tally.games)
        what = "is the Donkey" if table.startswith("donkey") else "wins"
        searched = f", {statistics.mean(tally.playouts):.0f} playouts a search" if tally.playouts else ""
        seats = int(table.split("-")[1])
        times = sorted(tally.times)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))] * 1000 if times else 0.0
        p50 = statistics.median(times) * 1000 if times else 0.0
        level = f"{args.level} seeing {SEEING[args.see_hands]}" if args.see_hands else args.level
        level += " inferring from the plays" if args.infer_plays else ""
        print(f"{table}: {level} {what} {tally.hits}/{tally.games} = {tally.hits / tally.games:.0%} "
              f"(95% {low:.0%}-{high:.0%}; par {1 / seats:.0%}); decisions {len(times)}, "
              f"p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {max(times, default=0) * 1000:.0f} ms"
              f"{searched}; "
              f"{time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
