"""The hall screen (issue 26): ``hall.html``, for a TV or a projector in the playing hall. The
current round's pairings, then the standings, reloaded by a meta refresh every
``SiteOptions.refresh`` seconds (``arbiter publish --refresh SECONDS``), for every kind of event.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_cli.events.registry import site_pages
from arbiter_cli.render.site.sites import SiteOptions

from conftest import ROOT, Runner

from .test_publish import Page

EVENTS = sorted(p.name for p in (ROOT / "sample_events").iterdir() if p.is_dir() and p.name != "club-lyon")


def hall(folder: Path, options: SiteOptions | None = None, path: str = "hall.html") -> str:
    return site_pages(folder, options)[path].decode("utf-8")


def rows(page: str, table: str) -> list[list[str]]:
    """The body rows of a table of the page, as the texts of their cells."""
    found = Page(page).tables[table]
    return [[text for _, _, text in row] for row in found[1:]]


def board(page: str, place: str) -> list[str]:
    """The line of the pairings whose first cell is ``place``: a board, a match or a game."""
    return next(row for row in rows(page, "hall-pairings") if row[0] == place)


def published_hall(arbiter: Runner, folder: Path, out: Path, *options: object) -> str:
    result = arbiter("-d", folder, "publish", out, *options)
    assert result.code == 0, result.err
    return (out / "hall.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", EVENTS)
def test_every_kind_of_event_has_a_hall_screen_in_its_navigation(sample, name: str) -> None:
    files = site_pages(sample(name))
    assert "hall.html" in files
    index = Page(files["index.html"].decode("utf-8"))
    assert "hall.html" in index.links
    page = files["hall.html"].decode("utf-8")
    assert '<body class="hall">' in page and Page(page).scripts == 0


def test_a_club_has_no_hall_screen(sample) -> None:
    assert "hall.html" not in site_pages(sample("club-lyon"))


@pytest.mark.parametrize("name", EVENTS)
def test_the_hall_screen_reloads_itself_at_the_chosen_interval(sample, name: str) -> None:
    files = site_pages(sample(name), SiteOptions(refresh=7))
    halls = [path for path in files if path.endswith("hall.html")]
    assert halls
    for path in halls:  # a group event's stages have their own screens, with the same interval
        assert '<meta http-equiv="refresh" content="7">' in files[path].decode(), path
    assert all(b'http-equiv="refresh"' not in data for path, data in files.items() if not path.endswith("hall.html"))


def test_publish_refresh_seconds_reaches_the_hall_screen(arbiter: Runner, sample, tmp_path: Path) -> None:
    page = published_hall(arbiter, sample("swiss32-in-progress"), tmp_path / "site", "--refresh", 12)
    assert '<meta http-equiv="refresh" content="12">' in page
    assert '<meta http-equiv="refresh" content="30">' in hall(sample("rr10-finished"))  # the default


def test_the_hall_screen_shows_the_current_round_then_the_standings(sample) -> None:
    page = hall(sample("rr10-in-progress"))
    assert "<h1><bdi>Round 5 of 9</bdi></h1>" in page
    assert page.index('class="hall-pairings"') < page.index("Standings after round 5") < page.index('class="hall-standings"')
    assert board(page, "2") == ["2", "Eriksen, Nils", "2", "½-½", "1", "Aydin, Selin"]  # points before the round
    assert board(page, "3")[3] == "" and "No result yet on board 3." in page
    standings = Page(page).tables["hall-standings"]
    assert [key for _, key, _ in standings[0]] == ["rank", "name", "points", "DE", "SB", "WIN"]
    assert [text for _, _, text in standings[1]][:3] == ["1", "Dlamini, Sipho", "4"]


def test_a_result_entered_with_arbiter_result_shows_on_the_hall_screen(arbiter: Runner, sample, tmp_path: Path) -> None:
    folder = sample("rr10-in-progress")
    out = tmp_path / "site"
    before = published_hall(arbiter, folder, out)
    assert board(before, "3")[3] == "" and "(not complete)" in before
    result = arbiter("-d", folder, "result", "5", "3", "1/2-1/2")
    assert result.code == 0, result.err
    after = published_hall(arbiter, folder, out)
    assert board(after, "3") == ["3", "Gupta, Arjun", "1½", "½-½", "1½", "Horvat, Marko"]
    assert "No result yet" not in after and "(not complete)" not in after


def test_names_on_the_hall_screen_are_text_isolated_in_bdi(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "Open <i>", "--system", "swiss", "--rounds", "3", "--seed", "1").code == 0
    for name, rating in (("<script>alert(1)</script>", "2000"), ('Ali & "Bob"', "1900")):
        assert arbiter("-d", folder, "player", "add", name, "--rating", rating).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    page = hall(folder)
    assert Page(page).scripts == 0 and "<script>" not in page
    assert "<bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>" in page
    assert "<bdi>Ali &amp; &#34;Bob&#34;</bdi>" in page
    assert board(page, "1")[1:6:4] == ["<script>alert(1)</script>", 'Ali & "Bob"']


def test_a_hall_screen_set_up_before_the_first_pairing_says_what_will_come(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", "3", "--seed", "1").code == 0
    page = hall(folder, SiteOptions(refresh=5))
    assert "The pairings of round 1 will appear here." in page and 'content="5"' in page


def test_a_team_event_shows_its_matches_with_their_game_points_then_the_team_standings(
        arbiter: Runner, sample) -> None:
    folder = sample("team-league-in-progress")
    page = hall(folder)
    assert "<h1><bdi>Round 4 of 5</bdi></h1>" in page
    assert board(page, "1") == ["1", "Cavalier Bron", "2-2", "Écully Échecs"]
    assert board(page, "2")[2] == ""
    assert arbiter("-d", folder, "result", "4", "2.1", "1/2-1/2").code == 0
    page = hall(folder)
    assert board(page, "2")[2] == "½-½ (so far)"
    standings = Page(page).tables["hall-standings"]
    assert [key for _, key, _ in standings[0]][:4] == ["rank", "name", "match_points", "game_points"]
    assert [text for _, _, text in standings[1]][:4] == ["1", "Villeurbanne Échecs", "6", "7.5"]  # data-value
    assert Page(page).shown["hall-standings"][1][:4] == ["1", "Villeurbanne Échecs", "6", "7½"]  # on screen


def test_a_knockout_shows_the_current_round_s_matches_and_games(arbiter: Runner, sample) -> None:
    folder = sample("knockout24-in-progress")
    page = hall(folder)
    assert "Round 2 of 5" in page and "hall-standings" not in page
    assert board(page, "1") == ["1", "Arslan, Mehmet", "2-0", "Demir, Elif"]
    assert board(page, "3.2")[2] == ""
    assert arbiter("-d", folder, "result", "2", "3.2", "0-1").code == 0
    page = hall(folder)
    assert board(page, "3.2")[2] == "0-1"
    assert board(page, "3")[2] == "1½-½"


def test_a_group_stage_paired_ahead_shows_the_round_being_played(arbiter: Runner, tmp_path: Path) -> None:
    """Every round of a group is paired at once: the screen shows the first round still being
    played, not the group's last round."""
    folder = tmp_path / "groups"
    assert arbiter("new", folder, "--name", "Groups", "--system", "groups", "--groups", "2", "--advance", "1",
                   "--seed", "3").code == 0
    for index in range(8):
        assert arbiter("-d", folder, "player", "add", f"Player {index + 1}", "--rating", 2000 - 10 * index).code == 0
    before = hall(folder)
    assert "The groups have not started" in before
    assert arbiter("-d", folder, "pair").code == 0
    page = hall(folder)
    assert "<h2>Group A: round 1 of 3</h2>" in page and "<h2>Group B: round 1 of 3</h2>" in page
    assert 'href="stages/A/hall.html"' in page and "stages/A/hall.html" in site_pages(folder)
    assert "Group A: round 1 of 3" not in hall(folder, path="stages/B/hall.html")
    assert "<h1><bdi>Round 1 of 3</bdi></h1>" in hall(folder, path="stages/A/hall.html")
    for game in ("1", "2"):
        assert arbiter("-d", folder, "result", "--group", "A", "1", game, "1-0").code == 0
    page = hall(folder)
    assert "<h2>Group A: round 2 of 3</h2>" in page and "<h2>Group B: round 1 of 3</h2>" in page
    assert "<h1><bdi>Round 2 of 3</bdi></h1>" in hall(folder, path="stages/A/hall.html")
