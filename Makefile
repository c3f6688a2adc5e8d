# Spades Scorekeeper: `make run` to use it, `make test` to check it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
# make test runs the suite on this many processes (pytest-xdist), a test file to each in turn.
TEST_WORKERS ?= 2

.PHONY: run test test-browser-late test-image lint bench screenshots system-deps system-deps-test clean lock

# The runtime install, from the lock (exact versions, checked by hash: requirements/), then the
# app itself without dependencies; re-done when the lock or pyproject.toml changes.
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
CHECK_LOCK := $(BIN)/python -m pip check --disable-pip-version-check >/dev/null || \
	($(BIN)/python -m pip check; echo 'pyproject.toml asks for what the lock lacks: make lock'; exit 1)
$(VENV)/.installed-run: pyproject.toml requirements/app.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -r requirements/app.txt
	$(PIP) --no-deps --no-build-isolation -e .
	$(CHECK_LOCK)
	touch $@

# The runtime plus what the tests need (one lock holding both).
$(VENV)/.installed-test: pyproject.toml requirements/test.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -r requirements/test.txt
	$(PIP) --no-deps --no-build-isolation -e .
	$(CHECK_LOCK)
	touch $(VENV)/.installed-run $@

# Refresh the locks from pyproject.toml's ranges (newest releases in them), then run `make test`
# before committing them: the lock holds the versions the tests passed with. The test lock is
# resolved first; the app's lock takes the same versions.
LOCK_TOOL := build/lock-tool
LOCK := $(LOCK_TOOL)/bin/pip-compile --quiet --generate-hashes --strip-extras \
	--no-emit-index-url --no-emit-find-links --build-deps-for editable --build-deps-for wheel
lock:
	test -x $(LOCK_TOOL)/bin/pip-compile || \
		($(PYTHON) -m venv $(LOCK_TOOL) && $(LOCK_TOOL)/bin/pip install --quiet pip-tools)
	$(LOCK) --upgrade --extra test -o requirements/test.txt pyproject.toml
	$(LOCK) --upgrade -c requirements/test.txt -o requirements/app.txt pyproject.toml

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

# Python's compiled files are written even where PYTHONDONTWRITEBYTECODE is set: without them
# each test process rewrites and compiles every test module (pytest's assertions) and every
# server a test starts compiles the app again; about 30 s of each worker's start on this machine.
test: system-deps-test $(VENV)/.installed-test node_modules/.installed lint
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile

# The browser tests with a live server answering pages, styles and scripts 0.4-1.5 s late
# (tests/late_server.py): run before landing a new browser test; not part of `make test` or CI.
LATE_TESTS ?= tests/browser/
test-browser-late: system-deps-test $(VENV)/.installed-test node_modules/.installed
	$(BIN)/python -m pytest --late-server $(LATE_TESTS)

# The container image: built with podman from the Dockerfile and checked from its own files
# (scripts/test-image.sh says how); skipped, loudly, where podman or debootstrap cannot work.
test-image: $(VENV)/.installed-test
	sh scripts/test-image.sh

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
