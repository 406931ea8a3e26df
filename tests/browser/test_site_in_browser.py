"""The site in a real browser (issue 19): every page opens, every link leads to a page, the
standings table holds what ``arbiter standings --format json`` says, a player card's running
scores add up, a name written as markup shows as text, and the standings page is
photographed at a phone's and a desktop's width.

The tests know the site only by its conventions (the README's Publishing section: the paths, the
``data-key`` cells of the standings and of a player card's rounds, ``<a class="player">``).
Each runs on every event of ``EVENTS``, published and under ``arbiter serve``.
"""

from __future__ import annotations

import csv
import io
import json
import struct
import urllib.error
import urllib.request
from collections import deque
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urlsplit

import pytest

from browser.conftest import DESKTOP, ESCAPED_NAME, PHONE, Site
from in_process import arbiter_output

pytestmark = pytest.mark.browser

#: Every address a page refers to (links, style sheets, images, scripts), as the browser resolved it.
_REFERENCES = """return Array.from(document.querySelectorAll('a[href], link[href], img[src], script[src]'),
                  e => e.href || e.src);"""


def _no_alert(browser: Any) -> None:
    """No script of the page opened a dialog (an escaped name never runs)."""
    from selenium.common.exceptions import NoAlertPresentException

    try:
        text = browser.switch_to.alert.text
    except NoAlertPresentException:
        return
    browser.switch_to.alert.dismiss()
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
    queue, opened, checked = deque([site.url + "index.html"]), set[str](), dict[str, int]()
    while queue:
        url = queue.popleft()
        if url in opened:
            continue
        opened.add(url)
        browser.get(url)
        _no_alert(browser)
        assert browser.title.strip(), url
        for reference in browser.execute_script(_REFERENCES):
            target = urldefrag(reference)[0]
            if urlsplit(target).scheme in ("mailto", "tel", "data"):
                continue
            assert urlsplit(target).netloc == origin, f"{url} refers to {target}, outside the site"
            if target not in checked:
                checked[target] = _status(target)
            assert checked[target] == 200, f"{url} links to {target}: {checked[target]}"
            if target.endswith(".html") or target.endswith("/"):
                queue.append(target)
    reached = {urlsplit(url).path.lstrip("/") for url in opened} | {"index.html"}
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


def _table(browser: Any, selector: str) -> list[dict[str, str]]:
    """The rows of a table as the browser shows them: data-key -> the text on screen."""
    return browser.execute_script(  # type: ignore[no-any-return]
        """return Array.from(document.querySelectorAll(arguments[0] + ' tbody tr'), tr =>
               Object.fromEntries(Array.from(tr.querySelectorAll('td[data-key]'),
                                             td => [td.dataset.key, td.innerText.trim()])));""", selector)


def _number(text: str) -> Fraction:
    """A score as a page or the CSV writes it: 4, 4.5, 4½, ½."""
    text = text.replace("½", ".5").replace(",", ".")
    return Fraction("0" + text if text.startswith(".") else text)


def test_the_standings_page_holds_the_standings_of_the_command(browser: Any, site: Site) -> None:
    if "standings.html" not in site.pages:
        pytest.skip(f"{site.event} has no standings page (a club)")
    expected = [_flat(row) for row in json.loads(arbiter_output(site.folder, "standings", "--format", "json"))]
    written = list(csv.DictReader(io.StringIO(arbiter_output(site.folder, "standings", "--format", "csv"))))
    browser.get(site.url + "standings.html")
    _no_alert(browser)
    keys = browser.execute_script("return Array.from(document.querySelectorAll('table.standings th[data-key]'),"
                                  " th => th.dataset.key);")
    shown = _table(browser, "table.standings")
    assert {"rank", "name"} <= set(keys) <= set(written[0] if written else keys) and len(keys) > 2, keys
    assert len(shown) == len(expected) == len(written)
    for row, json_row, csv_row in zip(shown, expected, written):
        assert row == {key: csv_row[key] for key in keys}
        for key in keys:  # the CSV's text is the JSON's value
            value = json_row[key]
            assert (csv_row[key] == "" if value is None else
                    csv_row[key] == value if isinstance(value, str) else _number(csv_row[key]) == Fraction(value))


def test_the_player_cards_running_scores_add_up(browser: Any, site: Site) -> None:
    cards = [name for name in _html_pages(site) if name.startswith("players/")]
    if not cards:
        pytest.skip(f"{site.event} has no player cards")
    standings = {row.get("start_number"): row for row in json.loads(
        arbiter_output(site.folder, "standings", "--format", "json"))}
    for card in cards:
        browser.get(site.url + card)
        _no_alert(browser)
        rows = _table(browser, "table.rounds")
        running = Fraction(0)
        for row in rows:
            assert {"round", "points", "running_score"} <= row.keys(), (card, row)
            if row["points"]:
                running += _number(row["points"])
                assert _number(row["running_score"]) == running, (card, row)
            else:  # no result yet
                assert row["running_score"] in ("", str(running)), (card, row)
        number = int(Path(card).stem)
        if number in standings:
            assert running == Fraction(standings[number]["points"]), card


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


@pytest.mark.parametrize("width", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_screenshot_of_the_standings_page(browser: Any, site: Site, screenshots: Path, width: int) -> None:
    if "standings.html" not in site.pages:
        pytest.skip(f"{site.event} has no standings page (a club)")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 844 if width == PHONE else 900, "deviceScaleFactor": 1, "mobile": width == PHONE})
    try:
        browser.get(site.url + "standings.html")
        _no_alert(browser)
        path = screenshots / f"standings-{site.event}-{site.mode}-{width}.png"
        assert browser.save_screenshot(str(path))
        assert _png_width(path) == width
        assert browser.find_element("css selector", "table.standings").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
