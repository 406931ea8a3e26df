"""The published pages on a phone, on paper and on the hall's screen (issue 26), in real Chromium.

On a phone (390 px wide): every page of every sample event, and of the event whose names are
markup, is no wider than the screen, and no box in it scrolls sideways or cuts its text off; the
crosstable is the one exception, it may scroll inside its own box (``<div class="scroll">`` holding
``<table class="crosstable">``). A failure lists every page that does not fit, with its widths.

In print, the site's navigation and the round links (``.noprint``) are hidden.

The hall's screen (``<body class="hall">``): the pairings and the standings in large type at
1920x1080, and still within a phone's width. The stylesheet is tried on the pairings and standings
pages with the class added, so that it holds before the hall's page exists.

The pages are the same whichever way the site is served, so each test opens the published site
only (a plain static web server, as a web host serves ``arbiter publish``'s folder).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from browser.conftest import EVENTS, PHONE, WITH_BRACKET, WITH_STANDINGS, Site, published, site_id

pytestmark = pytest.mark.browser

#: Each event's published site (the ``site`` fixture's parameters).
PUBLISHED = published(EVENTS)
#: The published sites of the events with pairings and standings (every one but a club's).
PUBLISHED_WITH_STANDINGS = published(WITH_STANDINGS)
#: A phone's screen, as Chromium's device emulation sets it (an iPhone 12 to 15's width).
PHONE_SCREEN = {"width": PHONE, "height": 844, "deviceScaleFactor": 1, "mobile": True}
#: The hall's screen: a television or a projector at full HD.
HALL_SCREEN = {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False}
#: The smallest type of the hall's tables at 1920x1080: some 2.5 % of the screen's height, what a
#: player reads from a few metres away.
HALL_TYPE = 26

#: What does not fit the screen: the page's width beside the room inside the screen (``clientWidth``
#: of the root: on an emulated phone an overflowing page widens ``window.innerWidth`` with it, so that
#: the page always seems to fit ``innerWidth``; a desktop's scroll bar is left out), every box that
#: scrolls sideways (``overflow-x`` auto or scroll) and every box that cuts its content off
#: (``overflow-x`` hidden or clip), each with its content's width and its own. The crosstable's box
#: may scroll.
_OVERFLOW = """
const name = e => e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className.trim()
                  ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
const crosstable = e => e.matches('table.crosstable')
                        || (e.children.length === 1 && e.firstElementChild.matches('table.crosstable'));
const scrolls = [], clips = [];
for (const e of document.querySelectorAll('body *')) {
  if (e.scrollWidth <= e.clientWidth || e.getClientRects().length === 0) continue;
  const overflow = getComputedStyle(e).overflowX;
  const what = name(e) + (e.firstElementChild ? '>' + name(e.firstElementChild) : '')
               + ' ' + e.scrollWidth + ' px in ' + e.clientWidth;
  if (['auto', 'scroll'].includes(overflow) && !crosstable(e)) scrolls.push(what);
  if (['hidden', 'clip'].includes(overflow)) clips.push(what);
}
return {page: document.documentElement.scrollWidth, inside: document.documentElement.clientWidth,
        screen: window.innerWidth, scrolls, clips};
"""


def _html_pages(site: Site) -> list[str]:
    return sorted(name for name in site.pages if name.endswith(".html"))


@contextlib.contextmanager
def _screen(browser: Any, metrics: dict[str, Any]) -> Iterator[None]:
    """The browser's screen emulated (Chromium's DevTools protocol), put back afterwards: the browser
    is the session's, the other tests' too."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        yield
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@contextlib.contextmanager
def _print_media(browser: Any) -> Iterator[None]:
    """The pages laid out for print (``@media print``), put back to the screen afterwards."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        yield
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def _misfit(browser: Any, page: str, width: int = PHONE) -> str:
    """What of the page open in the browser does not fit its screen (``width`` px), in words; "" if
    it all fits."""
    seen = browser.execute_script(_OVERFLOW)
    faults = []
    if seen["screen"] != width:
        faults.append(f"a screen {seen['screen']} px wide, not {width}")
    if seen["page"] > seen["inside"]:
        faults.append(f"page {seen['page']} px in {seen['inside']}")
    faults += [f"scrolls: {box}" for box in seen["scrolls"]]
    faults += [f"cuts off: {box}" for box in seen["clips"]]
    return f"{page}: {'; '.join(faults)}" if faults else ""


#: Where the cells of a table are: each row's cells with a key (``data-key``; a table without keys, its
#: last cell), each as [key, left edge, right edge, shown (a cell of a record column, ``wide-only``,
#: is hidden on a phone by design: the crosstable and the cards hold it)]; for each table of
#: ``arguments[0]`` in one call to the browser.
_CELLS = """return arguments[0].map(table => Array.from(document.querySelectorAll(table + ' tbody tr'), tr =>
  Array.from(tr.querySelector('td[data-key]') ? tr.querySelectorAll('td[data-key]:not(.wide-only)')
                                              : [tr.lastElementChild], td => {
    const r = td.getBoundingClientRect();
    return [td.dataset.key || 'last', r.left, r.right, td.getClientRects().length > 0 && r.width > 0]; })));"""
#: The tables a player reads on a phone: a card's rounds (a knockout card's matches and games), the
#: pairings by board and by name (a team event's matches, a knockout's games), the standings.
_READ = ("table.rounds", "table.matches", "table.games", "table.pairings", "table.pairings-by-name",
         "table.knockout-games", "table.standings")


def _looked_up(page: str) -> bool:
    """A page whose cells a player looks up on a phone: a card, a round's pairings, the standings."""
    return bool(re.search(r"(^|/)(players|rounds)/\d+\.html$", page)) or page.endswith("standings.html")


