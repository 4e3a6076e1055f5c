"""The two presets side by side, and each switch changed on its own.

Every row of the preset table in docs/rules/decisions.md where the
presets differ is one parametrized test here.
"""

from __future__ import annotations

import pytest

from bot.games.core.events import Drew, Skipped
from bot.games.karata import KarataGame, KarataRules
from tests.engine.test_karata_deal import do, illegal, move, names, table

PRESETS = ("karata", "kadi-moja")


def test_the_default_rules_are_the_karata_preset() -> None:
    assert KarataRules() == KarataRules.preset("karata")
    assert KarataGame.new(2, None, seed=1).rules == KarataRules()


def test_rules_round_trip_as_plain_json() -> None:
    rules = KarataRules.preset("kadi-moja", cheat_mode=True, points_ceiling=150)
    assert KarataRules.from_dict(rules.to_dict()) == rules


def test_unknown_switch_values_are_refused() -> None:
    with pytest.raises(ValueError, match="stack_answer"):
        KarataRules(stack_answer="sometimes")
    with pytest.raises(ValueError, match="unknown rule"):
        KarataRules.from_dict({"plugs": True})


@pytest.mark.parametrize(("preset", "size"), [("karata", 5), ("kadi-moja", 7)])
def test_deal_size_by_preset(preset: str, size: int) -> None:
    assert len(KarataGame.new(4, KarataRules.preset(preset), seed=2).state.hands[0]) == size


@pytest.mark.parametrize(("preset", "answers"), [("karata", True), ("kadi-moja", False)])
def test_a_joker_answers_a_2_only_in_karata(preset: str, answers: bool) -> None:
    game = table(["2H 4C", "JKB 5S", "7D"], preset=preset)
    do(game, 0, "play 2H")
    assert (move("play JKB") in game.legal_moves(1)) is answers


@pytest.mark.parametrize("preset", PRESETS)
def test_stacks_add_up_in_both_presets(preset: str) -> None:
    game = table(["2H 4C", "2S 5S", "7D"], preset=preset)
    do(game, 0, "play 2H")
    do(game, 1, "play 2S")
    assert game.state.pick_up == 4


@pytest.mark.parametrize(("preset", "plug"), [("karata", True), ("kadi-moja", False)])
def test_plugging_a_7_only_in_karata(preset: str, plug: bool) -> None:
    game = table(["7H 4C", "7S 5S", "6D"], preset=preset)
    do(game, 0, "play 7H")
    assert (game.state.phase == "plug" and game.turn == 1) is plug


def test_plugging_is_a_switch_of_its_own() -> None:
    game = table(["7H 4C", "7S 5S", "6D"], preset="kadi-moja", plugging=True)
    do(game, 0, "play 7H")
    assert game.state.phase == "plug"


@pytest.mark.parametrize("preset", PRESETS)
def test_your_own_7_never_skips_you_in_both_presets(preset: str) -> None:
    game = table(["7H 7C 7D 4C", "5S", "6D"], preset=preset)
    events = do(game, 0, "play 7H 7C 7D")
    assert [e for e in events if isinstance(e, Skipped)] == [Skipped(1), Skipped(2)]
    assert game.turn == 0


@pytest.mark.parametrize("preset", PRESETS)
def test_two_player_8_is_my_turn_again_in_both_presets(preset: str) -> None:
    game = table(["8H 4C", "5S"], preset=preset)
    do(game, 0, "play 8H")
    assert game.turn == 0


def test_two_player_8_switch_off_passes_the_turn() -> None:
    game = table(["8H 4C", "5S"], two_player_eight_again=False)
    do(game, 0, "play 8H")
    assert game.turn == 1


@pytest.mark.parametrize(("preset", "bridge"), [("karata", True), ("kadi-moja", False)])
def test_the_jack_bridge_only_in_karata(preset: str, bridge: bool) -> None:
    game = table(["JC 4S 4D", "5S"], preset=preset)
    assert (move("play JC 4S 4D") in game.legal_moves(0)) is bridge
    assert game.is_legal(0, move("play JC 4S 4D")) is bridge


@pytest.mark.parametrize(
    ("preset", "drawn", "keeps_turn"), [("karata", 2, True), ("kadi-moja", 1, False)]
)
def test_unmet_demand_draw_until_or_draw_one(preset: str, drawn: int, keeps_turn: bool) -> None:
    game = table(["JC 4D", "5S", "KC"], preset=preset, pile="6C 6D")
    do(game, 0, "play JC ask D")
    events = do(game, 1, "draw")
    assert Drew(1, drawn, "demand") in events
    assert (game.turn == 1) is keeps_turn


@pytest.mark.parametrize(
    ("preset", "penalty"), [("karata", None), ("kadi-moja", Drew(0, 2, "penalty"))]
)
def test_a_missed_call_costs_2_only_in_kadi_moja(preset: str, penalty: Drew | None) -> None:
    game = table(["4H 5C", "5H 6C", "KC"], preset=preset)
    do(game, 0, "play 4H")
    events = do(game, 1, "play 5H")
    assert (events[0] == penalty) if penalty else "Drew" not in names(events)


@pytest.mark.parametrize(
    ("call_rule", "wins"),
    [("none", True), ("must-call-to-win", False), ("missed-call-draws-2", False)],
)
def test_an_uncalled_last_card_wins_only_without_a_call_rule(call_rule: str, wins: bool) -> None:
    game = table(["4H", "5H 6C", "KC"], call_rule=call_rule)
    do(game, 0, "play 4H")
    assert game.is_over is wins


@pytest.mark.parametrize("preset", PRESETS)
def test_no_finishing_on_a_special_card_in_both_presets(preset: str) -> None:
    for special in ("2H", "7H", "8H", "JH", "JKR"):
        game = table([special, "5S 6C", "KC"], preset=preset)
        text = f"play {special}" + (" ask S" if special == "JH" else "")
        events = do(game, 0, text)
        assert "NotFinished" in names(events) and not game.is_over


@pytest.mark.parametrize(
    ("elimination", "out"), [("knock-out", {2}), ("points-ceiling", set())]
)
def test_knock_out_or_points_ceiling(elimination: str, out: set[int]) -> None:
    game = table(["4H", "KS", "QC 3D"], elimination=elimination)
    do(game, 0, "play 4H")
    assert game.state.out == out and game.state.round_no == 2


@pytest.mark.parametrize(("preset", "cost"), [("karata", 2), ("kadi-moja", 5)])
def test_a_wrong_challenge_costs_2_or_5(preset: str, cost: int) -> None:
    game = table(["4H 5C", "5H 6C", "KC"], preset=preset, cheat_mode=True)
    events = do(game, 1, "challenge 0")
    assert Drew(1, cost, "penalty") in events


@pytest.mark.parametrize(("preset", "round_ends"), [("karata", True), ("kadi-moja", False)])
def test_a_right_challenge_ends_the_round_or_costs_5(preset: str, round_ends: bool) -> None:
    game = table(["4H 5C", "5H 6C", "KC"], preset=preset, cheat_mode=True)
    do(game, 0, "hide 5C")
    events = do(game, 1, "challenge 0")
    assert ("RoundOver" in names(events)) is round_ends
    assert (Drew(0, 5, "penalty") in events) is not round_ends


def test_reason_for_a_non_karata_move() -> None:
    game = table(["4H", "5S"])
    assert "not a Karata move" in illegal(game, 0, "timeout")
