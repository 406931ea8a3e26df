"""Attacks on result entry (issue 26, a security review of ``arbiter serve --entry``), each test named
after the attack it pins: what a request from outside could make the server do that it should not."""

from __future__ import annotations

import os
import socket
import subprocess
import threading
from pathlib import Path

import pytest

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.web.sessions import Sessions
from arbiter_cli.web.tls import tls_context
from web.test_entry import ARBITER, DEPUTY, MANAGER, _text, where  # noqa: F401 - where: the fixture of a venue
from web.venue import Client, Venue, forms, self_signed


def _raw(where: Venue, data: bytes) -> bytes:
    """The server's whole answer to these bytes, on a connection of their own."""
    with socket.create_connection((where.host, where.port), timeout=10) as connection:
        connection.sendall(data)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def test_a_content_length_of_thousands_of_digits_is_413_and_no_note_on_the_terminal(where: Venue) -> None:
    """int() of more than 4300 digits raises: it was an unhandled ValueError, no answer at all, and
    one note on the arbiter's terminal for every such request of anyone (a terminal flooded)."""
    client = Client(where)
    client.sign_in(ARBITER)
    head = (f"POST /entry/1 HTTP/1.1\r\nHost: {where.host}:{where.port}\r\n"
            f"Cookie: arbiter_session={client.cookies['arbiter_session']}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n")
    for length in ("9" * 5000, "1" + "0" * 4400):
        answer = _raw(where, f"{head}Content-Length: {length}\r\n\r\n".encode())
        assert answer.startswith(b"HTTP/1.1 413 "), answer[:100]
    assert where.warned == [] and where.desk.saves == 0


@pytest.mark.parametrize("headers", [{"Origin": "http://["}, {"Origin": "http://[x]"}, {"Referer": "http://[::1/entry"}],
                         ids=["origin-bracket", "origin-not-an-address", "referer-bracket"])
def test_a_malformed_origin_or_referer_is_another_site_not_a_500_and_a_note(where: Venue,
                                                                            headers: dict[str, str]) -> None:
    """urlsplit() refuses "http://[": it was a 500 and a note on the terminal for each such POST."""
    client = Client(where)
    form = forms(client.sign_in(ARBITER).text)["/entry/1"]
    client.origin = None
    answer = client.post("/entry/1", {**form, "chosen:1": "1-0"}, headers)
    assert answer.status == 403 and "nothing was changed" in _text(answer.text)
    assert where.warned == [] and where.desk.saves == 0


@pytest.mark.parametrize("fetch_site", ["cross-site", "same-site"])
def test_a_sign_in_link_opened_from_another_sites_page_signs_no_one_in_by_itself(where: Venue, fetch_site: str) -> None:
    """Login CSRF: another site's page (or one on another port of the venue's computer) sends the
    phone to /signin?code=ITS_CODE; the phone would be signed in as that code's person, and every result
    saved from it journalled by them. Now the link only fills the form, says whom it signs in, and a
    click on this site's own form signs in."""
    client = Client(where)
    answer = client.request("GET", f"/signin?code={DEPUTY}", headers={"Sec-Fetch-Site": fetch_site})
    assert answer.status == 200 and "arbiter_session" not in client.cookies
    assert "did not sign you in. It signs in Dana Deputy (arbiter)" in _text(answer.text)
    form = forms(answer.text)["/signin"]
    assert form["code"] == DEPUTY
    confirmed = client.post("/signin", form)
    assert confirmed.status == 303 and "Signed in: Dana Deputy (arbiter)" in _text(client.get("/entry").text)


def test_a_sign_in_link_opened_from_another_site_over_a_session_leaves_that_session_signed_in(where: Venue) -> None:
    client = Client(where)
    client.sign_in(MANAGER)
    answer = client.request("GET", f"/signin?code={DEPUTY}", headers={"Sec-Fetch-Site": "cross-site"})
    assert answer.status == 200 and "Signed in: Mia Manager (manager)" in _text(client.get("/entry").text)


