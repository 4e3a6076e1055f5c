"""Donkey's behaviour, pinned: digests of traced random matches (tests/engine/trace_donkey.py).

Each trace records, step by step, the actors, their legal moves, the move made, its
events, the public view and the sentences of a few illegal moves. A change to any of
them changes the digest: if the change is meant (a rule decided anew), say so in the
commit and pin the new digest; if not, ``python -m tests.engine.trace_donkey write``
before and ``compare`` after shows the first step that differs.
"""

from __future__ import annotations

from tests.engine import trace_donkey

# 300 matches from this engine's deals (first seat dealt to by seeded_random(seed, "first")).
DIGEST = "3506d735bb877c6788e450ed6789588fb809f76ac0500247cbfd84bd53427464"
# The first 100 matches played on from the deals of the engine before issue 11
# (first seat dealt to: seed % seats), saved as version 1 and loaded through the
# converter. This digest was recorded by that engine itself: the restructured
# engine lists, does and refuses exactly what it did.
V1_DEALS_DIGEST = "f48ed16158a4396627e9e2c5e4348bf0d6c9033f1a2af66892db071da939d2d7"


def test_traced_matches_are_unchanged() -> None:
    assert trace_donkey.trace()["digest"] == DIGEST


def test_matches_from_version_1_deals_play_as_the_engine_before_issue_11_played_them() -> None:
    assert trace_donkey.trace_v1_deals(100) == V1_DEALS_DIGEST
