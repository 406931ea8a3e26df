"""Harness fault "no output lands on a file the folder owns: publish: exit N, yet ['1.html added',
...]" (individual Swiss, round robin, team Swiss): a site whose ``players/`` is a symbolic link to
the event's own folder; the second publish wrote the player pages into the event folder. Current
code refuses it before writing anything (store/site.py); this pins the harness's own sequence."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from conftest import Runner


def _files(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != ".arbiter.lock"}


def test_no_output_lands_on_a_file_the_folder_owns_publish_through_players_linked_to_the_event(
        arbiter: Runner, tmp_path: Path) -> None:
    event, site = tmp_path / "ev", tmp_path / "site-linked"
    assert arbiter("new", event, "--name", "Harness Invitational", "--system", "round-robin", "--seed", "0",
                   "--initial-colour", "white", "--numbering", "rating").code == 0
    imported = arbiter("-d", event, "player", "import", "-",
                       stdin='name,rating,title\n"Aydin, Ana",,\n"Berger, Ben",,\n"Castro, Cleo",,\n')
    assert imported.code == 0, imported.err
    assert arbiter("-d", event, "publish", site).code == 0
    assert (site / "players" / "1.html").is_file()
    shutil.rmtree(site / "players")
    (site / "players").symlink_to(event, target_is_directory=True)
    before = _files(event)

    refused = arbiter("-d", event, "publish", site)

    assert refused.code == 2 and refused.err.startswith("arbiter: error: ") and refused.err.count("\n") == 1
    assert "symbolic link" in refused.err
    assert _files(event) == before and not (event / "1.html").exists()
