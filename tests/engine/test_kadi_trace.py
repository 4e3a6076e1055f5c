"""Kadi's behaviour, pinned: a change to what the engine lists, does or says shows up here.

``trace_kadi.trace`` plays seeded random matches over seat counts and rule switches
and hashes, per step, the actors, their sorted legal moves, the move made, its
events and the sentences of illegal moves tried. Issue 11's restructuring kept the
300-match digest of the engine before it; the rule points settled with it (demands
of cards deeper in the discard pile, "an 8" / "an Ace" in the no-match sentence)
changed it to this. A deliberate change of behaviour updates the digest here, and
says why in its commit.

Issue 31 (one opening to every game's ``check``, one code per refusal) changed only
sentences: of 60 matches traced before and after, every step's actors, legal moves,
move and events are the same; 1,557 refusals of a play naming no card now read "Name
the cards to play, such as `play 9H`." (the code every game shares) where Kadi's own
said `play 7H`. The digest before was 28e99ed1....
"""

from __future__ import annotations

from tests.engine.trace_kadi import trace

DIGEST_25_MATCHES = "56c0c355f4280bb14246f6bc0a215b5365744bae6c690ae79e2d7022dc7122bd"


def test_the_traced_behaviour_is_unchanged() -> None:
    result = trace(25)
    assert result["digest"] == DIGEST_25_MATCHES, "Kadi's behaviour changed: see tests/engine/trace_kadi.py"
