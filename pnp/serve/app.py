"""The web server of `pnp serve`: Starlette on uvicorn, bound to 127.0.0.1, answering only to its own address.

It serves the page (fixed files shipped with pnp), the images pnp rendered
this session (by the hash of their bytes, from memory), the current state as
JSON, a stream of server-sent events carrying each game's state when it
changes, and the elements of a card face for the page to select. No path
from a request reaches the filesystem but one: an edit the page sends when a
designer drags an element, which rewrites numbers in a template under
templates/ (pnp.serve.editing). Every route answers only to whoever started
the server (the token of its printed address: pnp.serve.access); an edit is
taken only from the page this server served (its Origin too), never with
`--read-only`. A watcher thread notes saves; a render thread refreshes the
games and hands each new state to the event loop.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import secrets
import socket
import threading
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import watchfiles
from h11 import LocalProtocolError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from pnp.data.project import Project
from pnp.pipeline.saves import input_filter
from pnp.serve.access import TokenGate, read_limited
from pnp.serve.editing import Refusal
from pnp.serve.editor import Editor, query_fields
from pnp.serve.session import LiveSession
from pnp.serve.simulations import simulations

HOST = "127.0.0.1"
PAGE_FILES = {"app.js": "text/javascript; charset=utf-8", "edit.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
KEEPALIVE_SECONDS = 15  # a comment line this often tells a closed tab from an idle one
SAVE_SETTLE_MS = 30  # an editor's save is several events (write, rename) within a few ms: wait this long for the last
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
]
MAX_EDIT_BYTES = 16_384  # an edit names a face, and for each element moved (a row of them, say) its file and two boxes
EDIT_SLOT = b'<meta name="pnp-edit" content="">'  # in index.html: "on", or "off" with --read-only (the token is in a cookie)


class OwnHostOnly:
    """Refuse any request whose Host header is not this server's own address.

    A web page on another site can make the browser resolve its own name to
    127.0.0.1 (DNS rebinding) and then read whatever a local server answers;
    such requests carry that site's name in Host, so they stop here."""

    def __init__(self, app, host: str, port: int):
        self.app = app
        self.allowed = {f"{host}:{port}".encode()}

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            return await self.app(scope, receive, send)
        if scope["type"] != "http":  # no WebSocket here: the page listens to server-sent events
            return await send({"type": "websocket.close", "code": 1008})
        host = dict(scope["headers"]).get(b"host", b"")
        if host not in self.allowed:
            response = PlainTextResponse(f"pnp serve answers only to http://{next(iter(self.allowed)).decode()}/", status_code=403)
            return await response(scope, receive, _with_headers(send))
        return await self.app(scope, receive, _with_headers(send))


def _with_headers(send):
    async def sender(message):
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
        try:
            await send(message)
        except LocalProtocolError:
            # uvicorn answered a malformed request itself (a bad chunked body: 400) while the app still ran, and must
            # close the connection: the app's own answer has nowhere to go, and is no fault to log with a traceback
            return

    return sender


class Hub:
    """The latest state of each game as JSON, and a wake-up for every open event stream when one changes."""

    def __init__(self, slugs: list[str]):
        self.slugs = slugs
        self.states: dict[str, str] = {}
        self._changed = asyncio.Event()

    def publish(self, slug: str, text: str) -> None:
        """Called in the event loop (the render thread hands states over with call_soon_threadsafe)."""
        self.states[slug] = text
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def stream(self, request: Request):
        """Server-sent events: the game list first, then each game's state whenever it differs from what this page was sent."""
        yield f"event: games\ndata: {json.dumps({'games': self.slugs, 'simulations': simulations()})}\n\n"
        sent: dict[str, str] = {}
        while True:
            for slug, text in list(self.states.items()):
                if sent.get(slug) is not text:
                    sent[slug] = text
                    yield f"event: game\ndata: {text}\n\n"
            waiting = self._changed
            try:
                await asyncio.wait_for(waiting.wait(), KEEPALIVE_SECONDS)
            except TimeoutError:
                if await request.is_disconnected():
                    return
                yield ": still here\n\n"


def watched_folders(project: Project) -> list[Path]:
    """The project folder (data, templates, art) and the fonts folder when pnp's own fonts are used."""
    folders = [project.root]
    if not project.fonts_dir.resolve().is_relative_to(project.root):
        folders.append(project.fonts_dir)
    return folders


def saved_files(changes, is_input) -> set[Path]:
    """The files a batch of changes names, a new folder standing for the input files already in it."""
    out = set()
    for change, path in changes:
        p = Path(path)
        if p.is_dir():
            out.update(f for f in p.rglob("*") if f.is_file() and is_input(change, str(f)))
        else:
            out.add(p)
    return out


