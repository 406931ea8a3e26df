"""Result entry in the browser (issue 26), against a fake desk and gate in memory (``venue.py``):
signing in, the sheet, saving only the changed boards, a clash, finalising, and every way a
request that should change nothing changes nothing: a form without its token, from another site,
a forged finalise, a removed person's session, too many sign-in attempts, a body too large."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from html import unescape

import pytest

from arbiter_cli.core.venue import Clash, Saved
from arbiter_cli.web import server as web
from web.venue import CODES, Client, FakeGate, Venue, disabled, forms, venue

OWNER, MANAGER, ARBITER, DEPUTY = (code for code in CODES)


@pytest.fixture
def where() -> Iterator[Venue]:
    with venue() as running:
        yield running


def _text(page: str) -> str:
    """A page's text as a person reads it: the tags out, the entities decoded, the spaces collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", page)).split())


# signing in

def test_the_sign_in_link_signs_in_and_sends_the_browser_on_without_the_code(where: Venue) -> None:
    client = Client(where)
    answer = client.get(f"/signin?code={ARBITER}")
    assert answer.status == 303 and answer.header("Location") == "/entry"
    assert ARBITER not in answer.header("Location") and "arbiter_session" in client.cookies
    sheet = client.get("/entry")
    assert sheet.status == 200 and "Signed in: Ali Arbiter (arbiter)" in _text(sheet.text)
    assert ARBITER not in sheet.text  # the code never comes back from the server


def test_a_typed_code_signs_in_through_the_form_with_its_token(where: Venue) -> None:
    client = Client(where)
    page = client.get("/signin")
    form = forms(page.text)["/signin"]
    assert page.status == 200 and form["csrf"] and "arbiter_signin" in client.cookies
    answer = client.post("/signin", {**form, "code": f"  {MANAGER}  "})
    assert answer.status == 303 and answer.header("Location") == "/entry"
    assert "Signed in: Mia Manager (manager)" in _text(client.get("/entry").text)


def test_the_session_cookie_is_httponly_samesite_strict_on_the_whole_site(where: Venue) -> None:
    answer = Client(where).get(f"/signin?code={ARBITER}")
    cookie = next(c for c in answer.headers.get_all("Set-Cookie") or [] if c.startswith("arbiter_session="))
    value = cookie.partition("=")[2].partition(";")[0]
    assert len(value) >= 40 and set(cookie.split("; ")[1:]) == {"Path=/", "HttpOnly", "SameSite=Strict"}


def test_a_wrong_code_lets_no_one_in(where: Venue) -> None:
    client = Client(where)
    answer = client.get("/signin?code=not-a-code")
    assert answer.status == 403 and "This code lets no one in" in _text(answer.text)
    assert "arbiter_session" not in client.cookies
    assert client.get("/entry").status == 303  # to the sign-in page


def test_a_sign_in_form_without_its_token_signs_no_one_in(where: Venue) -> None:
    client = Client(where)
    client.get("/signin")
    answer = client.post("/signin", {"code": ARBITER, "csrf": "0" * 64})
    assert answer.status == 403 and "arbiter_session" not in client.cookies
    stranger = Client(where)  # the token of another browser's cookie is no token for this one
    stranger.get("/signin")
    token = forms(Client(where).get("/signin").text)["/signin"]["csrf"]
    assert stranger.post("/signin", {"code": ARBITER, "csrf": token}).status == 403


def test_sign_in_attempts_are_limited_per_address_then_429_with_retry_after(where: Venue) -> None:
    client = Client(where)
    for _ in range(5):
        assert client.get("/signin?code=guess").status == 403
    refused = client.get(f"/signin?code={ARBITER}")  # even the right code waits now
    assert refused.status == 429 and 1 <= int(refused.header("Retry-After")) <= 60
    assert "arbiter_session" not in client.cookies
    form = forms(client.get("/signin").text)["/signin"]  # the form itself is no attempt
    assert client.post("/signin", {**form, "code": ARBITER}).status == 429
    other = Client(where, source="127.0.0.2")  # another phone is not held back
    assert other.sign_in(DEPUTY).status == 200


