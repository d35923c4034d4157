#!/usr/bin/env bash
# Planning time of a one-day query on a day-partitioned Iceberg table (issue 6):
# three years of daily partitions (1,096) written by ROUNDS inserts of one file per day
# each (default 10: 10,960 data files), and the same table with one month of history.
# Reports the scan's "planning time" from EXPLAIN ANALYZE (manifest list, manifests,
# partition and metrics evaluation) and the query's run time, RUNS times each in one
# process: the first run reads and decodes the manifests, later ones find them cached.
# Usage: bench/pruning_planning.sh [--floe PATH] [--dir DIR] [--rounds N] [--runs N]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
floe="$here/../build/release/tools/floe/floe"
dir="${TMPDIR:-/tmp}/floe_pruning_bench"
rounds=10
runs=15
while [ $# -gt 0 ]; do
  case "$1" in
    --floe) floe="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    *) echo "usage: $0 [--floe PATH] [--dir DIR] [--rounds N] [--runs N]" >&2; exit 2 ;;
  esac
done
wh="$dir/warehouse"
if [ ! -f "$dir/built-$rounds" ]; then
  rm -rf "$dir"; mkdir -p "$dir"
  # 2024-01-01 00:00:00 UTC; 1,096 days run to 2026-12-31
  start=1704067200
  sql="SET spark.sql.session.timeZone = 'UTC';
CREATE NAMESPACE db;
CREATE TABLE db.events (event_id BIGINT, event_time TIMESTAMP, user_id INT, amount DOUBLE) USING iceberg PARTITIONED BY (days(event_time));
CREATE TABLE db.events_month (event_id BIGINT, event_time TIMESTAMP, user_id INT, amount DOUBLE) USING iceberg PARTITIONED BY (days(event_time));"
  for r in $(seq 1 "$rounds"); do
    # one insert: 20 rows on each of the 1,096 days, so one new file per day
    sql="$sql
INSERT INTO db.events SELECT id, CAST($start + (id % 1096) * 86400 + $r * 600 + (id DIV 1096) * 60 AS TIMESTAMP), CAST(id % 1000 AS INT), id * 0.5 FROM range(21920);
INSERT INTO db.events_month SELECT id, CAST($start + (730 + id % 31) * 86400 + $r * 600 + (id DIV 31) * 60 AS TIMESTAMP), CAST(id % 1000 AS INT), id * 0.5 FROM range(620);"
  done
  echo "$sql" | "$floe" --warehouse "$wh" --mode csv > /dev/null
  touch "$dir/built-$rounds"
fi
query="SELECT count(*), sum(amount) FROM db.TABLE WHERE event_time >= TIMESTAMP '2026-01-15 00:00:00' AND event_time < TIMESTAMP '2026-01-16 00:00:00'"
for table in events events_month; do
  q="${query/TABLE/$table}"
  script="SET spark.sql.session.timeZone = 'UTC';"
  for i in $(seq 1 "$runs"); do script="$script
EXPLAIN ANALYZE $q;"; done
  out="$(echo "$script" | "$floe" --warehouse "$wh" --mode csv --timer 2>&1)"
  files="$(echo "$out" | grep -o 'data files: [^(]*' | head -1)"
  plans="$(echo "$out" | grep -o 'planning time: [0-9.]* ms' | awk '{print $3}')"
  totals="$(echo "$out" | grep -o 'Total time: [0-9.]* ms' | awk '{print $3}')"
  stats() { sort -n | awk '{a[NR]=$1} END {printf "median %.2f  min %.2f  max %.2f", a[int((NR+1)/2)], a[1], a[NR]}'; }
  echo "$table: $files"
  echo "  planning ms, first run (manifests read from disk): $(echo "$plans" | head -1)"
  echo "  planning ms, runs 2..$runs (manifest cache warm): $(echo "$plans" | tail -n +2 | stats)"
  echo "  query ms over $runs runs:    $(echo "$totals" | stats)"
done
