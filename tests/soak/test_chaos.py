"""The kill -9 soak (lab/chaos.py, ``python bench/chaos.py``) at a small size: the bot in its own process, killed
with SIGKILL five times while members play eight channels of tables, restarted on the same
database each time; then every check of the soak, one test each, over that one run.

The run takes about 30 s (20 s of play). ``CHAOS_SEED`` repeats a run's random choices (the
kills' moments still depend on timing); the seed and the run's figures are in each
failure's message.
"""

from __future__ import annotations

import asyncio
import os
import random
from typing import Any

import pytest

from lab.chaos import Chaos


@pytest.fixture(scope="module")
def soak(tmp_path_factory: pytest.TempPathFactory) -> Any:
    seed = int(os.environ.get("CHAOS_SEED") or random.SystemRandom().randrange(10**6))
    run = Chaos(tables=8, kills=5, seconds=20, seed=seed, deletes=2, workdir=tmp_path_factory.mktemp("chaos"))
    report = asyncio.run(run.run())
    report.summary = f"CHAOS_SEED={seed}, database and bot log in {run.workdir}\n{report.text()}"
    print(report.summary)
    return report


def check(report: Any, letter: str) -> Any:
    found = [c for c in report.checks if c.name.startswith(letter + ")")]
    assert found, f"the run made no checks:\n{report.summary}"
    assert found[0].checked, f"check {letter} had nothing to check:\n{report.summary}"
    return found[0]


def test_the_bot_survives_every_kill_and_stops_cleanly(soak: Any) -> None:
    assert soak.kills == 5 and soak.survived == soak.kills, soak.summary
    assert soak.stopped_cleanly, soak.summary
    assert soak.member_moves["acknowledged"] > 20, soak.summary  # the members did play


def test_every_acknowledged_move_is_in_the_log_exactly_once(soak: Any) -> None:
    assert check(soak, "a").ok, soak.summary


def test_every_table_log_replays_to_its_saved_state(soak: Any) -> None:
    assert check(soak, "b").ok, soak.summary


def test_every_finished_round_is_recorded_once_per_seat(soak: Any) -> None:
    found = [c for c in soak.checks if c.name.startswith("c)")]
    assert found and found[0].ok, soak.summary  # (a loaded machine may finish no round in 20 s)


# A bot defect the soak finds (reported; being fixed): a SIGKILL in the few milliseconds between
# the repost of a deleted table message and the save of its id orphans the repost.
def test_one_live_table_message_per_table(soak: Any) -> None:
    assert check(soak, "d").ok, soak.summary


def test_no_table_is_stuck(soak: Any) -> None:
    assert check(soak, "e").ok, soak.summary


def test_every_table_message_shows_its_saved_status(soak: Any) -> None:
    assert check(soak, "f").ok, soak.summary
