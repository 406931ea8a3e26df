"""The changes this command has committed: what a Ctrl-C after one must not deny.

A change of a folder is made all or nothing (:mod:`arbiter_cli.store.files`): until its commit
point (the manifest written, a new folder moved into place) a Ctrl-C undoes it; after that point
it is made. From the first commit point on, the command ``holds`` Ctrl-C: the change is finished
on disk, and so is the rest of the command (its report), and only then does the interrupt end it,
with exit status 130 and a line that says the change was saved in these ``folders`` (or that a
site ``publish`` put in place is whole: ``sites``) (``arbiter_cli/__main__.py``). Plain data: the store writes it, the command line reads it.
"""

from __future__ import annotations

import os

__all__ = ["Commits", "COMMITS", "interrupted_line"]


class Commits:
    """The folders whose change passed its commit point in this command, and whether Ctrl-C waits."""

    def __init__(self) -> None:
        self.holding = False
        self.folders: list[str] = []
        self.sites: list[str] = []  # the sites ``publish`` is putting in place (past their commit point)

    def start(self) -> None:
        """A new command: nothing committed yet, Ctrl-C stops it at once."""
        self.holding = False
        self.folders = []
        self.sites = []

    def release(self) -> None:
        """A change done in a command that runs on (``arbiter serve``'s result entry): Ctrl-C stops it
        at once again, and its line still says which folders were changed before."""
        self.holding = False

    def committing(self) -> None:
        """Just before a commit point: from here on Ctrl-C waits for the command to end."""
        self.holding = True

    def committed(self, folder: str) -> None:
        """``folder``'s change is made (its commit point has passed)."""
        self.holding = True
        if folder not in self.folders:
            self.folders.append(folder)

    def published(self, site: str) -> None:
        """``publish`` puts the pages of ``site`` (its OUTDIR) in place: from here on the site changes."""
        self.holding = True
        if site not in self.sites:
            self.sites.append(site)


COMMITS = Commits()


def interrupted_line(word: str = "interrupted") -> str:
    """The one line of a command Ctrl-C ended (``word``: ``terminated`` for SIGTERM): nothing changed, or
    which folders a change was saved in before (a staging folder moved in since is left out), or that a
    site was published whole."""
    saved = [folder for folder in COMMITS.folders if os.path.exists(folder)]
    if saved:
        return f"arbiter: {word} after the change was saved ({', '.join(saved)}; 'arbiter log' shows it)"
    if COMMITS.sites:
        return f"arbiter: {word} after the site was published whole ({', '.join(COMMITS.sites)})"
    return f"arbiter: error: {word}"
