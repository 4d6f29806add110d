"""The schema of a view: typed fields that declare every key of one game's ``view(seat)``
and turn it into a fixed slice of a flat float vector.

Each room's ``view.py`` declares its view as one :class:`Record` (built with
:func:`common`, which adds the keys every game shares). That record is the contract every
consumer reads: the conformance suite checks every view it visits against it
(:meth:`Field.check`, strictly: unknown keys, tokens outside the vocabulary, lists longer
than their slots, numbers outside their range), and ``yuletide.rl`` compiles the
observation encoding from it. Compiling a record for a player count fixes every slice,
so the layout is a table that can be printed (:meth:`Field.layout`) and cited: the same
view always gives the same vector, and a vector position always means the same thing.
Every value lies in [0, 1]:

* one-hot and multi-hot slots are 0 or 1; a count is divided by its stated ``cap``;
  a number is scaled from its stated range; anything past the bounds is clipped.
* seats are *relative to the observer*: slot 0 is the observing seat, slot 1 the seat
  after it, and so on, so one policy can play any seat.
* ``None`` (nothing there) encodes as all zeros; an optional part that could also be
  all zeros when present gets a presence slot (:class:`Opt`, list items of :class:`Seq`).

Encoding never looks past the view: a field receives only its own part of the view
(and the observing seat and player count, both in the view). Conventions every game
shares: ``game``, ``players`` and ``seat`` are left out of the vector (the environment
fixes them, and every seat field is already relative to ``seat``); a ``turn_limit``
option is left out (a constant of the table); the outcome encodes its status and
winners only (rewards carry the rest). Vocabularies list every value the rules can
produce, in the rulebook's order; counts are divided by the most the box holds.
Pure Python, no dependencies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: A compiled encoder: writes ``value`` into ``buf`` (slot -> value; slots not written
#: are 0) at offset ``off`` for observer ``me``.
Writer = Callable[[Any, dict[int, float], int, int], None]


class EncodingError(ValueError):
    """A view does not fit its encoding (raised by :meth:`Field.check`)."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One row of a layout: ``size`` slots from ``start`` mean ``meaning`` at ``path``."""

    start: int
    size: int
    path: str
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Field:
    """One part of a view and the slice of the vector it fills."""

    __slots__ = ()

    def size(self, players: int) -> int:
        raise NotImplementedError

    def writer(self, players: int) -> Writer:
        """A function writing a value of this field at a given offset."""
        raise NotImplementedError

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        """This field's layout rows."""
        return [Slot(start, self.size(players), path, self.meaning())]

    def meaning(self) -> str:
        raise NotImplementedError

    def check(self, value: Any, players: int, path: str) -> None:
        """EncodingError unless ``value`` fits this field exactly."""
        raise NotImplementedError

    def layout(self, players: int) -> list[Slot]:
        return self.rows(players, "", 0)


def _fail(path: str, message: str) -> EncodingError:
    return EncodingError(f"{path or 'the view'}: {message}")


class Skip(Field):
    """A part of the view left out of the vector, with the reason (free text that repeats
    structured parts, constants of the game's options, the raw outcome text)."""

    __slots__ = ("why",)

    def __init__(self, why: str) -> None:
        self.why = why

    def size(self, players: int) -> int:
        return 0

    def writer(self, players: int) -> Writer:
        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            return None

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        return []

    def meaning(self) -> str:
        return f"not encoded: {self.why}"

    def check(self, value: Any, players: int, path: str) -> None:
        return None


class Flag(Field):
    """A boolean: 1 for true (``None`` and false are 0)."""

    __slots__ = ()

    def size(self, players: int) -> int:
        return 1

    def writer(self, players: int) -> Writer:
        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                buf[off] = 1.0

        return write

    def meaning(self) -> str:
        return "1 if true"

    def check(self, value: Any, players: int, path: str) -> None:
        if value is not None and not isinstance(value, bool):
            raise _fail(path, f"expected true/false, got {value!r}")


