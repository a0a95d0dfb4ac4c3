"""Benchmark: save-to-update time of `pnp serve` for a one-card change, seen in a real browser.

A copy of a shipped game is served by the CLI as a designer runs it; headless
Chromium shows the page. Each round saves the deck file with one patient's
age changed (written to a temporary file and renamed, as editors save) and
waits until that card's new face has loaded in the page; the time runs from
the save to the image's load event (both clocks are this machine's). Rounds
start when the previous refresh has finished (rulebook included), as a
designer's saves are seconds apart.
    python bench/serve.py [ROUNDS] [GAME]     (default 15 rounds of organ-match: 160 cards, the most of the five)
"""
from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARD_LINE = re.compile(r"^  - \{id: (p\d+),.*?age: (\d+),", re.M)


def browser(profile: Path):
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1280,900", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=shutil.which("chromedriver")))


def wait(driver, script: str, *args, timeout: float = 60):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.02).until(lambda d: d.execute_script(script, *args))


def save(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


READY = "return document.getElementById('status').textContent.startsWith('updated')"
LOADED = """const img = document.querySelector(`.tile[data-key="deck:patients:${arguments[0]}"] img[data-side=front]`);
return img && img.getAttribute('src') !== arguments[1] && img.complete && img.naturalWidth > 0 && img.dataset.loadedSrc === img.getAttribute('src') && img.dataset.loadedAt ? Number(img.dataset.loadedAt) : 0;"""
SRC = "return document.querySelector(`.tile[data-key=\"deck:patients:${arguments[0]}\"] img[data-side=front]`).getAttribute('src')"


def run(rounds: int, game: str) -> None:
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        sys.exit("needs headless Chromium: apt-get install chromium chromium-driver")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(ROOT / "data" / game, root / "data" / game)
        shutil.copytree(ROOT / "templates", root / "templates")
        server = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(root), "serve", game, "--port", "0"], cwd=ROOT,
                                  env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        driver = None
        try:
            url = re.search(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", server.stdout.readline()).group(0)  # the token's cookie follows
            driver = browser(root / "profile")
            started = time.perf_counter()
            driver.get(url)
            wait(driver, READY)
            print(f"{game}: first render shown after {time.perf_counter() - started:.1f} s")
            deck = root / "data" / game / "decks" / "patients.yaml"
            times = []
            for n in range(rounds):
                text = deck.read_text(encoding="utf-8")
                cards = CARD_LINE.findall(text)
                card, age = cards[(7 * n) % len(cards)]
                before = driver.execute_script(SRC, card)
                line = next(m for m in CARD_LINE.finditer(text) if m.group(1) == card)
                edited = text[:line.start(2)] + str(int(age) + 1) + text[line.end(2):]
                saved = time.time()
                save(deck, edited)
                loaded_ms = wait(driver, LOADED, card, before)
                times.append(loaded_ms / 1000 - saved)
                wait(driver, READY)
                time.sleep(0.3)
            ms = sorted(t * 1000 for t in times)
            print(f"{game}, one card changed, save to new face shown: median {statistics.median(ms):.0f} ms, "
                  f"range {ms[0]:.0f}–{ms[-1]:.0f} ms over {rounds} saves")
        finally:
            if driver is not None:
                driver.quit()
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 15, sys.argv[2] if len(sys.argv) > 2 else "organ-match")
