"""What a bot is given: one seat's window onto the game, never the state itself."""

from __future__ import annotations

from typing import Any, Protocol

from ..core.rng import Rng
from ..core.state import Action, State


class SeatWindow:
    """Everything one seat may use to decide: its view, its legal actions, its log and
    determinizations (for search). Made once per seat per match; it follows the game."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game_id(self) -> str:
        return self._state.game_id

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions(self.seat)

    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def events(self, start: int = 0) -> list[dict[str, Any]]:
        return self._state.events(self.seat, start)

    def determinize(self, rng: Rng) -> State:
        """A full state consistent with what this seat knows (a sample, not the truth)."""
        return self._state.determinize(self.seat, rng)


class Bot(Protocol):
    """A player program. ``act`` returns one of ``window.legal_actions()``."""

    name: str

    def act(self, window: SeatWindow) -> Action: ...
