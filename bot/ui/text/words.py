"""What the sentence modules share."""

from __future__ import annotations

from collections.abc import Callable

# A sentence for one error code: called with the error's details as keyword arguments.
Formatter = Callable[..., str]
