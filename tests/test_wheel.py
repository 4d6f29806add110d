"""The built wheel carries the browser client (issue 14, item 2): ``python -m build``
makes a wheel from a copy of the source, which is installed in a fresh venv, and the
lobby, a table page, the client's scripts and the rules pages (each room's rules.md, the
rulings page) are served from that install by a real ``yuletide serve``.

The fresh venv gets the wheel alone (``--no-deps``); its third-party packages (FastAPI,
uvicorn…) come from the test's own environment through PYTHONPATH, which holds no
``yuletide`` (the development install is an editable finder that PYTHONPATH does not
run), so every file the pages need must come from the wheel — checked by asking the
installed package where it lives.
"""

from __future__ import annotations

import os
import re
import shutil
import site
import subprocess
import sys
import time
import venv
import zipfile
from pathlib import Path

import httpx
import pytest

from yuletide.docs import rules_page, rulings_page

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.xdist_group("services")


def _build_wheel(tmp: Path) -> Path:
    src = tmp / "src-copy"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        if (ROOT / name).exists():
            shutil.copy(ROOT / name, src / name)
    shutil.copytree(
        ROOT / "src", src / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    out = tmp / "dist"
    done = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(src)],
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (wheel,) = out.glob("yuletide-*.whl")
    return wheel


def test_the_wheel_serves_the_lobby_from_a_fresh_venv(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    static = [n for n in names if n.startswith("yuletide/server/static/")]
    for page in ("lobby.html", "table.html", "replay.html", "rules.html"):
        assert f"yuletide/server/static/{page}" in static, f"{page} is not in the wheel"
    assert any(n.endswith(".js") for n in static) and any(n.endswith(".css") for n in static)
    # the rules pages: each room's rules.md and the rulings page they cite
    assert "yuletide/games/rulings.md" in names
    pages = [n for n in names if n.startswith("yuletide/games/") and n.endswith("/rules.md")]
    assert len(pages) == 15, pages

    env_dir = tmp_path / "fresh"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    done = subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(site.getsitepackages()),
        "PYTHONUNBUFFERED": "1",
    }
    where = subprocess.run(
        [str(py), "-c", "import yuletide; print(yuletide.__file__)"],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert where.stdout.strip().startswith(str(env_dir)), where.stdout + where.stderr

    db = tmp_path / "wheel.db"
    log = (tmp_path / "serve.log").open("w+")
    proc = subprocess.Popen(
        [
            str(env_dir / "bin" / "yuletide"),
            "serve",
            "--port",
            "0",
            "--db",
            f"sqlite:///{db}",
            "--migrate",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        base = None
        deadline = time.monotonic() + 60
        while base is None and time.monotonic() < deadline:
            assert proc.poll() is None, Path(log.name).read_text()
            found = re.search(r"http://[\d.]+:\d+", Path(log.name).read_text())
            if found:
                base = found.group(0)
            else:
                time.sleep(0.2)
        assert base is not None, Path(log.name).read_text()
        lobby = httpx.get(base + "/", timeout=30)
        assert lobby.status_code == 200 and "<html" in lobby.text.lower()
        scripts = re.findall(r'src="(/static/[^"]+)"', lobby.text)
        styles = re.findall(r'href="(/static/[^"]+\.css)"', lobby.text)
        assert scripts and styles
        for path in scripts + styles:
            assert httpx.get(base + path, timeout=30).status_code == 200, path
        assert httpx.get(base + "/play/anything", timeout=30).status_code == 200
        games = httpx.get(base + "/api/games", timeout=30).json()
        assert len(games) == 15
        rules = httpx.get(base + "/api/games/blink/rules", timeout=30).json()
        assert rules["markdown"] == rules_page("blink")
        rulings = httpx.get(base + "/api/rulings", timeout=30).json()
        assert rulings["markdown"] == rulings_page()
    finally:
        proc.terminate()
        proc.wait(30)
        log.close()