class Num(Field):
    """A number scaled from ``[lo, hi]`` to [0, 1] and clipped (``None`` is 0). With
    ``clip`` the number may pass ``hi`` in play (a turn counter): it then reads 1;
    without it a number outside the range is a view that outgrew its encoding."""

    __slots__ = ("clip", "hi", "lo")

    def __init__(self, hi: float, lo: float = 0, *, clip: bool = False) -> None:
        if not hi > lo:
            raise ValueError(f"Num needs hi > lo, got lo={lo} hi={hi}")
        self.lo = lo
        self.hi = hi
        self.clip = clip

    def size(self, players: int) -> int:
        return 1

    def writer(self, players: int) -> Writer:
        lo, span = self.lo, self.hi - self.lo

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value is not None:
                x = (value - lo) / span
                if x > 0.0:
                    buf[off] = x if x < 1.0 else 1.0

        return write

    def meaning(self) -> str:
        scaled = (
            f"value / {self.hi:g}"
            if self.lo == 0
            else f"(value - {self.lo:g}) / {self.hi - self.lo:g}"
        )
        return scaled + (", 1 from there on" if self.clip else "")

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _fail(path, f"expected a number, got {value!r}")
        if value < self.lo or (value > self.hi and not self.clip):
            raise _fail(path, f"{value!r} is outside the encoded range {self.lo}..{self.hi}")


class Token(Field):
    """One value of a vocabulary, one-hot (``None`` is all zeros)."""

    __slots__ = ("index", "vocab")

    def __init__(self, vocab: Iterable[Any]) -> None:
        self.vocab = tuple(vocab)
        if len(set(self.vocab)) != len(self.vocab):
            raise ValueError(f"a vocabulary repeats a value: {self.vocab}")
        self.index = {v: i for i, v in enumerate(self.vocab)}

    def size(self, players: int) -> int:
        return len(self.vocab)

    def writer(self, players: int) -> Writer:
        index = self.index

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value is not None:
                buf[off + index[value]] = 1.0

        return write

    def meaning(self) -> str:
        return "one-hot: " + ", ".join(str(v) for v in self.vocab)

    def check(self, value: Any, players: int, path: str) -> None:
        if value is not None and (isinstance(value, list | dict) or value not in self.index):
            raise _fail(path, f"{value!r} is not one of {list(self.vocab)}")


class Bag(Field):
    """A list of vocabulary values as counts (order left out), each count / ``cap``."""

    __slots__ = ("cap", "index", "vocab")

    def __init__(self, vocab: Iterable[Any], cap: int) -> None:
        self.vocab = tuple(vocab)
        self.index = {v: i for i, v in enumerate(self.vocab)}
        self.cap = cap

    def size(self, players: int) -> int:
        return len(self.vocab)

    def writer(self, players: int) -> Writer:
        index, step = self.index, 1.0 / self.cap

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                get = buf.get
                for v in value:
                    k = off + index[v]
                    x = get(k, 0.0) + step
                    buf[k] = x if x < 1.0 else 1.0

        return write

    def meaning(self) -> str:
        what = "multi-hot" if self.cap == 1 else f"count / {self.cap} of each"
        return f"{what}: " + ", ".join(str(v) for v in self.vocab)

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list):
            raise _fail(path, f"expected a list, got {value!r}")
        for v in value:
            if isinstance(v, list | dict) or v not in self.index:
                raise _fail(path, f"{v!r} is not one of {list(self.vocab)}")
        for v in set(value):
            if value.count(v) > self.cap:
                raise _fail(path, f"{value.count(v)} x {v!r} is more than the cap {self.cap}")


class Counts(Field):
    """A dict from vocabulary values to counts (missing keys are 0), each count / ``cap``."""

    __slots__ = ("bag",)

    def __init__(self, vocab: Iterable[Any], cap: int) -> None:
        self.bag = Bag(vocab, cap)

    def size(self, players: int) -> int:
        return len(self.bag.vocab)

    def writer(self, players: int) -> Writer:
        index, cap = self.bag.index, self.bag.cap

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for k, c in value.items():
                    if c:
                        buf[off + index[k]] = 1.0 if c >= cap else c / cap

        return write

    def meaning(self) -> str:
        return self.bag.meaning()

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            raise _fail(path, f"expected an object of counts, got {value!r}")
        for k, c in value.items():
            if k not in self.bag.index:
                raise _fail(path, f"key {k!r} is not one of {list(self.bag.vocab)}")
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= self.bag.cap:
                raise _fail(f"{path}.{k}", f"expected a count 0..{self.bag.cap}, got {c!r}")


