"""The optional compiled build of tabletop (issue 15).

``pip install .`` builds the pure-Python package that ``pyproject.toml`` describes: this file
then calls ``setup()`` with nothing more, so no compiler and no extra build requirement.

``TABLETOP_COMPILE=1 pip install .`` compiles the modules of :data:`COMPILED` with mypyc (a C
compiler and the Python headers must be present; the build backend in ``build_backend/`` adds
mypy to the isolated build environment for this only). Every module stays installed as ``.py``
source beside its compiled twin, which Python imports first. Which modules, and why the others
are not compiled, is in the README's "Compiled build (optional)" section.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup  # type: ignore[import-untyped,unused-ignore]

#: The modules compiled by ``TABLETOP_COMPILE=1``: the games' hot rule modules (legal-action
#: generation, effects, costs, scoring) that compile and behave exactly as their source does,
#: refusals included. Each module left out has a reason in the README's section.
COMPILED: tuple[str, ...] = (
    "tabletop.games.cities_of_splendor.legal",
    "tabletop.games.cities_of_splendor.scoring",
    "tabletop.games.dozen_war.agenda",
    "tabletop.games.dozen_war.board",
    "tabletop.games.dozen_war.combat",
    "tabletop.games.dozen_war.effects",
    "tabletop.games.dozen_war.interpreter",
    "tabletop.games.dozen_war.legal",
    "tabletop.games.dozen_war.rounds",
    "tabletop.games.dozen_war.scoring",
    "tabletop.games.dozen_war.table",
    "tabletop.games.seven_wonders.city",
    "tabletop.games.seven_wonders.effects",
    "tabletop.games.seven_wonders.legal",
    "tabletop.games.seven_wonders.scoring",
    "tabletop.games.seven_wonders.trading",
    "tabletop.games.splendor_duel.effects",
    "tabletop.games.splendor_duel.holdings",
    "tabletop.games.splendor_duel.legal",
    "tabletop.games.splendor_duel.scoring",
    "tabletop.games.wonders_duel.city",
    "tabletop.games.wonders_duel.economy",
    "tabletop.games.wonders_duel.legal",
    "tabletop.games.wonders_duel.scoring",
)

#: The setup.py commands that build the package; metadata commands (egg_info, dist_info, sdist)
#: need no compiled modules, and mypyc's type check and C generation take most of a minute.
BUILDING = frozenset({"build", "build_ext", "bdist_wheel", "install", "develop", "editable_wheel"})


def compile_requested() -> bool:
    """Whether ``TABLETOP_COMPILE`` asks for the compiled build (set, and not 0/false/no)."""
    return os.environ.get("TABLETOP_COMPILE", "").strip().lower() not in ("", "0", "false", "no")


def compiled_extensions() -> list[object]:
    """The mypyc extension modules of :data:`COMPILED` (this runs mypy and writes the C)."""
    try:
        from mypyc.build import mypycify
    except ImportError as error:  # only without build isolation: the backend adds mypy otherwise
        raise SystemExit(
            "TABLETOP_COMPILE=1 needs mypy (which provides mypyc) in the build environment: "
            "pip install mypy, or build with pip's default build isolation"
        ) from error
    paths = [os.path.join("src", *name.split(".")) + ".py" for name in COMPILED]
    # Type errors count only in the compiled modules: the others are read for their types, and
    # some import optional extras (matplotlib, numpy) that the build environment lacks.
    options = ["--follow-imports=silent"]
    # One C file per module, so that the C compiler can work on several at once (below).
    return list(mypycify([*options, *paths], opt_level="3", multi_file=True))


if compile_requested() and BUILDING.intersection(sys.argv[1:]):
    setup(ext_modules=compiled_extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
else:
    setup()
