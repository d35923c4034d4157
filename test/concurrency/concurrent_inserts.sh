#!/usr/bin/env bash
# Four floe processes insert into one Iceberg table at the same time: optimistic
# concurrency (compare-and-swap of the metadata pointer, retried) must land every commit.
# `make torture` repeats the race FLOE_TORTURE_SCALE times on the same, growing table.
#   concurrent_inserts.sh <path to the floe binary>
set -euo pipefail
floe="$1"
rounds="${FLOE_TORTURE_SCALE:-1}"
warehouse="$(mktemp -d)"
trap 'rm -rf "$warehouse"' EXIT
"$floe" --warehouse "$warehouse" -c "CREATE TABLE ns.c (id BIGINT, writer INT) USING iceberg PARTITIONED BY (writer)"
for ((round = 1; round <= rounds; round++)); do
  pids=()
  for writer in 1 2 3 4; do
    "$floe" --warehouse "$warehouse" -c "INSERT INTO ns.c SELECT id, $writer FROM range(1000)" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
done
result="$("$floe" --warehouse "$warehouse" -csv -c "SELECT count(*), count(DISTINCT writer) FROM ns.c; SELECT count(*) FROM ns.c.snapshots" | tr -d '\r')"
expected=$'count(1),count(DISTINCT writer)\n'"$((4000 * rounds)),4"$'\ncount(1)\n'"$((4 * rounds))"
if [[ "$result" != "$expected" ]]; then
  echo "concurrent inserts lost data: got"
  echo "$result"
  exit 1
fi
echo "$((4 * rounds)) concurrent inserts landed: $((4000 * rounds)) rows in $((4 * rounds)) snapshots"
