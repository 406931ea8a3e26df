"""Result entry in a real browser (issue 26): Debian's Chromium, driven by Selenium, against the
server of ``arbiter serve`` in this process over a fake desk and gate in memory (``web/venue.py``).

Two arbiters sign in at once and save conflicting results for the same board: one is saved, the
other sees both values and saves again, and nothing is lost. A form posted without its token, from
another site, or forged into a finalise changes nothing. A removed person's link stops working.
The sheet fits a phone's 390 pixels. A forfeit the no-show rule refuses is saved once its box is
ticked. Print hides Sign out and the controls.

The two arbiters are two cookie jars of one browser: the same server reached as ``127.0.0.1`` and as
``localhost`` (a browser keeps cookies per host name).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.conftest import PHONE
from web.venue import CODES, Venue, venue

pytestmark = pytest.mark.browser

OWNER, MANAGER, ARBITER, DEPUTY = (code for code in CODES)


@pytest.fixture
def where(browser: Any) -> Iterator[Venue]:
    browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
    with venue() as running:
        yield running
    browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
    while len(browser.window_handles) > 1:
        browser.switch_to.window(browser.window_handles[-1])
        browser.close()
    browser.switch_to.window(browser.window_handles[0])


def _text(browser: Any) -> str:
    return " ".join(str(browser.find_element("tag name", "body").text).split())


def _choose(browser: Any, place: str, code: str) -> None:
    from selenium.webdriver.support.select import Select

    Select(browser.find_element("name", f"chosen:{place}")).select_by_value(code)


def _click(browser: Any, selector: str) -> None:
    """Click what submits a form or follows a link, and wait for the next page to have loaded."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.support.wait import WebDriverWait

    page = browser.find_element("tag name", "html")
    browser.find_element("css selector", selector).click()

    def gone(_: Any) -> bool:
        """The old page's element is stale; ChromeDriver sometimes says so as "Node with given id does not
        belong to the document" instead (CI saw it once), which is the same answer."""
        try:
            page.is_enabled()
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise
        return False

    WebDriverWait(browser, 30).until(gone)
    WebDriverWait(browser, 30).until(lambda b: b.execute_script("return document.readyState;") == "complete")


def _save(browser: Any) -> None:
    _click(browser, ".save button")


