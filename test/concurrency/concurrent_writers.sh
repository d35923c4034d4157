#!/usr/bin/env bash
# Eight floe processes commit to one Iceberg table at once (issue 13). Each appends into a
# partition of its own and deletes rows (copy-on-write) of another partition no other
# writer touches; the table allows 20 retries (commit.retry.num-retries), so every commit
# lands: rows and snapshots are counted exactly. Then a truly conflicting race: two DELETEs
# of one partition and an append to it. The append lands; a DELETE that loses fails with
# Iceberg's conflict error naming the files (a concurrent commit added data matching its
# filter, or removed a file it rewrites), never with another error.
# `make torture` runs FLOE_TORTURE_SCALE times the commits per writer.
#   concurrent_writers.sh <path to the floe binary>
set -euo pipefail
floe="$1"
scale="${FLOE_TORTURE_SCALE:-1}"
writers=8
commits=$((3 * scale))  # appends per writer, and as many deletes
warehouse="$(mktemp -d)"
trap 'rm -rf "$warehouse"' EXIT
run() { "$floe" --warehouse "$warehouse" "$@"; }

# Partitions 1-8 take the writers' appends; 101-108 hold the rows their deletes remove, ten
# per delete, five more that stay.
per_writer=$((10 * commits + 5))
run -c "CREATE TABLE ns.w (id BIGINT, k INT) USING iceberg PARTITIONED BY (k)
        TBLPROPERTIES ('commit.retry.num-retries' = '20', 'commit.retry.min-wait-ms' = '10',
                       'commit.retry.max-wait-ms' = '1000');
        INSERT INTO ns.w SELECT id % $per_writer, CAST(101 + floor(id / $per_writer) AS INT)
        FROM range($((writers * per_writer)))"

pids=()
for ((w = 1; w <= writers; w++)); do
  sql=""
  for ((i = 0; i < commits; i++)); do
    sql+="INSERT INTO ns.w SELECT id, $w FROM range($((i * 100)), $((i * 100 + 100)));"
    sql+="DELETE FROM ns.w WHERE k = $((100 + w)) AND id >= $((i * 10)) AND id < $((i * 10 + 10));"
  done
  run -c "$sql" >"$warehouse/writer$w.out" 2>&1 &
  pids+=($!)
done
failed=0
for ((w = 1; w <= writers; w++)); do
  if ! wait "${pids[$((w - 1))]}"; then
    echo "writer $w failed:"
    cat "$warehouse/writer$w.out"
    failed=1
  fi
done
((failed == 0)) || exit 1

result="$(run -csv -c "SELECT count(*) FROM ns.w WHERE k <= $writers;
                       SELECT count(*) FROM ns.w WHERE k > 100;
                       SELECT count(*) FROM ns.w.snapshots" | tr -d '\r' | grep -v count)"
expected="$((writers * commits * 100))
$((writers * 5))
$((1 + 2 * writers * commits))"
if [[ "$result" != "$expected" ]]; then
  echo "concurrent writers lost commits: appended rows, rows left to delete, snapshots:"
  echo "$result"
  echo "expected:"
  echo "$expected"
  exit 1
fi
echo "$((2 * writers * commits)) commits of $writers writers landed"

# The conflicting race, on a fresh table each round. Partition 9 holds a million rows, so
# each DELETE reads and rewrites for a while: both read the table before either commits,
# and the append commits meanwhile. The append's ids (6n + 1: odd, no multiple of 3) are
# ones neither DELETE removes, so the rows left tell which DELETEs landed. A round where
# neither DELETE lost (they did not overlap after all) is run again.
rows=1000000
evens=$(((rows + 1) / 2))
threes=$(((rows + 2) / 3))
sixes=$(((rows + 5) / 6))
conflict='\[CONCURRENT_MODIFICATION\] Cannot commit to ns\.c[0-9]+: (found conflicting files that can contain records matching .*|missing required files to delete): \[[^]]*\.parquet'
losers=0
for ((round = 1; round <= 3 && losers == 0; round++)); do
  t="ns.c$round"
  run -c "CREATE TABLE $t (id BIGINT, k INT) USING iceberg PARTITIONED BY (k)
          TBLPROPERTIES ('commit.retry.min-wait-ms' = '10');
          INSERT INTO $t SELECT id, 9 FROM range($rows)"
  run -c "DELETE FROM $t WHERE k = 9 AND id % 2 = 0" >"$warehouse/d1.out" 2>&1 &
  d1=$!
  run -c "DELETE FROM $t WHERE k = 9 AND id % 3 = 0" >"$warehouse/d2.out" 2>&1 &
  d2=$!
  sleep 0.2
  run -c "INSERT INTO $t SELECT 6 * id + 1, 9 FROM range(10)" >"$warehouse/a.out" 2>&1 &
  a=$!
  expected=$((rows + 10))
  landed=""
  for p in "d1:$d1" "d2:$d2" "a:$a"; do
    name="${p%%:*}"
    if wait "${p#*:}"; then
      landed+=" $name"
      [[ "$name" == d1 ]] && expected=$((expected - evens))
      [[ "$name" == d2 ]] && expected=$((expected - threes))
    elif [[ "$name" == a ]] || ! grep -Eq "$conflict" "$warehouse/$name.out"; then
      echo "round $round: $name failed, and not with a conflict naming the files:"
      cat "$warehouse/$name.out"
      exit 1
    else
      losers=$((losers + 1))
      echo "round $round: $name lost: $(grep -Eo '\[CONCURRENT_MODIFICATION\].{0,200}' "$warehouse/$name.out")"
    fi
  done
  [[ "$landed" == *d1*d2* ]] && expected=$((expected + sixes))  # removed by both
  count="$(run -csv -c "SELECT count(*) FROM $t" | tail -1 | tr -d '\r')"
  if [[ "$count" != "$expected" ]]; then
    echo "round $round:$landed landed, but $t holds $count rows, not $expected"
    exit 1
  fi
  echo "round $round:$landed landed, $count rows"
done
if ((losers == 0)); then
  echo "no DELETE lost in 3 rounds: the race never happened"
  exit 1
fi
