#!/usr/bin/env bash
# Issue 13, the security suite: symbolic links under the warehouse that lead out of it. A
# table folder, metadata folder, data folder, partition folder, data file, metadata file or
# manifest replaced by a link to a folder or file outside: no statement (INSERT, INSERT
# OVERWRITE, DELETE, rewrite_data_files, ALTER TABLE, CREATE TABLE, COPY TO, DROP TABLE ...
# PURGE) writes, changes or deletes anything outside the warehouse. Writes that would go
# through a linked folder fail with an error saying the link leads outside; reads may follow
# links (the files are the warehouse owner's). Outside is fingerprinted (names, sizes,
# modes, contents) before and after each statement. (floe has no remove_orphan_files.)
#   links_leading_out.sh <path to the floe binary>
set -uo pipefail
floe="$1"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
warehouse="$root/warehouse"
outside="$root/outside"
mkdir -p "$outside"
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() { "$floe" --warehouse "$warehouse" -csv -c "$1" 2>&1; }
# Every file and folder outside, with size, mode and content hash.
fingerprint() {
  (cd "$outside" && find . -printf '%p %y %s %m\n' | sort && find . -type f -exec md5sum {} + | sort -k2)
}
# SQL that must leave outside as it was; "refused" also wants the link error.
expect_untouched() {  # refused|ok, SQL
  local before out status
  before="$(fingerprint)"
  out="$(run "$2")"
  status=$?
  if [[ "$1" == refused ]]; then
    if [[ $status == 0 ]]; then
      fail "not refused: $2"
    elif [[ "$out" != *"leads outside it"* ]]; then
      fail "refused, but not for the link: $2"$'\n'"$out"
    fi
  elif [[ $status != 0 ]]; then
    fail "failed: $2"$'\n'"$out"
  fi
  [[ "$(fingerprint)" == "$before" ]] || fail "changed files outside the warehouse: $2"
}
# Makes ns.$1, partitioned by a, with 4 rows in partitions 1 and 2 (a DELETE of s = 'x'
# rewrites a file, of s = 'y' drops one whole).
make_table() {
  run "CREATE TABLE ns.$1 (a INT, s STRING) USING iceberg PARTITIONED BY (a);
       INSERT INTO ns.$1 VALUES (1, 'x'), (1, 'q'), (2, 'y'); INSERT INTO ns.$1 VALUES (1, 'z')" >/dev/null ||
    fail "cannot make ns.$1"
}
# Moves $1 (under the warehouse) to $2 (outside) and leaves a link in its place.
link_out() {
  mkdir -p "$(dirname "$2")"
  mv "$1" "$2"
  ln -s "$2" "$1"
}
writes_refused() {  # table, what ALTER TABLE (a metadata file only) gets: refused|ok
  expect_untouched refused "INSERT INTO ns.$1 VALUES (1, 'w')"
  expect_untouched refused "INSERT OVERWRITE ns.$1 VALUES (2, 'o')"
  expect_untouched refused "DELETE FROM ns.$1 WHERE s = 'x'"
  expect_untouched refused "CALL floe.system.rewrite_data_files(table => 'ns.$1', options => map('rewrite-all', 'true'))"
  expect_untouched "$2" "ALTER TABLE ns.$1 ADD COLUMN c INT"
}

# 1. The table folder.
make_table tf
link_out "$warehouse/ns/tf" "$outside/tf"
out="$(run "SELECT count(*) AS n FROM ns.tf")"
[[ "$out" == $'n\n4' ]] || fail "the table behind a linked folder does not read: $out"
writes_refused tf refused
expect_untouched refused "CREATE OR REPLACE TABLE ns.tf USING iceberg AS SELECT 1 AS a"
expect_untouched ok "DROP TABLE ns.tf PURGE"

# 2. The metadata folder.
make_table mf
link_out "$warehouse/ns/mf/metadata" "$outside/mf/metadata"
writes_refused mf refused
expect_untouched ok "DROP TABLE ns.mf PURGE"

# 3. The data folder.
make_table df
link_out "$warehouse/ns/df/data" "$outside/df/data"
writes_refused df ok
expect_untouched ok "DROP TABLE ns.df PURGE"

# 4. One partition's folder: writes to it are refused, to the other one land.
make_table pf
link_out "$warehouse/ns/pf/data/a=1" "$outside/pf/a=1"
expect_untouched refused "INSERT INTO ns.pf VALUES (1, 'w')"
expect_untouched refused "INSERT OVERWRITE ns.pf VALUES (1, 'o')"
expect_untouched ok "INSERT INTO ns.pf VALUES (2, 'w')"
expect_untouched ok "DELETE FROM ns.pf WHERE s = 'y'"
expect_untouched ok "DROP TABLE ns.pf PURGE"

# 5. A data file, a manifest and the current metadata file, each a link to a copy outside:
#    reads follow them, writes put new files in the warehouse, PURGE deletes at most the links.
make_table ff
for pattern in '*.parquet' '*-m0.avro' '*.metadata.json'; do
  file="$(find "$warehouse/ns/ff" -name "$pattern" | sort | tail -1)"
  mkdir -p "$outside/ff"
  cp "$file" "$outside/ff/$(basename "$file")"
  rm "$file"
  ln -s "$outside/ff/$(basename "$file")" "$file"
done
out="$(run "SELECT count(*) AS n FROM ns.ff")"
[[ "$out" == $'n\n4' ]] || fail "the table with linked files does not read: $out"
expect_untouched ok "DELETE FROM ns.ff WHERE s = 'y'"
expect_untouched ok "CALL floe.system.rewrite_data_files(table => 'ns.ff', options => map('rewrite-all', 'true'))"
expect_untouched ok "INSERT INTO ns.ff VALUES (2, 'v')"
expect_untouched ok "ALTER TABLE ns.ff ADD COLUMN c INT"
out="$(run "SELECT count(*) AS n FROM ns.ff")"
[[ "$out" == $'n\n4' ]] || fail "the table with linked files did not take the writes: $out"
expect_untouched ok "DROP TABLE ns.ff PURGE"

# 6. A new table whose folder name is taken by a link leading out, and a namespace folder
#    that is one: CREATE TABLE, CTAS and COPY TO into them are refused.
mkdir -p "$outside/newt"
ln -s "$outside/newt" "$warehouse/ns/newt"
expect_untouched refused "CREATE TABLE ns.newt (a INT) USING iceberg"
expect_untouched refused "CREATE TABLE ns.newt USING iceberg AS SELECT 1 AS a"
mkdir -p "$outside/ns2"
ln -s "$outside/ns2" "$warehouse/ns2"
expect_untouched refused "CREATE TABLE ns2.t USING iceberg AS SELECT 1 AS a"
expect_untouched refused "COPY (SELECT 1 AS a) TO '$warehouse/ns2/out.parquet'"

# The warehouse still works, and no link was needed for it.
out="$(run "CREATE TABLE ns.after (a INT) USING iceberg; INSERT INTO ns.after VALUES (1); SELECT a FROM ns.after")"
[[ "$out" == $'a\n1' ]] || fail "a plain table after the links: $out"

if [[ $failures -gt 0 ]]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "links leading out: every check passed"
