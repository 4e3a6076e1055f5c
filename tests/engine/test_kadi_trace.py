"""Kadi's behaviour, pinned: a change to what the engine lists, does or says shows up here.

``trace_kadi.trace`` plays seeded random matches over seat counts and rule switches
and hashes, per step, the actors, their sorted legal moves, the move made, its
events and the sentences of illegal moves tried. Issue 11's restructuring kept the
300-match digest of the engine before it; the rule points settled with it (demands
of cards deeper in the discard pile, "an 8" / "an Ace" in the no-match sentence)
changed it to this. A deliberate change of behaviour updates the digest here, and
says why in its commit.
"""

from __future__ import annotations

from tests.engine.trace_kadi import trace

DIGEST_25_MATCHES = "28e99ed10ab2011d58a84f9834900cd1dc9253395eb7bb62c14e94ab6a396ede"


def test_the_traced_behaviour_is_unchanged() -> None:
    result = trace(25)
    assert result["digest"] == DIGEST_25_MATCHES, "Kadi's behaviour changed: see tests/engine/trace_kadi.py"
