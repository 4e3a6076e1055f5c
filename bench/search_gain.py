"""``python -m bench.search_gain``: the command line of lab/search_gain.py, which says what it measures
(lab/ holds what bench/ and tests/ai both use, so that neither imports the other)."""

from __future__ import annotations

from lab.search_gain import main

if __name__ == "__main__":
    main()