class Renderer:
    """The render thread and the watcher thread of one server."""

    def __init__(self, project: Project, slugs: list[str], paper: str, log: Callable[[str], None], draft: bool = False):
        self.project, self.slugs, self.paper, self.log, self.draft = project, slugs, paper, log, draft
        self.saves: queue.Queue = queue.Queue()
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []
        self.session: LiveSession | None = None

    def start(self, hub: Hub, loop: asyncio.AbstractEventLoop) -> None:
        def publish(slug: str, model: dict) -> None:
            text = json.dumps(model, ensure_ascii=False)
            loop.call_soon_threadsafe(hub.publish, slug, text)

        self.session = session = LiveSession(self.project, self.slugs, publish, self.paper, draft=self.draft)
        self.threads = [threading.Thread(target=self._render, args=(session,), name="pnp-render", daemon=True),
                        threading.Thread(target=self._watch, name="pnp-watch", daemon=True)]
        for thread in self.threads:
            thread.start()

    def close(self) -> None:
        self.stop.set()
        self.saves.put(set())
        for thread in self.threads:
            thread.join(timeout=5)

    def _watch(self) -> None:
        folders = watched_folders(self.project)
        is_input = input_filter(folders)
        for changes in watchfiles.watch(*folders, watch_filter=is_input, step=SAVE_SETTLE_MS, stop_event=self.stop, raise_interrupt=False):
            saved = saved_files(changes, is_input)
            if saved:  # a new folder still empty: nothing to redraw yet
                self.saves.put(saved)

    def _render(self, session: LiveSession) -> None:
        paths: set[Path] = set()
        while not self.stop.is_set():
            if not session.dirty:
                paths = self.saves.get()
            while not self.saves.empty():
                paths |= self.saves.get_nowait()
            if self.stop.is_set():
                return
            if paths:
                session.saw(paths)
                paths = set()
            try:
                done = session.refresh(interrupted=lambda: not self.saves.empty() or self.stop.is_set())
            except Exception as exc:  # a bug in pnp must not stop the preview: say so and wait for the next save
                self.log(f"pnp: internal error while refreshing: {type(exc).__name__}: {exc}")
                session.dirty.clear()
                continue
            if done:
                self.log(_summary(session))


def _summary(session: LiveSession) -> str:
    parts = []
    for view in session.views.values():
        parts.append(f"{view.slug}: {view.model()['summary']}")
    return f"updated after {session.reason}: " + "; ".join(parts)


def page_file(name: str) -> bytes:
    return resources.files("pnp.serve").joinpath("static", name).read_bytes()


def edit_routes(editor: Editor, port: int, read_only: bool) -> list[Route]:
    """The routes of drag to edit: a face's elements (a GET, as the state is), and the edit, undo and redo, each taken
    (in a worker thread) only as a JSON POST from the page this server served.

    The Host check stops DNS rebinding; the token (TokenGate, before any
    route) stops every other local account and process; the Origin a browser
    sets on every POST stops another site's page."""
    origin = f"http://{HOST}:{port}"

    def guard(work: Callable[[dict], dict]):
        async def endpoint(request: Request) -> Response:
            if read_only:
                return JSONResponse({"error": "pnp serve was started with --read-only: editing is off"}, status_code=403)
            if request.headers.get("origin") != origin:
                return JSONResponse({"error": f"edits are taken only from the page {origin}/ served"}, status_code=403)
            if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
                return JSONResponse({"error": "an edit is sent as JSON"}, status_code=415)
            body = await read_limited(request, MAX_EDIT_BYTES)
            if body is None:
                return JSONResponse({"error": "an edit is at most 16 KB: this one was longer, and was not read"}, status_code=413,
                                    headers={"connection": "close"})
            data = _json_object(body)
            if data is None:
                return JSONResponse({"error": "an edit is a JSON object in UTF-8, nested no deeper than its fields need"}, status_code=400)
            return await _answer(work, data)
        return endpoint

    async def elements(request: Request) -> Response:
        def listed(_):
            game, item, side = query_fields(request.query_params, ("game", "item", "side"))
            return {**editor.elements(game, item, side), "editing": not read_only}
        return await _answer(listed, {})

    return [
        Route("/api/elements", elements),
        Route("/api/edit", guard(editor.edit), methods=["POST"]),
        Route("/api/undo", guard(lambda body: editor.undo()), methods=["POST"]),
        Route("/api/redo", guard(lambda body: editor.redo()), methods=["POST"]),
    ]


