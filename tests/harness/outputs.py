"""No output option can overwrite a file the folder owns (the docs, "When something goes wrong": no
output, ``export -o``, ``--html``, ``publish``, may land on anything a folder owns).

A probe points one output at the folder: a file it owns (``-o``, ``--html``, ``trf ... -o``), a
symbolic link outside the folder whose target is such a file, one of its folders as ``publish``'s
OUTDIR, or a site whose sub-folder is a link into the event folder (``publish`` must never write
outside OUTDIR). The probe must be refused or write elsewhere; either way the folder's bytes are
unchanged. A probe aimed straight at an owned file or folder must be refused (non-zero exit).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Probe", "probes"]


@dataclass(frozen=True)
class Probe:
    """One output command aimed at the folder: its arguments, and whether it must be refused."""

    args: tuple[str, ...]
    refused: bool
    setup: str = ""  # "link": make ``link`` a symbolic link to ``target``; "site": a site with a linked sub-folder
    link: str = ""
    target: str = ""


def probes(root: Path, owned: str, directory: str, work: Path, trf: Path | None, group: tuple[str, ...] = ()
           ) -> list[Probe]:
    """Every probe at one owned file (``owned``, relative to ``root``) and one owned folder
    (``directory``; ``""`` is the folder itself). ``trf`` is an exported file of the event, for
    ``trf pair -o``; ``group`` the ``--group`` option a group event's reports need."""
    target = str(root / owned)
    folder = str(root / directory) if directory else str(root)
    link = str(work / "out-link.trf")
    out = [
        Probe(("-d", str(root), "export", *group, "-o", target), True),
        Probe(("-d", str(root), "standings", *group, "--html", target), True),
        Probe(("-d", str(root), "pairings", *group, "--html", target), True),
        Probe(("trf", "generate", "-o", target, "--players", "6", "--rounds", "3", "--seed", "1"), True),
        Probe(("-d", str(root), "publish", folder), True),
        Probe(("-d", str(root), "export", *group, "-o", link), False, "link", link, target),
        Probe(("-d", str(root), "publish", str(work / "site-linked")), False, "site", str(work / "site-linked"),
              folder),
    ]
    if trf is not None:
        out.append(Probe(("trf", "pair", str(trf), "-o", target), True))
    return out


def prepare(probe: Probe, publish: Callable[[Path], None]) -> None:
    """Make the link or the linked site a probe needs (``publish`` publishes the event into a
    folder: the site is published once, then its sub-folders are replaced by links)."""
    if probe.setup == "link":
        path = Path(probe.link)
        if path.is_symlink() or path.exists():
            path.unlink()
        path.symlink_to(probe.target)
    elif probe.setup == "site":
        site = Path(probe.link)
        if not (site / ".arbiter-site").exists():
            publish(site)
        site.mkdir(parents=True, exist_ok=True)  # a publish refused leaves no site: the links go in all the same
        for name in ("players", "rounds", "standings"):
            sub = site / name
            if sub.is_symlink():
                sub.unlink()
            elif sub.is_dir():
                shutil.rmtree(sub)
            sub.symlink_to(probe.target, target_is_directory=True)
