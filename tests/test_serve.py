"""`pnp serve` in a real browser: headless Chromium, driven by Selenium, against the server as the CLI starts it.

The page must show every deck's faces, follow a save with the new face, show
a broken template's located error while the last good images stay, drop the
error once fixed, and the server must hand out nothing but what pnp rendered,
to nobody but its own address. As a layout aid it shows a millimetre readout,
a 5 mm grid and colour-vision views as pnp's own checks compute them; odd and
malformed requests get an answer without a traceback, and it keeps serving.
One server and one Chromium serve every test that only looks (`shared_server`,
`shared_browser`): starting each costs seconds.
"""
from __future__ import annotations

import http.client
import io
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

TIMEOUT = 30  # seconds to wait for the page; generous for a loaded CI machine, never an assertion on speed
INSTALL = "headless Chromium is not installed: run `apt-get install chromium chromium-driver` (Debian/Ubuntu) and `pip install -e '.[test]'` to run the browser tests"
LOOPBACK = {"127.0.0.1", "::1", "localhost"}


@pytest.fixture(autouse=True)
def _no_network(monkeypatch):
    """As in conftest, but the loopback is allowed: Selenium talks to chromedriver, and the tests to the server, on 127.0.0.1."""
    real_connect = socket.socket.connect
    real_create = socket.create_connection

    def connect(sock, address):
        if sock.family in (socket.AF_INET, socket.AF_INET6) and address[0] in LOOPBACK:
            return real_connect(sock, address)
        raise OSError("network access is disabled in tests (only the loopback is allowed here)")

    def create_connection(address, *args, **kwargs):
        if address[0] in LOOPBACK:
            return real_create(address, *args, **kwargs)
        raise OSError("network access is disabled in tests (only the loopback is allowed here)")

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket, "create_connection", create_connection)


class Server:
    """`pnp serve` running in its own process on a copy of the test project."""

    def __init__(self, project: Path, log: Path, *options: str):
        self.project = project
        self.log = log.open("w")
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(project), "serve", "tiny", "--port", "0", *options],
                                     cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self._first_line()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([\w-]+)", line)
        assert match, f"pnp serve did not print its address with its token: {line!r} (log: {log.read_text()})"
        self.port, self.token = int(match.group(1)), match.group(2)
        self.url = match.group(0)  # as printed: the browser that opens it gets the token's cookie
        self.cookie = f"pnp-serve-{self.port}={self.token}"

    def _first_line(self) -> str:
        box: list[str] = []
        reader = threading.Thread(target=lambda: box.append(self.proc.stdout.readline()), daemon=True)
        reader.start()
        reader.join(TIMEOUT)
        return box[0] if box else ""

    def request(self, path: str, host: str | None = None, method: str = "GET", token: bool = True) -> tuple[int, bytes]:
        """A raw request, with the token's cookie unless `token` is False: the path goes out exactly as written."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            conn.putheader("Host", f"127.0.0.1:{self.port}" if host is None else host)
            if token:
                conn.putheader("Cookie", self.cookie)
            conn.endheaders()
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()

    def state(self) -> str:
        """The state as JSON once the first render of the game is complete."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            status, body = self.request("/api/state")
            if (status == 200 and b'"state": "ready"' in body) or b'"state":"ready"' in body:
                return body.decode()
            time.sleep(0.1)
        raise AssertionError(f"pnp serve did not finish its first render within {TIMEOUT} s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        self.log.close()


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory):
    """`pnp serve` on a copy of the test project, shared by the tests of a module: every one but the last only looks."""
    from conftest import TEST_PROJECT

    root = tmp_path_factory.mktemp("serve")
    shutil.copytree(TEST_PROJECT, root / "project", ignore=shutil.ignore_patterns("output"))
    srv = Server(root / "project", root / "serve.log")
    yield srv
    srv.stop()


def _chromium(profile: Path):
    chromium, chromedriver = shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")
    if not chromium or not chromedriver:
        pytest.skip(INSTALL)
    webdriver = pytest.importorskip("selenium.webdriver", reason=INSTALL)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1280,900", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=chromedriver))
    driver.set_page_load_timeout(TIMEOUT)
    return driver


@pytest.fixture(scope="module")
def shared_browser(tmp_path_factory):
    """One headless Chromium for the tests of a module: each opens its page afresh (`open_page`), at the same window size."""
    driver = _chromium(tmp_path_factory.mktemp("chromium") / "profile")
    yield driver
    driver.quit()


@pytest.fixture
def browser(shared_browser):
    """The module's Chromium, its window at the size every test starts from."""
    shared_browser.set_window_size(1280, 900)
    return shared_browser


def wait_until(driver, script: str, *args, timeout: float = TIMEOUT, message: str = ""):
    """Run `script` in the page until it returns something truthy; that value."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: d.execute_script(script, *args))
    except TimeoutException:
        status = driver.execute_script("return document.getElementById('status').textContent")
        problems = driver.execute_script("return Array.from(document.querySelectorAll('#problem-list li')).map(li => li.textContent)")
        raise AssertionError(f"{message or script}: not seen within {timeout} s (status: {status!r}; problems: {problems})") from None


FACES = """
return Array.from(document.querySelectorAll('.tile')).flatMap(t => Array.from(t.querySelectorAll('img.face')).map(img => ({
  key: t.dataset.key, side: img.dataset.side, src: img.getAttribute('src'), stale: img.parentElement.classList.contains('stale'),
  loaded: img.complete && img.naturalWidth > 0, w: img.naturalWidth, h: img.naturalHeight})));