#: Every page of a site at a phone's width ((event, how it is served) -> page -> (what does not fit, the cells of
#: _READ's tables, table by table, for a page a player looks up)): the tests of a site read one walk,
#: running in one worker (browser/conftest.py: ``_param``).
_ON_A_PHONE: dict[tuple[str, str], dict[str, tuple[str, list[list[list[Any]]]]]] = {}


def _on_a_phone(browser: Any, site: Site) -> dict[str, tuple[str, list[list[list[Any]]]]]:
    """Each page of the site opened once at 390 px: what of it does not fit (_misfit) and, on a page
    a player looks up, the cells of _READ's tables."""
    if (site.event, site.mode) not in _ON_A_PHONE:
        seen = {}
        with _screen(browser, PHONE_SCREEN):
            for page in _html_pages(site):
                browser.get(site.url + page)
                seen[page] = (_misfit(browser, page),
                              browser.execute_script(_CELLS, list(_READ)) if _looked_up(page) else [])
        _ON_A_PHONE[site.event, site.mode] = seen
    return _ON_A_PHONE[site.event, site.mode]


@pytest.mark.parametrize("site", PUBLISHED, indirect=True, ids=site_id)
def test_every_page_fits_a_phone_without_sideways_scrolling(browser: Any, site: Site) -> None:
    """At 390 px, no page is wider than the screen and no box in it scrolls sideways or cuts its text
    off, but the crosstable's; every page that does not fit is listed with its widths."""
    pages = _on_a_phone(browser, site)
    assert pages, site.event
    misfits = [misfit for misfit, _ in pages.values() if misfit]
    assert not misfits, (f"{len(misfits)} of {len(pages)} pages of {site.event} do not fit {PHONE} px:\n"
                         + "\n".join(misfits))


@pytest.mark.parametrize("site", PUBLISHED_WITH_STANDINGS, indirect=True, ids=site_id)
def test_a_phone_shows_every_column_a_player_looks_up(browser: Any, site: Site) -> None:
    """At 390 px every cell a player looks for is shown and lies within the screen: a card's Points
    and Running score, the pairings' Black and the By-name result, the standings' tie-breaks."""
    keys: set[str] = set()
    off: list[str] = []
    for page, (_, tables) in _on_a_phone(browser, site).items():
        for table, rows in zip(_READ, tables):
            for row in rows:
                for key, left, right, shown in row:
                    keys.add(key)
                    if not shown:
                        off.append(f"{page} {table} {key}: hidden")
                    elif left < 0 or right > PHONE + 0.5:
                        off.append(f"{page} {table} {key}: from {left:.0f} to {right:.0f} px")
    assert "points" in keys and keys & {"black_name", "last"}, (site.event, keys)  # the pairings' Black
    assert not off, f"{len(off)} cells of {site.event} off a {PHONE} px screen:\n" + "\n".join(off[:200])


def _one_of_each_kind(pages: list[str]) -> list[str]:
    """One page of each kind: every page at the site's top, and the first of each folder's (a card,
    a round's pairings, a standings after a round, a stage's own pages...). A stylesheet's rule is
    the same on every page of a kind."""
    seen: set[str] = set()
    out = []
    for page in pages:
        kind = re.sub(r"\d+\.html$", "N.html", page)
        if kind not in seen:
            seen.add(kind)
            out.append(page)
    return out


#: The navigation and the ``.noprint`` elements of the page open, those displayed as "tag.class".
_SHOWN = """return Array.from(document.querySelectorAll('header nav, .noprint'),
  e => [e.tagName.toLowerCase() + '.' + e.className, e.getClientRects().length > 0
        && getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility !== 'hidden']);"""


