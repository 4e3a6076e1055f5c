"""Behaviour traces of the Karata / Kadi Moja engine, to show that a change keeps it.

``trace_match(i)`` plays match ``i`` of a fixed series (preset, switches, seat count
and seed all drawn from ``i``) with random legal moves through the public protocol
only, and records per step: the actors, each actor's legal moves (texts, sorted), the
sentences of a few illegal moves tried (``check``, which changes nothing), the move
made and its events' ``to_dict()``. ``digest`` hashes a series of traces.

Run as a script to write the traces (``--out``) and to compare them with earlier ones
(``--compare``): the first step where a match differs is printed with what differs.

    .venv/bin/python -m tests.engine.trace_karata --matches 300 --out /tmp/karata_traces.json
    .venv/bin/python -m tests.engine.trace_karata --matches 300 --compare /tmp/karata_traces_before.json

``tests/engine/test_karata_trace.py`` pins the digest of the first matches.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

from bot.games.core.errors import IllegalMove
from bot.games.core.moves import Move
from bot.games.karata import KarataGame, KarataRules
from bot.ui.text.illegal import sentence
from tests.engine.harness import mutated_move, random_move

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
MAX_STEPS = 1500  # a longer match is traced this far
ILLEGAL_TRIES = 2  # illegal moves tried per step


def table_of(index: int) -> tuple[KarataRules, int, int]:
    """Match ``index``'s rules, seat count and seed."""
    rng = random.Random(f"karata-trace-{index}")
    preset = rng.choice(("karata", "kadi-moja"))
    changes = {name: rng.choice(values) for name, values in SWITCHES.items() if rng.random() < 0.4}
    rules = KarataRules.preset(preset, **changes)
    seats = rng.randint(2, rules.seat_limit())
    return rules, seats, rng.randrange(2**63)


def _tried(game: KarataGame, seat: int, move: Move) -> str:
    try:
        game.check(seat, move)
    except IllegalMove as err:
        return sentence(err)
    return "legal"


def trace_match(index: int) -> list[dict[str, Any]]:
    """The steps of match ``index`` (see the module docstring)."""
    rules, seats, seed = table_of(index)
    rng = random.Random(seed)
    game = KarataGame.new(seats, rules, seed)
    steps: list[dict[str, Any]] = []
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        public = game.view(None)
        actors = sorted(game.actors())
        legal = {seat: sorted(m.text() for m in game.legal_moves(seat)) for seat in actors}
        step: dict[str, Any] = {
            "phase": str(public.phase),
            "counts": list(public.hand_counts),
            "turn": game.turn,
            "window": game.clock_hint(),
            "actors": actors,
            "legal": {str(s): texts for s, texts in legal.items()},
        }
        tried: list[list[Any]] = []
        for _ in range(ILLEGAL_TRIES):
            if rng.random() < 0.5 and actors:
                seat = rng.choice(actors)
                picked = Move.parse(rng.choice(legal[seat]))
                move = mutated_move(rng, picked, game.view(seat).hand)
            else:
                seat, move = random_move(rng, seats)
            tried.append([seat, move.text(), _tried(game, seat, move)])
        step["tried"] = tried
        timeout = game.timeout_move()
        if timeout is not None and rng.random() < 0.05:
            seat, move = timeout
        else:
            turn = game.turn
            seat = turn if turn in actors and rng.random() < 0.8 else rng.choice(actors)
            texts = legal[seat]
            # Mostly no challenge: in cheat mode everyone may always challenge.
            calm = [t for t in texts if not t.startswith("challenge")]
            text = rng.choice(calm) if calm and rng.random() < 0.98 else rng.choice(texts)
            move = Move.parse(text)
        events = game.apply(seat, move)
        step["seat"] = seat
        step["move"] = move.text()
        step["events"] = [e.to_dict() for e in events]
        steps.append(step)
    return steps


def digest(traces: list[list[dict[str, Any]]]) -> str:
    sha = hashlib.sha256()
    for steps in traces:
        for step in steps:
            sha.update(json.dumps(step, sort_keys=True, ensure_ascii=True).encode())
            sha.update(b"\n")
        sha.update(b"--\n")
    return sha.hexdigest()


def _first_difference(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> tuple[int, list[str]] | None:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i, sorted(k for k in set(x) | set(y) if x.get(k) != y.get(k))
    if len(a) != len(b):
        return min(len(a), len(b)), ["length"]
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--out", help="write the traces here (JSON)")
    parser.add_argument("--compare", help="compare with traces written earlier")
    args = parser.parse_args()
    traces = [trace_match(i) for i in range(args.matches)]
    total = digest(traces)
    print(f"{args.matches} matches, {sum(map(len, traces))} steps, digest {total}")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"digest": total, "matches": traces}, f)
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            before = json.load(f)["matches"]
        same = 0
        for i, (old, new) in enumerate(zip(before, traces, strict=True)):
            found = _first_difference(old, new)
            if found is None:
                same += 1
                continue
            at, keys = found
            rules, seats, _ = table_of(i)
            print(f"match {i} ({seats} seats, {rules.switches_on()}): step {at} differs in {keys}")
            if at < min(len(old), len(new)):
                for key in keys:
                    print(f"   before {key}: {json.dumps(old[at].get(key))[:400]}")
                    print(f"   after  {key}: {json.dumps(new[at].get(key))[:400]}")
                print(f"   move {new[at].get('move')!r} by seat {new[at].get('seat')}, phase {new[at]['phase']}")
        print(f"{same} of {len(traces)} matches identical")


if __name__ == "__main__":
    main()
