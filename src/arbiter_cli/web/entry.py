"""Result entry in the browser (issue 26): signing in, a round's sheet, saving the changed boards,
finalising. It speaks to the folder only through the :class:`~arbiter_cli.core.venue.Gate` (who
comes in) and the :class:`~arbiter_cli.core.venue.Desk` (the sheet, a save, finalising), and knows
no tournament.

Its routes, beside the site's pages (which all end in ``.html``, ``.css`` or ``.svg``):

* ``GET /signin`` the sign-in form; ``GET /signin?code=CODE`` (the link ``arbiter access add``
  prints) signs in and sends the browser on to ``/entry``, so the code leaves the address bar (a
  link that another site's page opened only fills the form and says whom it signs in: login CSRF);
  ``POST /signin`` the form's code. Signing in ends the session the browser had. At most
  :data:`~arbiter_cli.web.sessions.SIGN_IN_ATTEMPTS` wrong codes a minute from one address (then 429,
  with Retry-After, whatever code it tries); a code that signs someone in is not counted.
* ``GET /entry`` the current round's sheet, ``GET /entry/N`` round N's (404 for a round not paired);
  ``POST /entry/N`` saves the boards whose result was changed on the page, as one compare-and-set
  entry, with the boxes a refused save asked for (``confirm``, ``excused``: the command line's
  ``--confirm`` and ``--excused``). The page after a save names each place with its own White and
  Black beside its code, and says the event's notes.
* ``GET /finalise`` asks, ``POST /finalise`` finalises: the owner's and the managers' only (403 for an
  arbiter, whatever the form says).
* ``POST /signout``.

Every request asks the gate again whether the session's code still lets its person in, so that a
person removed from the access list is signed out at once, and a changed role counts at once. Every
POST carries the session's token (the sign-in form: a token of its own cookie) and, when the browser
says where it comes from (Origin, Referer, Sec-Fetch-Site), comes from this site; otherwise nothing
changes (403). Pages are made by Jinja2 templates with autoescaping; names are isolated (``<bdi>``).
"""

from __future__ import annotations

import hmac
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from jinja2 import Environment, PackageLoader, StrictUndefined

from arbiter_cli.core.errors import BadArgument, BrokenFolder, Busy, DomainError, Refused, shown_value
from arbiter_cli.core.venue import ENTRY_RESULTS, Clash, Desk, Gate, Person, Saved, Sheet, SheetBoard, turned
from arbiter_cli.web.sessions import Attempts, FormTokens, Session, Sessions

__all__ = ["Entry", "Request", "Response", "SESSION_COOKIE", "SIGN_IN_COOKIE", "HEADERS"]

#: The cookie of a signed-in browser, and the sign-in form's own (its token's value).
SESSION_COOKIE = "arbiter_session"
SIGN_IN_COOKIE = "arbiter_signin"
#: The longest sign-in code looked at; the most fields a form may have.
MAX_CODE = 256
MAX_FIELDS = 5000

#: The headers of every page of result entry: never stored by a browser or a proxy, no script, forms
#: only to this site, never framed; the Referer stays on this site (so that a POST carries its Origin).
HEADERS = (
    ("Content-Type", "text/html; charset=utf-8"),
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
                                "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                                "frame-ancestors 'none'"),
)

_CODES = frozenset(code for code, _ in ENTRY_RESULTS)
_LABELS = dict(ENTRY_RESULTS)
#: What a refused save may need from the person (:attr:`Saved.needs`), as the sheet offers it: a
#: checkbox of the form, sent as ``NAME=yes``, passed to :meth:`Desk.save`; a box not ticked is not sent.
_NEEDS: dict[str, str] = {
    "confirm": "Record the forfeit and withdraw the player as the no-show rule says (--confirm)",
    "excused": "The player gave notice: the forfeit is excused (--excused)",
}
_TICKED = "yes"
_ROUND = re.compile(r"/entry/([1-9][0-9]{0,3})")
_ROUTES: dict[str, tuple[str, ...]] = {
    "/signin": ("GET", "HEAD", "POST"), "/signout": ("POST",), "/entry": ("GET", "HEAD"),
    "/finalise": ("GET", "HEAD", "POST"),
}
_COOKIE_VALUE = re.compile(r"[A-Za-z0-9_-]{20,100}")


