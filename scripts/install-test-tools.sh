#!/usr/bin/env bash
# Installs the project's pinned npm test tools (test/interop/package-lock.json):
# DuckDB and independent Parquet / Avro / Iceberg readers. Quiet when already in place.
set -euo pipefail
cd "$(dirname "$0")/../test/interop"
stamp=node_modules/.floe-lock
if [[ -f "$stamp" ]] && cmp -s package-lock.json "$stamp"; then
  exit 0
fi
if ! command -v npm >/dev/null; then
  echo "install-test-tools: npm is missing; interop tests will be skipped" >&2
  exit 0
fi
npm ci --no-audit --no-fund --loglevel=error >/dev/null
cp package-lock.json "$stamp"
