# Two commands set everything up on a fresh machine:
#   make run    create .venv, install, open the designer on the bundled example
#   make test   create .venv, install, run the whole suite headless
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
EXAMPLE := resources/examples/dgx-h100-16-node.json

.PHONY: run test bench soak venv wheel package clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Cluster Designer needs Python 3.11 or newer; found " + sys.version.split()[0])'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@# compiled once here as pip compiles a wheel's modules (PYTHONDONTWRITEBYTECODE=1, set on
	@# some machines, would else make every start compile ~75 modules again, ~0.1 s)
	$(BIN)/python -m compileall -q designer
	@touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(BIN)/designer $(EXAMPLE)

test: $(STAMP)
	$(BIN)/ruff check designer tests
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider

# Benchmarks are not part of `make test`: they measure, they do not pass or fail.
# (tests/benchmarks/conftest.py compiles the sources first, as an installed program is.)
# Each file in a process of its own, as a user's action runs in a window holding one design:
# in one process the 131,072-GPU window's heap, left by an earlier file, slowed the
# 16,384-GPU drag-move from 37 to 56 ms median.
bench: $(STAMP)
	@status=0; for f in tests/benchmarks/test_*.py; do \
		QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $$f -q --benchmark-enable --benchmark-only || status=1; \
	done; exit $$status

# Long fault-injection and property runs (not part of `make test`): 100,000 loader
# mutants, thousands of edit state machines on every starting design, 200 saves killed.
soak: $(STAMP)
	CD_SOAK=1 QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -s -p no:cacheprovider \
		tests/test_hardening_fuzz.py tests/test_edits_state_machine.py tests/test_edits_property.py \
		tests/test_live_findings.py tests/test_hardening_writers.py

wheel: $(STAMP)
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir dist .

# The one-dir desktop build (PyInstaller, installed into the venv here) and its smoke test
# against the built executable; not part of `make test`. See packaging/README.md.
PYINSTALLER_STAMP := $(VENV)/.pyinstaller-stamp
$(PYINSTALLER_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet 'pyinstaller>=6.10,<7'
	@touch $(PYINSTALLER_STAMP)

package: $(PYINSTALLER_STAMP)
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/cluster-designer.spec
	$(BIN)/python packaging/smoke_test.py dist/cluster-designer/designer build/smoke
	@du -sh dist/cluster-designer

clean:
	rm -rf $(VENV) .pytest_cache .benchmarks
