"""tabletop's PEP 517 build backend: setuptools' own, plus mypy (which provides mypyc) and the
libraries it type-checks as build requirements when ``TABLETOP_COMPILE`` asks for the optional
compiled build (see ``setup.py``). Without that variable every hook is setuptools' unchanged."""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools  # type: ignore[import-untyped,unused-ignore]
from setuptools.build_meta import (  # type: ignore[import-untyped,unused-ignore]
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

#: What the compiled build needs besides setuptools: mypyc, and attrs and cattrs, which it
#: type-checks the compiled modules against (the versions of pyproject.toml's dependencies).
COMPILE_REQUIREMENTS = ["mypy>=1.8", "attrs>=23.1", "cattrs>=23.2"]


def _compile_requirements() -> list[str]:
    wanted = os.environ.get("TABLETOP_COMPILE", "").strip().lower() not in ("", "0", "false", "no")
    return list(COMPILE_REQUIREMENTS) if wanted else []


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    """setuptools' requirements for a wheel, and mypy's when the compiled build is asked for."""
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *_compile_requirements()]


def get_requires_for_build_editable(config_settings: dict[str, object] | None = None) -> list[str]:
    """setuptools' requirements for an editable install, and mypy's for a compiled one."""
    return [*_setuptools.get_requires_for_build_editable(config_settings), *_compile_requirements()]
