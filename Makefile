# paston: `make run` plays, `make test` checks everything. Both work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip
RUNTIME := $(VENV)/.installed-runtime
STAMP   := $(VENV)/.installed-test

.PHONY: run test lint typecheck contracts pytest system-deps bench clean

# What playing needs; the test tools (Playwright, Ray, OpenSpiel, linters) only for `make test`.
$(RUNTIME): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e .
	touch $(RUNTIME)

$(STAMP): $(RUNTIME)
	$(PIP) install --quiet -e '.[test,postgres]'
	touch $(STAMP)

## make run: create the virtualenv, install, start the main program on its defaults.
run: $(RUNTIME)
	$(VENV)/bin/paston serve

## make test: install what the tests need (system packages included), lint, type-check, check
## the import contracts, test.
test: system-deps $(STAMP) lint typecheck contracts pytest

# Debian's Chromium drives the browser tests (never a downloaded browser build);
# a PostgreSQL server runs the store's tests on Postgres.
system-deps:
	@missing=; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages for the tests:$$missing"; \
		SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# The import contracts of .importlinter: no generic module imports a game package, the games
# are independent, the layers hold, no import cycle.
contracts: $(STAMP)
	$(VENV)/bin/lint-imports --no-cache

# The browser tests run on their own: Playwright's sync API keeps an event loop in the
# worker's main thread, which the asyncio-based server tests cannot share. A browser test
# that fails is run once more (and named in the summary as rerun, -rR) as a last guard for a
# loaded machine; a test that fails twice fails the build. Tests wait as hang guards, never
# against the clock: a rerun named there is a test to fix (its first failure is printed
# under "first failures of rerun tests"). The slowest tests are listed, to keep the suite
# within CI's time.
pytest: $(STAMP)
	$(VENV)/bin/pytest -q -n 2 --dist loadgroup --timeout 600 --durations 15 -m "not browser"
	$(VENV)/bin/pytest -q -rR -n 2 --timeout 600 --durations 10 -m browser --reruns 1 --reruns-delay 2

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
