#!/usr/bin/env bash
# Issue 13, "Bounded reads and resources": a FIFO, or a metadata file over the 1 GiB cap,
# met as a Parquet file or as a table's metadata file, manifest list, manifest or data
# file, is an error that names the path and what it is, within seconds: never a hang,
# never memory without bound, never the file's bytes. (Devices: the SQL logic tests
# test/sql/parquet/special_files.test and test/sql/iceberg/special_files.test.)
#   special_files.sh <path to the floe binary>
set -uo pipefail
floe="$1"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
warehouse="$root/warehouse"
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# why: a read that blocks would hang the test; the timeout makes it a failure instead
run() { timeout 30 "$floe" --warehouse "$warehouse" -csv -c "$1" 2>&1; }
expect_ok() { local out; out="$(run "$1")" || fail "expected success: $1"$'\n'"$out"; }
expect_error() {  # SQL, expected substring
  local out status
  out="$(run "$1")"
  status=$?
  if [[ $status == 124 ]]; then fail "timed out: $1"; return; fi
  if [[ $status == 0 ]]; then fail "expected an error: $1"; return; fi
  [[ "$out" == *"$2"* ]] || fail "expected an error containing '$2' from: $1"$'\n'"got: $out"
  [[ "$out" != *"format-version"* ]] || fail "the error shows a file's bytes: $out"
}

# 1. read_parquet and parquet_metadata of a FIFO: refused, without waiting for a writer.
mkfifo "$root/pipe.parquet"
expect_error "SELECT * FROM read_parquet('$root/pipe.parquet')" \
  "cannot read file \"$root/pipe.parquet\": it is a FIFO, not a regular file"
expect_error "SELECT * FROM parquet_metadata('$root/pipe.parquet')" \
  "cannot read file \"$root/pipe.parquet\": it is a FIFO, not a regular file"
# A FIFO among a folder's files is not one of its files.
expect_ok "COPY (SELECT 1 AS x) TO '$root/mixed/a.parquet'"
mkfifo "$root/mixed/b.parquet"
out="$(run "SELECT x FROM read_parquet('$root/mixed')")"
[[ "$out" == $'x\n1' ]] || fail "the folder with a FIFO did not read its one file: $out"

# 2. A table each of whose files in turn is replaced by a FIFO.
expect_ok "CREATE TABLE ns.t (a INT) USING iceberg; INSERT INTO ns.t VALUES (1), (2)"
metadata="$(find "$warehouse" -name '*.metadata.json' | sort | tail -1)"
list="$(find "$warehouse" -name 'snap-*.avro' | head -1)"
manifest="$(find "$warehouse" -name '*.avro' ! -name 'snap-*' | head -1)"
data="$(find "$warehouse" -name '*.parquet' | head -1)"
for file in "$metadata" "$list" "$manifest" "$data"; do
  [[ -f "$file" ]] || { fail "the table has no file like $file"; continue; }
  mv "$file" "$file.saved"
  mkfifo "$file"
  expect_error "SELECT * FROM ns.t" "cannot read file \"$file\": it is a FIFO, not a regular file"
  rm "$file"
  mv "$file.saved" "$file"
done
out="$(run "SELECT sum(a) AS s FROM ns.t")"
[[ "$out" == $'s\n3' ]] || fail "the mended table did not read back: $out"

# 3. The manifest list mapped to /dev/zero: refused, not read without end.
expect_error "SET floe.location_map = '$list=/dev/zero'; SELECT * FROM ns.t" \
  "cannot read file \"/dev/zero\": it is a character device, not a regular file"

# 4. The metadata file and the manifest list grown past the cap (sparse: no disk used).
for file in "$metadata" "$list"; do
  cp "$file" "$file.saved"
  truncate -s $(((1 << 30) + 1)) "$file"
  expect_error "SELECT * FROM ns.t" \
    "cannot read file \"$file\" whole: it is 1073741825 bytes, more than the 1 GiB a metadata file may be"
  mv "$file.saved" "$file"
done

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all special-file checks passed"
