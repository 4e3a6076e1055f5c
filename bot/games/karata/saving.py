"""The Karata state JSON (version 1, docs/engine/karata.md): saving and restoring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.games.cards import codes as card_codes
from bot.games.cards import from_codes
from bot.games.core.results import Result
from bot.games.core.state_json import JSON
from bot.games.karata.rules import OVER

if TYPE_CHECKING:
    from bot.games.karata.engine import KarataGame


def state_of(game: KarataGame) -> JSON:
    """The match as plain JSON (docs/engine/karata.md, version 1)."""
    return {
        "game": game.name,
        "version": game.state_version,
        "seed": game.seed,
        "rules": game.rules.to_dict(),
        "seats": game._seats,
        "round": game.round_no,
        "first": game.first,
        "out": [s for s in range(game._seats) if game.out[s]],
        "out_round": list(game.out_round),
        "scores": list(game.scores),
        "hands": [card_codes(h) for h in game.hands],
        "pile": card_codes(game.pile),
        "discard": card_codes(game.discard),
        "turn": game._turn,
        "direction": game.direction,
        "phase": game.phase,
        "stack": game.stack,
        "skips": game.skips,
        "skip_layers": sorted(game.skip_layers),
        "demand": game.demand,
        "drawn": game.drawn.code if game.drawn else None,
        "called": [s for s in range(game._seats) if game.called[s]],
        "watch": game.watch,
        "hidden": [c.code if c else None for c in game.hidden],
        "no_hide": [s for s in range(game._seats) if game.no_hide[s]],
        "challenged": sorted([list(p) for p in game.challenged]),
        "started": game.started,
        "reshuffles": game.reshuffles,
        "taken": list(game.taken),
        "laid": list(game.laid),
        "round_result": game.round_result.to_dict() if game.round_result else None,
        "match_result": game.match_result.to_dict() if game.match_result else None,
    }


def restore(game: KarataGame, data: Mapping[str, Any]) -> None:
    """Put a freshly built match (same seats, rules, seed) into the saved state."""
    game.round_no = int(data["round"])
    game.first = int(data["first"])
    for s in data["out"]:
        game.out[s] = True
    game.out_round = list(data["out_round"])
    game.scores = list(data["scores"])
    game._reset_round()
    game.hands = [from_codes(h) for h in data["hands"]]
    game.pile = from_codes(data["pile"])
    game.discard = from_codes(data["discard"])
    game._turn = data["turn"]
    game.direction = int(data["direction"])
    game.phase = str(data["phase"])
    game.stack = int(data["stack"])
    game.skips = int(data["skips"])
    game.skip_layers = set(data["skip_layers"])
    game.demand = data["demand"]
    game.drawn = from_codes([data["drawn"]])[0] if data["drawn"] else None
    for s in data["called"]:
        game.called[s] = True
    game.watch = data["watch"]
    game.hidden = [from_codes([c])[0] if c else None for c in data["hidden"]]
    for s in data["no_hide"]:
        game.no_hide[s] = True
    game.challenged = {(a, b) for a, b in data["challenged"]}
    game.started = bool(data["started"])
    game.reshuffles = int(data["reshuffles"])
    game.taken = list(data["taken"])
    game.laid = list(data["laid"])
    rr, mr = data["round_result"], data["match_result"]
    game.round_result = Result.from_dict(rr) if rr else None
    game.match_result = Result.from_dict(mr) if mr else None
    game.over = game.phase == OVER
