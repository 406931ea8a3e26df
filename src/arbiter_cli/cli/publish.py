"""``arbiter publish OUTDIR``: the event (or the club) as a static website.

The folder's event builds every page (:meth:`arbiter_cli.events.base.Event.site`); ``publish``
writes them with :func:`arbiter_cli.store.site.write_site`, which rewrites only the pages whose
bytes changed. ``arbiter serve`` serves the same mapping.
"""

import gc
import time
from pathlib import Path
from typing import Annotated

from arbiter_cli.cli.common import STATE, event, say
from arbiter_cli.cli.params import Argument, Option

__all__ = ["publish"]

#: The last publish's pages, kept until the next one or the process's end (issue 29): freeing a
#: 1,000-player site's cells, rows and standings one by one took 23 ms after the site was written,
#: and the process ends without freeing anything (``os._exit``).
_LAST: list[object] = []


def publish(
    outdir: Annotated[Path, Argument(metavar="OUTDIR", help=(
        "The folder of the site (created if needed; a site published there before is updated)."))],
    replace: Annotated[bool, Option("--replace", help=(
        "OUTDIR holds the site of another event or club: replace it with this one."))] = False,
    refresh: Annotated[int, Option("--refresh", metavar="SECONDS", min=5, max=3600, help=(
        "How often the hall screen (hall.html) reloads itself."))] = 30,
    personal_data: Annotated[bool, Option("--personal-data", help=(
        "Publish personal data beyond names, titles, ratings and federations (birth dates)."))] = False,
) -> None:
    """Publish the event (or the club) as a static website: plain HTML and CSS, no script, every
    file in OUTDIR. Only the pages whose content changed are rewritten."""
    from arbiter_cli.render.site.sites import SiteOptions
    from arbiter_cli.store.site import check_outdir, processes, write_site
    from arbiter_cli.store.site_cache import outside

    started = time.monotonic()
    outside(outdir, "the site's folder")  # before the build writes to the cache
    count = processes()  # ARBITER_PROCESSES: refused before anything is made
    source = str(STATE.directory.resolve())
    check_outdir(outdir, source, replace=replace)  # a file, a folder we did not make, another's site: the same
    # The cyclic garbage collector is paused while the site is built and written (issue 29): a
    # 1,000-player site makes millions of objects (cells, rows, standings) and next to no cycles, and
    # the collections this made cost a twentieth of a publish. Memory is freed as ever by reference
    # counting; the collector runs again once the site is written. The build's objects are then moved
    # to the oldest generation (frozen and thawed: gc.unfreeze puts them there) rather than left young:
    # the next allocation would otherwise collect all 80,000 of them at once, 46 ms of a 1,000-player
    # publish after one result (issue 29). A full collection still reaches them.
    collecting = gc.isenabled()
    gc.disable()
    try:
        files = event().site(SiteOptions(refresh=refresh, personal=personal_data))
        done = write_site(outdir, files, source, replace=replace, count=count)
        _LAST[:] = [files]
    finally:
        if collecting:
            gc.freeze()
            gc.unfreeze()
            gc.enable()
    seconds = time.monotonic() - started
    say(f"published {outdir}: {len(files)} files, {len(done.written)} written, {len(done.unchanged)} unchanged, "
        f"{len(done.removed)} removed ({seconds:.2f} s); open {outdir / 'index.html'}")
