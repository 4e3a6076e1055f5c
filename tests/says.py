"""``says``: check the sentence a player reads for an illegal move."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bot.games.core.errors import IllegalMove
from bot.ui.text.illegal import sentence


@contextmanager
def says(pattern: str) -> Iterator[pytest.ExceptionInfo[IllegalMove]]:
    """Like ``pytest.raises(IllegalMove, match=pattern)``, but ``pattern`` is searched
    in ``sentence(err)``, what the player reads, not in ``str(err)`` (debug text for a
    coded error): the engine's code and the sentence it gives are both checked."""
    with pytest.raises(IllegalMove) as info:
        yield info
    text = sentence(info.value)
    assert re.search(pattern, text), f"Regex {pattern!r} does not match the sentence {text!r}"
