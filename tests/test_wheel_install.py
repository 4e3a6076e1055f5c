"""``/kadi rules`` (and the sandbox's files) from a wheel install (issue 29, item 5): the bot built as a wheel and
installed into a fresh virtual environment, outside the source tree, reads its rules pages
(package data, through ``importlib.resources``), in English and in Kiswahili with their
labels from the catalogues, and carries the card pictures' fonts with their licence.
Slow-ish (a wheel build and a venv, about 10 s), but part of the suite:
``pip install .`` once answered "No rules page for Kadi yet"."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from bot.ui.cards.typeset import FACES
from bot.ui.text import rules

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "bot", "cogs", "sandbox")
# What the rules pages' labels need (the catalogues: bot/ui/text/i18n.py), lent to the fresh
# venv from this one (the wheel is installed without its dependencies: no network in a test).
CATALOGUE_DEPENDENCIES = ("fluent", "babel", "attr", "attrs", "pytz", "typing_extensions")

READ_RULES = """
import json, bot
from importlib import resources
from bot.ui.text.i18n import speaking
from bot.ui.text.rules import markdown, pages
found = {game: [[p.label, p.text] for p in pages(markdown(game))] for game in ("kadi", "karata", "donkey")}
with speaking("sw"):
    sw = {game: [[p.label, p.text] for p in pages(markdown(game))] for game in ("kadi", "karata", "donkey")}
fonts = resources.files("bot.ui") / "cards" / "fonts"  # without importing Pillow
import importlib.util
page = resources.files("sandbox") / "page"  # `make run` without a token serves it from the install
print(json.dumps({"where": bot.__file__, "pages": found, "sw": sw, "licence": (fonts / "OFL.txt").is_file(),
                  "fonts": sorted(p.name for p in fonts.iterdir()),
                  "page": sorted(p.name for p in page.iterdir()),
                  "fake": importlib.util.find_spec("sandbox.fake_discord").origin}))
"""


def run(*command: str | Path, cwd: Path) -> str:
    done = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.slow
def test_the_rules_pages_read_from_a_wheel_installed_in_a_fresh_venv(tmp_path: Path) -> None:
    source = tmp_path / "source"  # a copy: building in the checkout would leave build/ in it
    source.mkdir()
    for name in SOURCES:
        place = ROOT / name
        if place.is_dir():
            shutil.copytree(place, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(place, source / name)
    wheels = tmp_path / "wheels"
    run(sys.executable, "-m", "pip", "wheel", source, "--no-deps", "--quiet", "-w", wheels, cwd=tmp_path)
    (wheel,) = wheels.glob("kadi_bot-*.whl")
    with zipfile.ZipFile(wheel) as built:
        names = set(built.namelist())
    for face in (*FACES, "OFL.txt", "SOURCES.txt"):
        assert f"bot/ui/cards/fonts/{face}" in names, f"the wheel has no {face}"
    for game in ("kadi", "karata", "donkey"):
        assert f"bot/ui/text/rules/{game}.md" in names
        assert f"bot/ui/text/rules/sw/{game}.md" in names, f"the wheel has no Kiswahili {game} page"
    for lang in ("en", "sw"):
        assert f"bot/ui/text/locales/{lang}/rules.ftl" in names and f"bot/ui/text/locales/{lang}/pictures.ftl" in names
    for part in ("sandbox/run.py", "sandbox/fake_discord/core.py", "sandbox/page/index.html", "sandbox/page/app.js",
                 "sandbox/page/style.css"):
        assert part in names, f"the wheel has no {part}: `make run` without a token would fail from an install"

    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names), "the wheel carries no LICENSE"
    with zipfile.ZipFile(wheel) as built:
        (points,) = (n for n in names if n.endswith(".dist-info/entry_points.txt"))
        assert "kadi-bot = bot.__main__:main" in built.read(points).decode()

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--quiet", wheel, cwd=tmp_path)
    lend_catalogue_dependencies(python, tmp_path / "lent")
    # -I: the source tree is not on the path, nor the current folder; only the install is.
    found = json.loads(run(python, "-I", "-c", READ_RULES, cwd=tmp_path))

    assert Path(found["where"]).is_relative_to(venv), found["where"]
    assert (venv / "bin" / "kadi-bot").is_file(), "pip made no kadi-bot command"
    assert Path(found["fake"]).is_relative_to(venv) and {"index.html", "app.js", "style.css"} <= set(found["page"])
    assert found["licence"] and set(FACES) <= set(found["fonts"])
    kadi = found["pages"]["kadi"]
    assert kadi[0][1].startswith("# Kadi (Kenyan Poker)") and "Niko Kadi" in kadi[0][1]
    assert [label for label, _ in kadi][:3] == [rules.OVERVIEW, "Setup", "Your turn"]
    for game, pages in found["pages"].items():
        expected = [[p.label, p.text] for p in rules.pages(rules.markdown(game) or "")]
        assert pages == expected, f"{game}'s pages differ between the install and the source"
    kadi_sw = found["sw"]["kadi"]
    assert kadi_sw[0][0] == "Muhtasari" and kadi_sw[0][1] != kadi[0][1], "the Kiswahili page from the wheel"
    for game, pages in found["sw"].items():
        expected = [[p.label, p.text] for p in rules.pages(rules.markdown(game, "sw") or "", "sw")]
        assert pages == expected, f"{game}'s Kiswahili pages differ between the install and the source"


def lend_catalogue_dependencies(python: Path, folder: Path) -> None:
    """Make the catalogues' dependencies importable by ``python`` (the fresh venv): links
    to this interpreter's copies in ``folder``, named by a ``.pth`` file in its site-packages
    (read even under ``-I``). Only these: the bot itself comes from the wheel alone."""
    folder.mkdir()
    for name in CATALOGUE_DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None, f"{name} is not installed here"
        where = Path(next(iter(spec.submodule_search_locations))) if spec.submodule_search_locations else Path(
            str(spec.origin))
        (folder / where.name).symlink_to(where, target_is_directory=where.is_dir())
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=folder).strip()
    (Path(site) / "lent_catalogue_dependencies.pth").write_text(f"{folder}\n", encoding="utf-8")
    assert sysconfig.get_path("purelib") != site, "the fresh venv is this one"


def test_kadi_bot_is_the_bots_main_and_the_licence_is_declared() -> None:
    """Issue 31: `kadi-bot` (pyproject's [project.scripts]) runs what `python -m bot` runs,
    and the MIT LICENSE is declared (and there)."""
    import importlib
    import tomllib

    import bot.__main__

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    module, _, name = project["scripts"]["kadi-bot"].partition(":")
    assert getattr(importlib.import_module(module), name) is bot.__main__.main
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert any(d.startswith("aiohttp==") for d in project["dependencies"]), "aiohttp is imported by the bot: pin it"
