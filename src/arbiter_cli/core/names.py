"""A person's name as names are compared: the rating lists' index (``lists find``, the check of a
NAME against a FIDE ID) and a PGN game's sides matched to the registered players use the one
folding here, so that a name found in one place is found in the other.

>>> folded("Øster, Åse")
'oster, ase'
>>> folded("O'Brien, Łukasz")
'obrien, lukasz'
"""

from __future__ import annotations

import unicodedata

__all__ = ["folded"]

#: The letters NFKD does not take apart, written as transliteration writes them (after casefold).
_LETTERS = str.maketrans({"ø": "o", "ł": "l", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
                          "ß": "ss", "ħ": "h", "ŀ": "l"})
#: Apostrophes are dropped, not made spaces: "O'Brien" is found as "obrien" and as "o'brien".
_APOSTROPHES = str.maketrans("", "", "'’‘`ʼ")


def folded(name: str) -> str:
    """``name`` without case, accents or apostrophes, the letters NFKD keeps (Ø, Ł, Æ, Œ, ß, Đ,
    Þ, ı) transliterated; punctuation and spaces are left to the caller."""
    if name.isascii():
        return name.lower().translate(_APOSTROPHES)
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return plain.casefold().translate(_LETTERS).translate(_APOSTROPHES)