"""
READY = "return document.getElementById('status').textContent.startsWith('updated')"


def faces(driver) -> dict[tuple[str, str], dict]:
    return {(f["key"], f["side"]): f for f in driver.execute_script(FACES)}


def open_page(driver, server) -> None:
    driver.get(server.url)
    wait_until(driver, READY, message="the page showing the game after its first render")
    wait_until(driver, "return Array.from(document.querySelectorAll('img.face')).every(i => i.complete && i.naturalWidth > 0)",
               message="every image loaded")


def deck_cards(project: Path) -> dict[str, list[dict]]:
    """The cards of each deck as the YAML files list them, read here without pnp."""
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8"))["cards"] for p in sorted((project / "data/tiny/decks").glob("*.yaml"))}


def line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def screenshot(driver, tmp_path: Path, name: str) -> None:
    """Keep a screenshot of the page; PNP_SCREENSHOTS=DIR keeps them where a person can look at them."""
    folder = Path(os.environ.get("PNP_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(folder / f"{name}.png"))


def test_the_page_shows_every_deck_face_as_printed_with_its_bleed(browser, shared_server, tmp_path):
    server, project = shared_server, shared_server.project
    open_page(browser, server)
    shown = faces(browser)
    decks = deck_cards(project)
    for deck, cards in decks.items():
        for card in cards:
            front = shown.get((f"deck:{deck}:{card['id']}", "front"))
            assert front is not None and front["loaded"], f"{deck}/{card['id']}: no front shown"
            assert (f"deck:{deck}:{card['id']}", "back") in shown, f"{deck}/{card['id']}: its back is not shown"
            # a poker card is 63.5 × 88.9 mm; the preview adds the 3 mm bleed on every side
            assert front["w"] / front["h"] == pytest.approx((63.5 + 6) / (88.9 + 6), abs=0.005)
    captions = browser.execute_script("return Array.from(document.querySelectorAll('.tile[data-key^=\"deck:\"] figcaption')).map(c => c.textContent)")
    assert "knight ×2" in captions and "rogue ×3" in captions
    kinds = browser.execute_script("return Array.from(document.querySelectorAll('section.component')).map(s => s.dataset.kind)")
    assert {"deck", "boards", "tokens", "reference", "rulebook"} <= set(kinds)
    assert browser.execute_script("return document.getElementById('problems').hidden"), "the tiny game has no problems to list"
    browser.find_element("css selector", '.tile[data-key="deck:heroes:mage"]').click()
    detail = browser.find_element("id", "detail")
    assert detail.is_displayed()
    deck_file = project / "data/tiny/decks/heroes.yaml"
    assert f"data/tiny/decks/heroes.yaml:{line_of(deck_file, 'id: mage')}:" in detail.text
    assert "Look at the top three cards" in detail.text
    screenshot(browser, tmp_path, "serve-page")
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element("id", "simulation")).select_by_visible_text("Greyscale")
    assert browser.execute_script("return getComputedStyle(document.querySelector('img.face')).filter") == "grayscale(1)"
    screenshot(browser, tmp_path, "serve-greyscale")
    browser.set_window_size(820, 1180)  # a tablet held upright
    browser.find_element("id", "search").send_keys("rog")
    wait_until(browser, "return document.querySelectorAll('.tile[data-key^=\"deck:\"]:not([hidden])').length === 1", message="search keeps only the rogue")
    screenshot(browser, tmp_path, "serve-tablet")


TRAVERSALS = [
    "/img/../../pyproject.toml", "/img/..%2f..%2fpyproject.toml", "/img/%2e%2e/%2e%2e/pyproject.toml", "/static/../../pyproject.toml",
    "/static/..%2f..%2fpyproject.toml", "/static/..%2fapp.py", "/static/", "/img/", "//etc/passwd", "/../../../../etc/passwd",
    "/data/tiny/game.yaml", "/templates/tiny/hero.j2", "/output/", "/static/index.html", "/img/0000000000000000000000000.png",
]


def test_the_server_gives_nothing_but_what_pnp_rendered_and_only_to_its_own_address(shared_server):
    server = shared_server
    state = server.state()
    name = re.search(r"/img/([0-9a-f]+\.png)", state).group(1)
    status, png = server.request(f"/img/{name}")
    assert status == 200 and png.startswith(b"\x89PNG"), "a rendered image is served"
    secrets = (b"[project]", b"root:", b"title: Tiny", b"{% extends", b"import ")
    for path in TRAVERSALS:
        status, body = server.request(path)
        assert status in (400, 404), f"{path}: answered {status}"
        assert not any(s in body for s in secrets), f"{path}: leaked a file"
    for host in ("evil.example", f"evil.example:{server.port}", f"localhost:{server.port}", f"127.0.0.1:{server.port + 1}", ""):
        status, body = server.request("/api/state", host=host)
        assert status == 403 and b"Tiny" not in body, f"Host {host!r}: answered {status}"
    status, _ = server.request("/img/" + name, host="rebound.example")
    assert status == 403
    for method in ("POST", "PUT", "DELETE"):
        assert server.request("/api/state", method=method)[0] == 405, f"{method} is refused: the server is read-only"


def test_a_picture_is_sent_as_a_png_that_the_browser_keeps_for_good_by_its_name(shared_server):
    """An image/png (RFC 2083's type: what the browser is told it shows), cached forever and never asked again: its name
    is the hash of its bytes, so a face that did not change keeps its name and is not fetched again (RFC 8246's immutable)."""
    server = shared_server
    name = re.search(r"/img/([0-9a-f]+\.png)", server.state()).group(1)
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT)
    try:
        conn.request("GET", f"/img/{name}", headers={"Host": f"127.0.0.1:{server.port}", "Cookie": server.cookie})
        answer = conn.getresponse()
        body = answer.read()
    finally:
        conn.close()
    assert answer.status == 200 and body.startswith(b"\x89PNG\r\n\x1a\n")
    assert answer.getheader("content-type") == "image/png"
    assert "immutable" in answer.getheader("cache-control") and "max-age=31536000" in answer.getheader("cache-control")


def test_a_folder_created_with_files_in_it_passes_its_files_on(tmp_path):
    """Files copied into a new folder at once can land before the watcher looks inside it, so no event names them:
    the folder's own event stands for the input files it holds (and for nothing an output or a temporary holds)."""
    import watchfiles

    from pnp.pipeline.saves import input_filter
    from pnp.serve.app import saved_files

    icons = tmp_path / "templates/tiny/icons"
    icons.mkdir(parents=True)
    (icons / "star.svg").write_text("<svg/>", encoding="utf-8")
    (icons / "star.svg.tmp").write_text("", encoding="utf-8")  # an editor's temporary
    (tmp_path / "output").mkdir()
    is_input = input_filter([tmp_path])
    assert is_input(watchfiles.Change.added, str(icons))
    assert not is_input(watchfiles.Change.added, str(tmp_path / "output")), "pnp's own output folder is never an input"
    assert saved_files({(watchfiles.Change.added, str(icons))}, is_input) == {icons / "star.svg"}
    assert saved_files({(watchfiles.Change.modified, str(icons / "star.svg"))}, is_input) == {icons / "star.svg"}


def test_a_project_drawn_with_pnps_own_fonts_watches_their_folder_and_one_with_fonts_of_its_own_its_own_alone(project):
    """`pnp serve` follows every save of what it draws: a project with no fonts/fonts.yaml of its own is drawn with the
    fonts pnp ships, so that folder, outside the project, is watched beside it; a project with its own
    fonts/ keeps them inside the project folder, watched once with the rest."""
    import pnp
    from pnp.data.project import Project
    from pnp.serve.app import watched_folders

    shipped = (Path(pnp.__file__).parent / "assets" / "fonts").resolve()  # a link to the repository's fonts/ in a checkout
    assert (shipped / "fonts.yaml").is_file(), "pnp ships its fonts with their fonts.yaml"
    assert [Path(f).resolve() for f in watched_folders(Project(project))] == [project.resolve(), shipped]
    (project / "fonts").mkdir()
    (project / "fonts" / "fonts.yaml").write_text("fonts: {}\n", encoding="utf-8")
    assert [Path(f).resolve() for f in watched_folders(Project(project))] == [project.resolve()]


@pytest.mark.parametrize("sheet", ["cards.csv", "cards.tsv", "cards.txt", "cards.xlsx", "cards.xlsm", "cards.ods", "CARDS.ODS"])
def test_a_decks_sheet_saved_in_any_format_a_deck_reads_is_an_input_and_its_office_lock_is_not(tmp_path, sheet):
    """A deck reads its cards from a text sheet (.csv, .tsv, .txt) or a workbook (.xlsx, .xlsm, .ods: docs/limits.md's
    workbook kinds), whatever the case of its name: saving one redraws its deck. The lock an office program keeps beside
    a sheet it has open (Excel's `~$cards.xlsx`, LibreOffice's `.~lock.cards.ods#`) is no input (docs/data-format.md)."""
    import watchfiles

    from pnp.pipeline.saves import input_filter

    decks = tmp_path / "data/tiny/decks"
    decks.mkdir(parents=True)
    is_input = input_filter([tmp_path])
    assert is_input(watchfiles.Change.modified, str(decks / sheet)), f"{sheet} saved: its deck is not redrawn"
    for lock in (f"~${sheet}", f".~lock.{sheet}#"):
        assert not is_input(watchfiles.Change.added, str(decks / lock)), lock


def test_a_proxy_project_saved_in_a_game_is_an_input_and_an_exports_json_elsewhere_is_not(tmp_path):
    """A deck deals from Proxy-PDF-Maker's `proj.json` (docs/layouts.md): saving it in the tool redraws its deck. A
    Tabletop Simulator save exported into a folder of the project outside data/ draws nothing, and redraws nothing."""
    import watchfiles

    from pnp.pipeline.saves import input_filter

    is_input = input_filter([tmp_path])
    assert is_input(watchfiles.Change.modified, str(tmp_path / "data/tiny/decks/proj.json"))
    assert not is_input(watchfiles.Change.added, str(tmp_path / "exports/tiny-tts-save.json"))


@pytest.mark.parametrize("copy", ["tiny~", "#tiny#", "~tiny", ".tiny"])
def test_a_deck_saved_in_a_game_folder_pnp_ignores_is_no_input(tmp_path, copy):
    """pnp lists no game from a folder whose name its one rule ignores (docs/data-format.md: a backup `tiny~`, an
    autosave's `#tiny#`, a name starting with `~` or `.`), so a deck saved inside such a copy of a game draws nothing
    again, nor does the folder's own arrival; the same deck saved in the game's folder is an input."""
    import watchfiles

    from pnp.pipeline.saves import input_filter

    is_input = input_filter([tmp_path])
    assert is_input(watchfiles.Change.modified, str(tmp_path / "data/tiny/decks/heroes.yaml"))
    (tmp_path / "data" / copy / "decks").mkdir(parents=True)
    assert not is_input(watchfiles.Change.modified, str(tmp_path / "data" / copy / "decks/heroes.yaml")), copy
    assert not is_input(watchfiles.Change.added, str(tmp_path / "data" / copy)), copy

def test_art_saved_over_in_a_game_folder_is_drawn_and_measured_anew(project):
    """Art under data/<game>/ is named by path: the face that draws it keeps its value when the picture changes, so the
    preview must redraw such faces and measure the new picture, or it shows the old art with no word."""
    from PIL import Image

    from pnp.data.project import Project
    from pnp.serve.session import LiveSession, affected_games

    art = project / "data/tiny/art/hero.png"
    art.parent.mkdir()
    Image.new("RGB", (400, 100), "#3060a0").save(art)
    loaded = Project(project)
    assert affected_games(loaded, ["tiny"], {art}) == ({"tiny"}, False, True)
    assert affected_games(loaded, ["tiny"], {project / "data/tiny/decks/heroes.yaml"}) == ({"tiny"}, False, False)
    session = LiveSession(loaded, ["tiny"], publish=lambda slug, model: None)
    assert session.engine.check_image("data/tiny/art/hero.png")[1:] == (400, 100)
    Image.new("RGB", (100, 400), "#a03060").save(art)
    session.saw({art})
    assert session.engine.check_image("data/tiny/art/hero.png")[1:] == (100, 400)


# `pnp serve` as a layout aid: a millimetre readout under the pointer, a 5 mm grid, and the colour-vision views beside
# greyscale, each showing what pnp's own colour checks compute.
POKER = (63.5, 88.9)  # mm, trim
BLEED = 3.0  # mm each side, as the page shows a face
FRONT = '.tile[data-key="deck:heroes:knight"] .frame[data-side="front"]'


def _frame(driver):
    return driver.find_element("css selector", FRONT)


def _px_per_mm(driver) -> float:
    return driver.execute_script("return arguments[0].getBoundingClientRect().width", _frame(driver)) / (POKER[0] + 2 * BLEED)


def test_the_readout_under_the_pointer_gives_millimetres_from_the_trim_corner(browser, shared_server):
    """Three places on one page: two on the card, one in the bleed (which the readout names)."""
    from selenium.webdriver.common.action_chains import ActionChains

    open_page(browser, shared_server)
    frame = _frame(browser)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    ppm = _px_per_mm(browser)
    for at in ((10.0, 20.0), (50.0, 80.0), (-2.0, 5.0)):
        # Selenium offsets from the element's centre, in CSS pixels
        dx = (at[0] + BLEED - (POKER[0] + 2 * BLEED) / 2) * ppm
        dy = (at[1] + BLEED - (POKER[1] + 2 * BLEED) / 2) * ppm
        ActionChains(browser).move_to_element_with_offset(frame, round(dx), round(dy)).perform()
        readout = browser.find_element("id", "readout")
        assert readout.is_displayed(), at
        shown = (float(readout.get_attribute("data-x")), float(readout.get_attribute("data-y")))
        assert shown == pytest.approx(at, abs=1.5 / ppm), at  # within a pixel and a half of where the pointer went
        assert readout.text.startswith(f"x {shown[0]:.1f} mm, y {shown[1]:.1f} mm"), (at, readout.text)
        assert ("in the bleed" in readout.text) == (at[0] < 0), (at, readout.text)


def test_a_player_aid_clicked_shows_the_aid_and_why_nothing_on_it_moves_where_the_designer_looks(browser, shared_server, tmp_path):
    """The tiny game's aid is laid out by pnp from reference.yaml (no template): a click on it opens it in the detail
    panel, and the reason nothing on it can be dragged is shown there, not in the hidden selected-element panel."""
    open_page(browser, shared_server)
    frame = browser.find_element("css selector", '.tile[data-key="reference:aid:1"] .frame[data-side="front"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    frame.click()
    said = wait_until(browser, "const m = document.getElementById('detail-message'); return m.offsetParent !== null && m.textContent",
                      message="the reason the aid cannot be edited, shown")
    assert "reference.yaml" in said and "template" in said, said  # where to change it, and how to make it draggable
    assert browser.find_element("id", "detail-title").text.startswith("Player aid"), "the aid itself is what the panel shows"
    assert browser.execute_script("return document.querySelector('#detail-faces img.face').naturalWidth") > 0
    screenshot(browser, tmp_path, "player-aid-clicked")
    other = browser.find_element("css selector", FRONT)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", other)
    other.click()  # another piece: the aid's reason goes
    wait_until(browser, "return document.getElementById('detail-message').hidden", message="the aid's reason gone with the aid")


def test_the_grid_is_off_until_asked_and_then_lines_every_5_mm_from_the_trim_corner(browser, shared_server):
    open_page(browser, shared_server)
    grid = _frame(browser).find_element("css selector", ".mm-grid")
    assert not grid.is_displayed()
    browser.find_element("id", "ov-grid").click()
    assert grid.is_displayed()
    box = browser.execute_script("""
        const f = arguments[0].getBoundingClientRect(), g = arguments[1].getBoundingClientRect(), s = getComputedStyle(arguments[1]);
        return {fl: f.left, ft: f.top, fw: f.width, gl: g.left, gt: g.top, gw: g.width, gh: g.height, size: s.backgroundSize};
    """, _frame(browser), grid)
    ppm = box["fw"] / (POKER[0] + 2 * BLEED)
    assert (box["gl"] - box["fl"], box["gt"] - box["ft"]) == pytest.approx((BLEED * ppm, BLEED * ppm), abs=1)  # starts at the trim corner
    assert (box["gw"], box["gh"]) == pytest.approx((POKER[0] * ppm, POKER[1] * ppm), abs=1)
    cell_w, cell_h = (float(v.rstrip("%")) / 100 for v in box["size"].split(",")[0].split())  # each of the two line layers
    assert (cell_w * box["gw"], cell_h * box["gh"]) == pytest.approx((5 * ppm, 5 * ppm), rel=0.01)  # a cell is 5 mm square
    safe = _frame(browser).find_element("css selector", ".safe")
    browser.find_element("id", "ov-safe").click()
    assert safe.is_displayed()


def _flat_colours(png: bytes, how_many: int = 8) -> list[tuple[tuple[int, int, int], tuple[int, int]]]:
    """The most common colours of a screenshot (flat areas, not antialiased edges), each with one pixel where it is: the
    first, row by row, whose neighbours two pixels away on every side have its colour too."""
    import numpy as np
    from PIL import Image

    image = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    h, w = image.shape[:2]
    colours, counts = np.unique(image.reshape(-1, 3), axis=0, return_counts=True)
    out = []
    for index in np.argsort(-counts, kind="stable")[:how_many]:
        colour = tuple(int(c) for c in colours[index])
        same = (image == colours[index]).all(axis=2)
        flat = np.ones((h - 4, w - 4), dtype=bool)
        for i in (-2, 0, 2):
            for j in (-2, 0, 2):
                flat &= same[2 + j:h - 2 + j, 2 + i:w - 2 + i]
        found = np.argwhere(flat)
        if len(found):  # inside a flat area, away from any edge the two drawings may smooth differently
            y, x = found[0]
            out.append((colour, (int(x) + 2, int(y) + 2)))
    return out


def test_each_colour_vision_view_shows_the_colours_the_checks_compute(browser, shared_server):
    """Deutan, protan and tritan, one after the other on one page: each view shows every flat colour of a face as
    pnp's own simulation of that vision computes it."""
    from PIL import Image
    from selenium.webdriver.support.ui import Select

    from pnp.core.colour import hex_of, rgb, simulate

    open_page(browser, shared_server)
    choices = {o.get_attribute("value"): o.text for o in Select(browser.find_element("id", "simulation")).options}
    assert {"greyscale", "deutan", "protan", "tritan"} <= set(choices)
    # each named for the cones it lacks: deuteranopia the green (M), protanopia the red (L), tritanopia the blue (S)
    assert [choices[v] for v in ("deutan", "protan", "tritan")] == ["Deuteranopia (green-blind)", "Protanopia (red-blind)", "Tritanopia (blue-blind)"]
    browser.find_element("id", "ov-trim").click()  # the face alone: no outline over it
    frame = _frame(browser)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    before = _flat_colours(frame.screenshot_as_png)
    assert len(before) >= 2  # the paper and the red band at least
    for vision in ("deutan", "protan", "tritan"):
        Select(browser.find_element("id", "simulation")).select_by_value(vision)
        after = Image.open(io.BytesIO(frame.screenshot_as_png)).convert("RGB")
        changed = 0
        for colour, where in before:
            expected = rgb(simulate(hex_of(c / 255 for c in colour), vision))
            shown = after.getpixel(where)
            assert all(abs(s - e * 255) <= 10 for s, e in zip(shown, expected, strict=True)), (vision, colour, shown, [round(e * 255) for e in expected])
            changed += shown != colour
        assert changed, f"the {vision} view changed no colour of the card"


# `pnp serve` answers odd and malformed requests (issue #49 item 7) without a traceback in its log, and keeps serving.
CASES = {  # name → the raw bytes sent; {host} is the server's own address, so only the oddity is odd
    "bad request line": b"GARBAGE\r\n\r\n",
    "bad method": b"FOO / HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "long method": b"A" * 5000 + b" / HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "huge header": b"GET / HTTP/1.1\r\nHost: {host}\r\nX-Big: " + b"a" * 200000 + b"\r\n\r\n",
    "many headers": b"GET / HTTP/1.1\r\nHost: {host}\r\n" + b"X-A: b\r\n" * 5000 + b"\r\n",
    "traversal": b"GET /../../etc/passwd HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "encoded traversal": b"GET /static/..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "nul in path": b"GET /img/%00 HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "non-utf8 path": b"GET /static/\xff\xfe HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "bad percent": b"GET /static/%zz%ff HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "odd query": b"GET /api/state?%ff%fe=%%%&&=&a=\xff HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "absolute uri": b"GET http://evil/ HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "http 0.9": b"GET /\r\n\r\n",
    "http 2 preface": b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    "negative length": b"POST /api/state HTTP/1.1\r\nHost: {host}\r\nContent-Length: -1\r\n\r\n",
    "huge length": b"GET /api/state HTTP/1.1\r\nHost: {host}\r\nContent-Length: 99999999999999999999\r\n\r\nabc",
    "bad chunked body": b"POST /api/state HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    "bad chunked get": b"GET /api/state HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
    "two hosts": b"GET /api/state HTTP/1.1\r\nHost: {host}\r\nHost: evil\r\n\r\n",
    "options star": b"OPTIONS * HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "connect": b"CONNECT evil:443 HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "head": b"HEAD /api/state HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "websocket upgrade": b"GET / HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    "long path": b"GET /" + b"a" * 100000 + b" HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "long image name": b"GET /img/" + b"0" * 5000 + b".png HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "header without colon": b"GET / HTTP/1.1\r\nHost: {host}\r\nBadHeader\r\n\r\n",
    "non-ascii header": b"GET / HTTP/1.1\r\nHost: {host}\r\nX: \xff\xfe\r\n\r\n",
}
HUNG_UP = {  # sent, then the connection is closed without reading
    "half a request": b"GET /api/st",
    "events, then gone": b"GET /events HTTP/1.1\r\nHost: {host}\r\n\r\n",
}


def _answered(got: bytes, head: bool) -> bool:
    """Whether `got` holds a whole HTTP answer: its headers and the body they announce (none to a HEAD request). A
    keep-alive answer leaves the connection open, so its end is known from its length, not from the server closing."""
    end = got.find(b"\r\n\r\n")
    if end < 0:
        return False
    length = re.search(rb"^content-length:\s*(\d+)\s*$", got[:end].lower(), re.M)
    return head or (length is not None and len(got) >= end + 4 + int(length.group(1)))


def _send(server, data: bytes, read: bool = True) -> bytes:
    """`data` sent raw, its Host line naming the server and followed by the token's cookie: only the oddity is odd."""
    port = server.port
    with socket.create_connection(("127.0.0.1", port), timeout=1) as s:  # an answer of unknown length: what comes within a second
        s.sendall(data.replace(b"Host: {host}\r\n", f"Host: 127.0.0.1:{port}\r\nCookie: {server.cookie}\r\n".encode()))
        got = b""
        if read:
            try:
                while not _answered(got, data.startswith(b"HEAD ")) and (chunk := s.recv(65536)) and len(got) < 200000:
                    got += chunk
            except (TimeoutError, ConnectionResetError):
                pass
        return got


@pytest.mark.parametrize("name", [*CASES, *HUNG_UP])
def test_an_odd_request_is_answered_without_a_traceback_and_the_server_keeps_serving(shared_server, name):
    """Malformed and odd requests (issue #49 item 7), last in this module: the server its other tests looked at keeps serving."""
    odd_server = shared_server
    state = odd_server.state()  # rendered: what it says afterwards is about the request alone
    assert "Tiny" in state
    log = Path(odd_server.log.name)
    before = log.read_text(encoding="utf-8", errors="replace")
    answer = _send(odd_server, CASES.get(name) or HUNG_UP[name], read=name in CASES)
    if name in CASES and answer:
        assert answer.startswith(b"HTTP/1.1 "), answer[:80]
        assert b"root:" not in answer, "a file from outside was served"
    status, body = odd_server.request("/api/state")
    assert status == 200 and b"Tiny" in body, "the server still answers"
    after = log.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in after[len(before):], after[len(before):][-3000:]


SHAPED_DECKS = {  # deck → its head, a point (mm from the trim's top-left) inside the box but outside the cut, and one inside the cut
    "rounds": ("name: Rounds\nsize: 60\nshape: round\n", (3.0, 3.0), (30.0, 45.0)),  # (3, 3) is 38 mm from the centre: past the 30 mm radius
    "hexes": ("name: Hexes\nsize: 80 x 69.282\nshape: hex\n", (4.0, 4.0), (40.0, 50.0)),  # a flat-top hexagon's top side starts 20 mm in
    "heroes": (None, (0.9, 0.9), (0.9, 44.0)),  # 4 mm corners: (0.9, 0.9) is 4.4 mm from the corner's centre at (4, 4)
}
SHAPED_CARD = "front: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\ncards:\n  - {id: one, name: Shape, stars: 1, number: 1, text: Hi., count: 1}\n"


def _pixel(driver, frame, at_mm: tuple[float, float], bleed: float):
    """The colour the page shows at a point of a face, in mm from its trim's top-left corner."""
    from PIL import Image

    shot = Image.open(io.BytesIO(frame.screenshot_as_png)).convert("RGB")
    per_mm = shot.width / (float(frame.get_attribute("data-wmm")) + 2 * bleed)
    return shot.getpixel((int((at_mm[0] + bleed) * per_mm), int((at_mm[1] + bleed) * per_mm)))


def test_the_bleed_overlay_shades_all_a_shaped_cut_takes_off_and_its_safe_area_findings_name_its_face(browser, tmp_path):
    """Round, hexagonal and rounded-corner cards: turning the bleed overlay on tints a point inside the card's box but
    outside its cut (the corner of a round card's square, a hexagon's corner gap, past a rounded corner's arc) and
    leaves a point inside the cut as it was; the safe-area warning that names the round deck's front points at the tile
    of the face it is said at."""
    from conftest import TEST_PROJECT

    project = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text().replace("size: poker\n", "size: poker\ncorner_radius: 4\n"))
    for deck, (head, _, _) in SHAPED_DECKS.items():
        if head:
            (project / f"data/tiny/decks/{deck}.yaml").write_text(head + SHAPED_CARD)
    server = Server(project, tmp_path / "serve.log")
    try:
        open_page(browser, server)
        browser.find_element("id", "ov-trim").click()  # no overlay at all to start from
        browser.execute_script("const z = document.getElementById('zoom'); z.value = 5; z.dispatchEvent(new Event('input'))")
        for deck, (_, outside, inside) in SHAPED_DECKS.items():
            card = "knight" if deck == "heroes" else "one"
            frame = browser.find_element("css selector", f'.tile[data-key="deck:{deck}:{card}"] .frame[data-side="front"]')
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
            plain = [_pixel(browser, frame, at, BLEED) for at in (outside, inside)]
            browser.find_element("id", "ov-bleed").click()
            shaded = [_pixel(browser, frame, at, BLEED) for at in (outside, inside)]
            browser.find_element("id", "ov-bleed").click()
            assert shaded[1] == plain[1], f"{deck}: the bleed overlay covers {inside} mm, inside the cut"
            assert shaded[0] != plain[0] and shaded[0][0] >= shaded[0][2], f"{deck}: {outside} mm lies outside the cut but is not shaded ({plain[0]} → {shaded[0]})"
        screenshot(browser, tmp_path, "serve-shapes")
        tiles = browser.execute_script("return Array.from(document.querySelectorAll('#problem-list li')).map(li => [li.textContent, li.dataset.tile])")
        # one mistake, one finding, as validate says it: a frame line's warning names every face it reaches past the
        # cut (the round deck's front among them) and points at the tile of the face it is said at
        safe = [(text.rstrip(), tile) for text, tile in tiles if "safe area" in text and "rounds/one front" in text]
        assert safe, tiles
        for text, tile in safe:
            said_at = re.search(r"\[(\w+)/(\w+) front\]$", text)
            assert said_at and tile == f"deck:{said_at[1]}:{said_at[2]}", (text, tile)
    finally:
        server.stop()


def test_the_page_follows_each_save(browser, shared_server):
    """One page through three saves, each shown from the faces before it: a card's data (its new face, and nothing
    else fetched again), an icon (every face drawing it, though their data did not change), and a broken template (its
    located error over the last good images, until fixed). The module's server, whose project this last test alone
    changes (keep it last)."""
    server, project = shared_server, shared_server.project
    open_page(browser, server)
    saved_card(browser, project)
    saved_icon(browser, project)
    broken_template(browser, project)


def saved_card(browser, project) -> None:
    before = faces(browser)
    browser.execute_script("performance.clearResourceTimings(); performance.setResourceTimingBufferSize(10000)")
    deck_file = project / "data/tiny/decks/heroes.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace("name: Rogue,", "name: Rascal,"), encoding="utf-8")
    rogue = ("deck:heroes:rogue", "front")
    wait_until(browser, "const img = document.querySelector('.tile[data-key=\"deck:heroes:rogue\"] img[data-side=front]');"
                        "return img.getAttribute('src') !== arguments[0] && img.complete && img.naturalWidth > 0", before[rogue]["src"],
               message="the rogue's new face")
    # the boards, tokens, reference and rulebook follow the cards: let them finish before comparing
    wait_until(browser, "const s = document.getElementById('status').textContent; return s.startsWith('updated') && s.includes('heroes.yaml')",
               message="the whole refresh done")
    wait_until(browser, "return Array.from(document.querySelectorAll('img.face')).every(i => i.complete && i.naturalWidth > 0)", message="every image loaded")
    after = faces(browser)
    changed = {k for k in before if after[k]["src"] != before[k]["src"]}
    assert rogue in changed
    cards = {k for k in changed if k[0].startswith("deck:")}
    assert cards == {rogue}, f"only the rogue's front was edited, yet these faces changed: {sorted(cards)}"
    fetched = set(browser.execute_script("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.startsWith('/img/'))"))
    assert fetched <= {after[k]["src"] for k in changed}, "an unchanged image was fetched again"
    browser.find_element("css selector", '.tile[data-key="deck:heroes:rogue"]').click()
    wait_until(browser, "return document.getElementById('detail-title').textContent === 'Rascal'", message="the detail shows the new name")


def saved_icon(browser, project) -> None:
    before = faces(browser)
    icon = project / "templates/tiny/icons/star.svg"  # the game's own star, found before the shared one
    icon.parent.mkdir(parents=True, exist_ok=True)
    icon.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="10" y="10" width="80" height="80" fill="#000000"/></svg>', encoding="utf-8")
    wait_until(browser, "const img = document.querySelector('.tile[data-key=\"deck:heroes:knight\"] img[data-side=front]');"
                        "return img.getAttribute('src') !== arguments[0] && img.complete && img.naturalWidth > 0", before[("deck:heroes:knight", "front")]["src"],
               message="the knight's stars redrawn as squares")
    after = faces(browser)
    for card in ("knight", "att", "rogue", "mage", "twin"):  # every hero shows its stars
        assert after[(f"deck:heroes:{card}", "front")]["src"] != before[(f"deck:heroes:{card}", "front")]["src"], f"{card}: front not redrawn"
    assert after[("deck:heroes:knight", "back")]["src"] == before[("deck:heroes:knight", "back")]["src"], "the back has no star: it keeps its image"
    wait_until(browser, "const s = document.getElementById('status').textContent; return s.startsWith('updated') && s.includes('star.svg')",
               message="the whole refresh done")


def broken_template(browser, project) -> None:
    before = faces(browser)
    template = project / "templates/tiny/hero.j2"
    good = template.read_text(encoding="utf-8")
    broken_line = line_of(template, "repeat(card.stars")
    template.write_text(good.replace("{{ repeat(card.stars", "{{ repeat(card.stars +", 1), encoding="utf-8")
    where = f"templates/tiny/hero.j2:{broken_line}:"
    wait_until(browser, "return Array.from(document.querySelectorAll('#problem-list li[data-severity=error] .where')).some(w => w.textContent.startsWith(arguments[0]))",
               where, message=f"an error located at {where}")
    during = faces(browser)
    fronts = [k for k in before if k[0].startswith("deck:") and k[1] == "front"]
    for key in fronts:
        assert during[key]["src"] == before[key]["src"] and during[key]["loaded"], f"{key}: the last good image is gone"
        assert during[key]["stale"], f"{key}: not marked as the last good image"
    template.write_text(good, encoding="utf-8")
    wait_until(browser, "return document.getElementById('problems').hidden && !document.querySelector('.frame.stale')", message="the error gone")
    fixed = faces(browser)
    assert all(fixed[k]["src"] == before[k]["src"] for k in fronts), "the fixed template draws the same faces, under the same names"


def test_a_star_row_dragged_in_the_browser_lands_in_the_template(browser, tmp_path):
    """Headless Chromium: click the knight's first star, drag it 10 mm right and 5 mm down; the template's numbers
    change by that much, the page shows the call and the new numbers, and the face is redrawn with the stars there."""
    from conftest import TEST_PROJECT
    from selenium.webdriver.common.action_chains import ActionChains
    from test_aid_template import with_aid_template
    from test_serve_edit import HERO, KNIGHT

    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    with_aid_template(root)  # its player aid drawn by a template of its own, to drag too
    before = (root / HERO).read_bytes()
    server = Server(root, tmp_path / "serve.log")  # a server of its own: the drag writes its template
    driver = browser
    try:
        driver.get(server.url)
        wait_until(driver, "return document.getElementById('status').textContent.startsWith('updated')", message="the first drawing")
        driver.execute_script("const z = document.getElementById('zoom'); z.value = 4; z.dispatchEvent(new Event('input'))")
        frame = driver.find_element("css selector", f'.tile[data-key="{KNIGHT}"] .frame[data-side="front"]')
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
        wait_until(driver, "return arguments[0].querySelector('img').complete", frame, message="the knight's face")
        per_mm = driver.execute_script("return arguments[0].getBoundingClientRect().width", frame) / (63.5 + 6)

        def offset(x_mm: float, y_mm: float) -> tuple[int, int]:  # Selenium offsets from the element's centre
            return round((x_mm + 3 - (63.5 + 6) / 2) * per_mm), round((y_mm + 3 - (88.9 + 6) / 2) * per_mm)

        ActionChains(driver).move_to_element_with_offset(frame, *offset(7.5, 22.5)).click().perform()
        wait_until(driver, "return !document.getElementById('element').hidden && document.querySelector('.frame .sel')", message="the star selected")
        panel = driver.find_element("id", "element").text
        assert f"{HERO}:4" in panel and 'repeat(card.stars, "star", 5, 20, 5, color="gold")' in panel, panel
        screenshot(driver, tmp_path, "serve-edit-selected")
        ActionChains(driver).move_to_element_with_offset(frame, *offset(7.5, 22.5)).click_and_hold() \
            .move_by_offset(round(5 * per_mm), round(2.5 * per_mm)).move_by_offset(round(5 * per_mm), round(2.5 * per_mm)).release().perform()
        wait_until(driver, "return document.body.dataset.editShown", message="the redrawn face shown after the edit")
        assert (root / HERO).read_bytes() == before.replace(b'"star", 5, 20, 5,', b'"star", 15, 25, 5,')
        panel = driver.find_element("id", "element").text
        assert 'repeat(card.stars, "star", 15, 25, 5, color="gold")' in panel and re.search(r"x 15\s+y 25\s", panel), panel
        shown = driver.execute_script("return (Number(document.body.dataset.editShown) - Number(document.body.dataset.editSent)) / 1000")
        print(f"edit to redrawn face shown: {shown:.2f} s")
        screenshot(driver, tmp_path, "serve-edit-moved")
        _drag_the_score_sheets_zone(driver, root, tmp_path)
        _drag_the_aids_zone(driver, root)
    finally:
        server.stop()


def _drag_the_score_sheets_zone(driver, root: Path, tmp_path: Path) -> None:
    """On a board: click inside the score sheet's zone (its box and label, one element: its helper's call) and drag it
    10 mm right; the zone() call's x changes by that much and nothing else in the file, and the page says the edit is
    shown once the board's new image is (a board is drawn after the game's cards)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from test_serve_edit import SCORES

    before = (root / SCORES).read_bytes()
    frame = driver.find_element("css selector", '.tile[data-key="board:scores"] .frame[data-side="front"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    wait_until(driver, "return arguments[0].querySelector('img').complete", frame, message="the score sheet")
    per_mm = driver.execute_script("return arguments[0].getBoundingClientRect().width", frame) / 180
    at = (round((40 - 90) * per_mm), round((110 - 120) * per_mm))  # 40, 110 mm: inside the zone, from the board's centre
    ActionChains(driver).move_to_element_with_offset(frame, *at).click().perform()
    wait_until(driver, "return document.getElementById('element').textContent.includes('zone(')", message="the zone selected")
    driver.execute_script("delete document.body.dataset.editShown")
    image = "return arguments[0].querySelector('img.face').getAttribute('src')"
    drawn = driver.execute_script(image, frame)
    ActionChains(driver).move_to_element_with_offset(frame, *at).click_and_hold().move_by_offset(round(5 * per_mm), 0) \
        .move_by_offset(round(5 * per_mm), 0).release().perform()
    wait_until(driver, "return document.body.dataset.editShown", message="the redrawn board shown after the edit")
    assert (root / SCORES).read_bytes() == before.replace(b"zone(32, 106,", b"zone(42, 106,")
    assert driver.execute_script(image, frame) != drawn, "said shown before the board's new image was"
    screenshot(driver, tmp_path, "serve-edit-board")


def _drag_the_aids_zone(driver, root: Path) -> None:
    """On a player aid drawn by its own template: click inside its zone and drag it 10 mm right; the zone() call's x
    changes by that much and nothing else in the template (a poker card, shown with its 3 mm bleed)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from test_aid_template import AID

    before = (root / AID).read_bytes()
    frame = driver.find_element("css selector", '.tile[data-key="reference:aid:1"] .frame[data-side="front"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    wait_until(driver, "return arguments[0].querySelector('img').complete", frame, message="the player aid")
    per_mm = driver.execute_script("return arguments[0].getBoundingClientRect().width", frame) / (63.5 + 6)
    at = (round((30 + 3 - (63.5 + 6) / 2) * per_mm), round((70 + 3 - (88.9 + 6) / 2) * per_mm))  # 30, 70 mm: inside the zone
    ActionChains(driver).move_to_element_with_offset(frame, *at).click().perform()
    wait_until(driver, f"return document.getElementById('element').textContent.includes('{AID}:4')", message="the aid's zone selected")
    driver.execute_script("delete document.body.dataset.editShown")
    ActionChains(driver).move_to_element_with_offset(frame, *at).click_and_hold().move_by_offset(round(5 * per_mm), 0) \
        .move_by_offset(round(5 * per_mm), 0).release().perform()
    wait_until(driver, "return document.body.dataset.editShown", message="the redrawn aid shown after the edit")
    assert (root / AID).read_bytes() == before.replace(b"zone(6, 50,", b"zone(16, 50,")
