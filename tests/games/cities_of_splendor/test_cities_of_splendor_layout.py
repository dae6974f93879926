"""The house plan (docs/DESIGN.md): the package has a file for each job, and no rule module
imports the state module at run time, so the rules read as functions of a state."""

from __future__ import annotations

import ast
from pathlib import Path

from tabletop.games import cities_of_splendor

PACKAGE = Path(cities_of_splendor.__file__).parent
PLAN = [
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
]


def test_every_job_has_its_file() -> None:
    assert set(PLAN) <= {module.name for module in PACKAGE.glob("*.py")}


def test_only_the_public_face_and_the_setup_import_the_state_at_run_time() -> None:
    for module in sorted(PACKAGE.glob("*.py")):
        if module.name in ("__init__.py", "setup.py", "state.py"):  # these export or build a state
            continue
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for_typing = {
            id(inner)
            for node in tree.body
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module == "state":
                assert id(node) in for_typing, f"{module.name} imports .state at run time"


def test_every_catalog_is_a_mapping_by_id() -> None:
    catalogs = {
        "CARDS": cities_of_splendor.CARDS,
        "NOBLES": cities_of_splendor.NOBLES,
        "CITY_FACES": cities_of_splendor.CITY_FACES,
    }
    for name, catalog in catalogs.items():
        assert isinstance(catalog, dict), name
        assert all(key == item.id for key, item in catalog.items()), name
    assert all(key == tile.tile for key, tile in cities_of_splendor.CITY_TILES.items())
    assert all(key == post.position for key, post in cities_of_splendor.TRADING_POSTS.items())
