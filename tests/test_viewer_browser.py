"""The replay page in a real browser: Debian's chromium, headless, driven by selenium.

Without chromium, its driver or selenium the test skips and says which is missing (the CI
installs all three)."""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

import tabletop

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None or DRIVER is None:
        pytest.skip("no chromium or chromedriver on PATH (apt-get install chromium chromium-driver)")
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    from selenium.webdriver.chrome.service import Service

    # The driver is given: selenium's own manager must not go looking for one on the network.
    os.environ.setdefault("SE_OFFLINE", "true")
    os.environ.setdefault("SE_AVOID_STATS", "true")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="tabletop-chromium-")
    for flag in (
        "--headless",
        "--no-sandbox",  # the CI runs as root
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def test_the_replay_page_steps_by_key_and_button_without_console_errors(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    game = tabletop.load("splendor_duel")
    state = game.new_game(seed=4)
    rng = random.Random(4)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    page = tmp_path / "replay.html"
    page.write_text(game.replay_html(state.record()), encoding="utf-8")
    browser.get(page.as_uri())

    def shown() -> tuple[str, str, str]:
        picture = browser.find_element(By.CSS_SELECTOR, "#picture svg").get_attribute("outerHTML")
        return (
            browser.find_element(By.ID, "move").text,
            browser.find_element(By.ID, "caption").text,
            picture,
        )

    start = shown()
    assert start[0] == "move 0 of 12" and start[1] == "the start"
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    after_key = shown()
    assert after_key[0] == "move 1 of 12"
    assert after_key[1] == f"seat {game.replay({**state.record(), 'actions': []}).current_player}: " + str(
        state.history[0]
    )
    assert after_key[2] != start[2]  # the picture changed
    browser.find_element(By.ID, "forward").click()
    assert shown()[0] == "move 2 of 12"
    browser.find_element(By.ID, "back").click()
    assert shown() == after_key
    body.send_keys(Keys.ARROW_LEFT)
    assert shown() == start
    body.send_keys(Keys.END)
    end = shown()
    assert end[0] == "move 12 of 12" and end[1] == f"seat {_mover(state, 11)}: {state.history[11]}"
    browser.find_element(By.ID, "first").click()
    assert shown() == start
    # The picture shown is the one Python draws for that position (the browser writes the markup
    # its own way: compare the text and the number of elements).
    drawn = ElementTree.fromstring(state_svg(state, 12))
    body.send_keys(Keys.END)
    svg = browser.find_element(By.CSS_SELECTOR, "#picture svg")
    assert svg.get_attribute("textContent") == "".join(drawn.itertext())
    assert (
        browser.execute_script("return arguments[0].querySelectorAll('*').length", svg)
        == len(list(drawn.iter())) - 1
    )
    errors = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert errors == []


def _mover(state: Any, number: int) -> int:
    """The seat that took action ``number`` of ``state``'s history."""
    record = state.record()
    before = state.game.replay({**record, "actions": record["actions"][:number]})
    mover: int = before.current_player
    return mover


def state_svg(state: Any, number: int) -> str:
    """The spectator's picture of the position after ``number`` actions of ``state``'s game."""
    record = state.record()
    picture: str = state.game.replay({**record, "actions": record["actions"][:number]}).svg()
    return picture
