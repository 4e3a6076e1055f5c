"""Trace Kadi matches through the public protocol, to show that a change keeps behaviour.

A trace plays seeded random matches over seat counts and rule switches and records,
per step: the actors, each actor's legal moves (their texts, sorted), the move made,
the events' ``to_dict()``, and the sentence of a few illegal moves tried with
``check`` (which changes nothing). Only the public protocol is used, so the same
script runs against any version of the engine.

    python -m tests.engine.trace_kadi --matches 300 --out /tmp/kadi_traces.json
    python -m tests.engine.trace_kadi --compare /tmp/kadi_traces_before.json /tmp/kadi_traces_after.json

``test_kadi_trace.py`` pins the digest of a shorter run, so that a change of
behaviour shows up.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from bot.games.core.errors import IllegalMove
from bot.games.core.moves import Move, MoveKind
from bot.games.kadi import KadiGame, KadiRules
from bot.ui.text.illegal import sentence
from tests.engine.harness import mutated_move, random_move

MAX_STEPS = 3000


def match_rules(rng: random.Random) -> KadiRules:
    deal_5 = rng.random() < 0.2
    return KadiRules(
        deal=rng.choice((3, 4, 5) if deal_5 else (3, 4)),
        punishment_accumulates=rng.random() < 0.3,
        bombs_answer_bombs=rng.random() < 0.3,
        forgotten_call_costs_a_card=rng.random() < 0.3,
        ace_finish=rng.random() < 0.3,
        no_jokers=rng.random() < 0.2,
        deal_5=deal_5,
        rounds=rng.choice((1, 1, 2)),
        later_direction=rng.choice(("clockwise", "anticlockwise")),
    )


def choose(rng: random.Random, legal: list[Move], hand_size: int) -> Move:
    """Random, but calls Niko Kadi and usually takes a finish (random play seldom wins)."""
    for move in legal:
        if move.kind == MoveKind.CALL:
            return move
    plays = [m for m in legal if m.kind == MoveKind.PLAY]
    finishes = [m for m in plays if len(m.cards) == hand_size]
    if finishes and rng.random() < 0.8:
        return finishes[rng.randrange(len(finishes))]
    if plays and rng.random() < 0.85:
        return plays[rng.randrange(len(plays))]
    return legal[rng.randrange(len(legal))]


def tried(game: KadiGame, seat: int, move: Move) -> str:
    try:
        game.check(seat, move)
    except IllegalMove as err:
        return sentence(err)
    return "legal"


def trace_match(index: int) -> Iterator[dict[str, Any]]:
    """The steps of match ``index``: one record per step."""
    rng = random.Random(f"kadi-trace-{index}")
    seats = rng.randint(2, 5)
    rules = match_rules(rng)
    game = KadiGame.new(seats, rules, seed=rng.randrange(2**40))
    start = game.view(None)
    hands = [[c.code for c in game.view(s).hand] for s in range(seats)]
    yield {"seats": seats, "rules": rules.to_dict(), "turn": game.turn, "top": start.top.code, "hands": hands}
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        actors = sorted(game.actors())
        legal = {seat: game.legal_moves(seat) for seat in actors}
        turn = game.turn
        seat = turn if turn in actors and rng.random() < 0.8 else rng.choice(actors)
        hand = game.view(seat).hand
        illegal = [
            mutated_move(rng, rng.choice(legal[seat]), hand),
            random_move(rng, seats)[1],
        ]
        record: dict[str, Any] = {
            "actors": actors,
            "hand": [c.code for c in hand],
            "legal": {str(s): sorted(m.text() for m in moves) for s, moves in legal.items()},
            "illegal": [[m.text(), tried(game, seat, m)] for m in illegal],
        }
        move = choose(rng, legal[seat], len(hand))
        record["seat"], record["move"] = seat, move.text()
        record["events"] = [e.to_dict() for e in game.apply(seat, move)]
        yield record
    result = game.result()
    yield {"over": game.is_over, "result": None if result is None else result.to_dict()}


def step_hash(record: dict[str, Any]) -> str:
    text = json.dumps(record, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def trace(matches: int) -> dict[str, Any]:
    """Per match, the hash of each step; and one digest of them all."""
    per_match = [[step_hash(r) for r in trace_match(i)] for i in range(matches)]
    digest = hashlib.sha256(json.dumps(per_match).encode()).hexdigest()
    return {"matches": matches, "digest": digest, "steps": per_match}


def compare(before_path: str, after_path: str) -> None:
    """Print, per differing match, the first step that differs."""
    with open(before_path) as f:
        before = json.load(f)
    with open(after_path) as f:
        after = json.load(f)
    differing = 0
    for index, (old, new) in enumerate(zip(before["steps"], after["steps"], strict=True)):
        if old == new:
            continue
        differing += 1
        step = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
        print(f"match {index}: first difference at step {step} of {len(old)}")
    print(f"{differing} of {before['matches']} matches differ; digests {before['digest'][:12]} {after['digest'][:12]}")


def show(index: int, step: int) -> None:
    """Print the record of one step (to diff two versions by hand)."""
    for i, record in enumerate(trace_match(index)):
        if i == step:
            print(json.dumps(record, sort_keys=True, ensure_ascii=False, indent=1))
            return


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--out")
    parser.add_argument("--compare", nargs=2)
    parser.add_argument("--show", nargs=2, type=int, metavar=("MATCH", "STEP"))
    args = parser.parse_args(argv)
    if args.compare:
        compare(*args.compare)
        return
    if args.show:
        show(*args.show)
        return
    result = trace(args.matches)
    print(result["digest"], sum(len(s) for s in result["steps"]), "steps")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(result, f)


if __name__ == "__main__":
    main(sys.argv[1:])
