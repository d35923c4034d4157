#!/usr/bin/env bash
# Issue 13, the security suite: errors leak no file content. A path that points at a secret
# text file (an /etc/passwd-like file, a service-account key in JSON, made here in a temp
# folder), and a table whose metadata JSON, manifest list, manifest or data file is replaced
# by one or is corrupt (right magic bytes, wrong body), give an error that names the file
# and says what is wrong with it, and never contains any of the file's bytes. Every
# statement that meets the file is tried: reads, writes (INSERT, DELETE, rewrite, ALTER),
# register_table, read_parquet, parquet_metadata, a location map pointing at the secret.
#   errors_leak_no_content.sh <path to the floe binary>
set -uo pipefail
floe="$1"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
warehouse="$root/warehouse"
failures=0 checked=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() { "$floe" --warehouse "$warehouse" -csv -c "$1" 2>&1; }
# SQL that must fail with an error naming $2 (a path) and holding no secret bytes.
expect_clean_error() {  # SQL, path the error names
  local out
  checked=$((checked + 1))
  if out="$(run "$1")"; then
    fail "expected an error: $1"
    return
  fi
  [[ "$out" == *"$2"* ]] || fail "the error does not name $2: $1"$'\n'"$out"
  # the secrets' distinctive parts; none of them is in any path or SQL text
  if grep -Eq 'SECRET|hunter2|root:x:0|BEGIN PRIVATE|/bin/bash|sEcReT' <<<"$out"; then
    fail "the error shows the file's bytes: $1"$'\n'"$out"
  fi
}

mkdir -p "$root/secrets"
passwd="$root/secrets/passwd"
printf 'root:x:0:0:SECRET root:/root:/bin/bash\nalice:hunter2:1000:1000::/home/alice:/bin/sh\n' >"$passwd"
key="$root/secrets/key.json"
printf '{"type": "service_account", "private_key_id": "SECRET-ID",\n "private_key": "-----BEGIN PRIVATE KEY-----\\nSECRETKEY\\n"}\n' >"$key"
utf8="$root/secrets/utf8.json"
printf '{"format-version": 2, "location": "sEcReT\xff", "password": "SECRET\xfe"}' >"$utf8"
typed="$root/secrets/typed.json"
printf '{"format-version": "SECRET-2", "table-uuid": "SECRET-UUID", "location": 17}' >"$typed"

# 1. Paths pointing at the secrets.
for secret in "$passwd" "$key" "$utf8" "$typed"; do
  expect_clean_error "SELECT * FROM read_parquet('$secret')" "$secret"
  expect_clean_error "SELECT * FROM parquet_metadata('$secret')" "$secret"
  expect_clean_error "CALL floe.system.register_table(table => 'ns.r', metadata_file => '$secret')" "$secret"
done

# 2. A table's files, each in turn replaced by a secret or corrupted behind the right
#    magic bytes; every statement that reads it fails cleanly; the warehouse is put back.
run "CREATE TABLE ns.t (a INT, s STRING) USING iceberg PARTITIONED BY (a);
     INSERT INTO ns.t VALUES (1, 'x'), (2, 'y')" >/dev/null || fail "cannot make ns.t"
metadata="$(find "$warehouse/ns/t" -name '*.metadata.json' | sort | tail -1)"
list="$(find "$warehouse/ns/t" -name 'snap-*.avro' | head -1)"
manifest="$(find "$warehouse/ns/t" -name '*-m0.avro' | head -1)"
data="$(find "$warehouse/ns/t" -name '*.parquet' | sort | head -1)"
# Corrupt bodies behind real magic bytes: Avro whose header schema is a secret, Parquet
# whose footer is a secret, JSON metadata with secret values of the wrong type.
printf 'Obj\x01\x04\x16avro.schema\x2e{"type": "SECRET-TYPE", "name": "SECRET"}\x00SECRET-SYNC-0123' >"$root/secrets/avro"
printf 'PAR1SECRET root:x:0:0 hunter2 SECRET\x16\x00\x00\x00PAR1' >"$root/secrets/parquet"
cp -a "$warehouse" "$root/saved"
for file in "$metadata" "$list" "$manifest" "$data"; do
  case "$file" in
    *.avro) variants=("$passwd" "$key" "$root/secrets/avro") ;;
    *.parquet) variants=("$passwd" "$key" "$root/secrets/parquet") ;;
    *) variants=("$passwd" "$key" "$utf8" "$typed") ;;
  esac
  for secret in "${variants[@]}"; do
    rm -rf "$warehouse"
    cp -a "$root/saved" "$warehouse"
    cp "$secret" "$file"
    expect_clean_error "SELECT * FROM ns.t" "$file"
    expect_clean_error "INSERT INTO ns.t SELECT * FROM ns.t" "$file"
    # (a filter no file statistics decide, so the DELETE reads every file)
    expect_clean_error "DELETE FROM ns.t WHERE length(s) = 1" "$file"
    if [[ "$file" != "$data" ]]; then
      expect_clean_error "CALL floe.system.rewrite_data_files(table => 'ns.t', options => map('rewrite-all', 'true'))" "$file"
    fi
    if [[ "$file" == "$metadata" ]]; then
      expect_clean_error "ALTER TABLE ns.t ADD COLUMN c INT" "$file"
      expect_clean_error "DESCRIBE ns.t" "$file"
      expect_clean_error "SELECT * FROM ns.t.snapshots" "$file"
    fi
  done
done
rm -rf "$warehouse"
cp -a "$root/saved" "$warehouse"

# 3. A location map sending the table's metadata file to a secret.
expect_clean_error "SET floe.location_map = '$metadata=$passwd'; SELECT * FROM ns.t" "$passwd"

out="$(run "SELECT count(*) AS n FROM ns.t")"
[[ "$out" == $'n\n2' ]] || fail "the mended table does not read back: $out"
if [[ $failures -gt 0 ]]; then
  echo "$failures of $checked check(s) failed"
  exit 1
fi
echo "errors leak no content: $checked errors checked"
