"""People's names as they enter: one spelling for one person.

A name typed on a phone, pasted from a chat or read from a file arrives in many spellings of one
person: "José" in two Unicode forms, a trailing or doubled space, a zero-width space, a
right-to-left mark. :func:`clean_name` turns each into one spelling (Unicode NFC, every run of
white space one space, no space at either end, the invisible characters dropped) and refuses a
name that is still not a name (empty, or holding a control character such as NUL, BEL, ESC or
DEL). :func:`name_key` is what two names are compared by: the clean name without regard to case,
so "ann" and "Ann" are one person in a club's memory.

Pure standard library: the games, the events' entrants and teams and the club's people all
clean names with this one statement.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

# Characters that show nothing and only split one spelling into several: zero-width spaces and
# joiners, the byte-order mark, the soft hyphen, invisible operators, the Mongolian vowel
# separator and the bidirectional controls (marks, embeddings, overrides, isolates).
INVISIBLE = frozenset(
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e"
    "\u200b\u200c\u200d\u200e\u200f"
    "\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064"
    "\u2066\u2067\u2068\u2069\u206a\u206b\u206c\u206d\u206e\u206f"
    "\u3164\ufeff\uffa0"
)

_SPACES = re.compile(r"\s+")


class NameProblem(ValueError):
    """A name that cannot be one person's: the message says why, in words for the person."""


def clean_name(text: str) -> str:
    """``text`` as one spelling: NFC, white space collapsed and trimmed, invisible characters
    dropped. Raises :class:`NameProblem` for a name that is empty once cleaned or that holds a
    control character (which no keyboard types and which breaks printing and files)."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(c for c in text if c not in INVISIBLE)
    text = _SPACES.sub(" ", text).strip()
    for c in text:
        if unicodedata.category(c) == "Cc":
            raise NameProblem(
                f"A name cannot hold a control character (U+{ord(c):04X}): type it again."
            )
    if not text:
        raise NameProblem("A name needs at least one visible character.")
    return text


def name_key(name: str) -> str:
    """What two clean names are compared by: the same person whatever the case."""
    return unicodedata.normalize("NFC", name.casefold())


# Letters Unicode does not split into a base letter and an accent, as their own languages
# write them in plain letters: Łukasz among the L's of a list, "Søren" as "Soren" in a file's
# name. Both cases: a file's name keeps its capitals until it is lower-cased.
OWN_LETTERS = str.maketrans(
    {"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "ħ": "h",
     "Ħ": "H", "ı": "i", "ŀ": "l", "Ŀ": "L", "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe",
     "Œ": "OE", "þ": "th", "Þ": "Th"}
)  # fmt: skip


def bare_letters(name: str) -> str:
    """A name's letters without accents or case ("Łukasz Nguyễn" -> "lukasz nguyen"): what an
    alphabetical list files it by and what a search for it matches (a phone's keyboard often
    has no accents: "Elodie" finds Élodie)."""
    bare = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in bare if not unicodedata.combining(c)).translate(OWN_LETTERS)


def filing_key(name: str) -> tuple[str, str]:
    """Where a name goes in an alphabetical list (the packet's *find your table*, the club's
    lists of people): by its :func:`bare_letters`, so Émile sits beside Emma and Åsa among the
    A's rather than after Zoë (by code point, every accented first letter comes after z);
    names that file alike keep one order, by the name as written."""
    return bare_letters(name), name


def typed_twice(names: Sequence[str]) -> tuple[int, str] | None:
    """Where a list of clean names (a form's seats, empty ones skipped) first names a person
    already named earlier in it, by :func:`name_key` ("ann" after "Ann"), with the words to show
    by that field; None when each names a different person. The one rule for every form that
    seats people: the new game's and the blank sheet's."""
    seen: set[str] = set()
    for i, name in enumerate(names):
        if not name:
            continue
        if name_key(name) in seen:
            return i, f"{name} is typed twice: give each a different name."
        seen.add(name_key(name))
    return None


def same_name(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` (either as typed) name the same person."""
    try:
        return name_key(clean_name(a)) == name_key(clean_name(b))
    except NameProblem:
        return False


def clean_game_names(data: object) -> object:
    """A game file (as read from JSON) with every name cleaned where it stands: the players,
    the teams and their members, the dealer, the start scores' sides and each hand's bids,
    tricks, renege and adjust keys, all mapped the same way, so a hand keyed by "Ivy" plus a
    zero-width space still names the player "Ivy". Anything not shaped like a game file is left
    for the engine to refuse. Raises :class:`NameProblem` (saying where) for a name that is not
    one, or for two spellings of one name that would become one key."""
    if not isinstance(data, dict):
        return data
    rename: dict[str, str] = {}

    def clean(raw: object, where: str) -> object:
        if not isinstance(raw, str):
            return raw
        try:
            rename[raw] = clean_name(raw)
        except NameProblem as e:
            raise NameProblem(f"{where}: {e}") from None
        return rename[raw]

    out = dict(data)
    if isinstance(data.get("players"), list):
        out["players"] = [clean(p, f"players[{i}]") for i, p in enumerate(data["players"])]
    if isinstance(data.get("teams"), dict):
        teams = {}
        for k, members in data["teams"].items():
            if isinstance(members, list):
                members = [clean(m, f"teams.{k}") for m in members]
            teams[clean(k, "teams")] = members
        if len(teams) != len(data["teams"]):
            raise NameProblem("teams: two team names are one name once cleaned.")
        out["teams"] = teams
    if isinstance(data.get("dealer"), str):
        out["dealer"] = rename.get(data["dealer"], data["dealer"])

    def keys(mapping: object, where: str) -> object:
        if not isinstance(mapping, dict):
            return mapping
        mapped = {rename.get(k, k): v for k, v in mapping.items()}
        if len(mapped) != len(mapping):
            raise NameProblem(f"{where}: two keys name one player or team.")
        return mapped

    if "start" in data:
        out["start"] = keys(data["start"], "start")
    if isinstance(data.get("hands"), list):
        hands = []
        for n, hand in enumerate(data["hands"], 1):
            if isinstance(hand, dict):
                hand = dict(hand)
                for part in ("bids", "tricks", "renege", "adjust"):
                    if part in hand:
                        hand[part] = keys(hand[part], f"hand {n} {part}")
            hands.append(hand)
        out["hands"] = hands
    return out
