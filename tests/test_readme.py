"""The README is the front door: its Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import tabletop

README = Path(__file__).parent.parent / "README.md"


def test_readme_python_examples_run_in_order(capsys: object) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {}
    for number, block in enumerate(blocks):
        exec(compile(block, f"README.md python block {number}", "exec"), namespace)
    state = namespace["state"]
    assert isinstance(state, tabletop.State) and state.is_terminal


def test_readme_names_the_commands_that_exist() -> None:
    text = README.read_text(encoding="utf-8")
    for command in (
        "tabletop play",
        "tabletop list",
        "tabletop simulate",
        "tabletop replay",
        "tabletop bench",
    ):
        assert command in text
    assert "bash scripts/test" in text
    assert (README.parent / "scripts" / "test").exists()