class Seat(Field):
    """A seat number, one-hot relative to the observer (slot 0: the observer itself)."""

    __slots__ = ()

    def size(self, players: int) -> int:
        return players

    def writer(self, players: int) -> Writer:
        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value is not None:
                buf[off + (value - me) % players] = 1.0

        return write

    def meaning(self) -> str:
        return "one-hot seat, relative: [you, next seat, ...]"

    def check(self, value: Any, players: int, path: str) -> None:
        if value is not None and (type(value) is not int or not 0 <= value < players):
            raise _fail(path, f"expected a seat 0..{players - 1}, got {value!r}")


class Seats(Field):
    """A list of seats, multi-hot relative to the observer (order left out)."""

    __slots__ = ()

    def size(self, players: int) -> int:
        return players

    def writer(self, players: int) -> Writer:
        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for s in value:
                    buf[off + (s - me) % players] = 1.0

        return write

    def meaning(self) -> str:
        return "multi-hot seats, relative: [you, next seat, ...]"

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list):
            raise _fail(path, f"expected a list of seats, got {value!r}")
        for s in value:
            Seat().check(s, players, path)


class Opt(Field):
    """An optional part: a presence slot (1 when the value is not None), then the part."""

    __slots__ = ("inner",)

    def __init__(self, inner: Field) -> None:
        self.inner = inner

    def size(self, players: int) -> int:
        return 1 + self.inner.size(players)

    def writer(self, players: int) -> Writer:
        inner = self.inner.writer(players)

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value is not None:
                buf[off] = 1.0
                inner(value, buf, off + 1, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        return [Slot(start, 1, path, "1 if present"), *self.inner.rows(players, path, start + 1)]

    def check(self, value: Any, players: int, path: str) -> None:
        if value is not None:
            self.inner.check(value, players, path)


class Seq(Field):
    """A list in order: ``length`` items, each a presence slot then the item's slots. A
    list the rules let grow past what is worth encoding declares its true bound as
    ``most``: it may hold that many, and the encoding keeps the first ``length``."""

    __slots__ = ("item", "length", "most")

    def __init__(self, item: Field, length: int, *, most: int | None = None) -> None:
        self.item = item
        self.length = length
        self.most = length if most is None else most

    def size(self, players: int) -> int:
        return self.length * (1 + self.item.size(players))

    def writer(self, players: int) -> Writer:
        item, width, length = self.item.writer(players), 1 + self.item.size(players), self.length

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for i, v in enumerate(value[:length]):
                    at = off + i * width
                    buf[at] = 1.0
                    item(v, buf, at + 1, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        width = 1 + self.item.size(players)
        rows = [
            Slot(
                start,
                self.size(players),
                f"{path}[0..{self.length - 1}]",
                f"{self.length} items of {width} slots each"
                + (
                    f" (the first {self.length} of up to {self.most})"
                    if self.most > self.length
                    else ""
                )
                + ":",
            )
        ]
        rows.append(Slot(start, 1, f"{path}[i]", "1 if the list has an item i"))
        for row in self.item.rows(players, f"{path}[i]", start + 1):
            rows.append(row)
        return rows

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list):
            raise _fail(path, f"expected a list, got {value!r}")
        if len(value) > self.most:
            raise _fail(path, f"{len(value)} items, more than the {self.most} it may hold")
        for i, v in enumerate(value):
            self.item.check(v, players, f"{path}[{i}]")


class PerSeat(Field):
    """A list with one item per seat, rotated so that the observer's item comes first
    (an empty list, nothing yet for any seat, is all zeros)."""

    __slots__ = ("item",)

    def __init__(self, item: Field) -> None:
        self.item = item

    def size(self, players: int) -> int:
        return players * self.item.size(players)

    def writer(self, players: int) -> Writer:
        item, width = self.item.writer(players), self.item.size(players)

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for s, v in enumerate(value):
                    item(v, buf, off + ((s - me) % players) * width, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        width = self.item.size(players)
        head = Slot(
            start,
            self.size(players),
            f"{path}[seat]",
            f"{players} blocks of {width} slots, one per seat: you first, then clockwise",
        )
        return [head, *self.item.rows(players, f"{path}[seat]", start)]

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list) or len(value) not in (0, players):
            raise _fail(path, f"expected one item per seat ({players}) or none, got {value!r}")
        for s, v in enumerate(value):
            self.item.check(v, players, f"{path}[{s}]")


class SeatKeys(Field):
    """An object keyed by seat number (as text), rotated like :class:`PerSeat`; a missing
    seat is all zeros, a present one gets a presence slot."""

    __slots__ = ("item",)

    def __init__(self, item: Field) -> None:
        self.item = item

    def size(self, players: int) -> int:
        return players * (1 + self.item.size(players))

    def writer(self, players: int) -> Writer:
        item, width = self.item.writer(players), 1 + self.item.size(players)

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for k, v in value.items():
                    at = off + ((int(k) - me) % players) * width
                    buf[at] = 1.0
                    item(v, buf, at + 1, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        width = 1 + self.item.size(players)
        return [
            Slot(
                start,
                self.size(players),
                f"{path}[seat]",
                f"{players} blocks of {width} slots, one per seat, you first: 1 if present, then:",
            ),
            *self.item.rows(players, f"{path}[seat]", start + 1),
        ]

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            raise _fail(path, f"expected an object keyed by seat, got {value!r}")
        for k, v in value.items():
            if k not in {str(s) for s in range(players)}:
                raise _fail(path, f"key {k!r} is not a seat")
            self.item.check(v, players, f"{path}.{k}")


class Keyed(Field):
    """An object keyed by vocabulary values, each present key's item in its own block (a
    presence slot, then the item)."""

    __slots__ = ("index", "item", "keys")

    def __init__(self, keys: Iterable[str], item: Field) -> None:
        self.keys = tuple(keys)
        self.index = {k: i for i, k in enumerate(self.keys)}
        self.item = item

    def size(self, players: int) -> int:
        return len(self.keys) * (1 + self.item.size(players))

    def writer(self, players: int) -> Writer:
        item, width, index = self.item.writer(players), 1 + self.item.size(players), self.index

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for k, v in value.items():
                    at = off + index[k] * width
                    buf[at] = 1.0
                    item(v, buf, at + 1, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        width = 1 + self.item.size(players)
        return [
            Slot(
                start,
                self.size(players),
                f"{path}[key]",
                f"{len(self.keys)} blocks of {width} slots, one per key in the order "
                + ", ".join(self.keys)
                + ": 1 if present, then:",
            ),
            *self.item.rows(players, f"{path}[key]", start + 1),
        ]

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            raise _fail(path, f"expected an object, got {value!r}")
        for k, v in value.items():
            if k not in self.index:
                raise _fail(path, f"key {k!r} is not one of {list(self.keys)}")
            self.item.check(v, players, f"{path}.{k}")


class Record(Field):
    """An object with named parts, each its own field, in the order given. A missing key
    encodes as ``None``; :meth:`check` refuses a key the record does not name."""

    __slots__ = ("parts",)

    def __init__(self, **parts: Field) -> None:
        self.parts: dict[str, Field] = parts

    def size(self, players: int) -> int:
        return sum(f.size(players) for f in self.parts.values())

    def writer(self, players: int) -> Writer:
        # One-hot tokens and flags, the most common parts, are written inline (a call
        # per part is most of the cost of a record); every other part by its writer.
        tokens: list[tuple[str, int, dict[Any, int]]] = []
        flags: list[tuple[str, int]] = []
        others: list[tuple[str, int, Writer]] = []
        at = 0
        for name, f in self.parts.items():
            n = f.size(players)
            if type(f) is Token:
                tokens.append((name, at, f.index))
            elif type(f) is Flag:
                flags.append((name, at))
            elif n:
                others.append((name, at, f.writer(players)))
            at += n

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value is None:
                return
            get = value.get
            for name, rel, index in tokens:
                v = get(name)
                if v is not None:
                    buf[off + rel + index[v]] = 1.0
            for name, rel in flags:
                if get(name):
                    buf[off + rel] = 1.0
            for name, rel, w in others:
                w(get(name), buf, off + rel, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        rows: list[Slot] = []
        at = start
        for name, f in self.parts.items():
            rows.extend(f.rows(players, f"{path}.{name}" if path else name, at))
            at += f.size(players)
        return rows

    def skipped(self, path: str = "") -> list[tuple[str, str]]:
        """(path, reason) of every part left out, nested records included."""
        out: list[tuple[str, str]] = []
        for name, f in self.parts.items():
            sub = f"{path}.{name}" if path else name
            if isinstance(f, Skip):
                out.append((sub, f.why))
            elif isinstance(f, Record):
                out.extend(f.skipped(sub))
        return out

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            raise _fail(path, f"expected an object, got {value!r}")
        extra = sorted(set(value) - set(self.parts))
        if extra:
            raise _fail(path, f"key {extra[0]!r} has no place in the encoding")
        for name, f in self.parts.items():
            f.check(value.get(name), players, f"{path}.{name}" if path else name)


class Each(Field):
    """A fixed-length list (a pair of coordinates, a tile's ports) whose items all take
    the same field, in order, without presence slots: exactly ``length`` items."""

    __slots__ = ("item", "length")

    def __init__(self, item: Field, length: int) -> None:
        self.item = item
        self.length = length

    def size(self, players: int) -> int:
        return self.length * self.item.size(players)

    def writer(self, players: int) -> Writer:
        if isinstance(self.item, Num):  # the common case (counts, coordinates), inlined
            lo, span = self.item.lo, self.item.hi - self.item.lo

            def scaled(value: Any, buf: dict[int, float], off: int, me: int) -> None:
                if value:
                    for i, v in enumerate(value, off):
                        if v is not None:
                            x = (v - lo) / span
                            if x > 0.0:
                                buf[i] = x if x < 1.0 else 1.0

            return scaled
        item, width = self.item.writer(players), self.item.size(players)

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for i, v in enumerate(value):
                    item(v, buf, off + i * width, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        width = self.item.size(players)
        return [
            Slot(
                start,
                self.size(players),
                f"{path}[0..{self.length - 1}]",
                f"{self.length} items of {width} slots each:",
            ),
            *self.item.rows(players, f"{path}[i]", start),
        ]

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list) or len(value) != self.length:
            raise _fail(path, f"expected a list of exactly {self.length}, got {value!r}")
        for i, v in enumerate(value):
            self.item.check(v, players, f"{path}[{i}]")


def tokens(prefix: str, count: int, width: int = 2) -> tuple[str, ...]:
    """Card ids ``P01`` .. ``P18`` and the like: ``prefix`` plus a zero-padded number."""
    return tuple(f"{prefix}{i:0{width}d}" for i in range(1, count + 1))


def layout_table(rows: Sequence[Slot]) -> str:
    """A layout as Markdown table rows (start-stop, path, meaning)."""
    lines = ["| slots | part of the view | encoding |", "| --- | --- | --- |"]
    for r in rows:
        span = f"{r.start}" if r.size == 1 else f"{r.start}-{r.stop - 1}"
        lines.append(f"| {span} | `{r.path}` | {r.meaning} |")
    return "\n".join(lines)


# ------------------------------------------------- shared by every game

FIXED = "a constant of the table (the environment fixes it)"
TEXT = "free text that repeats structured parts of the view"
SEAT_SKIP = "the observer: every seat in the encoding is relative to it"

OUTCOME = Record(
    status=Token(("ongoing", "finished", "unfinished")),
    winners=Seats(),
    scores=Skip("rewards carry the result"),
    ranks=Skip("rewards carry the result"),
    tiebreak=Skip(TEXT),
    reason=Skip(TEXT),
    details=Skip("game-specific result details (rewards carry the result)"),
)


def common(**parts: Field) -> Record:
    """A game's view record with the parts every game shares."""
    return Record(
        game=Skip(FIXED),
        players=Skip(FIXED),
        seat=Skip(SEAT_SKIP),
        turn_limit=Skip(FIXED),
        to_act=Seats(),
        **parts,
        outcome=OUTCOME,
    )


class Tuple(Field):
    """A list whose positions mean different things (``[seller, buyer, text, ...]``)."""

    __slots__ = ("items",)

    def __init__(self, *items: Field) -> None:
        self.items = items

    def size(self, players: int) -> int:
        return sum(f.size(players) for f in self.items)

    def writer(self, players: int) -> Writer:
        plan: list[tuple[int, int, Writer]] = []
        at = 0
        for i, f in enumerate(self.items):
            n = f.size(players)
            if n:
                plan.append((i, at, f.writer(players)))
            at += n

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value is not None:
                for i, rel, w in plan:
                    w(value[i], buf, off + rel, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        rows: list[Slot] = []
        at = start
        for i, f in enumerate(self.items):
            rows.extend(f.rows(players, f"{path}[{i}]", at))
            at += f.size(players)
        return rows

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list) or len(value) != len(self.items):
            raise EncodingError(f"{path}: expected a list of {len(self.items)}, got {value!r}")
        for i, f in enumerate(self.items):
            f.check(value[i], players, f"{path}[{i}]")


class Indexes(Field):
    """A list of whole numbers from ``base`` to ``base + count - 1`` (card positions,
    answer numbers), multi-hot."""

    __slots__ = ("base", "count")

    def __init__(self, count: int, base: int = 1) -> None:
        self.count = count
        self.base = base

    def size(self, players: int) -> int:
        return self.count

    def writer(self, players: int) -> Writer:
        base, count = self.base, self.count

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for v in value:
                    if 0 <= v - base < count:
                        buf[off + v - base] = 1.0

        return write

    def meaning(self) -> str:
        return f"multi-hot of the numbers {self.base}..{self.base + self.count - 1}"

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list):
            raise EncodingError(f"{path}: expected a list of numbers, got {value!r}")
        for v in value:
            if type(v) is not int or not 0 <= v - self.base < self.count:
                raise EncodingError(
                    f"{path}: {v!r} is outside {self.base}..{self.base + self.count - 1}"
                )


class ByPosition(Field):
    """A list of ``[position, value]`` pairs (positions from 1): one block per position,
    a presence slot and the value."""

    __slots__ = ("item", "length")

    def __init__(self, length: int, item: Field) -> None:
        self.length = length
        self.item = item

    def size(self, players: int) -> int:
        return self.length * (1 + self.item.size(players))

    def writer(self, players: int) -> Writer:
        item, width = self.item.writer(players), 1 + self.item.size(players)

        def write(value: Any, buf: dict[int, float], off: int, me: int) -> None:
            if value:
                for pos, v in value:
                    at = off + (pos - 1) * width
                    buf[at] = 1.0
                    item(v, buf, at + 1, me)

        return write

    def rows(self, players: int, path: str, start: int) -> list[Slot]:
        width = 1 + self.item.size(players)
        return [
            Slot(
                start,
                self.size(players),
                f"{path}[position]",
                f"{self.length} blocks of {width} slots, positions 1..{self.length}:"
                " 1 if listed, then:",
            ),
            *self.item.rows(players, f"{path}[position]", start + 1),
        ]

    def check(self, value: Any, players: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list):
            raise EncodingError(f"{path}: expected [position, value] pairs, got {value!r}")
        for pair in value:
            if not isinstance(pair, list) or len(pair) != 2:
                raise EncodingError(f"{path}: expected a [position, value] pair, got {pair!r}")
            pos, v = pair
            if type(pos) is not int or not 1 <= pos <= self.length:
                raise EncodingError(f"{path}: position {pos!r} is outside 1..{self.length}")
            self.item.check(v, players, f"{path}[{pos}]")
