#!/usr/bin/env bash
# Issue 11: DELETE (copy-on-write) and rewrite_data_files over data files that lack their
# identity-partition columns (a migrated Hive table) keep the partition values: the files
# they write hold the values the column projection reads, not NULLs. Runs on a writable
# copy of ../shared/fixtures/iceberg/impala_alltypes_part; skips (77) without fixtures.
#   identity_partition_columns.sh <path to the floe binary> <fixtures folder>
set -uo pipefail
floe="$1"
fixture="$2/iceberg/impala_alltypes_part"
if [[ ! -d "$fixture" ]]; then
  echo "skipped: missing $fixture"
  exit 77
fi
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
cp -r "$fixture" "$root/table"
chmod -R u+w "$root/table"
prefix=/test-warehouse/iceberg_test/hadoop_catalog/ice/iceberg_alltypes_part
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() {
  "$floe" --warehouse "$root/warehouse" -csv -c "SET floe.location_map = '$prefix=$root/table'; $1" 2>&1 | sed 1,2d
}
check() {  # SQL, expected output
  local out
  out="$(run "$1")"
  [[ "$out" == "$2" ]] || fail "$1"$'\n'"expected:"$'\n'"$2"$'\n'"got:"$'\n'"$out"
}

run "CALL floe.system.register_table(table => 'fx.a', metadata_file => '$prefix/metadata/v2.metadata.json')" >/dev/null
all=$'i,p_bool,p_int,p_bigint,p_float,p_double,p_decimal,p_date,p_string\n1,true,1,11,1.1,2.222,123.321,2022-02-22,impala\n2,true,1,11,1.1,2.222,123.321,2022-02-22,impala'
check "SELECT * FROM fx.a ORDER BY i" "$all"

# DELETE of one row rewrites the file; the row left keeps every partition value.
run "DELETE FROM fx.a WHERE i = 1" >/dev/null
check "SELECT * FROM fx.a ORDER BY i" $'i,p_bool,p_int,p_bigint,p_float,p_double,p_decimal,p_date,p_string\n2,true,1,11,1.1,2.222,123.321,2022-02-22,impala'
check "SELECT count(*) AS n FROM fx.a WHERE p_int = 1 AND p_string = 'impala'" $'n\n1'
check "SET floe.pruning.enabled = false; SELECT count(*) AS n FROM fx.a WHERE p_int = 1 AND p_string = 'impala'" $'key,value\nfloe.pruning.enabled,false\nn\n1'

# DELETE by a partition column: the whole file goes, with pruning on or off.
run "CALL floe.system.rewrite_data_files(table => 'fx.a', options => map('rewrite-all', 'true'))" >/dev/null
check "SELECT * FROM fx.a ORDER BY i" $'i,p_bool,p_int,p_bigint,p_float,p_double,p_decimal,p_date,p_string\n2,true,1,11,1.1,2.222,123.321,2022-02-22,impala'
check "SELECT count(*) AS n FROM fx.a VERSION AS OF (SELECT snapshot_id FROM fx.a.snapshots ORDER BY committed_at LIMIT 1) WHERE p_decimal = 123.321" $'n\n2'
run "DELETE FROM fx.a WHERE p_string = 'impala'" >/dev/null
check "SELECT count(*) AS n FROM fx.a" $'n\n0'

if [[ $failures -gt 0 ]]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "identity partition columns: DELETE and rewrite_data_files keep the partition values"