@dataclass(frozen=True)
class Request:
    """A request as result entry reads it: ``headers`` by their lower-case names (the first of each)."""

    method: str
    target: str
    headers: Mapping[str, str]
    client: str
    secure: bool
    body: bytes = b""


@dataclass(frozen=True)
class Response:
    """An answer: its status, its HTML, and its own headers (cookies, Location, Retry-After, Allow)."""

    status: HTTPStatus
    body: bytes = b""
    headers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class _Visit:
    """A signed-in request: the session and the person the gate let in just now."""

    session: Session
    person: Person


@dataclass(frozen=True)
class _Row:
    """One board as the sheet shows it: ``seen`` the result stored (sent back as what the person saw),
    ``chosen`` the one preselected."""

    place: str
    label: str
    white: str
    black: str
    seen: str
    chosen: str
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class _Group:
    match: str
    rows: tuple[_Row, ...]


@dataclass(frozen=True)
class _Outcome:
    """What a save or a refusal says above the sheet: ``saved`` the places saved and the code chosen
    for each, ``notes`` the event's own lines beside the save (:attr:`Saved.notes`), ``needs`` what
    the refused save needs (:attr:`Saved.needs`), ``ticked`` the boxes the person had ticked."""

    kind: str  # "saved", "clash", "refused", "note"
    lines: tuple[str, ...] = ()
    saved: tuple[tuple[str, str | None], ...] = ()  # (place, code; None: not one the person chose)
    clashes: tuple[Clash, ...] = ()
    notes: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    ticked: frozenset[str] = frozenset()


@dataclass(frozen=True)
class _Named:
    """A place as a save's message names it: its match (a heading, as on the sheet), its label, and
    its own White and Black, so that a code always reads with its two names (a knockout's game 1 may
    have the match's second-named player White). ``kept``: the folder keeps this place's result from
    Black's side (:attr:`SheetBoard.from_black`), so ``arbiter log`` shows it turned."""

    match: str
    label: str
    white: str = ""
    black: str = ""
    kept: bool = False


@dataclass(frozen=True)
class _Told:
    """One place of a save's message: the place, the result (its label, from White's side), the result
    as the journal keeps it when that is from Black's side ("" otherwise), and, for a clash, yours."""

    place: _Named
    result: str
    journal: str = ""
    yours: str = ""


@dataclass(frozen=True)
class _Box:
    """A checkbox the sheet offers after a refused save (:data:`_NEEDS`)."""

    name: str
    label: str
    ticked: bool


class _BadForm(ValueError):
    """A form that does not read (400, or 415 for another type)."""

    def __init__(self, why: str, status: HTTPStatus = HTTPStatus.BAD_REQUEST) -> None:
        super().__init__(why)
        self.status = status


def _environment() -> Environment:
    return Environment(loader=PackageLoader("arbiter_cli.web", "templates"), autoescape=True,
                       undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)


