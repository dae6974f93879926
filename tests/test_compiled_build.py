"""The optional compiled build (issue 15, ``TABLETOP_COMPILE=1 pip install .``): where tabletop's
hot modules are mypyc-compiled, they are exactly the modules ``setup.py`` lists, each with its
source beside it, and they play the same games, byte for byte, as that source.

Skipped where nothing is compiled: the default install and the editable development one.
``scripts/compiled_check.py`` builds both packages from a clean copy and compares them at length.
"""

from __future__ import annotations

import ast
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tabletop

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "compiled_check.py"
PACKAGE = Path(tabletop.__file__).parent
COMPILED_FILES = sorted(
    path for suffix in importlib.machinery.EXTENSION_SUFFIXES for path in PACKAGE.rglob(f"*{suffix}")
)

pytestmark = pytest.mark.skipif(
    not COMPILED_FILES, reason="tabletop is pure Python here: no compiled build to check"
)


def _module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent)
    return ".".join((*relative.parent.parts, relative.name.split(".")[0]))


def _listed_in_setup() -> set[str]:
    """The ``COMPILED`` tuple of setup.py, read without running it."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "COMPILED":
            assert node.value is not None
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return {str(name) for name in value}
    raise AssertionError("setup.py has no COMPILED tuple")


def _fingerprint(*flags: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in sys.path if path)}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "fingerprint", "--games", "2", "--seconds", "0", *flags],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_compiled_modules_are_those_setup_lists_each_beside_its_source() -> None:
    modules = {_module_name(path) for path in COMPILED_FILES}
    assert modules == _listed_in_setup()
    for path in COMPILED_FILES:
        assert path.with_name(path.name.split(".")[0] + ".py").is_file(), path


def test_the_compiled_modules_play_the_games_their_source_plays() -> None:
    compiled = _fingerprint()
    pure = _fingerprint("--pure")
    assert set(compiled["compiled"]) == _listed_in_setup()
    assert pure["compiled"] == []
    assert compiled["configurations"].keys() == pure["configurations"].keys()
    for key, figures in compiled["configurations"].items():
        assert figures["digest"] == pure["configurations"][key]["digest"], key
