"""How `pnp serve` stops (Ctrl-C, SIGTERM) however its connections end: quietly, and at once.

uvicorn stops by waiting for each request under way to end, then cancelling those still running; a request cancelled
so printed a traceback of some 35 lines each. Requests that wait on their client never end by themselves: the page's
event stream, and a request whose client sent half its body and went quiet. Here, once the server is told to stop,
whatever such a request waits for from its client reads as the client gone, so it ends as it would on a closed tab;
and what uvicorn still says of a request cut short while stopping (cancelled, or ended without its whole answer) is
no fault of the designer's to show.
"""
from __future__ import annotations

import asyncio
import logging

GONE = {"type": "http.disconnect"}
# what uvicorn logs of a request it cut short; said while the server stops, it is the stop itself, not a fault
CUT_SHORT = ("Cancel %s running task(s)", "ASGI callable returned without", "Exception in ASGI application")


class Stopping:
    """Whether the server has been told to stop, as an event the requests under way can wait on."""

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.loop: asyncio.AbstractEventLoop | None = None

    def set(self) -> None:
        """Called from the signal handler: the event is set in the loop, where the requests wait on it."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.event.set)

    def __bool__(self) -> bool:
        return self.event.is_set()


class EndsWhenStopping:
    """The outermost application: a request under way when the server stops stops waiting on its client, and its
    answer, if begun, is ended, so uvicorn has nothing to cancel."""

    def __init__(self, app, stopping: Stopping):
        self.app, self.stopping = app, stopping

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            self.stopping.loop = asyncio.get_running_loop()
            return await self.app(scope, receive, send)
        answer = _Answer(send)
        try:
            await self.app(scope, self._until_stopping(receive), answer.send)
        except Exception:
            if not self.stopping:
                raise
        if self.stopping and answer.begun and not answer.ended:
            await answer.send({"type": "http.response.body", "body": b"", "more_body": False})

    def _until_stopping(self, receive):
        async def receive_or_gone():
            if self.stopping:
                return GONE
            message, stop = asyncio.ensure_future(receive()), asyncio.ensure_future(self.stopping.event.wait())
            try:
                await asyncio.wait((message, stop), return_when=asyncio.FIRST_COMPLETED)
            finally:
                for waiting in (message, stop):
                    if not waiting.done():
                        waiting.cancel()
            return message.result() if message.done() and not message.cancelled() else GONE

        return receive_or_gone


class _Answer:
    """What has been sent of one request's answer."""

    def __init__(self, send):
        self._send, self.begun, self.ended = send, False, False

    async def send(self, message) -> None:
        if message["type"] == "http.response.start":
            self.begun = True
        elif message["type"] == "http.response.body" and not message.get("more_body", False):
            self.ended = True
        await self._send(message)


class _QuietWhileStopping(logging.Filter):
    def __init__(self, stopping: Stopping):
        super().__init__()
        self.stopping = stopping

    def filter(self, record: logging.LogRecord) -> bool:
        return not (self.stopping and str(record.msg).startswith(CUT_SHORT))


def stopping_server(config, stopping: Stopping):
    """A uvicorn server that sets `stopping` as it is told to stop, and whose log leaves out the requests cut short."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            super().handle_exit(sig, frame)
            stopping.set()

    logging.getLogger("uvicorn.error").addFilter(_QuietWhileStopping(stopping))
    return Server(config)
