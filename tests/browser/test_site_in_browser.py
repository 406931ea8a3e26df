"""The site in a real browser (issue 19): every page opens, every link leads to a page, the
standings table holds what ``arbiter standings --format json`` says, a player card's running
scores add up, a name written as markup shows as text, and the standings page is
photographed at a phone's and a desktop's width.

The tests know the site only by its conventions (the README's Publishing section: the paths, the
``data-key`` cells of the standings and of a player card's rounds, ``<a class="player">``).
Each runs on every event of ``EVENTS`` whose site has the pages it reads (a club's has no standings
and no player cards). The walk through every page and the standings page run on the site published
and under ``arbiter serve``; the tests that read what every card shows run on the published site
only, since serve answers with publish's bytes (tests/web/test_serve.py pins that on every sample). A group event's standings are a list of
stages (``{"stage", "after_round", "standings"}``), each a table of its own on the page; a
knockout's player card has its matches and games rather than a running score.
"""

from __future__ import annotations

import csv
import io
import json
import struct
import urllib.error
import urllib.request
from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urlsplit

import pytest

from browser.conftest import (DESKTOP, ESCAPED_NAME, INDIVIDUAL, PHONE, WITH_BRACKET, WITH_STANDINGS, Site, published,
                              site_id, sites_of)
from in_process import arbiter_output

pytestmark = pytest.mark.browser

#: What a walk reads of each page in one call to the browser: its title, every address it refers to
#: (links, style sheets, images, scripts) as the browser resolved it, and the rows of a card's tables
#: (see _table).
_READ_PAGE = """const rows = selector => Array.from(document.querySelectorAll(selector + ' tbody tr'), tr =>
    Object.fromEntries(Array.from(tr.querySelectorAll('td[data-key]'),
        td => [td.dataset.key, td.dataset.value !== undefined ? td.dataset.value : td.innerText.trim()])));
return {title: document.title,
        references: Array.from(document.querySelectorAll('a[href], link[href], img[src], script[src]'),
                                e => e.href || e.src),
        tables: Object.fromEntries(['table.rounds', 'table.matches', 'table.games'].filter(
            selector => document.querySelector(selector)).map(selector => [selector, rows(selector)]))};"""


@dataclass(frozen=True)
class Visit:
    """A page as the walk found it: the alert it opened (None: none), and what _READ_PAGE read."""

    alert: str | None
    title: str
    references: list[str]  # an address within the site as its path there (the site may be served anew)
    tables: dict[str, list[dict[str, str]]]


#: The walks made, by site (its event and how it is served), each page by its path in the site: the
#: tests of a site read its pages from one walk, the tests of one site running in one worker
#: (browser/conftest.py: ``_param``).
_WALKS: dict[tuple[str, str], dict[str, Visit]] = {}


def _walk(browser: Any, site: Site) -> dict[str, Visit]:
    """Every page reached from the index by its links and its style sheets', images' and scripts'
    addresses within the site, each opened once in the browser: its path in the site -> Visit."""
    if (site.event, site.mode) in _WALKS:
        return _WALKS[site.event, site.mode]
    origin = urlsplit(site.url).netloc
    queue, visits = deque([site.url + "index.html"]), dict[str, Visit]()
    while queue:
        url = queue.popleft()
        if url.removeprefix(site.url) in visits:
            continue
        browser.get(url)
        alert = _alert(browser)
        read = browser.execute_script(_READ_PAGE) if alert is None else {"title": "", "references": [], "tables": {}}
        within = [reference.removeprefix(site.url) if reference.startswith(site.url) else reference
                  for reference in read["references"]]
        visits[url.removeprefix(site.url)] = Visit(alert, read["title"], within, read["tables"])
        for reference in read["references"]:
            target = urldefrag(reference)[0]
            if urlsplit(target).netloc == origin and (target.endswith(".html") or target.endswith("/")):
                queue.append(target)
    _WALKS[site.event, site.mode] = visits
    return visits


def _alert(browser: Any) -> str | None:
    """The text of a dialog a script of the page opened, dismissed; None if there is none."""
    from selenium.common.exceptions import NoAlertPresentException

    try:
        text = browser.switch_to.alert.text
    except NoAlertPresentException:
        return None
    browser.switch_to.alert.dismiss()
    return str(text)


