# floe: `make run` opens the shell, `make test` runs every test. Both install what is missing first.
BUILD_DIR ?= build/release
DEBUG_DIR ?= build/debug
JOBS ?= $(shell nproc)
# How many times longer `make torture` runs the tests labelled `torture` than `make test` does.
TORTURE_SCALE ?= 100

.PHONY: all build debug deps run test torture bench clean

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
torture: build
	@cd $(BUILD_DIR) && FLOE_TORTURE_SCALE=$(TORTURE_SCALE) ctest --output-on-failure -j $(JOBS) -L torture --timeout 3600

# The benchmark needs only the shell: a fresh machine builds it, not every test binary.
bench: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target floe
	@scripts/install-test-tools.sh
	@bench/run

clean:
	rm -rf build
