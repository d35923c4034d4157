#!/usr/bin/env bash
# Installs the Debian packages floe builds and tests with. Idempotent: runs
# apt-get only when something is missing, and prints nothing when all is present.
# `install-deps.sh fuzz` adds clang and its libFuzzer and sanitizer runtimes (`make fuzz`,
# `make torture`); `make test` does not need them.
set -euo pipefail

PACKAGES=(
  g++ cmake ninja-build pkg-config make
  libgtest-dev libgmock-dev libbenchmark-dev
  libfmt-dev libre2-dev libcctz-dev libedit-dev libsqlite3-dev
  libzstd-dev libsnappy-dev liblz4-dev zlib1g-dev libdeflate-dev libbrotli-dev
  nlohmann-json3-dev libxxhash-dev
  nodejs npm
  time
)
if [[ "${1:-}" == fuzz ]]; then
  PACKAGES+=(clang libclang-rt-dev)
fi

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

# node and npm may come from outside Debian's packages (as on the project's machines).
if command -v node >/dev/null && command -v npm >/dev/null; then
  filtered=()
  for package in "${missing[@]}"; do
    [[ "$package" == nodejs || "$package" == npm ]] || filtered+=("$package")
  done
  missing=("${filtered[@]+"${filtered[@]}"}")
fi

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
