# One developer loop, which CI runs exactly (.ci/run calls `make test`).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
ARGS   ?=
# pytest workers for make test (pytest-xdist): one per core; the server tests share one.
JOBS   ?= auto
# Pinned installs: pyproject.toml keeps version ranges (for those who install yuletide into
# their own projects); requirements/*.txt lock the exact version of every package, the
# transitive ones too, for Python 3.11 on Linux x86_64, and each install here uses its lock
# as constraints (-c: pins what is installed, installs nothing by itself), so a fresh clone
# installs the same versions on any day. run.txt: the server extra; dev.txt: the dev extra
# (which has every other extra but bench, so it pins make play's too); bench.txt: dev and
# bench. Each lock also pins pip and the build backend (requirements/tools.in).
LOCK       := requirements
# One stamp per install, so each target installs only what it needs; each depends on
# pyproject.toml and its lock, so editing the dependencies reinstalls on the next make.
STAMP      := $(VENV)/.installed
RUN_STAMP  := $(VENV)/.installed-run
PLAY_STAMP := $(VENV)/.installed-play
# make lock resolves with uv (`uv pip compile`, pinned in the locks like everything else):
# one binary with no dependencies of its own, and it resolves for the Python and platform
# named here whatever machine it runs on (pip-compile resolves for its own machine only and
# leans on pip's internals). UPGRADE= keeps every pin that still fits pyproject.toml.
UPGRADE    ?= --upgrade
COMPILE    := $(BIN)/uv pip compile -q --python-version 3.11 --python-platform x86_64-unknown-linux-gnu \
              --annotation-style line --custom-compile-command 'make lock' pyproject.toml $(LOCK)/tools.in

.PHONY: run play test check bench bench-server playthroughs docs format lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade -c $(LOCK)/run.txt pip

# dev: tests, linters and the server (the dev extra pulls in the server extra).
$(STAMP): pyproject.toml $(LOCK)/dev.txt | $(BIN)/python
	$(BIN)/python -m pip install -q -c $(LOCK)/dev.txt --build-constraint $(LOCK)/dev.txt -e '.[dev]'
	@touch $@

$(RUN_STAMP): pyproject.toml $(LOCK)/run.txt | $(BIN)/python
	$(BIN)/python -m pip install -q -c $(LOCK)/run.txt --build-constraint $(LOCK)/run.txt -e '.[server]'
	@touch $@

$(PLAY_STAMP): pyproject.toml $(LOCK)/dev.txt | $(BIN)/python
	$(BIN)/python -m pip install -q -c $(LOCK)/dev.txt --build-constraint $(LOCK)/dev.txt -e '.[cli]'
	@touch $@

## make run: start the game server (`yuletide serve`, server extra only); it prints its URL.
run: $(RUN_STAMP)
	$(BIN)/yuletide serve $(ARGS)

## make play: play Looney Lights in the terminal against three random bots (cli extra only).
play: $(PLAY_STAMP)
	$(BIN)/yuletide play looney-lights --players 4 --seat 1

## make check: ruff format + lint (src, tests, bench), mypy --strict on src/ and bench/.
check: $(STAMP)
	$(BIN)/ruff format --check src tests bench
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

## make test: check, then the whole suite (pytest exits non-zero if nothing ran). The suite
## starts its own throw-away PostgreSQL and Redis (tests/services.py; as root it apt-installs
## them if missing), or uses YULETIDE_TEST_PG_URL / YULETIDE_TEST_REDIS_URL when set.
test: check
	$(BIN)/python -m pytest -q -n $(JOBS) --dist loadgroup --durations=15

## make bench: random-playout speed of every game (+ RLCard UNO when the bench extra is installed),
## then the RL side by side (our PettingZoo envs vs texas/leduc hold'em; our ISMCTS vs OpenSpiel's),
## then hard's search in every game (iterations/s, time a move, where the time goes),
## then the calibration of the evaluation's win chances in every game (minutes a game; docs/hints.md).
bench: $(STAMP)
	$(BIN)/python -m pip install -q -c $(LOCK)/bench.txt --build-constraint $(LOCK)/bench.txt -e '.[bench]' \
		|| echo "bench extra (rlcard) not installable; timing Yuletide only"
	@mkdir -p bench
	$(BIN)/yuletide bench --json bench/results.json
	$(BIN)/python -m yuletide.rl.bench bench/rl.json --ismcts-games check-the-box,looney-lights --head-to-head check-the-box \
		--targets looney-lights=1,christmas-lights=0.5,jolly-christmas=0.5,twinkling-lights=0.5
	$(BIN)/python -m yuletide.sim.bench bench/search.json
	$(BIN)/python bench/calibration.py --out bench/calibration.json

## make bench-server: load-test the game server (yuletide.server.loadtest); pass options in ARGS="...".
bench-server: $(STAMP)
	$(BIN)/python -m yuletide.server.loadtest --game looney-lights $(ARGS)

## make playthroughs: rewrite the golden playthroughs and bot matches (tests/playthroughs/) from what the
## games now do; review the diff before committing it.
playthroughs: $(STAMP)
	$(BIN)/python tests/playthroughs/generate.py

## make docs: write docs/rules/<game>.md and docs/rulings.md from the pages the package ships
## (each room's rules.md and src/yuletide/games/rulings.md: edit those); tests/test_docs.py
## fails while docs/ is out of date.
docs: $(STAMP)
	$(BIN)/python -m yuletide.docs docs

format: $(STAMP)
	$(BIN)/ruff format src tests bench
	$(BIN)/ruff check --fix src tests bench

## make lock: refresh requirements/*.txt to the newest versions pyproject.toml allows (then
## make test, and review the diff); `make lock UPGRADE=` only follows edits to pyproject.toml.
## dev.txt first: run.txt and bench.txt take its versions, so each venv is a part of the next.
lock: | $(BIN)/python
	$(BIN)/python -m pip install -q -c $(LOCK)/dev.txt uv
	$(COMPILE) $(UPGRADE) --extra dev -o $(LOCK)/dev.txt
	$(COMPILE) $(UPGRADE) --extra server -c $(LOCK)/dev.txt -o $(LOCK)/run.txt
	$(COMPILE) $(UPGRADE) --extra dev --extra bench -c $(LOCK)/dev.txt -o $(LOCK)/bench.txt

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
