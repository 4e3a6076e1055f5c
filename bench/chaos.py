"""``python bench/chaos.py [--tables 30] [--kills 20] [--seconds 120] [--seed N]``: the kill -9
soak's command line. The soak itself is lab/chaos.py (it says what it checks), since its test
(tests/soak/test_chaos.py) runs it too and bench/ and tests/ never import each other."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: the repository's packages

from lab.chaos import main

if __name__ == "__main__":
    main()
