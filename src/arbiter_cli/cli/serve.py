"""``arbiter serve``: the folder's pages for the venue's browsers (issue 19), and result entry from
the arbiters' phones when ``--entry`` turns it on (issue 26).

It serves the site that ``arbiter publish`` writes, made again whenever the folder
changes, through :mod:`arbiter_cli.web.server`. Without ``--entry`` it never writes to the
folder and no request changes anything; with it, the people of the folder's access list
(``arbiter access``) sign in and save results through the folder's desk. ``--tls-cert`` and
``--tls-key`` serve it over HTTPS. Ctrl-C stops it (exit 130, as every command), saying
"stopped serving", not an error, and where the results saved from browsers meanwhile are.
"""

import ipaddress
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from arbiter_cli.cli.common import STATE, event, say
from arbiter_cli.cli.interrupt import INTERRUPT
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.store.commits import COMMITS

if TYPE_CHECKING:
    from arbiter_cli.core.venue import Desk, Gate

__all__ = ["serve", "interrupted_meanwhile"]


def serve(
    port: Annotated[int, typer.Option("--port", "-p", help="The port to listen on (0: any free port).")] = 8000,
    host: Annotated[str, typer.Option("--host", help="The address to listen on: 127.0.0.1 is this computer "
                                      "only; 0.0.0.0 is every device on the venue network.")] = "127.0.0.1",
    entry: Annotated[bool, typer.Option("--entry", help="Result entry from the browser for the people of the "
                                        "access list (arbiter access add), at /signin.")] = False,
    tls_cert: Annotated[Optional[Path], typer.Option("--tls-cert", metavar="FILE", show_default=False,
                                                     help="Serve over HTTPS with this certificate (PEM); "
                                                     "needs --tls-key.")] = None,
    tls_key: Annotated[Optional[Path], typer.Option("--tls-key", metavar="FILE", show_default=False,
                                                    help="The certificate's private key (PEM, no passphrase).")] = None,
    refresh: Annotated[int, typer.Option("--refresh", metavar="SECONDS", min=2, max=3600, help=(
        "How often the hall screen (/hall.html) reloads itself."))] = 10,
    personal_data: Annotated[bool, typer.Option("--personal-data", help=(
        "Show personal data beyond names, titles, ratings and federations (birth dates)."))] = False,
) -> None:
    """Serve the folder's pages to browsers, made again whenever the folder changes; with --entry,
    result entry for the people of the access list."""
    # The server and its templates load here, not with the command line: no other command needs them.
    from arbiter_cli.render.site.sites import SiteOptions
    from arbiter_cli.store.watch import fingerprint
    from arbiter_cli.web.server import LiveSite, open_server, url_of
    from arbiter_cli.web.tls import tls_context

    folder = STATE.directory
    if not folder.is_dir():
        raise BadArgument(f"no such folder: {folder}", field="--dir")
    if not 0 <= port <= 65535:
        raise BadArgument(f"not a port: {port} (0-65535)", field="--port")
    if (tls_cert is None) != (tls_key is None):
        missing = "--tls-key" if tls_key is None else "--tls-cert"
        raise BadArgument("missing: HTTPS takes both --tls-cert and --tls-key", field=missing)
    tls = tls_context(tls_cert, tls_key) if tls_cert is not None and tls_key is not None else None
    desk, gate = _venue(folder) if entry else (None, None)
    options = SiteOptions(refresh=refresh, personal=personal_data)
    opened = event()
    site = LiveSite(lambda: opened.site(options), lambda: fingerprint(folder), warn=_note)
    site.build()  # a folder that does not read fails here, before anything listens
    server = open_server(site, host, port, warn=_note, desk=desk, gate=gate, tls=tls, tick=interrupted_meanwhile)
    try:
        address, bound_port = server.bound()
        if not _local(address):
            say(f"warning: listening on {host}: every device that can reach this computer can read these pages")
            if entry and tls is None:
                say("warning: result entry over plain HTTP: anyone on this network can read the sign-in codes "
                    "and sessions as they pass (--tls-cert and --tls-key encrypt them)")
        url = url_of(server)
        say(f"serving {folder} at {url} ({f'result entry at {url}signin' if entry else 'read-only'}; Ctrl-C stops)")
        if address in ("0.0.0.0", "::") and (lan := _lan_address()):
            say(f"on the venue network: {url.partition(':')[0]}://{lan}:{bound_port}/")
        server.serve_forever()
    except KeyboardInterrupt:  # Ctrl-C (or SIGTERM) is how serve stops: exit 130 (SIGTERM's end), and no "error"
        if COMMITS.holding:
            raise  # in the middle of a save: the command line's one line names the folder it changed
        saved = [name for name in COMMITS.folders if Path(name).exists()]
        how = "SIGTERM" if INTERRUPT.terminated else "Ctrl-C"
        say(f"arbiter: stopped serving ({how})" + (f"; the results saved from browsers are in {', '.join(saved)} "
                                                   "('arbiter log' shows them)" if saved else ""))
        raise SystemExit(INTERRUPT.code) from None
    finally:
        server.server_close()


# --- the venue's desk and gate (issue 26) -------------------------------------------------------
def _venue(folder: Path) -> "tuple[Desk, Gate]":
    """The folder's result desk and access list, for ``--entry``."""
    from arbiter_cli.events.access import open_gate
    from arbiter_cli.events.desk import open_desk

    return open_desk(folder), open_gate(folder)


def interrupted_meanwhile() -> None:
    """Stop serving on a Ctrl-C that was held: one that came while a save from the browser was past
    its commit point waits for it (:mod:`arbiter_cli.store.commits`), and the server would otherwise
    run on once the save is done; so would one that a library turned into another error."""
    if INTERRUPT.seen and not COMMITS.holding:
        raise KeyboardInterrupt


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
