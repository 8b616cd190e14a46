# Burgle Bros. in the browser: the offline static site.
#   make play    install what is missing, build, serve on http://127.0.0.1:8000
#   make test    install, build, lint, run every test (what CI runs)
#   make check   the quick loop: format check, lint, types, every test but the browser ones
#   make site    build the deployable site into site/
#   make bench   engine benchmark, then page load times against a bare PyScript page
# Installs are idempotent: stamp files under .venv/ and node_modules/ record what is done.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check
BUILD := build
SITE := site
PORT ?= 8000

# The runtime served by the site: pyodide's own micropip (its version is named in
# pyodide-lock.json; PyPI's wheel is pinned here by hash). npm pins PyScript and Pyodide.
MICROPIP := micropip-0.11.1-py3-none-any.whl
MICROPIP_REQ := tools/runtime-requirements.txt

# Chromium for the browser tests: Debian's package, never a browser download.
CHROMIUM ?= $(shell command -v chromium || command -v chromium-browser || echo /usr/bin/chromium)
export CHROMIUM
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Another install holding apt's lock makes apt wait for it (up to 10 minutes), not fail.
APT_GET := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600
APT_INSTALL := $(APT_GET) install -y --no-install-recommends

ENGINE_SOURCES := pyproject.toml README.md $(shell find engine -name '*.py' 2>/dev/null)
SITE_SOURCES := index.html pyscript.toml manifest.webmanifest tools/build_site.py \
	tools/precompile.py tools/precompile.mjs \
	$(shell find ui assets -type f -not -name '*.pyc' 2>/dev/null)

# Tests run on this many processes (pytest-xdist); a test file stays on one process, so the
# browser tests' module-scoped pages are started once. PYTEST_WORKERS=0 runs them in-process.
PYTEST_WORKERS ?= 2
PYTEST_PARALLEL := $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(PYTEST_WORKERS) --dist loadfile)

.PHONY: help install site play test check lint bench clean distclean chromium screenshots

help:
	@sed -n '2,7p' Makefile | sed 's/^# *//'

install: $(VENV)/.installed node_modules/.installed chromium

$(VENV)/.installed: pyproject.toml
	@command -v $(PYTHON) >/dev/null || { $(APT_GET) update && $(APT_INSTALL) python3 python3-venv python3-pip; }
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV) || { \
		$(APT_GET) update && $(APT_INSTALL) python3-venv && rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }
	$(PIP) install -q -e '.[dev]'
	@touch $@

node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { $(APT_GET) update && $(APT_INSTALL) nodejs npm; }
	npm ci --ignore-scripts --no-audit --no-fund
	@touch $@

chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
		echo "Chromium not found: installing Debian's chromium package"; \
		$(APT_GET) update && $(APT_INSTALL) chromium; \
	fi

$(BUILD)/runtime/$(MICROPIP): $(MICROPIP_REQ) $(VENV)/.installed
	$(PIP) download -q --no-deps --only-binary=:all: --python-version 3.14 --require-hashes \
		-r $(MICROPIP_REQ) -d $(BUILD)/runtime
	@touch $@

$(BUILD)/engine-wheel/.built: $(ENGINE_SOURCES) $(VENV)/.installed
	@# setuptools stages files in build/lib: clear it, or a deleted module would stay in the wheel
	rm -rf $(BUILD)/engine-wheel $(BUILD)/lib $(BUILD)/bdist.*
	$(PIP) wheel -q --no-deps -w $(BUILD)/engine-wheel .
	@touch $@

$(SITE)/sw.js: $(BUILD)/engine-wheel/.built $(BUILD)/runtime/$(MICROPIP) \
		node_modules/.installed $(SITE_SOURCES)
	$(PY) tools/build_site.py --engine-wheel $(BUILD)/engine-wheel \
		--micropip-wheel $(BUILD)/runtime/$(MICROPIP) --out $(SITE)

site: $(SITE)/sw.js

play: $(VENV)/.installed node_modules/.installed site
	$(PY) tools/serve.py --dir $(SITE) --port $(PORT)

lint: $(VENV)/.installed
	$(PY) -m ruff format --check .
	$(PY) -m ruff check .
	$(PY) -m mypy

# No site build and no browser: under 2 minutes on 2 cores.
check: lint
	$(PY) -m pytest -m "not browser" -p no:cacheprovider $(PYTEST_PARALLEL)

# The 20 slowest tests are printed: where the time goes.
test: install site lint
	$(PY) -m pytest --durations=20 $(PYTEST_PARALLEL)

bench: install site
	@if [ -f bench/engine_bench.py ]; then $(PY) bench/engine_bench.py; \
	else echo "bench/engine_bench.py does not exist yet: engine benchmark skipped"; fi
	$(PY) bench/link_bench.py
	$(PY) bench/bot_bench.py
	$(PY) bench/hint_bench.py
	HINT_BENCH_GAMES=40 HINT_BENCH_LOST_VISUAL=1 $(PY) bench/hint_bench.py
	$(PY) bench/autopilot_page_bench.py --site $(SITE)
	$(PY) bench/click_bench.py --site $(SITE)
	$(PY) bench/site_bench.py --site $(SITE)

# PNGs of the page at three window sizes (start, crowded mid-game, safe cracking, end, legend),
# into screenshots/ (git-ignored): look at them after any change to the page's looks.
screenshots: install site
	$(PY) tools/screenshots.py --site $(SITE) --out screenshots

clean:
	rm -rf $(SITE) $(SITE).tmp $(BUILD) screenshots .bench .pytest_cache .ruff_cache test-results

distclean: clean
	rm -rf $(VENV) node_modules
