"""The events of a game's log as a seat saw them (``State.events``, ``State.apply``).

Every event is a flat JSON object with one envelope (:class:`EventEnvelope`): ``type``
first, the kind of event (``play``, ``deal``), and ``seat`` where the event is one
seat's doing; its other keys are its kind's own, per game (each room's
``_render_event`` makes them, and its table module's ``describe`` puts them in words).

:data:`Event`, the type every engine returns, is a plain ``dict`` for the type checker:
a TypedDict open to more keys than it declares (PEP 728's ``extra_items``) is not yet
understood by mypy, and the kinds' keys are not declared per game. Once they are,
``Event`` becomes that TypedDict (the envelope plus the kinds' keys) without a change
of output.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

__all__ = ["Event", "EventEnvelope"]


class EventEnvelope(TypedDict):
    """The keys every game's events share."""

    #: The kind of event, the first key (``play``, ``deal``, ``round_end``).
    type: str
    #: The seat whose doing the event is, where it is one seat's (counted from 0).
    seat: NotRequired[int]


#: One event as a seat saw it: the envelope (:class:`EventEnvelope`) and its kind's keys.
Event = dict[str, Any]
