"""Issue 26, defect 14: `make` never keeps a .venv made by a Python the bot cannot run on,
and a Python too old is one sentence. Issue 31: `make run` installs only what running needs,
`make test` adds the dev extra, and `make bench` installs its extra once (a stamp each). Run
on a copy of the Makefile with stand-in Pythons (shell scripts), so nothing is installed and
the real .venv is not touched."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A stand-in Python: answers the Makefile's version check (`-c`) as a Python of VERSION,
# makes a venv holding a copy of itself, and "installs" anything, writing each command it
# is given to calls.log beside the Makefile (the folder make runs in).
STAND_IN = """#!/bin/sh
echo "$*" >> calls.log
case "$1" in
  -c) [ "{ok}" = yes ]; exit $?;;
  --version) echo "Python {version}";;
  -m) if [ "$2" = venv ]; then mkdir -p "$3/bin"; cp "$0" "$3/bin/python"; fi;;
esac
exit 0
"""


def stand_in(path: Path, version: str) -> Path:
    ok = "yes" if tuple(int(p) for p in version.split(".")[:2]) >= (3, 11) else "no"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(STAND_IN.format(ok=ok, version=version))
    path.chmod(0o755)
    return path


def project(tmp_path: Path) -> Path:
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def make(folder: Path, python: Path, target: str = ".venv/.installed-run") -> subprocess.CompletedProcess[str]:
    return subprocess.run(["make", "--no-print-directory", target, f"PYTHON={python}"], cwd=folder,
                          capture_output=True, text=True, timeout=60)


def installs(folder: Path) -> list[str]:
    """What the stand-in venv Python was asked to pip-install, in order (pip itself aside)."""
    calls = (folder / "calls.log").read_text().splitlines() if (folder / "calls.log").exists() else []
    return [call.split()[-1] for call in calls if call.startswith("-m pip install") and "--upgrade pip" not in call]


def test_a_venv_made_by_an_older_python_is_made_afresh(tmp_path: Path) -> None:
    folder = project(tmp_path)
    stand_in(folder / ".venv" / "bin" / "python", "3.10.12")  # a first `make run` under Python 3.10
    done = make(folder, stand_in(tmp_path / "python3.11", "3.11.7"))
    assert done.returncode == 0, done.stderr
    assert ".venv was made by Python 3.10.12: making it afresh" in done.stdout
    assert "Python 3.11.7" in (folder / ".venv" / "bin" / "python").read_text()
    assert (folder / ".venv" / ".installed-run").exists()


def test_a_venv_of_the_right_python_is_kept(tmp_path: Path) -> None:
    folder = project(tmp_path)
    venv_python = stand_in(folder / ".venv" / "bin" / "python", "3.12.1")
    done = make(folder, stand_in(tmp_path / "python3.11", "3.11.7"))
    assert done.returncode == 0 and "afresh" not in done.stdout
    assert "Python 3.12.1" in venv_python.read_text()


def test_a_python_too_old_is_one_sentence(tmp_path: Path) -> None:
    folder = project(tmp_path)
    old = stand_in(tmp_path / "python3.10", "3.10.12")
    done = make(folder, old)
    assert done.returncode != 0 and not (folder / ".venv").exists()
    said = done.stderr.strip().splitlines()
    assert said[0] == (f"{old} is not Python 3.11 or newer, which the bot needs: install one and run make again "
                       "(or make PYTHON=python3.11 ...).")
    assert "pip" not in done.stderr


def test_the_makefile_asks_for_the_python_pyproject_requires() -> None:
    import re
    import tomllib

    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    major, minor = re.fullmatch(r">=(\d+)\.(\d+)", requires).groups()  # type: ignore[union-attr]
    assert f"sys.version_info < ({major}, {minor})" in (ROOT / "Makefile").read_text()


def test_make_run_installs_only_what_running_needs(tmp_path: Path) -> None:
    folder = project(tmp_path)
    done = make(folder, stand_in(tmp_path / "python3.11", "3.11.7"), "run")
    assert done.returncode == 0, done.stderr
    assert installs(folder) == ["."], "make run installs the package alone: no dev tools (mypy, ruff, hypothesis)"
    assert "-m bot" in (folder / "calls.log").read_text().splitlines()[-1]


def test_make_test_adds_the_dev_extra_once(tmp_path: Path) -> None:
    folder = project(tmp_path)
    python = stand_in(tmp_path / "python3.11", "3.11.7")
    assert make(folder, python, "run").returncode == 0
    for _ in range(2):
        done = make(folder, python, ".venv/.installed-dev")  # what `make test` and `make lint` stand on
        assert done.returncode == 0, done.stderr
    assert installs(folder) == [".", ".[dev]"]


def test_make_bench_keeps_a_stamp(tmp_path: Path) -> None:
    folder = project(tmp_path)
    python = stand_in(tmp_path / "python3.11", "3.11.7")
    for _ in range(2):
        done = make(folder, python, "bench")
        assert done.returncode == 0, done.stderr
    assert installs(folder) == [".", ".[bench]"], "the second make bench reinstalls nothing"
    runs = [call for call in (folder / "calls.log").read_text().splitlines() if call.endswith("bench/engine.py")]
    assert len(runs) == 2


def test_pyproject_changed_reinstalls_runtime_then_dev(tmp_path: Path) -> None:
    import os
    import time

    folder = project(tmp_path)
    python = stand_in(tmp_path / "python3.11", "3.11.7")
    assert make(folder, python, ".venv/.installed-dev").returncode == 0
    later = time.time() + 5
    os.utime(folder / "pyproject.toml", (later, later))
    assert make(folder, python, ".venv/.installed-dev").returncode == 0
    assert installs(folder) == [".", ".[dev]", ".", ".[dev]"]