@pytest.mark.parametrize("site", PUBLISHED, indirect=True, ids=site_id)
def test_print_hides_the_navigation_and_the_round_links(browser: Any, site: Site) -> None:
    """``@media print``: the site's navigation and every ``.noprint`` element (the round links: a
    ``ul.rounds{display:flex}`` once outranked ``.noprint``) are not displayed, on a page of each
    kind; on screen they are."""
    pages = _one_of_each_kind(_html_pages(site))
    with_links = [page for page in pages if b'class="rounds noprint"' in site.pages[page]]
    assert with_links, f"{site.event} has no page with round links"
    browser.get(site.url + with_links[0])
    assert all(displayed for _, displayed in browser.execute_script(_SHOWN))
    shown = []
    with _print_media(browser):
        for page in pages:
            browser.get(site.url + page)
            elements = browser.execute_script(_SHOWN)
            assert elements, page
            shown += [f"{page}: {what}" for what, displayed in elements if displayed]
    assert not shown, "shown in print:\n" + "\n".join(shown)


def _hall(browser: Any) -> None:
    browser.execute_script("document.body.classList.add('hall');")


@pytest.mark.parametrize("site", PUBLISHED_WITH_STANDINGS, indirect=True, ids=site_id)
def test_the_hall_screen_is_large_type_at_full_hd_and_fits_a_phone(browser: Any, site: Site) -> None:
    """``body.hall`` on the last round's pairings and on the standings: at 1920x1080 the tables' type
    is at least HALL_TYPE px and the page no wider than the screen; at 390 px the page still fits."""
    rounds = sorted((page for page in _html_pages(site) if re.fullmatch(r"rounds/\d+\.html", page)),
                    key=lambda page: int(re.sub(r"\D", "", page)))
    pages = rounds[-1:] + ["standings.html"]
    assert "standings.html" in site.pages, site.event
    small, misfits = [], []
    for metrics in (HALL_SCREEN, PHONE_SCREEN):
        with _screen(browser, metrics):
            for page in pages:
                browser.get(site.url + page)
                _hall(browser)
                if metrics is HALL_SCREEN:
                    sizes = browser.execute_script("return Array.from(document.querySelectorAll('main td'),"
                                                   " td => parseFloat(getComputedStyle(td).fontSize));")
                    assert sizes, page
                    if min(sizes) < HALL_TYPE:
                        small.append(f"{page}: {min(sizes)} px")
                misfits.append(_misfit(browser, f"{page} at {metrics['width']} px", metrics["width"]))
    misfits = [misfit for misfit in misfits if misfit]
    assert not small, f"type smaller than {HALL_TYPE} px on the hall's screen: {small}"
    assert not misfits, "\n".join(misfits)


@pytest.mark.parametrize("site", PUBLISHED_WITH_STANDINGS, indirect=True, ids=site_id)
def test_the_hall_screen_shows_the_top_of_its_pairings_and_standings_on_a_television(browser: Any,
                                                                                     site: Site) -> None:
    """The new-user trial of issue 26: on a 1920x1080 television, a 32-player event's hall screen
    showed only the pairings, the standings 2,900 px down (a television never scrolls). On a landscape
    screen the two stand side by side: the first rows of both are on the screen, in type of at least
    20 px."""
    if "hall.html" not in site.pages or b"hall-standings" not in site.pages["hall.html"]:
        return  # no standings on this hall screen (a knockout's, a club has none)
    with _screen(browser, HALL_SCREEN):
        browser.get(site.url + "hall.html")
        tops = browser.execute_script(
            "return ['table.hall-pairings tbody tr', 'table.hall-standings tbody tr'].map(s => {"
            " const row = document.querySelector(s); if (!row) return null;"
            " const box = row.getBoundingClientRect();"
            " return [box.top, box.bottom, parseFloat(getComputedStyle(row.cells[0]).fontSize)]; });")
    for found in tops:
        if found is None:
            continue
        top, bottom, size = found
        assert 0 <= top and bottom <= HALL_SCREEN["height"], (site.event, tops)
        assert size >= 20, (site.event, tops)


@pytest.mark.parametrize("site", published(WITH_BRACKET), indirect=True, ids=site_id)
def test_a_phone_reaches_the_current_round_of_the_bracket_from_the_top(browser: Any, site: Site) -> None:
    """Issue 30: on a phone the bracket's rounds stack, round 1 first, and a large bracket's current round
    is far down the page. The page's first screen holds a link to it; followed (an anchor, no script),
    the round's heading is at the top of the screen."""
    with _screen(browser, PHONE_SCREEN):
        browser.get(site.url + "bracket.html")
        link = browser.find_element("css selector", "p.jump a")
        target = link.get_attribute("href").rsplit("#", 1)[1]
        assert browser.execute_script("return arguments[0].getBoundingClientRect().bottom", link) <= 844
        below = browser.execute_script("return document.getElementById(arguments[0]).getBoundingClientRect().top",
                                       target)
        assert below > 844, f"#{target} is on the first screen already ({below} px): nothing to test"
        link.click()
        top = browser.execute_script("return document.getElementById(arguments[0]).getBoundingClientRect().top",
                                     target)
        assert -1 < top < 100, f"#{target} is {top} px from the top after the link"