def _no_alert(browser: Any) -> None:
    """No script of the page opened a dialog (an escaped name never runs)."""
    text = _alert(browser)
    if text is not None:
        pytest.fail(f"the page opened an alert: {text!r}")


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="GET"), timeout=60) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code


def _html_pages(site: Site) -> list[str]:
    return sorted(name for name in site.pages if name.endswith(".html"))


def test_every_page_opens_and_every_link_on_it_leads_to_a_page(browser: Any, site: Site) -> None:
    """From the index, following every link: each page opens with a title and no alert, each address
    a page refers to answers 200 from the site itself (no CDN, no 404), and every page is reached."""
    origin = urlsplit(site.url).netloc
    checked = dict[str, int]()
    visits = _walk(browser, site)
    for page, visit in visits.items():
        url = site.url + page
        assert visit.alert is None, f"{url} opened an alert: {visit.alert!r}"
        assert visit.title.strip(), url
        for reference in visit.references:
            target = urldefrag(reference if urlsplit(reference).scheme else site.url + reference)[0]
            if urlsplit(target).scheme in ("mailto", "tel", "data"):
                continue
            assert urlsplit(target).netloc == origin, f"{url} refers to {target}, outside the site"
            if target not in checked:
                checked[target] = _status(target)
            assert checked[target] == 200, f"{url} links to {target}: {checked[target]}"
    reached = {urlsplit(site.url + page).path.lstrip("/") for page in visits} | {"index.html"}
    assert not set(_html_pages(site)) - reached, "pages no link leads to"


def _flat(row: dict[str, Any]) -> dict[str, Any]:
    """A row of ``--format json`` with its nested tables (the tie-breaks) flattened: the CSV's columns."""
    flat: dict[str, Any] = {}
    for key, value in row.items():
        if isinstance(value, dict):
            flat.update(value)
        elif not isinstance(value, list):
            flat[key] = value
    return flat


def _table(browser: Any, selector: str, shown: bool = False) -> list[dict[str, str]]:
    """The rows of a table as a script reads them: data-key -> the cell's data-value (points: the
    JSON value as the CSV writes it) or, without one, the text on screen; ``shown``: the text on
    screen always (``2½``)."""
    return browser.execute_script(  # type: ignore[no-any-return]
        """return Array.from(document.querySelectorAll(arguments[0] + ' tbody tr'), tr =>
               Object.fromEntries(Array.from(tr.querySelectorAll('td[data-key]'),
                   td => [td.dataset.key, (!arguments[1] && td.dataset.value !== undefined) ? td.dataset.value
                                                                                          : td.innerText.trim()])));""",
        selector, shown)


def _number(text: str) -> Fraction:
    """A score as a page or the CSV writes it: 4, 4.5, 4½, ½."""
    text = text.replace("½", ".5").replace(",", ".")
    return Fraction("0" + text if text.startswith(".") else text)


def _stages(folder: Path) -> list[tuple[str | None, list[dict[str, Any]], list[dict[str, str]]]]:
    """``arbiter standings`` of the folder, as (stage, JSON rows, CSV rows) for each table: one
    table of stage None, or a group event's stages (its JSON a list of ``{"stage", "standings"}``,
    its CSV one table with a ``stage`` column)."""
    data = json.loads(arbiter_output(folder, "standings", "--format", "json"))
    written = list(csv.DictReader(io.StringIO(arbiter_output(folder, "standings", "--format", "csv"))))
    if data and "stage" in data[0] and "standings" in data[0]:
        return [(stage["stage"], stage["standings"], [row for row in written if row["stage"] == stage["stage"]])
                for stage in data]
    return [(None, data, written)]


