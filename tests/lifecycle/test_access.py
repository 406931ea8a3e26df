"""Who gets in (issue 26): the access list's acts, pure: a person added with a role and a code kept
only as its hash, a code that signs in as its person, a removed or replaced one that signs in as
nobody, and every bad argument named."""

from __future__ import annotations

import hashlib
import hmac
import secrets

import pytest

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.venue import Person, Role
from arbiter_cli.lifecycle import access as acts
from arbiter_cli.lifecycle.access import (CODE_BYTES, MAX_NAME, AccessList, add_person, code_digest, person_name,
                                          remove_person, sign_in_link, signed_in)

TODAY = "2026-05-01"


def _code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def _listed(*people: tuple[str, str]) -> tuple[AccessList, dict[str, str]]:
    access, codes = AccessList(), {}
    for name, role in people:
        code = _code()
        access = add_person(access, name, role, code, TODAY).access
        codes[name] = code
    return access, codes


def test_a_code_is_at_least_128_random_bits() -> None:
    assert CODE_BYTES * 8 >= 128
    assert len(_code()) >= 22  # token_urlsafe: 4 characters for 3 bytes


def test_only_the_sha256_of_a_code_is_kept_with_the_name_role_and_date() -> None:
    code = _code()
    issued = add_person(AccessList(), "Deputy, Anna", "arbiter", code, TODAY)
    entry = issued.person
    assert (entry.name, entry.role, entry.added) == ("Deputy, Anna", Role.ARBITER, TODAY)
    assert entry.digest == hashlib.sha256(code.encode()).hexdigest() == code_digest(code)
    assert code not in repr(issued.access) and code not in repr(issued.change)
    assert issued.code == code  # given back once, for the caller to show


@pytest.mark.parametrize("role", ["owner", "manager", "arbiter", "Manager"])
def test_a_code_signs_in_as_its_person_in_their_role(role: str) -> None:
    access, codes = _listed(("Chief, Carla", "owner"), ("Deputy, Anna", role))
    assert signed_in(access, codes["Deputy, Anna"]) == Person("Deputy, Anna", Role(role.lower()))
    assert signed_in(access, codes["Chief, Carla"]) == Person("Chief, Carla", Role.OWNER)


def test_only_owners_and_managers_may_finalise() -> None:
    access, codes = _listed(("O", "owner"), ("M", "manager"), ("A", "arbiter"))
    assert [signed_in(access, codes[n]).role.may_finalise for n in "OMA"] == [True, True, False]  # type: ignore[union-attr]


@pytest.mark.parametrize("code", ["", "x", "y" * 32, "z" * 5000])
def test_an_unknown_code_signs_in_nobody(code: str) -> None:
    access, _ = _listed(("Deputy, Anna", "arbiter"))
    assert signed_in(access, code) is None


def test_a_code_is_compared_by_its_hash_with_compare_digest_against_everyone(monkeypatch: pytest.MonkeyPatch) -> None:
    access, codes = _listed(("A", "arbiter"), ("B", "manager"), ("C", "owner"))
    compared: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(acts.hmac, "compare_digest", spy)
    assert signed_in(access, codes["A"]) == Person("A", Role.ARBITER)
    assert len(compared) == 3  # every entry, though the first matched
    assert all(a == code_digest(codes["A"]).encode() for a, _ in compared)


def test_a_removed_person_s_code_signs_in_no_more() -> None:
    access, codes = _listed(("Deputy, Anna", "arbiter"), ("Chief, Carla", "owner"))
    after, gone, change = remove_person(access, "  DEPUTY, anna ")
    assert gone.name == "Deputy, Anna"
    assert signed_in(after, codes["Deputy, Anna"]) is None
    assert signed_in(after, codes["Chief, Carla"]) == Person("Chief, Carla", Role.OWNER)
    assert (change.change, change.old, change.new) == ("access Deputy, Anna", "arbiter", "")


def test_removing_a_name_not_on_the_list_is_refused_naming_it() -> None:
    access, _ = _listed(("Deputy, Anna", "arbiter"))
    with pytest.raises(Refused, match="'Nobody' is not on the access list .it holds 'Deputy, Anna'"):
        remove_person(access, "Nobody")