# the sheet and saving

def test_the_sheet_preselects_the_stored_result_and_carries_the_result_seen(where: Venue) -> None:
    where.desk.results["2"] = "1/2-1/2"
    page = Client(where).sign_in(ARBITER)
    form = forms(page.text)["/entry/1"]
    assert {key: value for key, value in form.items() if key != "csrf"} == {
        "seen:1": "", "chosen:1": "", "seen:2": "1/2-1/2", "chosen:2": "1/2-1/2", "seen:3": "", "chosen:3": ""}
    options = re.findall(r'<option value="([^"]*)"', page.text.split('name="chosen:1"')[1].split("</select>")[0])
    assert [unescape(option) for option in options] == ["", "1-0", "1/2-1/2", "0-1", "+/-", "-/+", "-/-"]


def test_only_the_changed_boards_are_saved_as_one_entry_by_the_person(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    answer = client.post("/entry/1", {**form, "chosen:1": "1-0", "chosen:3": "0-1"})
    assert answer.status == 200 and ("Saved: Board 1: Carlsen, Magnus – Nakamura, Hikaru 1-0 "
                                     "Board 3: Ünal, Zoë & Co – O'Brien, \"Pat\" 0-1") in _text(answer.text)
    assert where.desk.saves == 1
    assert where.desk.journal == [("Ali Arbiter", "1", "", "1-0"), ("Ali Arbiter", "3", "", "0-1")]
    again = forms(answer.text)["/entry/1"]  # the sheet again, as it is stored now
    assert again["seen:1"] == again["chosen:1"] == "1-0" and again["seen:2"] == ""
    unchanged = client.post("/entry/1", again)
    assert "Nothing to save" in _text(unchanged.text) and where.desk.saves == 1


def test_a_clash_shows_the_stored_result_beside_yours_and_saves_nothing(where: Venue) -> None:
    first, second = Client(where), Client(where)
    first_form = forms(first.sign_in(ARBITER).text)["/entry/1"]
    second_form = forms(second.sign_in(DEPUTY).text)["/entry/1"]
    assert first.post("/entry/1", {**first_form, "chosen:1": "1-0"}).status == 200
    answer = second.post("/entry/1", {**second_form, "chosen:1": "0-1", "chosen:3": "1/2-1/2"})
    text = _text(answer.text)
    assert answer.status == 409 and "Nothing was saved." in text
    assert "Board Stored now Yours Board 1: Carlsen, Magnus – Nakamura, Hikaru 1-0 0-1" in text  # side by side
    assert where.desk.results == {"1": "1-0", "2": "", "3": ""}
    assert where.desk.journal == [("Ali Arbiter", "1", "", "1-0")]  # nothing of the second, nothing lost
    form = forms(answer.text)["/entry/1"]  # the form again: the stored result on the clash, the other choice kept
    assert (form["seen:1"], form["chosen:1"]) == ("1-0", "1-0") and (form["seen:3"], form["chosen:3"]) == ("", "1/2-1/2")
    resaved = second.post("/entry/1", form)
    assert resaved.status == 200 and where.desk.results == {"1": "1-0", "2": "", "3": "1/2-1/2"}


def test_a_refusal_of_the_desk_is_its_one_line_with_the_choices_kept(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    answer = client.post("/entry/1", {**form, "chosen:1": "1-0", "seen:9": "", "chosen:9": "1-0"})
    assert answer.status == 409 and "Nothing was saved. no board 9 in round 1" in _text(answer.text)
    assert where.desk.journal == [] and forms(answer.text)["/entry/1"]["chosen:1"] == "1-0"


def test_a_result_that_is_not_one_of_the_choices_is_refused_before_the_desk(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    answer = client.post("/entry/1", {**form, "chosen:1": "2-0"})
    assert answer.status == 400 and where.desk.saves == 0


def test_a_round_not_paired_is_404_and_one_plain_line_without_the_desks_parameter_names(where: Venue) -> None:
    """``/entry/6`` of an event paired to round 5 was 400 "field 'round_number': there is no round 6"."""
    client = Client(where)
    client.sign_in(ARBITER)
    answer = client.get("/entry/7")
    text = _text(answer.text)
    assert answer.status == 404 and "round 7 is not paired yet" in text
    assert "field '" not in text and "round_number" not in answer.text
    assert 'href="/entry"' in answer.text  # back to the current round's sheet
    form = forms(client.get("/entry").text)["/entry/1"]
    posted = client.post("/entry/7", {**form, "chosen:1": "1-0"})  # a save there: the same answer
    assert posted.status == 404 and "round 7 is not paired yet" in _text(posted.text) and where.desk.journal == []


def test_names_are_escaped_and_isolated_on_the_sheet(where: Venue) -> None:
    page = Client(where).sign_in(ARBITER).text
    assert "<script>" not in page and "<bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>" in page
    assert "<bdi>Abc\u202eDEF</bdi>" in page and "<bdi>Test &lt;Open&gt;</bdi>" in page


# what changes nothing

def test_a_save_without_its_csrf_token_changes_nothing(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    for token in ({}, {"csrf": ""}, {"csrf": "x" * 43}):
        fields = {key: value for key, value in form.items() if key != "csrf"} | token | {"chosen:1": "1-0"}
        answer = client.post("/entry/1", fields)
        assert answer.status == 403 and "nothing was changed" in _text(answer.text)
    assert where.desk.saves == 0 and where.desk.results["1"] == ""


def test_a_token_of_another_session_is_no_token(where: Venue) -> None:
    mine, theirs = Client(where), Client(where)
    form = forms(mine.sign_in(ARBITER).text)["/entry/1"]
    other = forms(theirs.sign_in(DEPUTY).text)["/entry/1"]
    assert mine.post("/entry/1", {**form, "csrf": other["csrf"], "chosen:1": "1-0"}).status == 403
    assert where.desk.saves == 0


@pytest.mark.parametrize("headers", [{"Origin": "http://evil.example"}, {"Origin": "null"},
                                     {"Referer": "http://evil.example/page.html"}, {"Sec-Fetch-Site": "cross-site"}],
                         ids=["origin", "null-origin", "referer", "fetch-site"])
def test_a_post_from_another_site_changes_nothing_even_with_the_token(where: Venue, headers: dict[str, str]) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    client.origin = None
    assert client.post("/entry/1", {**form, "chosen:1": "1-0"}, headers).status == 403
    assert where.desk.saves == 0


def test_a_post_that_says_nothing_of_its_origin_is_judged_by_its_token(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    client.origin = None
    assert client.post("/entry/1", {**form, "chosen:1": "1-0"}).status == 200 and where.desk.results["1"] == "1-0"


def test_a_removed_persons_session_stops_working_at_once(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    del where.gate.codes[ARBITER]  # arbiter access remove: the gate reads the list afresh
    answer = client.post("/entry/1", {**form, "chosen:1": "1-0"})
    assert answer.status == 403 and "no longer on the access list" in _text(answer.text)
    assert where.desk.saves == 0 and "arbiter_session" not in client.cookies
    where.gate.codes[ARBITER] = CODES[ARBITER]  # added again: the closed session stays closed
    client.cookies["arbiter_session"] = "x" * 43
    assert client.get("/entry").status == 303


def test_a_changed_role_counts_at_the_next_request(where: Venue) -> None:
    client = Client(where)
    assert "Finalise the event" not in client.sign_in(ARBITER).text
    where.gate.codes[ARBITER] = CODES[MANAGER]
    assert "Finalise the event" in client.get("/entry").text


def test_an_arbiters_forged_finalise_is_refused_and_changes_nothing(where: Venue) -> None:
    client = Client(where)
    page = client.sign_in(ARBITER)
    assert "/finalise" not in page.text  # no button for an arbiter
    csrf = forms(page.text)["/entry/1"]["csrf"]
    answer = client.post("/finalise", {"csrf": csrf})  # the form forged with the arbiter's own valid token
    assert answer.status == 403 and "Only the owner or a manager may finalise" in _text(answer.text)
    assert client.get("/finalise").status == 403
    assert where.desk.finalised is False and where.desk.finalised_by == []


def test_a_manager_finalises_after_confirming_and_an_arbiter_then_sees_a_closed_sheet(where: Venue) -> None:
    manager = Client(where)
    page = manager.sign_in(MANAGER)
    assert 'href="/finalise"' in page.text
    confirm = manager.get("/finalise")
    assert confirm.status == 200
    done = manager.post("/finalise", forms(confirm.text)["/finalise"])
    assert done.status == 200 and "finalised: the final standings are stored" in _text(done.text)
    assert where.desk.finalised_by == ["Mia Manager"]
    arbiter_page = Client(where).sign_in(ARBITER).text
    assert "Only the owner or a manager can correct it" in _text(arbiter_page)
    assert disabled(arbiter_page) == {"chosen:1", "chosen:2", "chosen:3"} and "Save the changed results" not in arbiter_page


def test_a_finalise_without_its_token_changes_nothing(where: Venue) -> None:
    client = Client(where)
    client.sign_in(OWNER)
    assert client.post("/finalise", {"csrf": "forged"}).status == 403 and not where.desk.finalised


def test_sign_out_needs_its_token_and_ends_the_session(where: Venue) -> None:
    client = Client(where)
    csrf = forms(client.sign_in(ARBITER).text)["/signout"]["csrf"]
    session = client.cookies["arbiter_session"]
    assert client.post("/signout", {"csrf": "forged"}).status == 403 and client.get("/entry").status == 200
    answer = client.post("/signout", {"csrf": csrf})
    assert answer.status == 303 and answer.header("Location") == "/signin" and "arbiter_session" not in client.cookies
    client.cookies["arbiter_session"] = session  # the old cookie brought back opens nothing
    assert client.get("/entry").status == 303


# the limits of a request

def test_a_body_over_the_limit_is_413_and_reaches_no_one(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    answer = client.post("/entry/1", {**form, "chosen:1": "1-0", "padding": "x" * web.MAX_BODY})
    assert answer.status == 413 and where.desk.saves == 0


def test_a_post_without_its_length_is_411(where: Venue) -> None:
    client = Client(where)
    client.sign_in(ARBITER)
    answer = client.request("POST", "/entry/1", None, {"Transfer-Encoding": "chunked",
                                                        "Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status == 411 and where.desk.saves == 0


def test_a_form_of_another_type_is_415(where: Venue) -> None:
    client = Client(where)
    csrf = forms(client.sign_in(ARBITER).text)["/entry/1"]["csrf"]
    answer = client.request("POST", "/entry/1", f'{{"csrf": "{csrf}"}}'.encode(),
                            {"Content-Type": "application/json", "Origin": client.origin or ""})
    assert answer.status == 415 and where.desk.saves == 0


@pytest.mark.parametrize(("method", "target", "allowed"), [
    ("PUT", "/entry/1", "GET, HEAD, POST"), ("DELETE", "/signin", "GET, HEAD, POST"), ("GET", "/signout", "POST"),
    ("POST", "/entry", "GET, HEAD"), ("POST", "/index.html", "GET, HEAD"), ("POST", "/style.css", "GET, HEAD")])
def test_only_sign_in_and_result_entry_take_a_post(where: Venue, method: str, target: str, allowed: str) -> None:
    client = Client(where)
    client.sign_in(OWNER)
    answer = client.request(method, target, b"a=1", {"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status == 405 and answer.header("Allow") == allowed and where.desk.saves == 0


def test_the_pages_of_result_entry_are_never_stored_and_run_no_script(where: Venue) -> None:
    answer = Client(where).sign_in(ARBITER)
    policy = answer.header("Content-Security-Policy")
    assert answer.header("Cache-Control") == "no-store" and "script-src 'none'" in policy
    assert "form-action 'self'" in policy and "frame-ancestors 'none'" in policy and "<script" not in answer.text


def test_the_site_is_served_beside_result_entry_and_linked_from_it(where: Venue) -> None:
    client = Client(where)
    assert 'href="/"' in client.sign_in(ARBITER).text
    page = client.get("/")
    assert page.status == 200 and "The event's pages" in page.text


def test_without_a_desk_the_routes_of_result_entry_are_no_pages() -> None:
    site = web.LiveSite(lambda: {"index.html": b"hi"}, lambda: 1, print)
    server = web.open_server(site, "127.0.0.1", 0, print)
    try:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        host, port = server.bound()
        fake = Venue(None, FakeGate(), host, port, [])  # type: ignore[arg-type]
        assert Client(fake).get(f"/signin?code={ARBITER}").status == 404
        assert Client(fake).post("/entry/1", {"chosen:1": "1-0"}).status == 405
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("body", [b"\xff\xfe\x00", b"a=%ff%fe", b"&&&==&", b"csrf=" + b"x" * 60000, b"%", b"chosen:1",
                                  b"chosen%3A1=1-0", b"seen:1=&chosen:1=1-0&chosen:1=0-1"],
                         ids=["binary", "bad-utf8", "empty-fields", "long", "bare-percent", "no-value", "no-token",
                              "field-twice"])
def test_a_form_that_does_not_read_changes_nothing_and_the_server_goes_on(where: Venue, body: bytes) -> None:
    client = Client(where)
    csrf = forms(client.sign_in(ARBITER).text)["/entry/1"]["csrf"]
    for target, fields in (("/entry/1", body), ("/entry/1", body + b"&csrf=" + csrf.encode()), ("/signin", body),
                           ("/finalise", body)):
        answer = client.request("POST", target, fields, {"Content-Type": "application/x-www-form-urlencoded",
                                                          "Origin": client.origin or ""})
        assert answer.status in (400, 403) or (answer.status == 200 and "Nothing to save" in answer.text), \
            (target, answer.status, answer.text[:300])
    assert where.desk.saves == 0 and where.desk.finalised is False and where.warned == []
    assert client.get("/entry").status == 200


def test_a_save_that_saved_one_stage_and_clashed_on_another_says_both(where: Venue, monkeypatch: pytest.MonkeyPatch) -> None:
    """A group event's save is one entry per stage: a change landing in a later stage between the
    desk's check and its entry leaves the earlier stages saved. The page says what was saved, shows
    the clash, and keeps the person's other choices (not the saved ones)."""
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]

    def partly(person: object, round_number: int, changes: dict[str, tuple[str, str]], **_: bool) -> Saved:
        where.desk.results["1"] = "1-0"
        where.desk.results["3"] = "0-1"  # someone else's, meanwhile
        return Saved(saved=("1",), clashes=(Clash("3", "Board 3", "0-1", "1/2-1/2"),))

    monkeypatch.setattr(where.desk, "save", partly)
    answer = client.post("/entry/1", {**form, "chosen:1": "1-0", "chosen:2": "0-1", "chosen:3": "1/2-1/2"})
    text = _text(answer.text)
    assert answer.status == 409 and "Saved: Board 1: Carlsen, Magnus – Nakamura, Hikaru 1-0 The rest was not saved." in text
    assert "Board 3: Ünal, Zoë & Co – O'Brien, \"Pat\" 0-1 ½-½" in text
    again = forms(answer.text)["/entry/1"]
    assert (again["seen:1"], again["chosen:1"]) == ("1-0", "1-0") and (again["seen:2"], again["chosen:2"]) == ("", "0-1")
    assert (again["seen:3"], again["chosen:3"]) == ("0-1", "0-1")


def test_a_finalised_event_that_takes_no_correction_is_closed_even_to_its_owner(where: Venue) -> None:
    where.desk.finalised, where.desk.corrections = True, False  # a knockout, finalised
    page = Client(where).sign_in(OWNER).text
    assert "The event is finalised. It takes no correction." in _text(page)
    assert disabled(page) == {"chosen:1", "chosen:2", "chosen:3"} and "Save the changed results" not in page
    where.desk.corrections = True  # an individual event, finalised: the owner corrects
    page = Client(where).sign_in(OWNER).text
    assert "A change now is a correction of the final standings." in _text(page) and disabled(page) == set()


# what a save says, and what a refused save needs

def _boxes(page: str) -> dict[str, bool]:
    """The checkboxes of the sheet's form: name -> ticked."""
    form = page.split('action="/entry/1"')[1].split("</form>")[0]
    return {name: "checked" in attrs for attrs, name in
            ((tag, re.search(r'name="([^"]+)"', tag).group(1))  # type: ignore[union-attr]
             for tag in re.findall(r'<input type="checkbox"[^>]*>', form))}


def test_the_events_notes_beside_a_save_are_shown_each_on_its_own_line(where: Venue,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``Saved.notes`` (a correction of a round later rounds were paired on, a player withdrawn by the
    no-show rule...) were dropped: the page said only "Saved"."""
    client = Client(where)
    form = forms(client.sign_in(MANAGER).text)["/entry/1"]
    notes = ("note: Nakamura, Hikaru was paired before this correction of round 1 (rounds 2-3)",
             "note: <b>rounds 3-5</b> were paired before this correction")

    def noted(person: object, round_number: int, changes: dict[str, tuple[str, str]], **_: bool) -> Saved:
        return Saved(saved=tuple(changes), notes=notes)

    monkeypatch.setattr(where.desk, "save", noted)
    answer = client.post("/entry/1", {**form, "chosen:1": "0-1"})
    assert answer.status == 200
    said = [unescape(line) for line in re.findall(r'<p class="said">(.*?)</p>', answer.text)]
    assert said == list(notes)  # each a line, the event's own words, escaped
    assert "<b>rounds" not in answer.text

    def refused(person: object, round_number: int, changes: dict[str, tuple[str, str]], **_: bool) -> Saved:
        return Saved(refused="the event is finalised", notes=("note: the final standings are stored again",))

    monkeypatch.setattr(where.desk, "save", refused)
    answer = client.post("/entry/1", {**form, "chosen:1": "0-1"})
    text = _text(answer.text)
    assert answer.status == 409 and "Nothing was saved. the event is finalised" in text  # the refusal as before
    assert "note: the final standings are stored again" in text


def test_a_forfeit_the_no_show_rule_refuses_offers_confirm_and_excused_with_the_choices_kept(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    answer = client.post("/entry/1", {**form, "chosen:1": "1-0", "chosen:3": "+/-"})
    text = _text(answer.text)
    assert answer.status == 409 and "Nothing was saved. this forfeit withdraws O'Brien, \"Pat\"" in text
    assert where.desk.journal == [] and where.desk.asked == [(False, False)]
    assert _boxes(answer.text) == {"confirm": False, "excused": False}
    assert "Record the forfeit and withdraw the player as the no-show rule says (--confirm)" in text
    assert "The player gave notice: the forfeit is excused (--excused)" in text
    again = forms(answer.text)["/entry/1"]
    assert (again["chosen:1"], again["chosen:3"]) == ("1-0", "+/-") and again["csrf"] == form["csrf"]
    assert "confirm" not in again and "excused" not in again  # a box not ticked is not sent


def test_a_ticked_confirm_reaches_the_desk_and_the_forfeit_is_saved_with_its_withdrawal(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    again = forms(client.post("/entry/1", {**form, "chosen:3": "+/-"}).text)["/entry/1"]
    answer = client.post("/entry/1", {**again, "confirm": "yes"})
    text = _text(answer.text)
    assert answer.status == 200 and "Saved: Board 3: Ünal, Zoë & Co – O'Brien, \"Pat\" +/-" in text
    assert "O'Brien, \"Pat\" withdrawn after round 1: 1 no-show without notice" in text  # the desk's note
    assert where.desk.asked == [(False, False), (True, False)] and where.desk.withdrawn == ["O'Brien, \"Pat\""]
    assert where.desk.journal == [("Ali Arbiter", "3", "", "+/-")]
    assert _boxes(answer.text) == {}  # saved: nothing is asked any more


def test_a_ticked_excused_reaches_the_desk_and_no_one_is_withdrawn(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    again = forms(client.post("/entry/1", {**form, "chosen:2": "-/-"}).text)["/entry/1"]
    answer = client.post("/entry/1", {**again, "excused": "yes"})
    assert answer.status == 200 and where.desk.asked[-1] == (False, True)
    assert where.desk.results["2"] == "-/-" and where.desk.withdrawn == []


def test_a_box_not_ticked_changes_nothing(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    again = forms(client.post("/entry/1", {**form, "chosen:3": "+/-"}).text)["/entry/1"]
    answer = client.post("/entry/1", again)  # saved again as the page stands: no box ticked
    assert answer.status == 409 and where.desk.asked == [(False, False), (False, False)]
    assert where.desk.journal == [] and _boxes(answer.text) == {"confirm": False, "excused": False}
    plain = client.post("/entry/1", {**form, "chosen:1": "1-0"})  # without a forfeit, nothing is asked
    assert plain.status == 200 and where.desk.asked[-1] == (False, False) and _boxes(plain.text) == {}


def test_a_ticked_box_stays_ticked_when_the_save_is_refused_again(where: Venue, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both asked, one ticked, the desk still refuses: the ticked one is kept for the next save."""
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    monkeypatch.setattr(where.desk, "save", lambda *_, **__: Saved(refused="no", needs=("confirm", "excused")))
    answer = client.post("/entry/1", {**form, "chosen:3": "+/-", "excused": "yes"})
    assert answer.status == 409 and _boxes(answer.text) == {"confirm": False, "excused": True}
    assert forms(answer.text)["/entry/1"]["excused"] == "yes"


def test_a_ticked_box_without_the_csrf_token_changes_nothing(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    again = forms(client.post("/entry/1", {**form, "chosen:3": "+/-"}).text)["/entry/1"]
    for token in ({}, {"csrf": "forged"}):
        fields = {key: value for key, value in again.items() if key != "csrf"} | token | {"confirm": "yes"}
        answer = client.post("/entry/1", fields)
        assert answer.status == 403 and "nothing was changed" in _text(answer.text)
    assert where.desk.saves == 1 and where.desk.journal == [] and where.desk.withdrawn == []


def test_a_box_with_another_value_is_refused_before_the_desk(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    for box in ({"confirm": ""}, {"confirm": "no"}, {"excused": "on"}):
        assert client.post("/entry/1", {**form, "chosen:3": "+/-", **box}).status == 400
    assert where.desk.saves == 0


def test_the_page_after_a_save_links_back_to_the_rounds_sheet(where: Venue) -> None:
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    answer = client.post("/entry/1", {**form, "chosen:1": "1-0"})
    outcome = answer.text.split('class="outcome saved"')[1].split("</div>")[0]
    assert '<a href="/entry/1">Round 1\'s sheet as stored now</a>' in outcome
    fresh = client.get("/entry/1")  # a GET: reloading it saves nothing again
    assert fresh.status == 200 and forms(fresh.text)["/entry/1"]["seen:1"] == "1-0" and where.desk.saves == 1


# signing in from one address (a venue's router)

def test_successful_sign_ins_are_not_counted_against_the_address_only_wrong_codes_are(where: Venue) -> None:
    """A venue's router puts every arbiter behind one address: the 6th sign-in within a minute was 429."""
    for code in [*CODES] * 3:  # twelve sign-ins from one address, by link and by form
        assert Client(where).sign_in(code).status == 200
        client = Client(where)
        form = forms(client.get("/signin").text)["/signin"]
        assert client.post("/signin", {**form, "code": code}).status == 303
    guesser = Client(where)
    for _ in range(5):
        assert guesser.get("/signin?code=guess").status == 403
    assert guesser.get(f"/signin?code={ARBITER}").status == 429  # the limit of failures holds
