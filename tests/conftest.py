"""Test-wide settings."""

from __future__ import annotations

import os

from hypothesis import settings

# CI replays the same examples every run (a failure there is then a regression, never
# bad luck); developers' runs keep exploring new ones and remember what failed
# (.hypothesis/). Set HYPOTHESIS_PROFILE=explore in CI to search there too.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "explore"))