class Entry:
    """Result entry's routes over a desk and a gate."""

    def __init__(self, desk: Desk, gate: Gate, warn: Callable[[str], None], *, sessions: Sessions | None = None,
                 attempts: Attempts | None = None) -> None:
        self._desk, self._gate, self._warn = desk, gate, warn
        self._sessions = sessions or Sessions()
        self._attempts = attempts or Attempts()
        self._tokens = FormTokens()
        self._templates = _environment()

    @staticmethod
    def allows(target: str) -> tuple[str, ...] | None:
        """The methods a route of result entry takes; None if ``target`` is none of its routes."""
        path = target.partition("?")[0]
        if path in _ROUTES:
            return _ROUTES[path]
        return ("GET", "HEAD", "POST") if _ROUND.fullmatch(path) else None

    def answer(self, request: Request) -> Response:
        """The answer to a request of one of its routes; a fault of the desk or the gate that is no
        domain error (a bug) is a 500 and one line on the terminal, never a stopped server."""
        try:
            return self._route(request)
        except _BadForm as error:
            return self._message(None, error.status, "Not a form of this site", (str(error), "Nothing was changed."))
        except Exception as error:  # noqa: BLE001 - a bug in the desk must not stop the server
            self._warn(f"result entry failed: {type(error).__name__}: {error}")
            return self._message(None, HTTPStatus.INTERNAL_SERVER_ERROR, "Internal error",
                                 ("Something went wrong on the server; the arbiter's terminal says what.",))

    # the routes

    def _route(self, request: Request) -> Response:
        path, _, query = request.target.partition("?")
        methods = self.allows(request.target) or ()
        if request.method not in methods:
            return self._message(None, HTTPStatus.METHOD_NOT_ALLOWED, "Not here", (f"This address takes {', '.join(methods)}.",),
                                 headers=(("Allow", ", ".join(methods)),))
        if path == "/signin":
            return self._sign_in(request, query)
        visit, why = self._visit(request)
        if path == "/signout":
            return self._sign_out(request, visit)
        if visit is None:
            return self._signed_out(request, why)
        if path == "/finalise":
            return self._finalise(request, visit)
        match = _ROUND.fullmatch(path)
        round_number = int(match.group(1)) if match else None
        if request.method == "POST" and round_number is not None:
            return self._save(request, visit, round_number)
        return self._sheet_page(visit, round_number)

    def _sign_in(self, request: Request, query: str) -> Response:
        if request.method == "POST":
            form = _form(request)
            if not (_same_origin(request) and self._tokens.valid(_cookie(request, SIGN_IN_COOKIE), form.get("csrf"))):
                return self._sign_in_page(request, HTTPStatus.FORBIDDEN,
                                          "This form is out of date or did not come from this site: type the code again.")
            return self._try_code(request, form.get("code", ""))
        code = _query(query).get("code")
        if code is None or request.method != "GET":
            return self._sign_in_page(request, HTTPStatus.OK, "")
        return self._try_code(request, code, linked=True)

    def _try_code(self, request: Request, code: str, linked: bool = False) -> Response:
        """Sign in with ``code``: a new session, and the one this browser had is closed. Only a wrong
        code counts against the address's limit (a venue's router puts every arbiter behind one
        address); past it, the address waits whatever code it tries. A sign-in link (``linked``) that
        another site's page opened signs no one in by itself (login CSRF: a page could sign a phone in
        as the person whose code it holds, and what that phone saves would be journalled by them): it
        shows whom the link signs in, on the form, for the person to confirm."""
        if wait := self._attempts.wait(request.client):
            return self._too_many(request, wait)
        wrong = False
        try:
            code = code.strip()
            try:
                person = self._gate.sign_in(code) if 0 < len(code) <= MAX_CODE else None
            except DomainError as error:
                return self._sign_in_page(request, HTTPStatus.SERVICE_UNAVAILABLE,
                                          f"The access list does not read now: {error}")
            if person is None:
                wrong = True
                return self._sign_in_page(request, HTTPStatus.FORBIDDEN,
                                          "This code lets no one in: check it, or ask the event's owner for a new one.")
            return self._let_in(request, person, code, linked)
        finally:
            if not wrong:
                self._attempts.forgive(request.client)

    def _let_in(self, request: Request, person: Person, code: str, linked: bool) -> Response:
        if linked and request.headers.get("sec-fetch-site", "none") not in ("none", "same-origin"):
            return self._sign_in_page(request, HTTPStatus.OK, f"This sign-in link was opened from another site's page, "
                                      f"so it did not sign you in. It signs in {person.name} ({person.role.value}): "
                                      "press Sign in only if that is you.", code=code)
        if old := _cookie(request, SESSION_COOKIE):
            self._sessions.close(old)  # one session a browser: the one it had ends, whoever's it was
        session = self._sessions.open(code)
        return Response(HTTPStatus.SEE_OTHER, headers=(
            ("Location", "/entry"), ("Set-Cookie", _set_cookie(SESSION_COOKIE, session.id, request.secure)),
            ("Set-Cookie", _clear_cookie(SIGN_IN_COOKIE, request.secure, path="/signin"))))

    def _sign_out(self, request: Request, visit: _Visit | None) -> Response:
        if visit is not None:
            form = _form(request)
            if not self._token_ok(request, visit.session.csrf, form):
                return self._message(visit, HTTPStatus.FORBIDDEN, "Not signed out", _FORGED)
            self._sessions.close(visit.session.id)
        return Response(HTTPStatus.SEE_OTHER, headers=(
            ("Location", "/signin"), ("Set-Cookie", _clear_cookie(SESSION_COOKIE, request.secure))))

    def _signed_out(self, request: Request, why: str) -> Response:
        """A request of the signed-in pages without a session: to the sign-in page (a GET without any
        session), or the sign-in form with why (403: the person was removed, or a POST)."""
        clear = (("Set-Cookie", _clear_cookie(SESSION_COOKIE, request.secure)),) if _cookie(request, SESSION_COOKIE) else ()
        if not why and request.method != "POST":
            return Response(HTTPStatus.SEE_OTHER, headers=(("Location", "/signin"), *clear))
        note = why or "You are not signed in: nothing was changed. Sign in, then try again."
        page = self._sign_in_page(request, HTTPStatus.FORBIDDEN, note)
        return Response(page.status, page.body, page.headers + clear)

    def _sheet_page(self, visit: _Visit, round_number: int | None, status: HTTPStatus = HTTPStatus.OK,
                    outcome: _Outcome | None = None, choices: Mapping[str, str] | None = None) -> Response:
        try:
            sheet = self._desk.sheet(round_number)
        except DomainError as error:
            return self._no_sheet(visit, round_number, error)
        # a finalised event takes a correction from its owner and managers only, and a knockout's none at all
        editable = not sheet.finalised or (visit.person.role.may_finalise and sheet.corrections)
        saved, clashes, boxes = _told(outcome, {board.place: board for board in sheet.boards})
        return self._page(status, "sheet.html", visit, sheet=sheet, groups=_groups(sheet, choices or {}),
                          outcome=outcome, saved=saved, clashes=clashes, boxes=boxes, editable=editable,
                          current=max(sheet.rounds, default=sheet.round))

    def _no_sheet(self, visit: _Visit, round_number: int | None, error: DomainError) -> Response:
        """The desk has no sheet of this round: a round not paired yet is 404 and one plain line (the
        desk's refusal names its own parameters); any other refusal is its own line."""
        if round_number is not None and isinstance(error, (BadArgument, Refused)):
            try:
                rounds: tuple[int, ...] | None = self._desk.sheet(None).rounds
            except DomainError:
                rounds = None
            if rounds is not None and round_number not in rounds:
                line = (f"round {round_number} is not paired yet" if round_number > max(rounds, default=0)
                        else f"round {round_number} has no results to enter")
                return self._message(visit, HTTPStatus.NOT_FOUND, "No such round", (line,))
        return self._message(visit, _status_of(error), "No sheet", (_said(error),))

    def _save(self, request: Request, visit: _Visit, round_number: int) -> Response:
        form = _form(request)
        if not self._token_ok(request, visit.session.csrf, form):
            return self._message(visit, HTTPStatus.FORBIDDEN, "Nothing was saved", _FORGED)
        changes = _changes(form)
        ticked = _ticked(form)
        if not changes:
            return self._sheet_page(visit, round_number, outcome=_Outcome("note", ("Nothing to save: no result was changed.",)))
        try:
            saved = self._desk.save(visit.person, round_number, changes, confirm="confirm" in ticked,
                                    excused="excused" in ticked)
        except DomainError as error:
            saved = Saved(refused=_said(error))
        done = tuple((place, changes[place][1] if place in changes else None) for place in saved.saved)
        if not saved.clashes and not saved.refused:
            outcome = _Outcome("saved", saved=done, notes=saved.notes) if done else \
                _Outcome("note", ("Nothing to save: no result was changed.",), notes=saved.notes)
            return self._sheet_page(visit, round_number, outcome=outcome)
        # Not saved (a group event's save may have saved some stages before): the person's other changes
        # stay chosen, sent again with what is stored now as what they saw; a clashed board shows what is
        # stored, so that saving again without looking changes nothing there.
        clashed = {clash.place for clash in saved.clashes}
        kept = {place: chosen for place, (_, chosen) in changes.items() if place not in clashed and place not in saved.saved}
        # The boxes the refusal asks for are offered, and those ticked stay ticked, for the save again.
        if saved.clashes:
            outcome = _Outcome("clash", saved=done, clashes=saved.clashes, notes=saved.notes, ticked=ticked)
        else:
            outcome = _Outcome("refused", (saved.refused,), saved=done, notes=saved.notes, needs=saved.needs,
                               ticked=ticked)
        return self._sheet_page(visit, round_number, HTTPStatus.CONFLICT, outcome, kept)

    def _finalise(self, request: Request, visit: _Visit) -> Response:
        if not visit.person.role.may_finalise:
            return self._message(visit, HTTPStatus.FORBIDDEN, "Not finalised",
                                 ("Only the owner or a manager may finalise the event. Nothing was changed.",))
        if request.method != "POST":
            return self._page(HTTPStatus.OK, "finalise.html", visit)
        if not self._token_ok(request, visit.session.csrf, _form(request)):
            return self._message(visit, HTTPStatus.FORBIDDEN, "Not finalised", _FORGED)
        try:
            said = self._desk.finalise(visit.person)
        except DomainError as error:
            return self._message(visit, _status_of(error), "Not finalised", (str(error),))
        return self._message(visit, HTTPStatus.OK, "Finalised", (said,))

    # who is asking

    def _visit(self, request: Request) -> tuple[_Visit | None, str]:
        """The signed-in person of this request, asked of the gate afresh; else None, and why when the
        session was open but its code lets no one in any more (it is closed)."""
        session = self._sessions.find(_cookie(request, SESSION_COOKIE))
        if session is None:
            return None, ""
        try:
            person = self._gate.sign_in(session.code)
        except DomainError as error:
            return None, f"The access list does not read now: {error}"
        if person is None:
            self._sessions.close(session.id)
            return None, "You are signed out: your sign-in code is no longer on the access list."
        return _Visit(session, person), ""

    @staticmethod
    def _token_ok(request: Request, expected: str, form: Mapping[str, str]) -> bool:
        token = form.get("csrf", "")
        return _same_origin(request) and hmac.compare_digest(expected.encode(), token.encode("utf-8", "replace"))

    # pages

    def _sign_in_page(self, request: Request, status: HTTPStatus, note: str, code: str = "") -> Response:
        value = _cookie(request, SIGN_IN_COOKIE)
        if value is None or not _COOKIE_VALUE.fullmatch(value):
            value = self._tokens.new_value()
        visit, _ = self._visit(request)
        page = self._page(status, "signin.html", visit, note=note, signin_token=self._tokens.token(value), code=code)
        return Response(page.status, page.body,
                        page.headers + (("Set-Cookie", _set_cookie(SIGN_IN_COOKIE, value, request.secure, path="/signin")),))

    def _too_many(self, request: Request, wait: float) -> Response:
        seconds = math.ceil(wait)
        page = self._message(None, HTTPStatus.TOO_MANY_REQUESTS, "Too many sign-in attempts",
                             (f"Too many sign-in attempts from this device: wait {seconds} seconds, then try again.",))
        return Response(page.status, page.body, page.headers + (("Retry-After", str(seconds)),))

    def _message(self, visit: _Visit | None, status: HTTPStatus, title: str, lines: tuple[str, ...],
                 headers: tuple[tuple[str, str], ...] = ()) -> Response:
        page = self._page(status, "message.html", visit, title=title, lines=lines)
        return Response(page.status, page.body, page.headers + headers)

    def _page(self, status: HTTPStatus, template: str, visit: _Visit | None, **values: Any) -> Response:
        body = self._templates.get_template(template).render(
            person=visit.person if visit else None, csrf=visit.session.csrf if visit else "", **values)
        return Response(status, body.encode())


