"""Text as people write it, and names: what every text field of the model and every name allows.

Plain functions, without pydantic, so that the command line checks ``--by`` without loading the
model; :mod:`arbiter_cli.core.model` makes its ``Text`` and ``Name`` fields of them and names them too.
"""

from __future__ import annotations

import unicodedata

__all__ = ["BIDI_CONTROLS", "NAME_LENGTH", "printable", "name_text"]

#: The characters that set the direction of the text around them (Unicode's bidirectional
#: controls: the marks LRM, RLM and ALM, the embeddings and overrides U+202A-U+202E, the isolates
#: U+2066-U+2069). In a name they would reorder the text of the line it is shown in (a U+202E
#: turns "Smith 1-0" into "0-1 htimS"); a name in Arabic or Hebrew needs none of them.
BIDI_CONTROLS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

#: The longest name (of a player, a team, a club or an event), in characters (issue 26): FIDE's
#: rating list holds names of some 50, a TRF file 33; longer is a mistake (a pasted paragraph).
NAME_LENGTH = 100


def printable(value: str) -> str:
    """Text as people write it: no control character (a newline, a tab, a NUL, C0 or C1 ...) and
    no bidirectional control (:data:`BIDI_CONTROLS`) anywhere, wherever it comes from (a command,
    a CSV or TRF file, a hand edit), since it would break the files and pages made from it.

    >>> printable("Çelik, Ayşe")
    'Çelik, Ayşe'
    >>> printable("New" + chr(10) + "Line")
    Traceback (most recent call last):
    ...
    ValueError: contains a control character ('\\n'); use plain text on one line
    >>> printable("Smith" + chr(0x202E))
    Traceback (most recent call last):
    ...
    ValueError: contains a bidirectional control character (U+202E), which would reorder the text around it; use plain text
    """
    for char in value:
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            raise ValueError(f"contains a control character ({char!r}); use plain text on one line")
        if char in BIDI_CONTROLS:
            raise ValueError(f"contains a bidirectional control character (U+{ord(char):04X}), which would reorder "
                             "the text around it; use plain text")
    return value


def name_text(value: str) -> str:
    """A name (of a player, a team, a club, an event): printable text (:func:`printable`) of at
    most :data:`NAME_LENGTH` characters, its spaces around not counted.

    >>> name_text("Çelik, Ayşe")
    'Çelik, Ayşe'
    >>> name_text("x" * 8000)
    Traceback (most recent call last):
    ...
    ValueError: is 8000 characters long; a name has at most 100
    """
    length = len(value.strip())
    if length > NAME_LENGTH:
        raise ValueError(f"is {length} characters long; a name has at most {NAME_LENGTH}")
    return printable(value)