def test_a_sign_in_link_scanned_or_typed_signs_in_at_once(where: Venue) -> None:
    """A QR code opened by the camera, or a link typed or pasted: the browser says Sec-Fetch-Site: none."""
    client = Client(where)
    answer = client.request("GET", f"/signin?code={ARBITER}", headers={"Sec-Fetch-Site": "none"})
    assert answer.status == 303 and "arbiter_session" in client.cookies


def test_a_session_id_planted_before_sign_in_is_never_kept(where: Venue) -> None:
    """Session fixation: a cookie set before sign-in is replaced by a fresh one, and opens nothing."""
    client = Client(where)
    planted = "P" * 43
    client.cookies["arbiter_session"] = planted
    assert client.get(f"/signin?code={ARBITER}").status == 303
    assert client.cookies["arbiter_session"] != planted
    stranger = Client(where)
    stranger.cookies["arbiter_session"] = planted
    assert stranger.get("/entry").status == 303


def test_signing_in_again_on_a_browser_ends_the_session_it_had(where: Venue) -> None:
    """The session a browser held before signing in again (as someone else, or the same person)
    was left open for 12 hours: whoever had copied its cookie kept it."""
    client = Client(where)
    client.sign_in(ARBITER)
    before = client.cookies["arbiter_session"]
    client.sign_in(DEPUTY)
    copy = Client(where)
    copy.cookies["arbiter_session"] = before
    assert copy.get("/entry").status == 303
    assert "Signed in: Dana Deputy (arbiter)" in _text(client.get("/entry").text)


def test_one_code_signing_in_over_and_over_never_ends_another_persons_session() -> None:
    """The sessions are capped (the oldest ends first): a holder of one code signing in a thousand
    times from many addresses signed everyone else out. Now one code holds at most its own share."""
    sessions = Sessions(most=6, per_code=2)
    other = sessions.open("someone-else")
    mine = [sessions.open("one-code") for _ in range(50)]
    assert sessions.find(other.id) is other
    assert [sessions.find(session.id) is not None for session in mine[-3:]] == [False, True, True]
    assert len(sessions) == 3


def test_a_tls_file_that_is_a_pipe_is_refused_at_once_not_waited_for(tmp_path: Path) -> None:
    """Opening a FIFO waits for a writer: serve hung before it listened, saying nothing."""
    cert, key = self_signed(tmp_path)
    pipe = tmp_path / "cert.fifo"
    os.mkfifo(pipe)
    raised: list[BaseException] = []

    def load() -> None:
        try:
            tls_context(pipe, key)
        except BaseException as error:  # noqa: BLE001 - handed to the test
            raised.append(error)

    loading = threading.Thread(target=load, daemon=True)
    loading.start()
    loading.join(10)
    if loading.is_alive():  # free the thread before failing
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
    assert not loading.is_alive()
    assert len(raised) == 1 and isinstance(raised[0], BadArgument)
    assert raised[0].field == "--tls-cert" and "not a file" in str(raised[0])
    with pytest.raises(BadArgument, match="not a file"):
        tls_context(cert, Path("/dev/null"))


@pytest.mark.parametrize("kind", ["ec", "ed25519"], ids=["same-kind", "another-kind"])
def test_a_key_of_another_certificate_is_said_not_to_belong_to_it(tmp_path: Path, kind: str) -> None:
    """A valid key of another certificate (an Ed25519 key for an EC certificate) was "not a private
    key in PEM form without a passphrase": both files read, they are not a pair."""
    cert, _ = self_signed(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    _, other_key = self_signed(other, kind)
    with pytest.raises(BadArgument) as raised:
        tls_context(cert, other_key)
    assert raised.value.field == "--tls-key"
    assert raised.value.message == (f"the key does not belong to the certificate: --tls-key {other_key} is not the key "
                                    f"of --tls-cert {cert}")


def test_a_key_that_does_not_read_is_still_said_not_to_be_a_key(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    locked = tmp_path / "locked.pem"
    subprocess.run(["openssl", "pkey", "-in", str(key), "-aes256", "-passout", "pass:secret", "-out", str(locked)],
                   check=True, capture_output=True, timeout=60)
    for bad in (locked, cert):  # a key with a passphrase; a certificate given as the key
        with pytest.raises(BadArgument, match="not a private key in PEM form without a passphrase"):
            tls_context(cert, bad)
