"""``python -m bench.arena``: the command line of lab/arena.py, which says what it measures
(lab/ holds what bench/ and tests/ai both use, so that neither imports the other)."""

from __future__ import annotations

from lab.arena import main

if __name__ == "__main__":
    main()
