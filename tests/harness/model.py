"""What the arbiter asked for, kept by the harness as the commands succeed, by names (see
:mod:`harness.views`): the requested byes, the results entered, the withdrawals.

After every step the folder must hold exactly this (:func:`disagreements`): a bye requested for
a round goes to the player or team that asked for it when that round is paired; a result entered
is the board's result until a correction changes it; nobody is withdrawn or brought back unasked.
The model learns from the commands' arguments only, never from the folder, with one exception:
the results the program enters by itself (a round robin's forfeits after a withdrawal, an empty
board, a team's withdrawal, a no-show rule) are taken from the folder when the command that may
enter them succeeds, and only for boards that had no result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from harness import views
from harness.views import ResultKey

__all__ = ["Model", "disagreements", "canonical"]

_CODES = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "1/2": "1/2-1/2", "½": "1/2-1/2",
          "=": "1/2-1/2", "+/-": "+/-", "+-": "+/-", "-/+": "-/+", "-+": "-/+", "-/-": "-/-", "--": "-/-",
          "0-0": "0-0", "*": "*", "none": "", "": ""}


def canonical(code: str) -> str:
    """A result code as the folder writes it (the docs, "result": the codes of the first column)."""
    return _CODES[code.strip().lower()]


@dataclass
class Model:
    requests: dict[tuple[int, str], str] = field(default_factory=dict)
    granted: dict[int, dict[str, str]] = field(default_factory=dict)
    results: dict[ResultKey, str] = field(default_factory=dict)
    entered: set[ResultKey] = field(default_factory=set)  # the results a command entered (not the program)
    withdrawn: dict[str, int] = field(default_factory=dict)
    status: str = "registration"

    # -- what the commands ask -----------------------------------------------------

    def request(self, number: int, who: str, kind: str) -> None:
        self.requests[(number, who)] = kind

    def cancel(self, number: int, who: str) -> None:
        self.requests.pop((number, who), None)

    def forget(self, who: str) -> None:
        """A withdrawal: the requests for the rounds to come go."""
        for key in [k for k in self.requests if k[1] == who]:
            del self.requests[key]

    def removed(self, who: str) -> None:
        """A registration removed (made by mistake): nothing of it stays."""
        self.forget(who)
        self.withdrawn.pop(who, None)

    def paired(self, number: int) -> dict[str, str]:
        """Round ``number`` is paired: the requests for it are granted (returned: who -> kind)."""
        granted = {who: kind for (rnd, who), kind in self.requests.items() if rnd == number}
        for who in granted:
            del self.requests[(number, who)]
        self.granted[number] = granted
        return granted

    def unpaired(self, number: int) -> None:
        """Round ``number`` is removed: its requests go back, its results go."""
        for who, kind in self.granted.pop(number, {}).items():
            self.requests[(number, who)] = kind
        self.drop_round(number)
        if number == 1:
            self.status = "registration"  # the first pairing closed the registration; unpairing it opens it

    def drop_round(self, number: int) -> None:
        for key in [k for k in self.results if k[0] == number]:
            del self.results[key]

    def enter(self, key: ResultKey, code: str) -> None:
        self.entered.add(key)
        if canonical(code):
            self.results[key] = canonical(code)
        else:
            self.results.pop(key, None)

    def settle(self, folder: Path, number: int, first: str, second: str) -> None:
        """A match's forfeit entered or taken back: the results the program gave its boards (an empty
        board's forfeit) may go or come back; those entered stay as they are."""
        for key in [k for k in self.results if k[:3] == (number, first, second) and k not in self.entered]:
            del self.results[key]
        for key, code in views.results(folder).items():
            if key[:3] == (number, first, second) and key not in self.results and key not in self.entered:
                self.results[key] = code

    def drop_kept_under_forfeits(self) -> None:
        """An export and its import: the boards kept under a match forfeit are not exported (README,
        "Team events"; export warns of it), so their results go."""
        forfeited = {key[:3] for key, code in self.results.items() if key[3] == "match" and code in ("+/-", "-/+", "-/-")}
        for key in [k for k in self.results if k[3] not in ("", "match") and k[:3] in forfeited]:
            del self.results[key]
            self.entered.discard(key)

    def absorb(self, folder: Path, rounds: set[int] | None = None) -> None:
        """The results the program entered by itself: those in the folder on boards the model
        has no result for (only in ``rounds``, when given)."""
        for key, code in views.results(folder).items():
            if key not in self.results and (rounds is None or key[0] in rounds):
                self.results[key] = code

    def finished_early(self, last: int, late: frozenset[str] | set[str] = frozenset()) -> None:
        """``finalize --after-round K --yes``: the rounds after K, their requests and the withdrawals
        from them go; so do the late entries for a round after K (``late``), with their withdrawals
        (``finish_early`` removes them and says so; harness seed 3704)."""
        for request in [k for k in self.requests if k[0] > last]:
            del self.requests[request]
        for number in [n for n in self.granted if n > last]:
            del self.granted[number]
        for key in [k for k in self.results if k[0] > last]:
            del self.results[key]
        for who in [w for w, after in self.withdrawn.items() if after >= last or w in late]:
            del self.withdrawn[who]


def disagreements(model: Model, folder: Path) -> list[str]:
    """How the folder differs from what was asked."""
    out = []
    held = views.requests(folder)
    if held != model.requests:
        lost = {k: v for k, v in model.requests.items() if held.get(k) != v}
        extra = {k: v for k, v in held.items() if model.requests.get(k) != v}
        out.append(f"requested byes: asked {_pairs(lost)} but the folder holds {_pairs(extra)}")
    found = views.results(folder)
    for key, code in sorted(model.results.items()):
        if found.get(key) != code:
            out.append(f"result of {_key(key)}: entered {code}, the round file holds {found.get(key) or 'none'}")
    for key, code in sorted(found.items()):
        if key not in model.results:
            out.append(f"result of {_key(key)}: the round file holds {code}, which no command entered")
    have = views.withdrawn(folder)
    if set(have) != set(model.withdrawn):
        out.append(f"withdrawn: asked {sorted(model.withdrawn)}, the folder has {sorted(have)}")
    if views.status(folder) != model.status:
        out.append(f"status: expected {model.status}, the folder has {views.status(folder)}")
    return out


def _pairs(requests: dict[tuple[int, str], str]) -> str:
    return "{" + ", ".join(f"round {r}: {who} {kind}" for (r, who), kind in sorted(requests.items())) + "}"


def _key(key: ResultKey) -> str:
    number, first, second, where = key
    if where == "":
        return f"round {number} {first} - {second}"
    return f"round {number} {first} - {second}, {'the match line' if where == 'match' else 'board ' + where}"
