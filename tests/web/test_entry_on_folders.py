"""Result entry in the browser against a folder's own desk (``events/desk.open_desk``, issue 26),
with the fake gate of ``venue.py``: every kind of event's sheet is shown and saved through the
server, each save is journalled ``by`` the person who signed in, a clash between two phones saves
nothing of the second, and an arbiter's forged finalise leaves the folder as it was."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest

from arbiter_cli.core.errors import Refused
from arbiter_cli.events.desk import open_desk
from conftest import snapshot
from web.venue import CODES, Client, Venue, forms, venue

OWNER, MANAGER, ARBITER, DEPUTY = (code for code in CODES)


def _text(page: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.fixture
def swiss(sample) -> Iterator[tuple[Path, Venue]]:  # type: ignore[no-untyped-def]
    folder = sample("swiss32-in-progress")
    with venue(open_desk(folder)) as where:
        yield folder, where


def _journal(folder: Path) -> list[dict[str, str]]:
    with open(folder / "journal.csv", newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def _open_place(form: dict[str, str]) -> str:
    """A place of the sheet without a result yet."""
    return next(key.removeprefix("seen:") for key, value in form.items() if key.startswith("seen:") and value == "")


def test_a_result_saved_in_the_browser_is_journalled_by_the_person_who_signed_in(swiss: tuple[Path, Venue]) -> None:
    folder, where = swiss
    client = Client(where)
    page = client.sign_in(ARBITER)
    assert "<h1><bdi>Ege Open 2026</bdi>: round 5</h1>" in page.text
    form = forms(page.text)["/entry/5"]
    place = _open_place(form)
    before = len(_journal(folder))
    answer = client.post("/entry/5", {**form, f"chosen:{place}": "1-0"})
    assert answer.status == 200 and re.search(rf"Saved: Board {place}: [^|]+ – [^|]+ 1-0", _text(answer.text))
    lines = _journal(folder)[before:]
    assert lines and {line["by"] for line in lines} == {"Ali Arbiter"}
    assert forms(answer.text)["/entry/5"][f"seen:{place}"] == "1-0"  # the sheet as stored now


def test_two_phones_clash_on_a_board_and_the_folder_keeps_the_first(swiss: tuple[Path, Venue]) -> None:
    folder, where = swiss
    first, second = Client(where), Client(where)
    first_form = forms(first.sign_in(ARBITER).text)["/entry/5"]
    second_form = forms(second.sign_in(DEPUTY).text)["/entry/5"]
    place = _open_place(first_form)
    assert first.post("/entry/5", {**first_form, f"chosen:{place}": "1-0"}).status == 200
    after_first = snapshot(folder)
    answer = second.post("/entry/5", {**second_form, f"chosen:{place}": "0-1"})
    assert answer.status == 409 and re.search(rf"Board {place}: [^|]+ – [^|]+ 1-0 0-1", _text(answer.text))
    assert snapshot(folder) == after_first


def test_an_arbiters_forged_finalise_leaves_the_folder_as_it_was(swiss: tuple[Path, Venue]) -> None:
    folder, where = swiss
    client = Client(where)
    csrf = forms(client.sign_in(ARBITER).text)["/entry/5"]["csrf"]
    before = snapshot(folder)
    assert client.post("/finalise", {"csrf": csrf}).status == 403
    assert snapshot(folder) == before


def test_a_manager_asked_to_finalise_an_unfinished_event_sees_the_refusal_and_nothing_changes(
        swiss: tuple[Path, Venue]) -> None:
    folder, where = swiss
    client = Client(where)
    client.sign_in(MANAGER)
    before = snapshot(folder)
    answer = client.post("/finalise", forms(client.get("/finalise").text)["/finalise"])
    assert answer.status == 409 and "Not finalised" in _text(answer.text)
    assert snapshot(folder) == before


@pytest.mark.parametrize(("event", "heading"), [("team-swiss20-in-progress", "Match 1: "),
                                                ("knockout24-in-progress", "Match 1: 1. Arslan, Mehmet"),
                                                ("groups16-in-progress", "Group A"), ("rr10-in-progress", "")])
def test_every_kind_of_event_enters_a_result_through_the_sheet(sample, event: str, heading: str) -> None:  # type: ignore[no-untyped-def]
    folder = sample(event)
    with venue(open_desk(folder)) as where:
        client = Client(where)
        page = client.sign_in(OWNER)
        assert page.status == 200 and heading in _text(page.text)
        action, form = next((action, fields) for action, fields in forms(page.text).items() if action.startswith("/entry/"))
        place = _open_place(form)
        answer = client.post(action, {**form, f"chosen:{place}": "1/2-1/2"})
        assert answer.status == 200 and "Saved:" in _text(answer.text), _text(answer.text)[:500]
        assert forms(answer.text)[action][f"seen:{place}"] == "1/2-1/2"
        journals = sorted(folder.rglob("journal.csv"))
        assert any(line["by"] == "Olga Owner" for path in journals for line in csv.DictReader(path.open(encoding="utf-8")))


def test_a_club_folder_has_no_desk_and_says_so_before_anything_is_served(sample) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(Refused, match="holds a club: .*; to enter a tournament's results, serve its own folder"):
        open_desk(sample("club-lyon"))


def test_a_knockout_save_names_each_games_own_white_and_black_beside_its_code(sample) -> None:  # type: ignore[no-untyped-def]
    """The message headed the games with their match ("Match 6: 7. Celik – 23. Dogan, Game 1: 1-0,
    Game 2: 0-1") while game 1's code is from its White's side, 23. Dogan: it read 1-1 although Dogan
    won 2-0. Each game now reads with its own two names."""
    folder = sample("knockout24-in-progress")
    with venue(open_desk(folder)) as where:
        client = Client(where)
        form = forms(client.sign_in(ARBITER).text)["/entry/2"]
        answer = client.post("/entry/2", {**form, "chosen:6.1": "1-0", "chosen:6.2": "0-1"})
        text = _text(answer.text)
        celik, dogan = "7. Celik, Aylin (2094)", "23. Dogan, Emre (1666)"
        assert answer.status == 200, text[:500]
        assert (f"Saved: Match 6: {celik} – {dogan} Game 1: {dogan} – {celik} 1-0 "
                f"Game 2: {celik} – {dogan} 0-1") in text
        assert "the journal keeps" not in text  # a knockout keeps each game from its White's side


def test_a_team_board_kept_from_black_says_the_journal_keeps_the_first_teams_side(sample) -> None:  # type: ignore[no-untyped-def]
    """A team board where the first-named team has Black: the sheet shows White's code, the journal
    keeps the first team's (``arbiter log`` shows it turned); the message says so."""
    folder = sample("team-league-in-progress")
    with venue(open_desk(folder)) as where:
        client = Client(where)
        form = forms(client.sign_in(ARBITER).text)["/entry/4"]
        before = len(_journal(folder))
        answer = client.post("/entry/4", {**form, "chosen:2.1": "1/2-1/2", "chosen:2.2": "1-0"})
        text = _text(answer.text)
        assert answer.status == 200, text[:500]
        assert ("Saved: Match 2: Lyon Olympique Échecs – Tour de Givors "
                "Board 1: 1. Garnier, Jules (2314) – 16. Roux, Chloé (2123) ½-½ "
                "Board 2: 17. François, Tom (2052) – 2. Robert, Louis (2231) 1-0 (the journal keeps this board "
                "from the first-named team's side, Black here: arbiter log shows 0-1)") in text
        kept = {line["change"]: line["new"] for line in _journal(folder)[before:]}
        assert kept == {"round 4 board 2.1 result": "1/2-1/2", "round 4 board 2.2 result": "0-1"}


def test_a_round_not_paired_of_a_folder_is_404_without_the_desks_parameter_name(swiss: tuple[Path, Venue]) -> None:
    """``/entry/6`` of an event paired to round 5 answered 400 "field 'round_number': there is no round 6"."""
    _, where = swiss
    client = Client(where)
    client.sign_in(ARBITER)
    answer = client.get("/entry/6")
    text = _text(answer.text)
    assert answer.status == 404 and "round 6 is not paired yet" in text and "round_number" not in text


def test_a_save_in_an_earlier_round_links_back_to_its_sheet_and_to_the_current_rounds(swiss: tuple[Path, Venue]) -> None:
    _, where = swiss
    client = Client(where)
    client.sign_in(MANAGER)
    form = forms(client.get("/entry/4").text)["/entry/4"]
    place = next(key.removeprefix("seen:") for key, value in form.items() if key.startswith("seen:") and value != "0-1")
    answer = client.post("/entry/4", {**form, f"chosen:{place}": "0-1"})
    assert answer.status == 200, _text(answer.text)[:500]
    links = re.findall(r'<a href="(/entry[^"]*)">([^<]*)</a>', answer.text.split('class="again"')[1].split("</p>")[0])
    assert links == [("/entry/4", "Round 4's sheet as stored now"), ("/entry", "the current round's sheet (round 5)")]


@pytest.mark.parametrize("box", ["confirm", "excused"])
def test_a_forfeit_the_no_show_rule_refuses_is_saved_from_the_page_once_its_box_is_ticked(
        swiss: tuple[Path, Venue], box: str) -> None:
    """The folder's no-show rule withdraws a forfeit's loser: the page offers --confirm and --excused
    as boxes; ticked, the save goes through the act with that option, and says what the event said."""
    folder, where = swiss
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/5"]
    place = _open_place(form)
    before = snapshot(folder)
    refused = client.post("/entry/5", {**form, f"chosen:{place}": "+/-"})
    assert refused.status == 409 and "this forfeit withdraws" in _text(refused.text)
    assert re.findall(r'<input type="checkbox" name="(\w+)"', refused.text) == ["confirm", "excused"]
    assert snapshot(folder) == before
    lines = len(_journal(folder))
    answer = client.post("/entry/5", {**forms(refused.text)["/entry/5"], box: "yes"})
    text = _text(answer.text)
    assert answer.status == 200 and re.search(rf"Saved: Board {place}: [^|]+ – [^|]+ \+/-", text), text[:500]
    journalled = _journal(folder)[lines:]
    withdrawn = [line for line in journalled if line["new"].startswith("withdrawn after round 5")]
    assert {line["by"] for line in journalled} == {"Ali Arbiter"}
    if box == "confirm":
        assert len(withdrawn) == 1 and "withdrawn after round 5: 1 no-show without notice" in text
    else:
        assert withdrawn == [] and "withdrawn" not in text
