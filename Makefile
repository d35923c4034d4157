# floe: `make run` opens the shell, `make test` runs every test. Both install what is missing first.
BUILD_DIR ?= build/release
DEBUG_DIR ?= build/debug
JOBS ?= $(shell nproc)

.PHONY: all build debug deps run test unit sqltest interop bench clean

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

test: build
	@scripts/install-test-tools.sh
	@cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# The benchmark needs only the shell: a fresh machine builds it, not every test binary.
bench: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target floe
	@scripts/install-test-tools.sh
	@bench/run

clean:
	rm -rf build
