"""The errors the engine raises. Each says what was wrong and what is allowed."""

from __future__ import annotations


class YuletideError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(YuletideError):
    """An action that the rules do not allow now, or from a seat that may not act.

    The message says why and cites the rule (``rule``), and never names a card the
    acting seat cannot see. Raising it leaves the state untouched.
    """

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} [{rule}]" if rule else reason)


class NotationError(IllegalAction):
    """Text that is not an action of this game; the message lists the accepted forms."""


class InvalidOption(YuletideError):
    """A bad game id, player count or option; the message lists what is allowed."""


class CorruptSave(YuletideError):
    """A saved game or replay record that cannot be loaded as it is; says what is wrong."""
