"""Attacks on result entry (issue 26, a security review of ``arbiter serve --entry``), each test named
after the attack it pins: what a request from outside could make the server do that it should not."""

from __future__ import annotations

import os
import socket
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
