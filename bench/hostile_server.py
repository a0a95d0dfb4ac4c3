"""The hostile sheet server of bench/hostile.py: on 127.0.0.1, answering `/<case>/<answer>` every way but with a whole
sheet (and once with one), and remembering what each case asked for (an icon or a sheet that made pnp reach the
network shows here)."""
from __future__ import annotations

import contextlib
import gzip
import http.server
import io
import threading
import time
import zipfile
import zlib
from collections import defaultdict

CSV = b"id,name,stars\nspy,Spy,1\nmole,Mole,2\n"


def zero_bomb(mib: int, wbits: int = 31) -> bytes:
    """A zlib stream (gzip by default) of `mib` MiB of zeros, in a few hundred KB."""
    packer = zlib.compressobj(9, zlib.DEFLATED, wbits)
    block = packer.compress(bytes(1 << 20))
    block += packer.flush(zlib.Z_FULL_FLUSH)
    return block + b"".join(packer.compress(bytes(1 << 20)) + packer.flush(zlib.Z_FULL_FLUSH) for _ in range(mib - 1)) + packer.flush()


def xlsx_far_cell() -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["id", "name"])
    book.active.append(["spy", "Spy"])
    book.active["XFD1048576"] = "far"
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def xlsx_zip_bomb() -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as f:
            for _ in range(200):
                f.write(b" " * (1 << 20))
    return data.getvalue()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        parts = self.path.split("/")
        self.server.hits[f"/{parts[1]}" if len(parts) > 1 else "/"].append(self.path)
        answer = getattr(self, "a_" + (parts[2] if len(parts) > 2 else "").split("?")[0].split(".")[0].replace("-", "_"), None)
        if answer is None:
            return self.send(404, b"no such answer\n")
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            answer()

    def send(self, status: int, body: bytes, kind: str = "text/csv", length: int | None = None, **headers) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass

    # answers, by name
    def a_good(self):
        self.send(200, CSV)

    def a_octet(self):
        self.send(200, CSV, "application/octet-stream")

    def a_s500(self):
        self.send(500, b"oops\n", "text/plain")

    def a_s404(self):
        self.send(404, b"gone\n", "text/plain")

    def a_s304(self):
        self.send_response(304)
        self.end_headers()

    def a_s401(self):
        self.send(401, b"sign in\n", "text/plain", WWW_Authenticate='Basic realm="x"')

    def a_loop(self):
        self.send(302, b"", Location=self.path)

    def a_to_file(self):
        self.send(302, b"", Location="file:///etc/passwd")

    def a_to_nowhere(self):
        self.send(301, b"")

    def a_endless(self):
        """A valid CSV that never ends, in chunks."""
        self.send_response(200)
        self.send_header("Content-Type", "text/csv")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        row = b"".join(b"c%d,Card %d,1\n" % (i, i) for i in range(2000))
        self.wfile.write(b"%x\r\nid,name,stars\n\r\n" % len(b"id,name,stars\n"))
        for _ in range(100000):
            self.wfile.write(b"%x\r\n" % len(row) + row + b"\r\n")

    def a_short(self):
        """Says 5000 bytes, sends 40 and closes."""
        self.send(200, CSV, length=5000)
        self.close_connection = True

    def a_gzip_bomb(self):
        self.send(200, zero_bomb(200), Content_Encoding="gzip")

    def a_deflate_bomb(self):
        self.send(200, zero_bomb(200, 15), Content_Encoding="deflate")

    def a_brotli(self):
        self.send(200, CSV, Content_Encoding="br")

    def a_three_layers(self):
        self.send(200, gzip.compress(gzip.compress(gzip.compress(CSV))), Content_Encoding="gzip, gzip, gzip")

    def a_bad_gzip(self):
        self.send(200, b"\x1f\x8b\x08\x00garbage-not-gzip", Content_Encoding="gzip")

    def a_zip_bomb(self):
        self.send(200, xlsx_zip_bomb(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")

    def a_far_cell(self):
        self.send(200, xlsx_far_cell(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")

    def a_doctype(self):
        self.send(200, b"<!DOCTYPE html><html><body>Sign in</body></html>", "text/plain")

    def a_bom_html(self):
        self.send(200, b"\xef\xbb\xbf  \n<html><body>x</body></html>", "text/csv")

    def a_many_rows(self):
        self.send(200, b"id,name\n" + b"".join(b"r%d,R\n" % i for i in range(30000)))

    def a_nul(self):
        self.send(200, b"id,name\nspy,S\x00py\n")

    def a_latin1(self):
        self.send(200, b"id,name\nspy,Esp\xeda\n")

    def a_huge_header(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/csv")
        self.send_header("X-Big", "x" * 200_000)
        self.send_header("Content-Length", str(len(CSV)))
        self.end_headers()
        self.wfile.write(CSV)

    def a_many_headers(self):
        self.send_response(200)
        for i in range(20000):
            self.send_header(f"X-H{i}", "y")
        self.send_header("Content-Length", str(len(CSV)))
        self.end_headers()
        self.wfile.write(CSV)

    def a_silent(self):
        time.sleep(30)

    def a_slow_headers(self):
        self.wfile.write(b"HTTP/1.1 200 OK\r\n")
        for _ in range(300):
            self.wfile.write(b"X-Slow: y\r\n")
            self.wfile.flush()
            time.sleep(0.1)

    def a_bad_chunks(self):
        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\nZZZZ\r\nid,name\r\n0\r\n\r\n")

    def a_garbage_status(self):
        self.wfile.write(b"HTTP/1.1 2000000000000000000 WHAT\r\nContent-Length: 4\r\n\r\nid\n\n")

    def a_bad_sheet(self):
        """A zip that claims to be a workbook and is not one."""
        self.send(200, b"PK\x03\x04" + b"\x00" * 200)

    def a_formula(self):
        self.send(200, b"id,name\nspy,\"=HYPERLINK(\"\"http://x\"\",\"\"click\"\")\"\n")

    def a_escapes(self):
        """A whole sheet whose card ids hold terminal control sequences: `pnp pull` names the cards it added."""
        self.send(200, b"id,name,stars\nk\x1b]0;owned\x07\x1b[2J\xc2\x9b31mx,Knight,1\n")

    def a_probe(self):
        """What an icon or sheet that tries to reach the network asks for."""
        self.send(200, b"probe", "image/png")


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A client that hung up (pnp giving up on a trickle) is what the bench asks for: nothing to print."""


class HostileServer:
    """The server on 127.0.0.1 in a thread of this process; `hits_of(url)` lists the paths a case asked for."""

    def __enter__(self) -> HostileServer:
        self.httpd = QuietServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.httpd.hits = defaultdict(list)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()

    def hits_of(self, case_url: str) -> list[str]:
        return list(self.httpd.hits.get("/" + case_url.rsplit("/", 1)[1], []))