def _json_object(body: bytes) -> dict | None:
    """The body as a JSON object, or None: not UTF-8, not JSON, nested past what Python's reader follows, or not an object."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


async def _answer(work: Callable[[dict], dict], data: dict) -> Response:
    """`work(data)` as JSON, run in a worker thread (it draws and writes); a Refusal as its status and sentence, and
    anything else (a bug in pnp, never the request's fault: each field is checked first) as one sentence too."""
    try:
        return JSONResponse(await run_in_threadpool(work, data))
    except Refusal as exc:
        return JSONResponse({"error": exc.message}, status_code=exc.status)
    except Exception as exc:
        return JSONResponse({"error": f"pnp could not answer ({type(exc).__name__}: {exc}); please report this"}, status_code=500)


def new_token() -> str:
    """The secret of one server's address: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def address(port: int, token: str) -> str:
    """What the terminal shows: the one way into the server."""
    return f"http://{HOST}:{port}/?token={token}"


def create_app(project: Project, slugs: list[str], port: int, token: str, *, paper: str = "letter", log: Callable[[str], None] = print,
               draft: bool = False, read_only: bool = False) -> OwnHostOnly:
    """The ASGI application for `pnp serve`, guarded by the Host check, then by `token` (pnp.serve.access); `draft` as
    in `pnp build --draft`; `read_only` turns editing off (the page still selects elements and shows their calls)."""
    hub = Hub(slugs)
    renderer = Renderer(project, slugs, paper, log, draft)
    editor = Editor(project, lambda: renderer.session)
    page = {name: page_file(name) for name in ("index.html", *PAGE_FILES)}
    page["index.html"] = page["index.html"].replace(EDIT_SLOT, EDIT_SLOT.replace(b'""', b'"off"' if read_only else b'"on"'))

    async def index(request: Request) -> Response:
        return Response(page["index.html"], media_type="text/html; charset=utf-8", headers={"cache-control": "no-cache"})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in PAGE_FILES:
            return PlainTextResponse("not found", status_code=404)
        return Response(page[name], media_type=PAGE_FILES[name], headers={"cache-control": "no-cache"})

    async def image(request: Request) -> Response:
        session = renderer.session
        data = session.images.get(request.path_params["name"]) if session else None
        if data is None:
            return PlainTextResponse("not found", status_code=404)
        # the name is the hash of the bytes: what it names never changes
        return Response(data, media_type="image/png", headers={"cache-control": "public, max-age=31536000, immutable"})

    async def state(request: Request) -> Response:
        games = [json.loads(hub.states[s]) for s in slugs if s in hub.states]
        return JSONResponse({"games": games, "simulations": simulations()})

    async def events(request: Request) -> Response:
        return StreamingResponse(hub.stream(request), media_type="text/event-stream", headers={"cache-control": "no-store"})

    @contextlib.asynccontextmanager
    async def lifespan(app):
        renderer.start(hub, asyncio.get_running_loop())
        try:
            yield
        finally:
            renderer.close()

    routes = [
        Route("/", index),
        Route("/static/{name}", static),
        Route("/img/{name}", image),
        Route("/api/state", state),
        Route("/events", events),
        *edit_routes(editor, port, read_only),
    ]
    return OwnHostOnly(TokenGate(Starlette(routes=routes, lifespan=lifespan), token, port, MAX_EDIT_BYTES), HOST, port)


def bind(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1 (port 0: any free port), open before the server starts.

    Its address is known and printed at once, and a browser that connects
    before the first render waits in the queue instead of being refused."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((HOST, port))
    sock.listen(128)
    return sock


def serve(project: Project, slugs: list[str], sock: socket.socket, token: str, *, paper: str = "letter", log: Callable[[str], None] = print,
          draft: bool = False, read_only: bool = False) -> None:
    """Run the preview server on `sock` until Ctrl-C, answering only to requests that bring `token`."""
    import uvicorn

    from pnp.serve.stopping import EndsWhenStopping, Stopping, stopping_server

    port = sock.getsockname()[1]
    app = create_app(project, slugs, port, token, paper=paper, log=log, draft=draft, read_only=read_only)
    stopping = Stopping()  # however its connections end, the server stops at once and quietly (pnp.serve.stopping)
    config = uvicorn.Config(EndsWhenStopping(app, stopping), log_level="warning", lifespan="on", timeout_graceful_shutdown=1, access_log=False,
                            use_colors=False)  # what it logs goes through pnp's escaping output (pnp.cli.terminal): no colours to escape
    stopping_server(config, stopping).run(sockets=[sock])
