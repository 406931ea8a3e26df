"""``arbiter publish OUTDIR``: the event (or the club) as a static website.

:func:`site_pages` loads the folder through the store, under its shared lock, and builds every
page through :mod:`arbiter_cli.render.site`; ``publish`` writes them with
:func:`arbiter_cli.store.site.write_site`, which rewrites only the pages whose bytes changed.
``arbiter serve`` serves the same mapping.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from arbiter_cli.cli.common import STATE, say, waiting
from arbiter_cli.core.errors import BrokenFolder

__all__ = ["site_pages", "publish"]


def site_pages(folder: Path) -> dict[str, bytes]:
    """Every file of the site of the event or club folder ``folder``: relative POSIX path -> bytes
    (the pages and ``style.css``). An event of a club shows the club's rating change of each
    player once the club has rated it."""
    from arbiter_cli.render.site import build_site
    from arbiter_cli.render.site.sites import club_site, event_site, knockout_site, team_site
    from arbiter_cli.store.club import CLUB_FILE, club_of, load_club
    from arbiter_cli.store.group_folder import is_group_folder
    from arbiter_cli.store.knockout_folder import KnockoutFolder, is_knockout_folder
    from arbiter_cli.store.prizes import read_prizes
    from arbiter_cli.store.team_folder import TeamFolder, is_team_folder
    from arbiter_cli.store.tournament import SETTINGS_FILE, TournamentFolder

    if (folder / CLUB_FILE).is_file():
        return build_site(club_site(load_club(folder)))
    if is_team_folder(folder):
        team = TeamFolder(folder)
        with team.lock(exclusive=False, waiting=waiting):
            return build_site(team_site(team.load(), read_prizes(folder, team=True)))
    if is_group_folder(folder):
        return _group_pages(folder)
    if is_knockout_folder(folder):
        knockout = KnockoutFolder(folder)
        with knockout.lock(exclusive=False, waiting=waiting):
            return build_site(knockout_site(knockout.load_knockout(), read_prizes(folder)))
    if not (folder / SETTINGS_FILE).is_file():
        raise BrokenFolder(f"{folder} holds no event ({SETTINGS_FILE}) and no club ({CLUB_FILE}): nothing to publish "
                           "(use -d DIR)")
    store = TournamentFolder(folder)
    with store.lock(exclusive=False, waiting=waiting):
        tournament = store.load()
        prizes = read_prizes(folder)
    rated = {}
    home = club_of(folder)
    if home is not None:
        name = folder.resolve().name
        rated = {row.row.member_id: row for row in load_club(home).ratings if row.tournament == name}
    return build_site(event_site(tournament, rated, prizes))


def _group_pages(folder: Path) -> dict[str, bytes]:
    """A group event's site: its top pages, and each stage's as a round robin's or, for a
    knockout final, a knockout's (each stage read under its own shared lock)."""
    from contextlib import ExitStack

    from arbiter_cli.core.knockout import KnockoutTournament
    from arbiter_cli.core.model import Tournament
    from arbiter_cli.render.site import build_site
    from arbiter_cli.render.site.sites import group_site
    from arbiter_cli.cli.common import in_stage
    from arbiter_cli.core.prizes import PrizeTable
    from arbiter_cli.store.prizes import read_prizes
    from arbiter_cli.store.group_folder import STAGES_DIR, GroupFolder
    from arbiter_cli.store.knockout_folder import KnockoutFolder, is_knockout_folder
    from arbiter_cli.store.tournament import TournamentFolder

    top = GroupFolder(folder)
    with ExitStack() as stack:
        stack.enter_context(top.lock(exclusive=False, waiting=waiting))
        event = top.load_event()
        stages: dict[str, Tournament | KnockoutTournament] = {}
        prizes: dict[str, PrizeTable | None] = {}
        for name in top.stage_names():
            path = top.stage_path(name)
            stage = KnockoutFolder(path) if is_knockout_folder(path) else TournamentFolder(path)
            stack.enter_context(stage.lock(exclusive=False, waiting=waiting))
            with in_stage(f"{STAGES_DIR}/{name}/"):
                stages[name] = stage.load_knockout() if isinstance(stage, KnockoutFolder) else stage.load()
                prizes[name] = read_prizes(path)
    return build_site(group_site(event, stages, prizes))


def publish(
    outdir: Annotated[Path, typer.Argument(metavar="OUTDIR", help=(
        "The folder of the site (created if needed; a site published there before is updated)."))],
    replace: Annotated[bool, typer.Option("--replace", help=(
        "OUTDIR holds the site of another event or club: replace it with this one."))] = False,
) -> None:
    """Publish the event (or the club) as a static website: plain HTML and CSS, no script, every
    file in OUTDIR. Only the pages whose content changed are rewritten."""
    from arbiter_cli.store.site import write_site

    started = time.monotonic()
    files = site_pages(STATE.directory)
    done = write_site(outdir, files, str(STATE.directory.resolve()), replace=replace)
    seconds = time.monotonic() - started
    say(f"published {outdir}: {len(files)} files, {len(done.written)} written, {len(done.unchanged)} unchanged, "
        f"{len(done.removed)} removed ({seconds:.2f} s); open {outdir / 'index.html'}")
