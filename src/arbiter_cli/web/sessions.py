"""The sessions of result entry (issue 26): who is signed in on which browser, the token that every
form of theirs carries, and how often an address may try a sign-in code.

Everything is kept in memory: the sessions end when ``arbiter serve`` stops. A session keeps the
sign-in code it was opened with, so that every request asks the gate again whether that code still
lets its person in (a person removed from the access list is signed out at once); the code never
leaves the server again.

Only a wrong code counts against an address: an attempt that let someone in is forgiven (a venue's
router puts every arbiter behind one address).

>>> attempts = Attempts(most=2, seconds=60.0, clock=lambda: 0.0)
>>> attempts.wait("10.0.0.7"), attempts.forgive("10.0.0.7"), attempts.wait("10.0.0.7"), attempts.wait("10.0.0.7")
(0.0, None, 0.0, 0.0)
>>> attempts.wait("10.0.0.7"), attempts.wait("10.0.0.8")
(60.0, 0.0)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Session", "Sessions", "Attempts", "FormTokens", "SESSION_SECONDS", "SIGN_IN_ATTEMPTS", "SIGN_IN_SECONDS",
           "MAX_PER_CODE"]

#: A session ends this long after its last request (a day's play, with its breaks).
SESSION_SECONDS = 12 * 3600.0
#: The most sessions kept at once; beyond them the one used longest ago ends.
MAX_SESSIONS = 1000
#: The most sessions of one code (a person's phone, tablet and laptop, signed in again now and then);
#: beyond them that code's session used longest ago ends, so that one code signing in over and over
#: never ends the sessions of the others.
MAX_PER_CODE = 10
#: Failed sign-in attempts (a wrong code) an address may make in :data:`SIGN_IN_SECONDS`; then it waits
#: (429, Retry-After), whatever code it tries.
SIGN_IN_ATTEMPTS = 5
SIGN_IN_SECONDS = 60.0
#: The most addresses whose attempts are remembered (the oldest are forgotten first).
MAX_ADDRESSES = 10000


@dataclass
class Session:
    """One signed-in browser: its id (the cookie), the code it signed in with (asked again of the
    gate at every request), its form token, and when it ends unless used again."""

    id: str
    code: str
    csrf: str
    expires: float


class Sessions:
    """The open sessions, by id. Safe to use from many threads."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, seconds: float = SESSION_SECONDS,
                 most: int = MAX_SESSIONS, per_code: int = MAX_PER_CODE) -> None:
        self._clock, self._seconds, self._most, self._per_code = clock, seconds, most, per_code
        self._lock = threading.Lock()
        self._open: dict[str, Session] = {}  # in order of last use: the first is the one used longest ago

    def open(self, code: str) -> Session:
        """A new session for a code the gate let in, with a fresh id and form token (never one a
        browser brought: no session fixation); beyond :data:`MAX_PER_CODE` of this code, its own
        session used longest ago ends."""
        session = Session(secrets.token_urlsafe(32), code, secrets.token_urlsafe(32), self._clock() + self._seconds)
        with self._lock:
            self._forget_expired()
            same = [key for key, held in self._open.items() if held.code == code]  # the one used longest ago first
            for key in same[:max(0, len(same) - self._per_code + 1)]:
                del self._open[key]
            while len(self._open) >= self._most:
                del self._open[next(iter(self._open))]
            self._open[session.id] = session
        return session

    def find(self, session_id: str | None) -> Session | None:
        """The session of this id if it is open, its end moved on; None otherwise."""
        if not session_id:
            return None
        now = self._clock()
        with self._lock:
            session = self._open.pop(session_id, None)
            if session is None or session.expires <= now:
                return None
            session.expires = now + self._seconds
            self._open[session_id] = session  # last used: to the end
            return session

    def close(self, session_id: str) -> None:
        with self._lock:
            self._open.pop(session_id, None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._open)

    def _forget_expired(self) -> None:
        now = self._clock()
        for session_id in [key for key, session in self._open.items() if session.expires <= now]:
            del self._open[session_id]


class Attempts:
    """How many failed sign-in attempts each client address made lately: at most ``most`` in
    ``seconds``. An attempt is counted when it begins (:meth:`wait`), so that attempts made at once
    never pass the limit together, and forgiven when its code let someone in (:meth:`forgive`)."""

    def __init__(self, most: int = SIGN_IN_ATTEMPTS, seconds: float = SIGN_IN_SECONDS,
                 clock: Callable[[], float] = time.monotonic, addresses: int = MAX_ADDRESSES) -> None:
        self._most, self._seconds, self._clock, self._addresses = most, seconds, clock, addresses
        self._lock = threading.Lock()
        self._times: dict[str, deque[float]] = {}

    def wait(self, address: str) -> float:
        """0 if ``address`` may try a code now (the attempt is counted, until :meth:`forgive`); else the
        seconds it must wait."""
        now = self._clock()
        with self._lock:
            times = self._times.pop(address, None) or deque()
            while times and times[0] <= now - self._seconds:
                times.popleft()
            self._times[address] = times  # the latest last: the first addresses are forgotten first
            if len(times) >= self._most:
                return max(1.0, times[0] + self._seconds - now)
            times.append(now)
            while len(self._times) > self._addresses:
                del self._times[next(iter(self._times))]
            return 0.0

    def forgive(self, address: str) -> None:
        """The attempt ``address`` just began was no wrong code (it signed someone in, or no code was
        judged): it no longer counts."""
        with self._lock:
            times = self._times.get(address)
            if times:
                times.pop()


class FormTokens:
    """The form token of the sign-in page, before any session: a random value in a cookie of its own,
    and its HMAC under a secret of this server in the form. A form posted from elsewhere has neither
    the cookie (SameSite=Strict) nor a way to compute the token."""

    def __init__(self) -> None:
        self._secret = secrets.token_bytes(32)

    @staticmethod
    def new_value() -> str:
        return secrets.token_urlsafe(32)

    def token(self, value: str) -> str:
        return hmac.new(self._secret, value.encode(), hashlib.sha256).hexdigest()

    def valid(self, value: str | None, token: str | None) -> bool:
        """Whether ``token`` is the token of the cookie's ``value`` (compared in constant time)."""
        if not value or not token:
            return False
        return hmac.compare_digest(self.token(value).encode(), token.encode("utf-8", "replace"))
