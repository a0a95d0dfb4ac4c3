"""`pnp serve` as the CLI starts it, with a face that loops away: the render thread, where no signal reaches, stops it
by its processor time at its template line, and the save that fixes it is drawn.

A file of its own, beside tests/test_serve.py (whose tests share one server and one Chromium): this test starts a
server of its own and needs no browser, and the suite's workers take a file at a time (`--dist loadscope`), so the
largest file of the suite is shorter by it. tests/test_template_bombs.py stops looping faces in `pnp watch` and in
the serve session's own thread."""
from __future__ import annotations

import json
import time

from test_serve import TIMEOUT, Server, _no_network  # noqa: F401 (_no_network: the loopback allowed, as in test_serve)


def test_a_looping_face_is_stopped_at_its_line_in_the_render_thread_and_its_fix_drawn(project, monkeypatch):
    """`pnp serve` as the CLI starts it, with a face that loops away: the page's state names the template line and the
    time limit; the save that fixes it takes the error away."""
    frame = project / "templates/tiny/frame.j2"
    good = frame.read_text(encoding="utf-8")
    monkeypatch.setenv("PNP_FACE_SECONDS", "0.5")
    frame.write_text(good + "{% if card.id == 'knight' %}{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}{% endif %}\n",
                     encoding="utf-8")
    server = Server(project, project.parent / "serve.log")
    try:
        state = json.loads(server.state())["games"][0]
        where = [f["where"] for f in state["findings"] if "processor time on one face" in f["message"]]
        assert where and where[0].startswith("templates/tiny/frame.j2:6:"), state["findings"]
        frame.write_text(good + "{# fixed #}\n", encoding="utf-8")
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            state = json.loads(server.request("/api/state")[1])["games"][0]
            if state["state"] == "ready" and "frame.j2" in state["updated"]["after"]:
                break
            time.sleep(0.2)
        assert [f for f in state["findings"] if f["severity"] == "error"] == [], state["findings"]
    finally:
        server.stop()
