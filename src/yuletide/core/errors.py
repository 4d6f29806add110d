"""The errors the engine raises. Each says what was wrong and what is allowed.

Every bad input to a public function of the engine raises one of these (never a raw
KeyError, IndexError, TypeError, ValueError, AssertionError or RecursionError), and
raising one leaves the state as it was. All are ``ValueError`` subclasses through
:class:`YuletideError`, so ``except YuletideError`` catches every one.
"""

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
    """Text that is not an action of this game; the message lists the accepted forms.
    Also raised for an action object that is not one of this game's actions (built by
    hand with values out of range, or belonging to another game)."""


class InvalidArgument(YuletideError):
    """A call with an argument of the wrong kind or out of range (a log position that
    does not exist, an RNG that is not a :class:`~yuletide.core.rng.Rng`); the message
    says what is allowed."""


class InvalidSeat(InvalidArgument, IllegalAction):
    """A seat that is not a seat of this game: not a whole number (``True``, ``"0"``,
    ``1.5``), or out of range (``-1``, ``players``). Per-seat functions raise it rather
    than reading another seat's window. It is also an IllegalAction, because ``apply``
    has always raised that for a bad seat."""


class InvalidOption(YuletideError):
    """A bad game id, player count or option; the message lists what is allowed."""


class CorruptSave(YuletideError):
    """A saved game or replay record that cannot be loaded as it is; says what is wrong."""
