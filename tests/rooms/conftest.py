"""The rooms that live with the tests register only here, for one test module at a time.

``room`` (module scope, autouse): imports ``rooms.nim_lights`` (importing a room registers
its game), registers it again if an earlier module unregistered it, and unregisters it
when the module's tests are done. Nothing here runs at collection: the other test
modules, which parametrize over ``yuletide.games()`` when collected, never see the game,
and neither does a test of another module in the same process (a module-scoped fixture
is torn down before the next module's tests run, xdist workers included).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest

from yuletide.core.manifest import GameSpec
from yuletide.core.registry import register, unregister

ROOM = "rooms.nim_lights"


@pytest.fixture(scope="module", autouse=True)
def room() -> Iterator[GameSpec]:
    """The test room's manifest, registered for the module's tests only."""
    spec = register(importlib.import_module(ROOM).SPEC)
    try:
        yield spec
    finally:
        unregister(spec.id)