#: What a form without its token, or from another site, is told.
_FORGED = ("This form is out of date or did not come from this site: nothing was changed.",
           "Reload the page and try again.")


def _changes(form: Mapping[str, str]) -> dict[str, tuple[str, str]]:
    """The places whose chosen result differs from the one the person saw: place -> (seen, chosen)."""
    changes: dict[str, tuple[str, str]] = {}
    for key, chosen in form.items():
        if not key.startswith("chosen:"):
            continue
        place = key.removeprefix("chosen:")
        seen = form.get(f"seen:{place}")
        if seen is None:
            raise _BadForm(f"the board {place!r} has no result as it was seen")
        if chosen != seen:
            if chosen not in _CODES:
                raise _BadForm(f"not a result: {chosen!r}")
            changes[place] = (seen, chosen)
    return changes


def _ticked(form: Mapping[str, str]) -> frozenset[str]:
    """The boxes of :data:`_NEEDS` ticked on the form (a box not ticked is not sent at all)."""
    ticked = set()
    for name in _NEEDS:
        value = form.get(name)
        if value is not None and value != _TICKED:
            raise _BadForm(f"the box {name!r} says {shown_value(value)}, not {_TICKED!r}")
        if value is not None:
            ticked.add(name)
    return frozenset(ticked)


