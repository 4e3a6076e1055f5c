"""Traces of seeded random Donkey matches: what the engine lists, does and refuses.

A trace records, per step of a match: the actors, each actor's legal moves (their
texts, sorted), the move made, the events' ``to_dict()``, the public view (as JSON: sets sorted, since
string hashing differs between runs), and the
sentence a player reads for a few illegal moves tried first. Its digest pins the
engine's behaviour (tests/engine/test_donkey_trace.py), so a change that alters a
legal list, an event or a refusal shows up.

Every match starts from a saved state (``to_state()`` of a fresh deal), so that two
engines can be compared from the same deal even where they deal differently:
issue 11 moved the first player dealt to from ``seed % seats`` to the seeded RNG.

Run as a script to write a trace file, or to compare against one:

    python -m tests.engine.trace_donkey write /tmp/donkey_traces.json
    python -m tests.engine.trace_donkey compare /tmp/donkey_traces_before.json

``compare`` replays each match of the file from the file's own start state.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from bot.games.cards import ALL_CARDS, deck52
from bot.games.core.errors import IllegalMove
from bot.games.core.moves import Move, MoveKind
from bot.games.core.shuffle import shuffled
from bot.games.core.state_json import to_json
from bot.games.donkey import ACE_OF_SPADES, DonkeyGame, DonkeyRules
from bot.ui.text.illegal import sentence

MATCHES = 300
TIMERS = (45, 0, 30)
# How often the seat to act times out, by match: sit-outs and forgiven sit-outs need many.
TIMEOUT_RATES = (0.0, 0.03, 0.15, 0.6)
MAX_STEPS = 5000


def match_setups(count: int = MATCHES) -> list[tuple[int, int, int, float]]:
    """(seed, seats, turn_seconds, timeout rate) for each traced match."""
    rng = random.Random("donkey-trace-setups")
    return [
        (rng.randrange(2**63), 2 + i % 7, TIMERS[i % len(TIMERS)], TIMEOUT_RATES[i % len(TIMEOUT_RATES)])
        for i in range(count)
    ]


def _refusal(game: DonkeyGame, seat: int, move: Move) -> str:
    """The sentence for ``move`` by ``seat``, or "ok" when it is legal (then not made).

    An illegal move is also given to ``apply``, which must refuse it the same way."""
    try:
        game.check(seat, move)
    except IllegalMove as err:
        said = sentence(err)
        try:
            game.apply(seat, move)
        except IllegalMove as again:
            assert sentence(again) == said, (said, sentence(again))
        else:  # pragma: no cover - would be a bug
            raise AssertionError(f"apply made {move.text()} by {seat}, which check refused") from None
        return said
    return "ok"


def _illegal_tries(game: DonkeyGame, rng: random.Random) -> list[Move | tuple[int, Move]]:
    """A few moves that are mostly illegal: for the seat to act unless a seat is given."""
    seats = game.seats
    turn = game.turn
    hand = game.view(turn).hand if turn is not None else ()
    legal = set(game.legal_moves(turn)) if turn is not None else set()
    tries: list[Move | tuple[int, Move]] = [
        Move(MoveKind.PLAY, (rng.choice(ALL_CARDS),)),
        (rng.randrange(seats), Move(MoveKind.PLAY, (rng.choice(ALL_CARDS),))),
        rng.choice(
            [
                Move(MoveKind.DRAW),
                Move(MoveKind.PASS),
                Move(MoveKind.CALL),
                Move(MoveKind.CHALLENGE, target=1),
                Move(MoveKind.HIDE, (ALL_CARDS[0],)),
                Move(MoveKind.PLAY, ()),
                Move(MoveKind.PLAY, (ALL_CARDS[0], ALL_CARDS[1])),
                Move(MoveKind.PLAY, (rng.choice(ALL_CARDS),), ask_suit="H"),
                Move(MoveKind.TIMEOUT, (ALL_CARDS[5],)),
                Move(MoveKind.TIMEOUT, target=0),
            ]
        ),
    ]
    unlisted = [c for c in hand if Move(MoveKind.PLAY, (c,)) not in legal]
    if unlisted:  # a card held but not playable now: must follow / must lead A♠
        tries.append(Move(MoveKind.PLAY, (rng.choice(unlisted),)))
    return tries


# Issue 31 gave the view's discard pile the names every game shares (``discard``,
# ``discard_size``); the traces recorded before keep the names they were recorded with.
TRACED_NAMES = {"discard_size": "discard_count", "discard": "discarded"}


def _traced_view(game: DonkeyGame) -> dict[str, Any]:
    """The public view as the traces hold it."""
    return {TRACED_NAMES.get(name, name): value for name, value in to_json(game.view(None)).items()}


def trace_match(start: dict[str, Any], seed: int, timeout_rate: float) -> list[Any]:
    """The steps of the match saved as ``start``, played on with ``random.Random(seed)``."""
    game = DonkeyGame.from_state(start)
    rng = random.Random(f"donkey-trace:{seed}")
    steps: list[Any] = []
    for _ in range(MAX_STEPS):
        actors = sorted(game.actors())
        legal = {str(s): sorted(m.text() for m in game.legal_moves(s)) for s in actors}
        refused = []
        for tried in _illegal_tries(game, rng) if not game.is_over else [Move(MoveKind.PLAY, (ALL_CARDS[0],))]:
            seat, move = tried if isinstance(tried, tuple) else (game.turn if game.turn is not None else 0, tried)
            refused.append([seat, move.text(), _refusal(game, seat, move)])
        step: dict[str, Any] = {"actors": actors, "legal": legal, "refused": refused, "view": _traced_view(game)}
        if game.is_over:
            step["result"] = to_json(game.result())
            steps.append(step)
            break
        seat = game.turn
        assert seat is not None
        if rng.random() < timeout_rate:
            move = Move.parse("timeout")
        else:
            texts = legal[str(seat)]
            move = Move.parse(texts[rng.randrange(len(texts))])
        step["move"] = [seat, move.text()]
        step["events"] = [e.to_dict() for e in game.apply(seat, move)]
        steps.append(step)
    # As JSON values (tuples become lists), so a trace read back from a file compares equal.
    return json.loads(json.dumps(steps))


def start_state(seed: int, seats: int, turn_seconds: int) -> dict[str, Any]:
    """The saved state of a fresh deal by this engine."""
    return DonkeyGame.new(seats, DonkeyRules(turn_seconds=turn_seconds), seed).to_state()


def v1_start_state(seed: int, seats: int, turn_seconds: int) -> dict[str, Any]:
    """The version 1 state the engine before issue 11 saved for a fresh deal: the
    same shuffle, but the first seat dealt to was ``seed % seats``."""
    first = seed % seats
    deck = shuffled(deck52(), seed, "deal")
    hands = [deck[(first - s) % seats :: seats] for s in range(seats)]
    holder = next(s for s in range(seats) if ACE_OF_SPADES in hands[s])
    return {
        "game": "donkey", "version": 1, "seed": seed, "rules": {"turn_seconds": turn_seconds},
        "seats": seats, "first": first, "round": 1, "hands": [[c.code for c in h] for h in hands],
        "discard": [], "trick": [], "order": [(holder - k) % seats for k in range(seats)], "pos": 0,
        "active_suit": None, "sitting_out": [], "sit_out_next": [], "ranks": [None] * seats,
        "voids": [""] * seats, "over": False, "loser": None,
    }


def trace_v1_deals(count: int = MATCHES) -> str:
    """The digest of ``count`` matches played on from the engine before issue 11's
    deals (``v1_start_state``), loaded through the version 1 converter."""
    return digest([trace_match(v1_start_state(seed, seats, t), seed, rate)
                   for seed, seats, t, rate in match_setups(count)])


def digest(matches: list[Any]) -> str:
    text = json.dumps(matches, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def trace(count: int = MATCHES) -> dict[str, Any]:
    """``count`` matches traced from this engine's own deals, and their digest."""
    matches = []
    for seed, seats, turn_seconds, rate in match_setups(count):
        start = start_state(seed, seats, turn_seconds)
        matches.append({"seed": seed, "seats": seats, "timeout_rate": rate, "start": start,
                        "steps": trace_match(start, seed, rate)})
    return {"digest": digest([m["steps"] for m in matches]), "matches": matches}


def write(path: str, count: int = MATCHES) -> dict[str, Any]:
    """Trace ``count`` matches from this engine's own deals and save them to ``path``."""
    out = trace(count)
    with open(path, "w") as f:
        json.dump(out, f, sort_keys=True)
    return out


def compare(path: str) -> list[str]:
    """Replay each match of the trace file ``path`` from its saved start; the differences."""
    with open(path) as f:
        before = json.load(f)
    diffs = []
    for i, m in enumerate(before["matches"]):
        steps = trace_match(m["start"], m["seed"], m["timeout_rate"])
        if steps != m["steps"]:
            at = next((k for k, (a, b) in enumerate(zip(steps, m["steps"], strict=False)) if a != b),
                      min(len(steps), len(m["steps"])))
            diffs.append(f"match {i} (seed {m['seed']}, {m['seats']} seats) differs at step {at}")
    return diffs


if __name__ == "__main__":
    command, file = sys.argv[1], sys.argv[2]
    if command == "write":
        written = write(file)
        print(f"{len(written['matches'])} matches, digest {written['digest']}")
    else:
        found = compare(file)
        print("\n".join(found) or "no differences")
        sys.exit(1 if found else 0)
