# floe: `make run` opens the shell, `make test` runs every test. Both install what is missing first.
BUILD_DIR ?= build/release
DEBUG_DIR ?= build/debug
JOBS ?= $(shell nproc)
# How many times longer `make torture` runs the tests labelled `torture` than `make test` does.
TORTURE_SCALE ?= 100
# The libFuzzer build (clang, ASan + UBSan) and how many inputs `make fuzz` runs per target.
FUZZ_DIR ?= build/fuzz
FUZZ_RUNS ?= 10000000

.PHONY: all build debug deps run test torture fuzz bench clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

debug: deps
	@cmake -S . -B $(DEBUG_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DFLOE_SANITIZE=ON >/dev/null
	@cmake --build $(DEBUG_DIR) -j $(JOBS)

run: build
	@$(BUILD_DIR)/tools/floe/floe --warehouse ./warehouse

# Every test, the long ones in their short versions: at most 30 minutes on 2 cores from a
# clean clone, builds included (README, "Test time is a budget").
test: build
	@scripts/install-test-tools.sh
	@cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# The long versions: fuzzing, corrupted files and concurrent writers, TORTURE_SCALE times
# the iterations `make test` runs (FLOE_TORTURE_SCALE; ctest -N -L torture lists them).
# Then `make fuzz`.
torture: build
	@cd $(BUILD_DIR) && FLOE_TORTURE_SCALE=$(TORTURE_SCALE) ctest --output-on-failure -j $(JOBS) -L torture --timeout 3600
	@$(MAKE) --no-print-directory fuzz

# Coverage-guided fuzzing (issue 13): clang builds the fuzz targets of test/fuzz (the
# Parquet reader, the Avro manifest list and manifest readers, the table metadata parser,
# the SQL parser, the JSON reader, Puffin files and deletion vectors) with libFuzzer, ASan and UBSan in $(FUZZ_DIR), and scripts/fuzz.sh runs
# each for FUZZ_RUNS executions (10M: about an hour per target on one core) from its
# committed corpus, failing on any crash, sanitizer report, hang or runaway allocation;
# findings land in $(FUZZ_DIR)/findings/. `make test` replays the committed corpus with
# the ordinary build (ctest -R fuzz/). Shorter: `make fuzz FUZZ_RUNS=100000`.
fuzz:
	@scripts/install-deps.sh fuzz
	@CC=clang CXX=clang++ cmake -S . -B $(FUZZ_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release -DFLOE_FUZZ=ON >/dev/null
	@cmake --build $(FUZZ_DIR) -j $(JOBS) --target fuzzers
	@scripts/fuzz.sh $(FUZZ_DIR) $(FUZZ_RUNS)

# The benchmark needs only the shell: a fresh machine builds it, not every test binary.
bench: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target floe
	@scripts/install-test-tools.sh
	@bench/run

clean:
	rm -rf build