def _told(outcome: _Outcome | None, places: Mapping[str, SheetBoard]
          ) -> tuple[tuple[_Told, ...], tuple[_Told, ...], tuple[_Box, ...]]:
    """What an outcome says, named from the sheet as it is now: the places saved, the clashes, and
    the boxes offered (after a save that was not made: those the refusal needs, and those ticked)."""
    if outcome is None:
        return (), (), ()
    saved = tuple(_Told(_named(place, places), "" if code is None else _label(code),
                        _label(turned(code)) if code is not None and turned(code) != code
                        and place in places and places[place].from_black else "")
                  for place, code in outcome.saved)
    clashes = tuple(_Told(_named(clash.place, places, clash.label), _label(clash.stored), yours=_label(clash.yours))
                    for clash in outcome.clashes)
    boxes = tuple(_Box(name, label, name in outcome.ticked) for name, label in _NEEDS.items()
                  if name in outcome.needs or name in outcome.ticked) if outcome.kind in ("clash", "refused") else ()
    return saved, clashes, boxes


def _named(place: str, places: Mapping[str, SheetBoard], label: str = "") -> _Named:
    """A place as a save's message names it, from the sheet (its label alone if the sheet lacks it)."""
    board = places.get(place)
    if board is None:
        return _Named("", label or place)
    return _Named(board.match, board.label, board.white, board.black, board.from_black)


