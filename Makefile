# Every target installs what it needs: `make run` and `make test` work on a fresh clone.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

HOST ?= 0.0.0.0
PORT ?= 8000

.DEFAULT_GOAL := help
.PHONY: help install browser run test test-fast bench eval train train-folds solo-sim factum-fit lint format clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c constraints.txt -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP) ## create .venv and install the project with its dev tools

browser: ## install Debian's Chromium, a Japanese font and zbarimg (QR check) for the browser tests (needs root or sudo)
	@command -v chromium >/dev/null 2>&1 && command -v zbarimg >/dev/null 2>&1 \
	  && { ! command -v dpkg >/dev/null 2>&1 || dpkg -s fonts-ipafont-gothic >/dev/null 2>&1; } \
	  || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	       $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium fonts-ipafont-gothic zbar-tools >/dev/null; }

run: $(STAMP) ## serve the API and web page to the local network (HOST=127.0.0.1 for this machine only; PUBLIC_URL for links)
	$(PY) -m companion.cli serve --host $(HOST) --port $(PORT)

test: $(STAMP) browser ## run the whole test suite (real model, SQLite, PostgreSQL/Redis when present, Chromium)
	$(PY) -m pytest

test-fast: $(STAMP) ## the tests that need neither the real model nor a browser
	$(PY) -m pytest -m "not slow and not browser"

bench: $(STAMP) ## referee latency, API throughput (closed loop, ratio to a trivial endpoint), live-table capacity (open loop), tables under a tools flood, AI move times
	$(PY) -m evals.bench_referee
	$(PY) -m evals.bench_api
	$(PY) -m evals.bench_capacity
	$(PY) -m evals.bench_flood
	$(PY) -m evals.bench_dice
	$(PY) -m evals.bench_sleeping_queens

eval: $(STAMP) ## referee P/R/F1 (embedder on/off), report + PR plot; leave-cards-out + fresh blind set; Factum guesser; ending guard
	$(PY) -m evals.referee_eval
	$(PY) -m evals.referee_lco
	$(PY) -m evals.factum_eval
	$(PY) -m evals.ending_guard_eval

train: $(STAMP) ## retrain the referee's learned path: the logistic scorer (dev split, deck), then its cross-encoder (+ custom cases, spent sets), its veto on the tables' finds and the threshold of the cast's judge; seeded, ~17 min; writes companion/referee/data/learned_mention.json and data/cross/
	mkdir -p build && rm -f build/referee_rows.npz
	nice -n 10 $(PY) -m evals.referee_train --collect-all --rows build/referee_rows.npz
	nice -n 10 $(PY) -m evals.referee_cross --rows build/referee_rows.npz --install
	rm -f build/referee_finds.npz build/referee_finds.json
	nice -n 10 $(PY) -m evals.referee_veto --vectors build/referee_finds.npz --out companion/referee/data/learned_mention.json
	nice -n 10 $(PY) -m evals.referee_recast --out companion/referee/data/learned_mention.json

train-folds: $(STAMP) ## the cross-encoder's own leave-cards-out figure: one per fold trained without its cards (~1 h, into build/cross-folds), then the leave-cards-out run with them (printed, reports untouched)
	test -f build/referee_rows.npz || nice -n 10 $(PY) -m evals.referee_train --collect-all --rows build/referee_rows.npz --out build/learned_mention.json
	for k in 0 1 2 3 4; do nice -n 10 $(PY) -m evals.referee_cross --rows build/referee_rows.npz --without-fold $$k --export build/cross-folds/fold-$$k || exit 1; done
	$(PY) -m evals.referee_lco --cross-folds build/cross-folds --no-write

solo-sim: $(STAMP) ## simulated solo Once Upon a Time games per AI level: median length, the person's win rate
	$(PY) -m evals.solo_sim --games 200

factum-fit: $(STAMP) ## build the Factum guesser's story prototypes from evals/data/factum_train and refit its weights on the dev split
	$(PY) -m evals.factum_fit

lint: $(STAMP) ## ruff + mypy (strict on companion/)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(STAMP) ## apply ruff's formatter and fixes
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean: ## remove the virtual environment and caches
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .cache
