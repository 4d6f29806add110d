"""Browser tests: Debian's Chromium driven by Playwright's async API (no pytest-playwright
plugin: its sync flavour breaks the suite's async tests, STACK.md §2), against a real
uvicorn server per module (tests/server/kit.py). Screenshots go to test-artifacts/.

Chromium must be installed (.ci/run installs it): without it these tests fail, loudly,
never skip."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright
from tests.server.kit import Api, Server, ServerProcess, sqlite_url

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-default-apps",
    "--disable-extensions",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium"
            " (apt-get install chromium; .ci/run installs it)",
            pytrace=False,
        )
    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            await b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A `yuletide serve` process on a SQLite file: the server and its bots run outside
    the test process, so the browser driving and the server do not share one GIL."""
    folder = tmp_path_factory.mktemp("browser")
    path = folder / "yuletide.db"
    proc = ServerProcess(sqlite_url(path)).start(folder)
    api = Api(proc.url)
    try:
        yield proc.url, path, api
    finally:
        api.close()
        proc.stop()
