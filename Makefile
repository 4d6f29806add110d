# One developer loop, which CI runs exactly (.ci/run calls `make test`).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test check bench format clean

$(STAMP): pyproject.toml
	@[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	@touch $(STAMP)

## make run: play Looney Lights in the terminal against three random bots.
run: $(STAMP)
	$(BIN)/yuletide play looney-lights --players 4 --seat 0

## make check: ruff format + lint, mypy --strict on src/.
check: $(STAMP)
	$(BIN)/ruff format --check src tests
	$(BIN)/ruff check src tests
	$(BIN)/mypy

## make test: check, then the whole suite (pytest exits non-zero if nothing ran).
test: check
	$(BIN)/python -m pytest -q

## make bench: random-playout speed of every game (+ RLCard UNO when the bench extra is installed).
bench: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[bench]' || echo "bench extra (rlcard) not installable; timing Yuletide only"
	@mkdir -p bench
	$(BIN)/yuletide bench --json bench/results.json

format: $(STAMP)
	$(BIN)/ruff format src tests
	$(BIN)/ruff check --fix src tests

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
