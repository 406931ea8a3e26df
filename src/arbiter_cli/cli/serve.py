"""``arbiter serve``: the folder's pages, read-only, for the venue's browsers (issue 19).

It serves the site that ``arbiter publish`` writes, made again whenever the folder
changes, through :mod:`arbiter_cli.web.server`. It never writes to the folder and no
request changes anything. Ctrl-C stops it (exit 130, as every command).
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Annotated

import typer

from arbiter_cli.cli.common import STATE, event, say
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.store.watch import fingerprint
from arbiter_cli.web.server import LiveSite, open_server, url_of

__all__ = ["serve"]


def serve(
    port: Annotated[int, typer.Option("--port", "-p", help="The port to listen on (0: any free port).")] = 8000,
    host: Annotated[str, typer.Option("--host", help="The address to listen on: 127.0.0.1 is this computer "
                                      "only; 0.0.0.0 is every device on the venue network.")] = "127.0.0.1",
) -> None:
    """Serve the folder's pages to browsers, read-only, made again whenever the folder changes."""
    folder = STATE.directory
    if not folder.is_dir():
        raise BadArgument(f"no such folder: {folder}", field="--dir")
    if not 0 <= port <= 65535:
        raise BadArgument(f"not a port: {port} (0-65535)", field="--port")
    site = LiveSite(event().site, lambda: fingerprint(folder), warn=_note)
    site.build()  # a folder that does not read fails here, before anything listens
    server = open_server(site, host, port, warn=_note)
    try:
        address, bound_port = server.bound()
        if not _local(address):
            say(f"warning: listening on {host}: every device that can reach this computer can read these pages")
        say(f"serving {folder} at {url_of(server)} (read-only; Ctrl-C stops)")
        if address in ("0.0.0.0", "::") and (lan := _lan_address()):
            say(f"on the venue network: http://{lan}:{bound_port}/")
        server.serve_forever()
    finally:
        server.server_close()


def _local(address: str) -> bool:
    """Whether only this computer can reach ``address``."""
    try:
        return ipaddress.ip_address(address.partition("%")[0]).is_loopback
    except ValueError:
        return False


def _lan_address() -> str | None:
    """This computer's address on its network, as the phones reach it (a UDP socket is pointed at a
    documentation address, TEST-NET-1: no packet is sent), or None without a network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith(("0.", "127.")) else address


def _note(message: str) -> None:
    say(f"note: {message}")