def _said(error: DomainError) -> str:
    """A desk's refusal as the page says it: its message, without the parameter it names (a file it
    names stays: a broken folder's file is the arbiter's to mend)."""
    return error.message if error.source is None else str(error)


def _groups(sheet: Sheet, choices: Mapping[str, str]) -> tuple[_Group, ...]:
    """The sheet's boards, grouped by their match (one group without a heading in an individual event)."""
    groups: list[tuple[str, list[_Row]]] = []
    for board in sheet.boards:
        chosen = choices.get(board.place, board.result)
        options = ENTRY_RESULTS if board.result in _CODES else ((board.result, board.result), *ENTRY_RESULTS)
        row = _Row(board.place, board.label, board.white, board.black, board.result, chosen, options)
        if not groups or groups[-1][0] != board.match:
            groups.append((board.match, []))
        groups[-1][1].append(row)
    return tuple(_Group(match, tuple(rows)) for match, rows in groups)


def _label(code: str) -> str:
    return _LABELS.get(code, code)


def _status_of(error: DomainError) -> HTTPStatus:
    if isinstance(error, BadArgument):
        return HTTPStatus.BAD_REQUEST
    if isinstance(error, (Busy, BrokenFolder)):
        return HTTPStatus.SERVICE_UNAVAILABLE
    return HTTPStatus.CONFLICT