def test_a_name_already_on_the_list_is_refused_whatever_its_case_or_accents() -> None:
    access, _ = _listed(("Guérin, Zoé", "arbiter"))
    with pytest.raises(Refused, match="already .*--new-code"):
        add_person(access, "guerin, zoe", "manager", _code(), TODAY)


def test_a_new_code_replaces_a_lost_one_which_signs_in_no_more() -> None:
    access, codes = _listed(("Deputy, Anna", "arbiter"))
    fresh = _code()
    issued = add_person(access, "deputy, anna", None, fresh, "2026-05-02", new_code=True)
    assert signed_in(issued.access, codes["Deputy, Anna"]) is None
    assert signed_in(issued.access, fresh) == Person("Deputy, Anna", Role.ARBITER)
    assert issued.person.added == TODAY  # the date they were added stays
    promoted = add_person(issued.access, "Deputy, Anna", "manager", _code(), TODAY, new_code=True)
    assert promoted.person.role is Role.MANAGER and len(promoted.access.people) == 1
    assert promoted.change.old == "arbiter" and promoted.change.new == "manager, new code"


def test_a_new_code_for_a_name_not_on_the_list_is_refused() -> None:
    with pytest.raises(Refused, match="not on the access list; add them without --new-code"):
        add_person(AccessList(), "Deputy, Anna", None, _code(), TODAY, new_code=True)


@pytest.mark.parametrize("name, message", [
    ("", "is empty"), ("   ", "is empty"), ("x" * (MAX_NAME + 1), "characters long"),
    ("Anna\nBob", "control character"), ("Anna\tBob", "control character"),
    ("Anna\u202eBob", "bidirectional control"), ("\u2066Anna", "bidirectional control"),
    ("Anna\u200f", "bidirectional control"), ("\u061cAnna", "bidirectional control"),
    ("Anna\udcff", "no text"),
])
def test_a_bad_name_is_a_bad_argument_naming_name(name: str, message: str) -> None:
    with pytest.raises(BadArgument, match=message) as raised:
        add_person(AccessList(), name, "arbiter", _code(), TODAY)
    assert raised.value.field == "name"


def test_a_name_of_the_longest_length_and_any_script_is_taken() -> None:
    assert person_name("x" * MAX_NAME) == "x" * MAX_NAME
    assert person_name("  Çelik, Ayşe ") == "Çelik, Ayşe"
    assert person_name("محمد") == "محمد"


@pytest.mark.parametrize("role", ["boss", "", "owners", "admin"])
def test_a_bad_role_is_a_bad_argument_naming_role(role: str) -> None:
    with pytest.raises(BadArgument, match="use owner, manager or arbiter") as raised:
        add_person(AccessList(), "Deputy, Anna", role, _code(), TODAY)
    assert raised.value.field == "role"


def test_a_role_is_needed_to_add_a_person() -> None:
    with pytest.raises(BadArgument, match="give the person's role") as raised:
        add_person(AccessList(), "Deputy, Anna", None, _code(), TODAY)
    assert raised.value.field == "role"


@pytest.mark.parametrize("url, link", [
    ("http://127.0.0.1:8000", "http://127.0.0.1:8000/signin?code=C"),
    ("https://venue.example/arbiter/", "https://venue.example/arbiter/signin?code=C"),
    ("http://[::1]:8443", "http://[::1]:8443/signin?code=C"),
])
def test_the_sign_in_link_is_the_url_then_signin_and_the_code(url: str, link: str) -> None:
    assert sign_in_link(url, "C") == link


@pytest.mark.parametrize("url", ["ftp://h", "127.0.0.1:8000", "http://", "http://h/?a=1", "http://h/#x",
                                 "http://h:port", "http://h\nx", "http://h\x7f", "http://a b"])
def test_a_bad_url_is_a_bad_argument_naming_url(url: str) -> None:
    with pytest.raises(BadArgument) as raised:
        sign_in_link(url, "C")
    assert raised.value.field == "url"
