"""Test ids that are the same in every process (pytest-xdist's workers must collect the same
tests): a value's ``repr`` without the memory address that plain objects print."""

from __future__ import annotations

import re

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def stable(value: object) -> str:
    """``repr(value)`` with any `` at 0x...`` address taken out."""
    return _ADDRESS.sub("", repr(value))
