# Spades Scorekeeper: `make run` to use it, `make test` to check it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test lint bench screenshots system-deps system-deps-test clean

# The runtime install; re-done when pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	touch $@

# The runtime plus what the tests need.
$(VENV)/.installed-test: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(VENV)/.installed-run $@

node_modules/.installed: package.json
	npm install --no-audit --no-fund --silent
	touch $@

system-deps:
	sh scripts/system-deps.sh run

system-deps-test:
	sh scripts/system-deps.sh test

run: system-deps $(VENV)/.installed-run
	$(BIN)/scorekeeper migrate
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT)

test: system-deps-test $(VENV)/.installed-test node_modules/.installed lint
	$(BIN)/python -m pytest

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: system-deps $(VENV)/.installed-test
	@for b in bench/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# Regenerate docs/screenshots/ (phone pages and PDF pages) after a visible change.
screenshots: system-deps-test $(VENV)/.installed-test
	$(BIN)/python scripts/screenshots.py
	$(BIN)/python scripts/screenshots_memory.py

clean:
	rm -rf $(VENV) node_modules build dist *.egg-info
