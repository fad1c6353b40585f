"""Headless Chromium, driven by Selenium, playing a seat from the host's phone page.

The system's Chromium and its driver (Debian's ``chromium`` and ``chromium-driver``; .ci/run
installs them); Selenium is pointed at the driver, so its manager downloads nothing. Where
either is missing, ``needs_chromium`` skips the test and says what to install.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from game.engine.table import Table
from game.net.web import page_address

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or ""
CHROMEDRIVER = "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else (
    shutil.which("chromedriver") or "")


def _missing() -> str:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -c constraints.txt -e '.[test]')"
    if not CHROMIUM or not CHROMEDRIVER:
        return ("the browser tests need Chromium and its driver: apt-get install chromium "
                "chromium-driver")
    return ""


needs_chromium = pytest.mark.skipif(bool(_missing()), reason=_missing() or "ready")

PHONE = (360, 640)


def open_browser(profile: Path, size: tuple[int, int] = PHONE, lang: str = "en") -> Any:
    """A fresh headless Chromium (its own profile, so its own stored seat) of ``size``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                     f"--window-size={size[0]},{size[1]}", f"--lang={lang}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_window_size(*size)
    # the page's own viewport is the device's screen, as on a phone (no window frame)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True})
    return driver


class PageSeat:
    """One browser at the page, taking a seat and playing it by taps."""

    def __init__(self, driver: Any, address: str, port: int, code: str, name: str,
                 lang: str = "") -> None:
        self.driver = driver
        url = page_address(address, port, code) + (f"&lang={lang}" if lang else "")
        driver.get(url)
        self.wait(lambda: self.find("#name") is not None, "the join form")
        self.find("#name").send_keys(name)
        self.tap("#join-button")
        self.wait(lambda: self.state()["seat"] is not None, "a seat")

    # -- reading the page

    def find(self, css: str) -> Any:
        from selenium.webdriver.common.by import By

        found = self.driver.find_elements(By.CSS_SELECTOR, css)
        return found[0] if found else None

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.driver.execute_script(
            "const s = window.rummyPage.state; return {seat: s.seat, step: s.step, "
            "view: s.view, over: s.over, selected: s.selected};")
        return state

    def text(self, css: str) -> str:
        element = self.find(css)
        return str(element.text) if element is not None else ""

    def wait(self, done: Any, what: str, seconds: float = 30.0) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if done():
                return
            time.sleep(0.05)
        raise AssertionError(f"the page showed no {what} within {seconds} s "
                             f"(message: {self.text('#message')!r})")

    def refusal(self) -> str:
        """The refusal (or error) the page shows; "" when it shows none (a note is none)."""
        box = self.find("#message")
        if box is None or "note" in (box.get_attribute("class") or "").split():
            return ""
        return str(box.text)

    def my_turn(self) -> bool:
        state = self.state()
        view = state["view"]
        return bool(view and not state["over"] and view["hand_result"] is None
                    and view["current"] == state["seat"])

    # -- touching it

    def tap(self, css: str) -> None:
        from selenium.common.exceptions import StaleElementReferenceException

        for _try in range(5):  # the page may draw itself afresh as the host's news comes
            element = self.find(css)
            assert element is not None, f"nothing on the page is {css}"
            try:
                # as a thumb would: scrolled to the middle of the screen, clear of the bars
                # that stay at its top and bottom
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});",
                                           element)
                element.click()
                return
            except StaleElementReferenceException:
                time.sleep(0.05)
        raise AssertionError(f"{css} kept changing under the tap")

    def tap_card(self, card: str) -> None:
        self.tap(f'#table [data-card="{card}"], #hand [data-card="{card}"]')

    def lay(self, table: Table) -> None:
        """Make the page's draft ``table`` by taps: every meld of it not on the table as
        it stands is chosen card by card and laid as a New meld (what is left of the old
        melds empties as each card finds its place)."""
        view = self.state()["view"]
        standing = {frozenset(meld) for meld in view["table"]["melds"]}
        for meld in table.to_json()["melds"]:
            if frozenset(meld) in standing:
                continue
            for card in meld:
                self.tap_card(card)
            self.tap("#new-meld")

    def act(self, css: str) -> None:
        """Tap an action's button and wait for the host's answer (a new view or a
        refusal)."""
        step = self.state()["step"]
        self.tap(css)
        self.wait(lambda: self.state()["step"] != step or self.refusal() != "",
                  "answer from the host")