def _fits_a_phone(browser: Any, screenshot: Path) -> None:
    """The page as it is, laid out at a phone's width: no sideways scroll; photographed."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": PHONE, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        assert browser.execute_script("return document.documentElement.scrollWidth;") <= PHONE
        assert browser.save_screenshot(str(screenshot))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def _chosen(browser: Any, place: str) -> str:
    from selenium.webdriver.support.select import Select

    return str(Select(browser.find_element("name", f"chosen:{place}")).first_selected_option.get_attribute("value"))


def test_two_arbiters_save_conflicting_results_one_is_saved_the_other_sees_both(browser: Any, where: Venue,
                                                                                  screenshots: Path) -> None:
    first_url, second_url = f"http://127.0.0.1:{where.port}", f"http://localhost:{where.port}"
    browser.get(f"{first_url}/signin?code={ARBITER}")
    assert browser.current_url == f"{first_url}/entry" and "Signed in: Ali Arbiter (arbiter)" in _text(browser)
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(f"{second_url}/signin?code={DEPUTY}")
    assert browser.current_url == f"{second_url}/entry" and "Signed in: Dana Deputy (arbiter)" in _text(browser)
    second = browser.current_window_handle

    browser.switch_to.window(first)  # both have the sheet open, board 1 without a result
    _choose(browser, "1", "1-0")
    _save(browser)
    assert "Saved: Board 1: Carlsen, Magnus – Nakamura, Hikaru 1-0" in _text(browser)

    browser.switch_to.window(second)  # the sheet as it was when this arbiter opened it
    _choose(browser, "1", "0-1")
    _choose(browser, "3", "1/2-1/2")
    _save(browser)
    text = _text(browser)
    assert "Nothing was saved." in text
    assert "Board Stored now Yours Board 1: Carlsen, Magnus – Nakamura, Hikaru 1-0 0-1" in text
    assert where.desk.results == {"1": "1-0", "2": "", "3": ""}
    assert where.desk.journal == [("Ali Arbiter", "1", "", "1-0")]
    assert _chosen(browser, "1") == "1-0" and _chosen(browser, "3") == "1/2-1/2"  # nothing of either is lost
    _fits_a_phone(browser, screenshots / "entry-clash-390.png")

    _save(browser)  # checked, saved again: board 3 now, board 1 as the first arbiter saved it
    assert "Saved: Board 3: Ünal, Zoë & Co – O'Brien, \"Pat\" ½-½" in _text(browser)
    assert where.desk.results == {"1": "1-0", "2": "", "3": "1/2-1/2"}
    assert where.desk.journal == [("Ali Arbiter", "1", "", "1-0"), ("Dana Deputy", "3", "", "1/2-1/2")]


def test_a_form_posted_without_its_csrf_token_changes_nothing(browser: Any, where: Venue) -> None:
    url = f"http://127.0.0.1:{where.port}"
    browser.get(f"{url}/signin?code={ARBITER}")
    for forge in ("document.querySelector(\"form[action='/entry/1'] input[name=csrf]\").value = 'forged';",
                  "document.querySelector(\"form[action='/entry/1'] input[name=csrf]\").remove();"):
        browser.get(f"{url}/entry")
        _choose(browser, "1", "1-0")
        browser.execute_script(forge)  # the test's own script (DevTools): the page runs none
        _save(browser)
        assert "Nothing was saved" in _text(browser) and "nothing was changed" in _text(browser)
    assert where.desk.saves == 0 and where.desk.results["1"] == ""


def test_a_form_on_another_site_posts_nothing_into_the_sheet(browser: Any, where: Venue) -> None:
    """Another site's page with a form aimed at the sheet: the browser does not send the session's
    cookie with it (SameSite=Strict), and it has no token: refused, nothing saved."""
    url = f"http://127.0.0.1:{where.port}"
    browser.get(f"{url}/signin?code={ARBITER}")
    csrf = browser.find_element("css selector", "form[action='/entry/1'] input[name=csrf]").get_attribute("value")
    browser.get("data:text/html,<form method=post action='" + url + "/entry/1'>"
                f"<input name=csrf value='{csrf}'><input name='seen:1' value=''><input name='chosen:1' value='1-0'>"
                "<button id=go>go</button></form>")
    _click(browser, "#go")
    assert "nothing was changed" in _text(browser)
    assert where.desk.saves == 0 and where.desk.results["1"] == ""


def test_an_arbiter_cannot_finalise_even_with_a_forged_form(browser: Any, where: Venue) -> None:
    url = f"http://127.0.0.1:{where.port}"
    browser.get(f"{url}/signin?code={ARBITER}")
    assert not browser.find_elements("css selector", "a[href='/finalise']")  # no button for an arbiter
    browser.execute_script("document.querySelector(\"form[action='/entry/1']\").action = '/finalise';")
    _save(browser)  # the sheet's form, with the arbiter's own token, sent to /finalise
    assert "Only the owner or a manager may finalise the event. Nothing was changed." in _text(browser)
    assert where.desk.finalised is False and where.desk.finalised_by == []
    browser.get(f"{url}/signin?code={MANAGER}")
    _click(browser, "a[href='/finalise']")
    _click(browser, "form[action='/finalise'] button")
    assert "finalised: the final standings are stored" in _text(browser) and where.desk.finalised_by == ["Mia Manager"]


def test_a_removed_persons_link_stops_working(browser: Any, where: Venue) -> None:
    url = f"http://127.0.0.1:{where.port}"
    browser.get(f"{url}/signin?code={DEPUTY}")
    _choose(browser, "2", "0-1")
    del where.gate.codes[DEPUTY]  # arbiter access remove DEPUTY
    _save(browser)
    assert "You are signed out: your sign-in code is no longer on the access list." in _text(browser)
    assert where.desk.saves == 0
    browser.get(f"{url}/signin?code={DEPUTY}")
    assert "This code lets no one in" in _text(browser) and browser.current_url.startswith(f"{url}/signin")
    browser.get(f"{url}/entry")
    assert browser.current_url == f"{url}/signin"


def test_the_sheet_fits_a_phone(browser: Any, where: Venue, screenshots: Path) -> None:
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": PHONE, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        browser.get(f"http://127.0.0.1:{where.port}/signin")
        assert browser.execute_script("return document.documentElement.scrollWidth;") <= PHONE
        browser.get(f"http://127.0.0.1:{where.port}/signin?code={OWNER}")
        assert browser.execute_script("return document.documentElement.scrollWidth;") <= PHONE
        sizes = browser.execute_script("return Array.from(document.querySelectorAll('select, button, header a, "
                                       ".finalise a'), e => e.getBoundingClientRect().height);")
        assert sizes and min(sizes) >= 44  # a thumb's tap target
        assert browser.save_screenshot(str(screenshots / "entry-sheet-390.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_forfeit_refused_by_the_no_show_rule_is_saved_once_confirm_is_ticked(browser: Any, where: Venue,
                                                                               screenshots: Path) -> None:
    url = f"http://127.0.0.1:{where.port}"
    browser.get(f"{url}/signin?code={ARBITER}")
    _choose(browser, "1", "1-0")
    _choose(browser, "3", "+/-")
    _save(browser)
    assert "Nothing was saved." in _text(browser) and where.desk.journal == []
    assert _chosen(browser, "1") == "1-0" and _chosen(browser, "3") == "+/-"  # the choices kept
    box = browser.find_element("css selector", "form[action='/entry/1'] input[type=checkbox][name=confirm]")
    assert not box.is_selected() and box.rect["height"] >= 20
    _fits_a_phone(browser, screenshots / "entry-confirm-390.png")
    browser.find_element("xpath", "//label[contains(., '(--confirm)')]").click()  # the label ticks it
    assert box.is_selected()
    _save(browser)
    text = _text(browser)
    assert ("Saved: Board 1: Carlsen, Magnus – Nakamura, Hikaru 1-0 "
            "Board 3: Ünal, Zoë & Co – O'Brien, \"Pat\" +/-") in text
    assert "O'Brien, \"Pat\" withdrawn after round 1" in text and where.desk.asked[-1] == (True, False)
    _click(browser, ".outcome .again a[href='/entry/1']")  # back to the round's sheet, as stored now
    assert browser.current_url == f"{url}/entry/1" and _chosen(browser, "3") == "+/-"


def test_print_of_the_sheet_hides_sign_out_and_the_controls(browser: Any, where: Venue) -> None:
    """``header form`` was outranked by ``form.inline``: the Sign out button was printed."""
    url = f"http://127.0.0.1:{where.port}"
    browser.get(f"{url}/signin?code={OWNER}")
    _choose(browser, "1", "1-0")
    _save(browser)
    hidden = "header form, header button, .save, .finalise, .outcome .again"
    assert all(e.is_displayed() for e in browser.find_elements("css selector", hidden))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        shown = [e.tag_name for e in browser.find_elements("css selector", hidden) if e.is_displayed()]
        assert shown == []
        assert browser.find_element("css selector", ".board select").is_displayed()  # the sheet itself prints
        assert "Saved: Board 1" in _text(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