@pytest.mark.parametrize("site", sites_of(WITH_STANDINGS), indirect=True, ids=site_id)
def test_the_standings_page_holds_the_standings_of_the_command(browser: Any, site: Site) -> None:
    """The standings page's table (a group event: each stage's) holds ``arbiter standings``'s rows:
    each cell the CSV's text of the JSON's value."""
    browser.get(site.url + "standings.html")
    _no_alert(browser)
    stages = _stages(site.folder)
    assert stages and all(rows for _, rows, _ in stages), stages
    for stage, rows, written in stages:
        selector = "table.standings" if stage is None else f'section[data-stage="{stage}"] table.standings'
        expected = [_flat(row) for row in rows]
        keys = browser.execute_script("return Array.from(document.querySelectorAll(arguments[0] + ' th[data-key]'),"
                                      " th => th.dataset.key);", selector)
        shown = _table(browser, selector)
        assert {"rank", "name"} <= set(keys) <= set(written[0] if written else keys) and len(keys) > 2, (stage, keys)
        assert len(shown) == len(expected) == len(written), stage
        for row, on_screen in zip(shown, _table(browser, selector, shown=True)):  # the same numbers, ½ for a half
            # (a knockout's shared place shows 3-4 as the CLI does, its rank 3 the value: issue 30)
            assert all(on_screen[key] == row[key] or (key == "rank" and on_screen[key].split("-")[0] == row[key])
                       or _number(on_screen[key]) == _number(row[key]) for key in row), stage
        for row, json_row, csv_row in zip(shown, expected, written):
            assert row == {key: csv_row[key] for key in keys}, stage
            for key in keys:  # the CSV's text is the JSON's value
                value = json_row[key]
                assert (csv_row[key] == "" if value is None else
                        csv_row[key] == value if isinstance(value, str) else _number(csv_row[key]) == Fraction(value))


def _card_stage(card: str) -> str | None:
    """The stage of a group event's card (``stages/A/players/3.html``: ``A``), else None."""
    parts = Path(card).parts
    return parts[1] if parts[0] == "stages" else None


def _running_scores_add_up(rows: list[dict[str, str]], card: str, standing: dict[str, Any] | None) -> None:
    """An individual event's card (``rows``: its table of rounds): each running score is the sum of the
    points so far, and the last one is the standings' points."""
    running = Fraction(0)
    for row in rows:
        assert {"round", "points", "running_score"} <= row.keys(), (card, row)
        if row["points"]:
            running += _number(row["points"])
            assert _number(row["running_score"]) == running, (card, row)
        else:  # no result yet
            assert row["running_score"] in ("", str(running)), (card, row)
    if standing is not None:
        assert running == Fraction(standing["points"]), card


#: A knockout card's last match result for the standings' state of the player.
_KNOCKOUT_RESULT = {"winner": "through", "through": "through", "out": "out", "in": "playing"}


def _knockout_games_add_up(matches: list[dict[str, str]], games: list[dict[str, str]], card: str,
                           standing: dict[str, Any] | None) -> None:
    """A knockout's card (its tables of matches and of games): each match's points are the sum of the
    player's games' points in it, and the last match is in the round the standings say the player
    reached, with its outcome."""
    for match in matches:
        assert {"round", "points", "result"} <= match.keys(), (card, match)
        counted = sum((_number(g["points"]) for g in games if g["round"] == match["round"] and g["points"]),
                      Fraction(0))
        assert counted == (_number(match["points"]) if match["points"] else 0), (card, match)
    assert {g["round"] for g in games} <= {m["round"] for m in matches}, card
    if standing is not None:
        if not matches:
            assert standing["reached"] == 0, card
            return
        assert matches[-1]["round"] == str(standing["reached"]), card
        assert matches[-1]["result"] == _KNOCKOUT_RESULT[standing["state"]], card
        assert all(m["result"] == "through" for m in matches[:-1]), card


@pytest.mark.parametrize("site", published(WITH_STANDINGS), indirect=True, ids=site_id)
def test_the_player_cards_running_scores_add_up(browser: Any, site: Site) -> None:
    """Every player card (a group event: each stage's) adds up: the running scores to the
    standings' points; a knockout card's games to each match's points and its matches to the
    round reached."""
    cards = [name for name in _html_pages(site) if Path(name).parent.name == "players"]
    assert cards, f"{site.event} has no player cards"
    standings = {stage: {row.get("start_number"): row for row in rows} for stage, rows, _ in _stages(site.folder)}
    visits = _walk(browser, site)
    for card in cards:
        visit = visits.get(card)
        assert visit is not None, f"no link leads to {card}"
        assert visit.alert is None, f"{card} opened an alert: {visit.alert!r}"
        stage = _card_stage(card)
        standing = standings.get(stage, {}).get(int(Path(card).stem))
        if "table.rounds" in visit.tables:
            _running_scores_add_up(visit.tables["table.rounds"], card, standing)
        else:
            assert "table.matches" in visit.tables, f"{card} has neither a rounds table nor a knockout's matches"
            _knockout_games_add_up(visit.tables["table.matches"], visit.tables.get("table.games", []), card, standing)


