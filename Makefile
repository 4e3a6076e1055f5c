# Two commands on a fresh machine: `make run` and `make test`.
# Both create .venv when it is missing and (re)install when pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-loaded lint bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

test: $(STAMP)
	$(PY) -m pytest -q

# The whole suite beside BURNERS CPU-burning processes (docs/testing.md, "Under load").
# The burners are stopped however pytest ends (pass, fail, Ctrl-C); `timeout` ends
# them anyway should make itself be killed.
BURNERS ?= 2
test-loaded: $(STAMP)
	@pids=; trap 'kill $$pids 2>/dev/null; wait $$pids 2>/dev/null' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	for i in $$(seq $(BURNERS)); do timeout 1800 $(PYTHON) -c 'while True: pass' & pids="$$pids $$!"; done; \
	echo "pytest beside $(BURNERS) CPU burners:$$pids"; \
	$(PY) -m pytest -q -p no:randomly $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check bot cogs tests bench
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,bench]'
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