def _form(request: Request) -> dict[str, str]:
    """The fields of a posted form (application/x-www-form-urlencoded); a field twice is refused."""
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise _BadForm("a form is sent as application/x-www-form-urlencoded", HTTPStatus.UNSUPPORTED_MEDIA_TYPE)
    try:
        pairs = parse_qsl(request.body.decode("ascii"), keep_blank_values=True, errors="strict",
                          max_num_fields=MAX_FIELDS)
    except (UnicodeDecodeError, ValueError):
        raise _BadForm("the form does not read") from None
    fields: dict[str, str] = {}
    for key, value in pairs:
        if key in fields:
            raise _BadForm(f"the field {key!r} twice")
        fields[key] = value
    return fields


def _query(query: str) -> dict[str, str]:
    try:
        return dict(parse_qsl(query, errors="strict", max_num_fields=20))
    except (UnicodeDecodeError, ValueError):
        return {}


def _cookie(request: Request, name: str) -> str | None:
    """A cookie the browser sent (the first of that name)."""
    for item in request.headers.get("cookie", "").split(";"):
        key, _, value = item.strip().partition("=")
        if key == name:
            return value
    return None


def _set_cookie(name: str, value: str, secure: bool, path: str = "/") -> str:
    """A cookie scripts cannot read, that no other site's request carries, sent back over TLS only
    when served over TLS; it lasts as long as the browser (the server ends the session before)."""
    return f"{name}={value}; Path={path}; HttpOnly; SameSite=Strict" + ("; Secure" if secure else "")


def _clear_cookie(name: str, secure: bool, path: str = "/") -> str:
    return f"{name}=; Path={path}; Max-Age=0; HttpOnly; SameSite=Strict" + ("; Secure" if secure else "")


_DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin, the default port filled in; None if it does not read."""
    try:
        parts = urlsplit(f"//{netloc}")
        port = parts.port
    except ValueError:
        return None
    scheme = scheme.lower()
    if not parts.hostname or scheme not in _DEFAULT_PORTS:
        return None
    return scheme, parts.hostname, port or _DEFAULT_PORTS[scheme]


def _same_origin(request: Request) -> bool:
    """Whether a POST comes from a page of this site, as far as the browser says: its Origin (``null``
    is another origin), else its Referer, else its Sec-Fetch-Site; a request that says nothing passes
    (the token decides)."""
    own = _origin("https" if request.secure else "http", request.headers.get("host", ""))
    for header in ("origin", "referer"):
        if value := request.headers.get(header):
            try:
                parts = urlsplit(value)
            except ValueError:  # "http://[" : no origin at all, so another one (never a 500)
                return False
            return own is not None and _origin(parts.scheme, parts.netloc) == own
    return request.headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")
