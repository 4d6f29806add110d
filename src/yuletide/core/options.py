"""Typed, validated game options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOption

OptionValue = bool | int | str


@dataclass(frozen=True, slots=True)
class Option:
    """One game option: its type is the type of its default."""

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def allowed(self) -> str:
        """What values are allowed, in words."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if isinstance(self.default, bool):
            return "true or false"
        if isinstance(self.default, int):
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            if lo and hi:
                return f"a whole number from {lo} to {hi}"
            if lo:
                return f"a whole number >= {lo}"
            return "a whole number"
        return "text"

    def validate(self, value: Any) -> OptionValue:
        """The value if it is allowed; otherwise InvalidOption saying what is."""
        kind = type(self.default)
        if type(value) is not kind:
            raise InvalidOption(
                f"option {self.name!r} must be {self.allowed()}, got {value!r}"
                f" ({type(value).__name__})"
            )
        if self.choices is not None and value not in self.choices:
            raise InvalidOption(f"option {self.name!r} must be {self.allowed()}, got {value!r}")
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (
                (self.minimum is not None and value < self.minimum)
                or (self.maximum is not None and value > self.maximum)
            )
        ):
            raise InvalidOption(f"option {self.name!r} must be {self.allowed()}, got {value!r}")
        result: OptionValue = value
        return result

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "doc": self.doc,
            "allowed": self.allowed(),
        }


def resolve_options(
    game_id: str, spec: tuple[Option, ...], given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """Every option of the game, given values validated, the rest at their defaults."""
    known = {o.name: o for o in spec}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(sorted(known)) or "none"
        raise InvalidOption(f"{game_id} has no option {unknown[0]!r}; its options are: {names}")
    return {o.name: (o.validate(given[o.name]) if o.name in given else o.default) for o in spec}
