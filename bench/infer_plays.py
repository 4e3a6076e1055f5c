"""``python -m bench.infer_plays``: the command line of lab/infer_plays.py, which says what it measures
(lab/ holds what bench/ and tests/ai both use, so that neither imports the other)."""

from __future__ import annotations

from lab.infer_plays import main

if __name__ == "__main__":
    main()
