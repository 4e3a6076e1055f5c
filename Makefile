# Two commands on a fresh machine: `make run` and `make test`.
# Both create .venv when it is missing and (re)install when pyproject.toml changes. Each
# install keeps its own stamp: `make run` installs only what running needs (the package and
# its dependencies), `make test` and `make lint` add the dev extra, `make bench` the bench one.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench
PIP := $(PY) -m pip install --quiet --disable-pip-version-check

.PHONY: run test test-loaded lint bench clean browser

# The Python pyproject.toml's requires-python asks for (>=3.11), checked before any pip
# runs: a .venv made by an older Python (a `make run` under 3.10, say) is made afresh, and
# a $(PYTHON) too old is one sentence, not pip's "requires a different Python".
NEEDS_PYTHON := import sys; sys.exit(sys.version_info < (3, 11))

$(RUN_STAMP): pyproject.toml
	@$(PYTHON) -c '$(NEEDS_PYTHON)' 2>/dev/null || { echo "$(PYTHON) is not Python 3.11 or newer, which the bot needs: install one and run make again (or make PYTHON=python3.11 ...)." >&2; exit 2; }
	@if test -x $(PY) && ! $(PY) -c '$(NEEDS_PYTHON)' 2>/dev/null; then \
		echo "$(VENV) was made by $$($(PY) --version 2>&1 || echo an unusable Python): making it afresh with $(PYTHON)"; \
		rm -rf $(VENV); \
	fi
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	$(PIP) -e .
	touch $(RUN_STAMP)

# After the runtime install (a venv made afresh drops every stamp with it).
$(DEV_STAMP): $(RUN_STAMP)
	$(PIP) -e '.[dev]'
	touch $(DEV_STAMP)

$(BENCH_STAMP): $(RUN_STAMP)
	$(PIP) -e '.[bench]'
	touch $(BENCH_STAMP)

run: $(RUN_STAMP)
	$(PY) -m bot

# The sandbox's browser test (tests/sandbox/test_sandbox_browser.py) drives Debian's Chromium:
# installed here when it is missing and make runs as root with apt-get (as CI does); elsewhere
# that one test is skipped with a line saying so (and fails under CI=true).
HAS_CHROMIUM := command -v chromium || command -v chromium-browser || command -v google-chrome
browser:
	@($(HAS_CHROMIUM)) >/dev/null 2>&1 || { test "$$(id -u)" = 0 && command -v apt-get >/dev/null 2>&1 && { \
		echo "installing Debian's chromium for the sandbox's browser test"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null 2>&1 || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null; }; }; } || true

test: $(DEV_STAMP) browser
	$(PY) -m pytest -q

# The whole suite beside BURNERS CPU-burning processes (docs/testing.md, "Under load").
# The burners are stopped however pytest ends (pass, fail, Ctrl-C); `timeout` ends
# them anyway should make itself be killed.
BURNERS ?= 2
test-loaded: $(DEV_STAMP) browser
	@pids=; trap 'kill $$pids 2>/dev/null; wait $$pids 2>/dev/null' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	for i in $$(seq $(BURNERS)); do timeout 1800 $(PYTHON) -c 'while True: pass' & pids="$$pids $$!"; done; \
	echo "pytest beside $(BURNERS) CPU burners:$$pids"; \
	$(PY) -m pytest -q -p no:randomly $(PYTEST_ARGS)

lint: $(DEV_STAMP)
	$(VENV)/bin/ruff check bot cogs tests bench sandbox lab
	$(VENV)/bin/mypy

bench: $(BENCH_STAMP)
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
