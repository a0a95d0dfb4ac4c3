"""The pictures of docs/designers-loop.md#playtest-answers-beside-the-cards: a fresh project whose cards print with QR
stamps, a form's sheet of answers imported, one card edited since, and `pnp serve` in headless Chromium showing that
card's answers beside it (the older version's marked).
    python bench/feedback_screenshot.py      (needs chromium and chromium-driver; writes docs/images/serve-feedback.png
                                              and docs/images/qr-stamp.png)
"""
from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve import browser, wait  # bench/serve.py: the same headless Chromium

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
FORM = "https://docs.google.com/forms/d/e/1FAIpQLSe-example/viewform"
FILES = {
    "data/heist/game.yaml": f"""\
        title: Night Heist
        version: "0.4"
        players: {{min: 2, max: 4}}
        palette: {{ink: "#222222", paper: "#ffffff", band: "#2f4b7c"}}
        stamps: {{qr: true}}
        feedback:
          form: {FORM}
          fields: {{version: entry.333, card: entry.111, code: entry.222}}
        """,
    "data/heist/decks/crew.yaml": """\
        name: Crew
        size: poker
        front: heist/crew.j2
        back: heist/back.j2
        cards:
          - {id: safecracker, name: Safecracker, text: "Open one vault. Draw a card.", count: 2}
          - {id: lookout, name: Lookout, text: "Look at the top two cards of the guard deck."}
          - {id: driver, name: Driver, text: "Move the crew two districts."}
        """,
    "templates/heist/crew.j2": """\
        {{ rect(3, 3, face.w - 6, 16, fill="band", radius=1.5) }}
        {{ text(card.name, 6, 6, face.w - 12, 10, size=15, color="#ffffff") }}
        {{ text(card.text, 6, 30, face.w - 12, 30, size=10) }}
        """,
    "templates/heist/back.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="band") }}\n',
}
ANSWERS = [  # (time, card, how it played, what to change); the code is the card's as printed
    ("2026/11/18 8:12:40 PM GMT+1", "crew/safecracker", "2", "Too strong with the vault bonus: took every game."),
    ("2026/11/19 9:03:11 PM GMT+1", "crew/safecracker", "3", "Draw a card is the problem, not the vault."),
    ("2026/11/21 7:45:02 PM GMT+1", "crew/lookout", "4", "Fine. Maybe three cards?"),
    ("2026/11/22 8:30:55 PM GMT+1", "crew/safecracker", "4", "Better now, still the first pick."),
]


def pnp(root: Path, *args: str) -> str:
    return subprocess.run([sys.executable, "-m", "pnp", "--root", str(root), *args], check=True, cwd=ROOT, capture_output=True, text=True).stdout


def codes(root: Path) -> dict[str, str]:
    out = pnp(root, "list", "heist", "--format", "json")
    rows = json.loads(out[: out.rindex("]") + 1])
    return {f"{d['id']}/{c['id']}": c["stamp"]["code"] for row in rows for d in row["decks"] for c in d["card_list"]}


def project(root: Path) -> None:
    """Build the game (its first print), import the answers given on it, then edit the safecracker: the last answer
    comes on the edited card, the others stay on the printed one."""
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    pnp(root, "build", "heist", "-q", "--only", "cards")
    printed = codes(root)
    qr_picture(root)
    deck = root / "data/heist/decks/crew.yaml"
    deck.write_text(deck.read_text().replace("Open one vault. Draw a card.", "Open one vault."))
    edited = codes(root)
    with (root / "answers.csv").open("w", newline="", encoding="utf-8") as f:
        rows = csv.writer(f)
        rows.writerow(["Timestamp", "Card", "Code", "Version", "How did it play? (1-5)", "What would you change?"])
        for n, (time, card, rating, note) in enumerate(ANSWERS):
            rows.writerow([time, card, (edited if n == len(ANSWERS) - 1 else printed)[card], "0.4", rating, note])
    print(pnp(root, "feedback", "import", str(root / "answers.csv")), end="")
    print(pnp(root, "changes", "heist"), end="")


def qr_picture(root: Path) -> None:
    """The safecracker's front as printed (before the edit), from `pnp preview`: the same drawing as the print files."""
    with tempfile.TemporaryDirectory() as tmp:
        pnp(root, "preview", "heist", "--card", "safecracker", "--dpi", "150", "--out", tmp)
        shutil.copyfile(Path(tmp) / "crew" / "safecracker-front.png", IMAGES / "qr-stamp.png")


def screenshot(root: Path) -> None:
    server = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(root), "serve", "heist", "--port", "0"], cwd=ROOT,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    driver = None
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", server.stdout.readline()).group(0)
        driver = browser(root / "profile")
        driver.set_window_size(1280, 900)
        driver.get(url)
        wait(driver, "return document.getElementById('status').textContent.startsWith('updated')")
        driver.execute_script("document.querySelector('.tile[data-key=\"deck:crew:safecracker\"]').click()")
        wait(driver, "return !document.getElementById('detail-answers').hidden && document.querySelectorAll('#detail-answer-list li').length === 3")
        wait(driver, "return Array.from(document.querySelectorAll('#detail img, .tile img')).every(i => i.complete && i.naturalWidth > 0)")
        driver.save_screenshot(str(IMAGES / "serve-feedback.png"))
    finally:
        if driver is not None:
            driver.quit()
        server.terminate()
        server.wait(10)


def main() -> None:
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        sys.exit("needs headless Chromium: apt-get install chromium chromium-driver")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "project"
        project(root)
        screenshot(root)
    print(f"wrote {IMAGES / 'serve-feedback.png'} and {IMAGES / 'qr-stamp.png'}")


if __name__ == "__main__":
    main()
