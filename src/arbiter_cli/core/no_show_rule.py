"""The no-show rule: when a forfeit loss withdraws the player (setting ``no_show_rule``).

A player who does not come to the board loses by forfeit: a *no-show*. Whether no-shows withdraw
the player is an event rule, one of:

* ``off``: never;
* ``fide``: FIDE's wording, C.04.2 (2017) D.2: "players absent without notice ... shall be
  considered withdrawn", so one no-show without notice withdraws, one with notice never does
  (the 2026 General Handling Rules drop the sentence; the General Regulations for Competitions,
  6.5, keep it unless the event's rules differ: the FIDE rules digest, C.04.2 3, "2017 D.2");
* ``federation``: the Turkish federation's rule (the default): one no-show without notice, or
  two no-shows of any kind.

A rule is a pair of limits, (no-shows without notice, no-shows of any kind), 0 for none:
``off`` is (0, 0), ``fide`` (1, 0), ``federation`` (1, 2). Folders made before the setting kept
the pair itself, as ``withdraw_after_unexcused`` and ``withdraw_after_no_shows``; they are read as
the rule with those limits (:func:`older_keys_read`), so they mean what they meant. A pair that is
none of the three is kept as the text ``"U without notice, N in all"`` (also a value the setting
takes), so that no folder changes its meaning by being read and written again.
"""

import re
from typing import NamedTuple

__all__ = ["NO_SHOW_RULES", "DEFAULT_NO_SHOW_RULE", "OLDER_KEYS", "NoShowLimits", "no_show_rule_text",
           "no_show_limits", "rule_of_limits", "older_keys_read"]

#: The rules by name, as (no-shows without notice, no-shows of any kind) that withdraw; 0: never.
NO_SHOW_RULES: dict[str, tuple[int, int]] = {"off": (0, 0), "fide": (1, 0), "federation": (1, 2)}
DEFAULT_NO_SHOW_RULE = "federation"
#: The keys of ``tournament.toml`` that held the rule before it had a name, with the default of each.
OLDER_KEYS: dict[str, int] = {"withdraw_after_unexcused": 1, "withdraw_after_no_shows": 2}

_PAIR = re.compile(r"(\d{1,3}) without notice, (\d{1,3}) in all")


class NoShowLimits(NamedTuple):
    """A rule's limits: this many no-shows without notice, or this many of any kind, withdraw
    the player (0: that count never does)."""

    unexcused: int
    total: int


def rule_of_limits(unexcused: int, total: int) -> str:
    """The rule with these limits: its name, or the text of a pair that has none.

    >>> rule_of_limits(1, 2), rule_of_limits(1, 0), rule_of_limits(0, 0), rule_of_limits(2, 3)
    ('federation', 'fide', 'off', '2 without notice, 3 in all')
    """
    for name, limits in NO_SHOW_RULES.items():
        if limits == (unexcused, total):
            return name
    return f"{unexcused} without notice, {total} in all"


def no_show_rule_text(value: str) -> str:
    """The setting's value: ``off``, ``fide`` or ``federation`` (any case), or an older folder's
    pair as ``"U without notice, N in all"`` (read as its name when it has one).

    >>> no_show_rule_text("FIDE"), no_show_rule_text("1 without notice, 2 in all")
    ('fide', 'federation')
    >>> no_show_rule_text("sometimes")
    Traceback (most recent call last):
    ...
    ValueError: 'sometimes' is no no-show rule: use off, fide (C.04.2 2017 D.2: one no-show without notice withdraws) or federation (one without notice, or two in all)
    """
    text = " ".join(value.split()).lower()
    if text in NO_SHOW_RULES:
        return text
    pair = _PAIR.fullmatch(text)
    if pair is None:
        raise ValueError(f"{value!r} is no no-show rule: use off, fide (C.04.2 2017 D.2: one no-show without notice "
                         "withdraws) or federation (one without notice, or two in all)")
    return rule_of_limits(int(pair.group(1)), int(pair.group(2)))



def no_show_limits(rule: str) -> NoShowLimits:
    """The limits of a rule (a name, or the text of a pair), as :func:`no_show_rule_text` reads it."""
    named = NO_SHOW_RULES.get(rule)
    if named is not None:
        return NoShowLimits(*named)
    pair = _PAIR.fullmatch(rule)
    if pair is None:
        raise ValueError(f"{rule!r} is no no-show rule")
    return NoShowLimits(int(pair.group(1)), int(pair.group(2)))


def older_keys_read(data: dict[str, object]) -> tuple[dict[str, object], list[tuple[str, str]]]:
    """``tournament.toml``'s table with the older keys (``withdraw_after_unexcused``,
    ``withdraw_after_no_shows``) read as ``no_show_rule``; a key that is missing had its default
    (1 and 2). Returns the table and the problems, each (key, message): a count that is not a whole
    number from 0, or the older keys beside ``no_show_rule`` (which would say it twice).

    >>> older_keys_read({"withdraw_after_no_shows": 0})
    ({'no_show_rule': 'fide'}, [])
    >>> older_keys_read({"withdraw_after_unexcused": 2, "withdraw_after_no_shows": 3})[0]
    {'no_show_rule': '2 without notice, 3 in all'}
    """
    given = [key for key in OLDER_KEYS if key in data]
    if not given:
        return data, []
    if "no_show_rule" in data:
        return data, [(given[0], "is the older form of no_show_rule, which is given too: keep only no_show_rule")]
    table = dict(data)
    limits = []
    for key, default in OLDER_KEYS.items():
        value = table.pop(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 999:
            return data, [(key, f"must be a whole number from 0 to 999 (found {value!r})")]
        limits.append(value)
    table["no_show_rule"] = rule_of_limits(*limits)
    return table, []
