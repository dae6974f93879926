"""The house plan (docs/DESIGN.md), for every registered game: a file for each job, and no rule
module importing the state module at run time, so the rules read as functions of a state and
the import graph has no cycle."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import tabletop

PLAN = (
    "__init__.py",
    "components.py",
    "actions.py",
    "setup.py",
    "legal.py",
    "effects.py",
    "refusals.py",
    "hidden.py",
    "scoring.py",
    "text.py",
    "invariants.py",
    "tensor.py",
    "state.py",
)
#: The package's public face exports the state type, setup builds one, state.py is it.
MAY_IMPORT_STATE = ("__init__.py", "setup.py", "state.py")


def package_of(name: str) -> Path:
    module = importlib.import_module(f"tabletop.games.{name}")
    assert module.__file__ is not None
    return Path(module.__file__).parent


@pytest.mark.parametrize("name", tabletop.game_names())
def test_every_job_has_its_file(name: str) -> None:
    present = {module.name for module in package_of(name).glob("*.py")}
    assert not set(PLAN) - present, f"{name} lacks {sorted(set(PLAN) - present)}"


def imports_state_at_run_time(source: str) -> bool:
    """Whether module ``source`` imports ``.state`` outside an ``if TYPE_CHECKING:`` block."""
    tree = ast.parse(source)
    for_typing = {
        id(inner)
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }
    return any(
        isinstance(node, ast.ImportFrom)
        and node.level == 1
        and node.module == "state"
        and id(node) not in for_typing
        for node in ast.walk(tree)
    )


@pytest.mark.parametrize("name", tabletop.game_names())
def test_rule_modules_import_the_state_module_only_for_type_checking(name: str) -> None:
    for module in sorted(package_of(name).glob("*.py")):
        if module.name not in MAY_IMPORT_STATE:
            source = module.read_text(encoding="utf-8")
            assert not imports_state_at_run_time(source), f"{name}/{module.name} imports .state at run time"


def test_the_import_check_tells_run_time_from_type_checking() -> None:
    assert imports_state_at_run_time("from .state import S\n")
    assert imports_state_at_run_time("def f():\n    from .state import S\n")
    assert not imports_state_at_run_time("if TYPE_CHECKING:\n    from .state import S\n")
    assert not imports_state_at_run_time("from .legal import f\nfrom tabletop.core.state import State\n")
