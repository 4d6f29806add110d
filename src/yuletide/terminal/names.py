"""Players by name, not by seat number (the browser's ``static/js/names.js``, in Python).

The table model counts seats ("seat 2's hand", "Seat 4 offers you the Blue ♦") because
it is built from one seat's view and knows no names. The terminal knows who sits where
(the bots it runs, or a server's seat list), so it says "Medium bot 2's hand", "Dad"
and "you"/"your" for the viewer, in the table, the prompt, the log, the end screen and
the replay. The rules and the set of text keys are names.js's, so both clients read alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict, TypeVar

from ..table.model import Table


class Person(TypedDict):
    """Who sits at a seat: ``kind`` "bot" or "human"; ``name`` ("medium bot", "Dad")."""

    kind: str
    name: str


People = Sequence[Person | None]
Say = Callable[[str], str]

#: Keys of the table model whose text is read by people (never ids, notation or kinds).
WORDS = frozenset(
    {"label", "text", "headline", "note", "detail", "sentence", "reason", "tiebreak", "title"}
    | {"knowledge"}
)
#: Keys whose values are kept as they are (engine actions, references, cells).
KEEP = frozenset({"send", "refs", "id", "start", "end"})

_MANY = re.compile(r"\b([Ss])eats ((?:\d+, )*\d+) and (\d+)('s)?")
#: The model's verbs after a seat ("Seat 2 wins"), as they read after "you".
YOU_VERB = {
    "is": "are",
    "was": "were",
    "has": "have",
    "wins": "win",
    "loses": "lose",
    "draws": "draw",
    "plays": "play",
    "passes": "pass",
    "takes": "take",
    "gets": "get",
    "scores": "score",
    "asks": "ask",
    "offers": "offer",
    "buys": "buy",
    "declines": "decline",
    "places": "place",
    "moves": "move",
    "picks": "pick",
    "answers": "answer",
    "swaps": "swap",
    "points": "point",
    "completes": "complete",
    "goes": "go",
    "needs": "need",
    "holds": "hold",
}
_ONE = re.compile(r"\b([Ss])eat (\d+)('s)?(?![\d.])(?: (" + "|".join(YOU_VERB) + r")\b)?")
_ANY = re.compile(r"\b[Ss]eats? \d")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def person_label(people: People, seat: int) -> str:
    """What a seat is called: the player's name, or "Easy bot 3" for a bot."""
    p = people[seat] if 0 <= seat < len(people) else None
    if p is None:
        return f"Player {seat + 1}"
    fallback = "Bot" if p["kind"] == "bot" else f"Player {seat + 1}"
    name = _capital(str(p.get("name") or fallback).strip())
    if p["kind"] == "bot":
        # two bots of one level would read the same: the seat number tells them apart
        same = sum(
            1
            for q in people
            if q is not None
            and q["kind"] == "bot"
            and _capital(str(q.get("name") or "Bot").strip()) == name
        )
        return f"{name} {seat + 1}" if same > 1 else name
    return name


def namer(people: People, viewer: int | None) -> Say:
    """A function that rewrites "seat 2", "Seat 2's" and "seats 1, 2 and 4" (counted
    from 1) as names, and as "you"/"your" for the viewer."""
    if not any(p is not None for p in people):
        return lambda text: text

    def one(n: int, capitalise: bool, possessive: bool) -> str:
        seat = n - 1
        if seat == viewer:
            word = "your" if possessive else "you"
            return _capital(word) if capitalise else word
        return person_label(people, seat) + ("'s" if possessive else "")

    def many(m: re.Match[str]) -> str:
        nums = [*(int(x) for x in m[2].split(", ")), int(m[3])]
        words = [one(n, i == 0 and m[1] == "S", False) for i, n in enumerate(nums)]
        return ", ".join(words[:-1]) + " and " + words[-1] + ("'s" if m[4] else "")

    def single(m: re.Match[str]) -> str:
        seat, verb = int(m[2]), m[4]
        word = one(seat, m[1] == "S", bool(m[3]))
        if verb is None:
            return word
        # "Seat 2 wins" read by seat 2: "You win", not "You wins"
        return f"{word} {YOU_VERB[verb] if seat - 1 == viewer and not m[3] else verb}"

    def say(text: str) -> str:
        if not _ANY.search(text):
            return text
        return _ONE.sub(single, _MANY.sub(many, text))

    return say


T = TypeVar("T")


def name_value(value: T, say: Say, key: str = "") -> T:
    """A copy of ``value`` (the table model, log lines) with every seat number in its
    words named (names.js ``nameModel``)."""
    out: Any
    if isinstance(value, str):
        out = say(value) if key in WORDS or key == "*" else value
    elif isinstance(value, list):
        inner = "*" if key in ("columns", "rows", "*") else key
        out = [name_value(v, say, inner) for v in value]
    elif isinstance(value, Mapping):
        out = {k: v if k in KEEP else name_value(v, say, k) for k, v in value.items()}
    else:
        out = value
    return out  # type: ignore[no-any-return]


def name_model(model: Table, people: People, viewer: int | None) -> Table:
    """The table model in names. Your own seat reads "You" (or "Dad (you)"), as the
    browser's seat heads do, rather than the model's "You (seat 1)"."""
    if not any(p is not None for p in people):  # nobody is known: the model as it is
        return model
    out: Table = name_value(model, namer(people, viewer))
    for s in out["seats"]:
        if s["you"]:
            p = people[s["seat"]] if 0 <= s["seat"] < len(people) else None
            name = p.get("name") if p is not None and p["kind"] == "human" else None
            real = name and not name.startswith("Player ")  # a server's stand-in name
            s["label"] = f"{name} (you)" if real else "You"
    return out


def local_people(players: int, me: int | None, bots: str, name: str | None = None) -> list[Person]:
    """The people of a game on this machine: the player at ``me`` (their ``name``, if
    given) and one bot of level ``bots`` at every other seat ("Medium bot 2")."""
    level = bots.rsplit(":", 1)[-1] if ":" in bots else bots
    return [
        {"kind": "human", "name": name or ""}
        if s == me
        else {"kind": "bot", "name": f"{level} bot"}
        for s in range(players)
    ]


def server_people(seats: Sequence[Mapping[str, Any]], players: int) -> list[Person | None]:
    """A server's seat list (the ``seats`` frame) as people, indexed by seat."""
    out: list[Person | None] = [None] * players
    for row in seats:
        seat = row.get("seat")
        if isinstance(seat, int) and 0 <= seat < players:
            kind = "bot" if row.get("kind") == "bot" else "human"
            out[seat] = {"kind": kind, "name": str(row.get("name") or "")}
    return out
