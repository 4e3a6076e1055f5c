"""Donkey's behaviour, pinned: digests of traced random matches (tests/engine/trace_donkey.py).

Each trace records, step by step, the actors, their legal moves, the move made, its
events, the public view and the sentences of a few illegal moves. A change to any of
them changes the digest: if the change is meant (a rule decided anew), say so in the
commit and pin the new digest; if not, ``python -m tests.engine.trace_donkey write``
before and ``compare`` after shows the first step that differs.
"""

from __future__ import annotations

from tests.engine import trace_donkey

# Both recorded anew for issue 31 (3506d735... and f48ed161... before): one opening to
# every game's check, one code per refusal. Of the 60 and 100 matches traced before and
# after, every step's actors, legal moves, view, move and events are the same; only
# refusals read otherwise: "You are out of this match: you watch until it ends." (was "You
# are out (rank 1): ..."), "The match is over." (was "The game is over."), "Name the cards
# to play, such as `play 9H`." (was "Name the card you play, ...").
#
# 300 matches from this engine's deals (first seat dealt to by seeded_random(seed, "first")).
DIGEST = "16baff47054daa9c3be1700306ce7fe792cd213108af19b5f1c53accbbbc000e"
# The first 100 matches played on from the deals of the engine before issue 11
# (first seat dealt to: seed % seats), saved as version 1 and loaded through the
# converter. The digest before issue 31 was recorded by that engine itself: the
# restructured engine listed, did and refused exactly what it did; since issue 31 it
# lists and does the same and words some refusals as above.
V1_DEALS_DIGEST = "d0d14fff3ca491af619f7bf61ab3b8c43504efb547931e2a7b85dc1bfa00f868"


def test_traced_matches_are_unchanged() -> None:
    assert trace_donkey.trace()["digest"] == DIGEST


def test_matches_from_version_1_deals_play_as_the_engine_before_issue_11_played_them() -> None:
    assert trace_donkey.trace_v1_deals(100) == V1_DEALS_DIGEST
