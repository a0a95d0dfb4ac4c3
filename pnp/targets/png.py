"""PNG files on every core: an export's or a preview's images are encoded in threads while the next is rendered."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from PIL import Image

from pnp.core.processes import cores


class PngEncoder:
    """Encodes images to PNG on every core and hands each one's bytes on in the order the images came.

    Pillow's encoder lets go of the interpreter while it compresses, so threads
    encode side by side (a Tabletop Simulator sheet is 16 million pixels), and
    the next image is rendered meanwhile; the bytes are those `encode` gives.
    At most one image a core waits, so a large deck's images are never all held."""

    def __init__(self, encode: Callable[[Image.Image], bytes]):
        self.encode = encode  # the bytes of one image, the same in any thread
        self.workers = cores()
        self.pool = ThreadPoolExecutor(self.workers)
        self.pending: deque = deque()

    def __enter__(self) -> PngEncoder:
        return self

    def __exit__(self, *exc) -> None:
        try:
            if exc[0] is None:
                self.finish()
        finally:
            self.pool.shutdown(cancel_futures=True)

    def add(self, image: Image.Image, then: Callable[[bytes], None]) -> None:
        """Encode `image`; `then(its bytes)` runs here, after the `then` of every image added before it."""
        self.pending.append((self.pool.submit(self.encode, image), then))
        while len(self.pending) > self.workers:
            self._hand_on()

    def finish(self) -> None:
        while self.pending:
            self._hand_on()

    def _hand_on(self) -> None:
        future, then = self.pending.popleft()
        then(future.result())