@pytest.mark.parametrize("site", published(INDIVIDUAL), indirect=True, ids=site_id)
def test_the_card_shows_the_current_board(browser: Any, site: Site) -> None:
    """Issue 26: a card begins with the current round, "Round N: board B, White/Black, against X": the
    board each player has on the last round's pairings page, at a phone's width."""
    rounds = sorted(int(Path(name).stem) for name in site.pages if name.startswith("rounds/"))
    assert rounds, site.event
    last = rounds[-1]
    browser.get(site.url + f"rounds/{last}.html")
    boards = {int(row[side]): (row["board"], colour) for row in _table(browser, "table.pairings")
              for side, colour in (("white", "White"), ("black", "Black")) if row[side] and row["board"]}
    assert boards, site.event
    metrics = {"width": PHONE, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        for number, (board, colour) in sorted(boards.items())[:12]:
            browser.get(site.url + f"players/{number}.html")
            _no_alert(browser)
            line = browser.find_element("css selector", "main > p.current-round")
            assert line.is_displayed() and line.get_attribute("data-board") == board, (number, board)
            assert line.text.startswith(f"Round {last}: board {board}, {colour}, against "), line.text
            first = browser.execute_script("return document.querySelector('main h1').nextElementSibling.className;")
            assert first == "current-round", number
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_name_written_as_markup_shows_as_text(browser: Any, escaped_site: Site) -> None:
    """A player named <script>alert(1)</script> (and a club <img src=x onerror=alert(2)>): the name shows
    as text wherever it appears, and nothing runs."""
    site = escaped_site
    pages = _html_pages(site)
    assert not [name for name in pages if ESCAPED_NAME.encode() in site.pages[name]], "pages with the name unescaped"
    showing = []
    for name in pages:
        browser.get(site.url + name)
        _no_alert(browser)
        if ESCAPED_NAME in browser.find_element("tag name", "body").text:
            showing.append(name)
        scripts = browser.execute_script("return Array.from(document.scripts, s => s.text + (s.src || ''));")
        assert not any("alert" in script for script in scripts), name
        assert not browser.execute_script("return document.querySelector('img[onerror]') !== null;"), name
    assert {"standings.html", "players/1.html"} <= set(showing), showing


def _png_width(path: Path) -> int:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return int(struct.unpack(">I", data[16:20])[0])


def _screenshot(browser: Any, site: Site, page: str, path: Path, width: int, whole: bool = False) -> None:
    """The page at a phone's or a desktop's width (``whole``: as tall as the page, up to 2400 pixels)."""
    metrics = {"width": width, "height": 844 if width == PHONE else 900, "deviceScaleFactor": 1, "mobile": width == PHONE}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        browser.get(site.url + page)
        _no_alert(browser)
        if whole:
            height = browser.execute_script("return document.documentElement.scrollHeight;")
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**metrics, "height": min(int(height), 2400)})
        assert browser.save_screenshot(str(path))
        assert _png_width(path) == width
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("width", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("site", published(WITH_STANDINGS), indirect=True, ids=site_id)
def test_a_screenshot_of_the_standings_page(browser: Any, site: Site, screenshots: Path, width: int) -> None:
    _screenshot(browser, site, "standings.html", screenshots / f"standings-{site.event}-{site.mode}-{width}.png", width)
    browser.get(site.url + "standings.html")
    assert browser.find_element("css selector", "table.standings").is_displayed()


@pytest.mark.parametrize("width", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("site", published(WITH_BRACKET), indirect=True, ids=site_id)
def test_a_screenshot_of_the_bracket_page(browser: Any, site: Site, screenshots: Path, width: int) -> None:
    """A knockout's bracket, whole, at a phone's width (the rounds one under the other) and a desktop's
    (side by side); every match box shows on screen."""
    _screenshot(browser, site, "bracket.html", screenshots / f"bracket-{site.event}-{site.mode}-{width}.png", width,
                whole=True)
    browser.get(site.url + "bracket.html")
    boxes = browser.find_elements("css selector", "li.bracket-match")
    assert boxes and all(box.is_displayed() for box in boxes)
