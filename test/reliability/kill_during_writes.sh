#!/usr/bin/env bash
# Issue 13, "Proof at scale": floe processes writing to Iceberg tables are SIGKILLed at
# random moments, over every kind of write floe has: INSERT INTO, INSERT OVERWRITE (dynamic
# and static, of a partitioned table), DELETE FROM with a filter (copy-on-write: floe has
# no merge-on-read) and of whole partitions, CALL rewrite_data_files, ALTER TABLE schema
# changes (ADD, RENAME, DROP COLUMN), INSERT and DELETE on a branch, CREATE TABLE AS
# SELECT, CREATE OR REPLACE TABLE AS SELECT, ALTER TABLE RENAME TO and DROP TABLE [PURGE],
# UPDATE and MERGE INTO (issue 18), each copy-on-write or merge-on-read (position delete
# files: the table is v2), which also switches the table's DELETE to that mode; and the
# procedures (issue 17): expire_snapshots, remove_orphan_files, rollback_to_snapshot and
# set_current_snapshot (back to the round's first snapshot), rewrite_position_delete_files,
# compute_table_stats, fast_forward (of main to a branch written at its head),
# publish_changes (of a staged write-audit-publish write), rewrite_table_path (staged files
# only), add_files of a hive-partitioned folder, snapshot of one into a new table, and
# migrate of a parquet table over one (CREATE TABLE .. USING parquet, made before the round).
#
# Each round starts one floe process on a script of one to three statements, each followed
# by SELECT 'ack N': a statement is acknowledged once its ack line is printed (the shell
# flushes each result). The kill comes after a random delay, or a random 0-3 ms after a
# file of a commit step appears (a manifest, a manifest list, a metadata file, the
# catalog's journal), so kills land inside commits, not only around them. Every row is
# identifiable: statement N writes ids N * 10000 + i in batch b = N. A model of the tables
# (rows of ns.t, its columns, which tables exist, the rows of each) gives the state after
# each statement. After each kill:
#  (a) the tables open and read (floe, a new process);
#  (b) the spec consistency check of ../shared/peers (check_table.mjs --all-snapshots
#      --strict) passes on every table whose metadata changed since its last check, from
#      the catalog's current metadata file, and every file that existed before the round
#      is still there unchanged (unless its table was dropped, or the round expired
#      snapshots or removed orphans: then only files of ns.t its committed metadata no
#      longer keeps may go, and the check of every snapshot must pass);
#  (c) the state equals the acknowledged one, or that plus the in-flight statement applied
#      wholly: a difference is counted as lost (a row both allow is missing), phantom (a
#      row neither allows, or a duplicated id) or partial (the in-flight one half applied);
#  (d) no stray file: the warehouse holds only catalog.db and table folders, the local
#      state folder's tmp/ and the working folder stay empty;
#  (e) when the tables' folders hold files no committed metadata references (the killed
#      statement's orphans, the leftovers of a killed expiry, rewrite_table_path's staged
#      files), CALL remove_orphan_files on every table deletes exactly those, and no other
#      file (issue 17's acceptance);
# and the next round's writes must succeed. How far a killed statement got (its phase) is
# read from the files it left that no committed metadata references.
# Controls first check that a data file cut short fails the consistency check and a missing
# row the comparison. A fresh warehouse every 10 kills bounds the snapshots each check
# walks. Kills: 20, or 10 x FLOE_TORTURE_SCALE under `make torture`; FLOE_KILL_PROCEDURES=1
# makes half the statements procedures, =2 half of them snapshot or migrate. FLOE_KILL_SEED
# replays a run's choices (not its timings). On a failure the warehouse is kept and its
# path printed.
#   kill_during_writes.sh <path to the floe binary>
set -uo pipefail
floe="$(realpath "$1")"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
scale="${FLOE_TORTURE_SCALE:-1}"
kills_wanted=$((scale > 2 ? 10 * scale : 20))
kills_per_warehouse=10
seed="${FLOE_KILL_SEED:-$((RANDOM * 32768 + RANDOM))}"
RANDOM=$((seed % 32768))

modules="$repo/test/interop/node_modules"
peers="$repo/../shared/peers/iceberg-js"
if ! command -v node >/dev/null; then
  echo "skipped: node is missing"
  exit 77
fi
if [[ ! -f "$peers/check_table.mjs" ]]; then
  echo "skipped: no consistency check at $peers/check_table.mjs (../shared/peers)"
  exit 77
fi
for pkg in avsc hyparquet hyparquet-compressors; do
  if [[ ! -d "$modules/$pkg" ]]; then
    echo "skipped: $modules/$pkg is missing (run scripts/install-test-tools.sh)"
    exit 77
  fi
done

root="$(mktemp -d)"
keep=0
trap '((keep)) || rm -rf "$root"' EXIT
# The peers' check reads with the npm packages test/interop installs (the same versions).
mkdir -p "$root/peers"
cp "$peers"/{check_table,localfetch,jsonl,iceberg_transforms}.mjs "$root/peers/"
ln -s "$modules" "$root/peers/node_modules"
cwd="$root/cwd"
have_strace=0
# strace stalls the writer right after a commit, for kills there (see kill_writer.mjs)
strace -f -qq --seccomp-bpf -e trace=unlink -o /dev/null true 2>/dev/null && have_strace=1
mkdir -p "$cwd" "$root/reachable"

declare -A kills_by_kind=() kills_by_phase=() kills_by_trigger=()
kills=0 rounds=0 unkilled=0 applied=0 rolled_back=0 checks=0 orphans_total=0 orphans_removed=0
lost=0 phantom=0 partial=0 corrupt=0 stray=0 failed_writes=0 deleted_by_procedures=0
started=$(date +%s)
declare -A step_us=()
# Runs a command, adding its wall time to step $1 (the figures say where the time goes).
timed() {
  local step="$1" t0=${EPOCHREALTIME/./}
  shift
  "$@"
  step_us[$step]=$((${step_us[$step]:-0} + ${EPOCHREALTIME/./} - t0))
}

fail() {  # why, then details: stop at the first failure, keeping the warehouse
  echo "FAIL (round $rounds, seed $seed): $1"
  shift
  for detail in "$@"; do echo "$detail"; done
  summary
  keep=1
  echo "kept: $root"
  exit 1
}
sql() { (cd "$cwd" && FLOE_HOME="$home" "$floe" --warehouse "$warehouse" -csv -c "$1"); }

# --- the model: a state is a folder: tables (names, sorted), <table>.rows ("id,b,k" sorted
# by id), t.columns (ns.t's column names). Statement N's rows have ids N * 10000 + i.
new_warehouse() {
  warehouse="$root/w$1"
  home="$root/home$1"
  rm -rf "$root/w$(($1 - 1))" "$root/home$(($1 - 1))" "$root/state" "$root/sources"
  mkdir -p "$root/state"
  sql "CREATE TABLE ns.t (id BIGINT, b INT, k INT) USING iceberg PARTITIONED BY (k)
         TBLPROPERTIES ('commit.manifest.min-count-to-merge' = '4');
       INSERT INTO ns.t (id, b, k) SELECT id, 0, CAST(id % 4 AS INT) FROM range(1000);
       ALTER TABLE ns.t CREATE BRANCH audit;
       CREATE TABLE ns.r USING iceberg AS SELECT id, b, k FROM ns.t WHERE k = 0" >/dev/null ||
    fail "cannot set up the warehouse"
  awk 'BEGIN { for (i = 0; i < 1000; i++) printf "%d,0,%d\n", i, i % 4 }' >"$root/state/t.rows"
  cp "$root/state/t.rows" "$root/state/audit.rows"
  awk -F, '$3 == 0' "$root/state/t.rows" >"$root/state/r.rows"
  printf 'r\nt\n' >"$root/state/tables"
  printf 'r r\nt t\n' >"$root/state/folders"
  echo "id,b,k" >"$root/state/t.columns"
  declare -gA checked=()
}

# Returns success when table $1 is one of snapshot's (gc.enabled false) by folders file $2.
is_nogc() { awk -v t="$1" '$1 == t && $3 == "nogc" { found = 1 } END { exit !found }' "$2"; }

# Writes a batch's rows: batch, rows, partition (-1: i % 4).
batch_rows() {
  awk -v b="$1" -v n="$2" -v p="$3" \
    'BEGIN { for (i = 0; i < n; i++) printf "%d,%d,%d\n", b * 10000 + i, b, p < 0 ? i % 4 : p }'
}

# Picks statement number $3 given state $1, writes the state after it to $2, and sets
# `kind` and `statement`. The state: ns.t's rows, columns and branch audit's rows, ns.r's
# rows, and CTAS tables ns.c<N> (at most three at a time).
plan_statement() {
  local before="$1" after="$2" n="$3" p m r rows extra ctas tables
  cp -r "$before" "$after"
  p=$((RANDOM % 4))
  rows=$(wc -l <"$before/t.rows")
  local names=()
  mapfile -t names <"$before/tables"
  tables=${#names[@]}
  ctas=""
  for m in "${names[@]}"; do [[ -z "$ctas" && "$m" == c* ]] && ctas="$m"; done
  local choice=$((RANDOM % 32))
  # (FLOE_KILL_PROCEDURES=1: half the statements procedures, for figures on them; =2: half
  # of them snapshot or migrate)
  if ((${FLOE_KILL_PROCEDURES:-0} && RANDOM % 2)); then
    ((${FLOE_KILL_PROCEDURES:-0} == 2)) && choice=31 || choice=$((26 + RANDOM % 6))
  fi
  ((rows > 30000 && choice < 8)) && choice=9  # keep the table small: delete a partition
  if ((choice >= 26)); then
    plan_procedure "$before" "$after" "$n" "$choice" "$tables"
    return
  fi
  if ((choice >= 22)); then
    # UPDATE and MERGE, in the mode chosen for this statement (set first, in its own commit)
    local mode=copy-on-write
    ((RANDOM % 2)) && mode=merge-on-read
    local props="ALTER TABLE ns.t SET TBLPROPERTIES ('write.update.mode' = '$mode', 'write.merge.mode' = '$mode', 'write.delete.mode' = '$mode'); "
    m=$((2 + RANDOM % 6))
    r=$((RANDOM % m))
    if ((choice < 24)); then
      kind="update ($mode)"
      statement="${props}UPDATE ns.t SET b = $n WHERE id % $m = $r"
      awk -F, -v OFS=, -v m="$m" -v r="$r" -v n="$n" '{ if ($1 % m == r) $2 = n; print }' "$before/t.rows" >"$after/t.rows"
    else
      # matched rows deleted or updated, the source's other rows inserted
      kind="merge ($mode)"
      local size=$((1 + RANDOM % 500))
      statement="${props}MERGE INTO ns.t t USING (SELECT id FROM range(0, 600, 3) UNION ALL SELECT $n * 10000 + id FROM range($size)) s"
      statement+=" ON t.id = s.id WHEN MATCHED AND t.id % $m = $r THEN DELETE WHEN MATCHED THEN UPDATE SET b = $n"
      statement+=" WHEN NOT MATCHED THEN INSERT (id, b, k) VALUES (s.id, $n, CAST(s.id % 4 AS INT))"
      awk -F, -v OFS=, -v m="$m" -v r="$r" -v n="$n" -v size="$size" '
        { row[$1] = $0; k[$1] = $3 }
        END {
          for (i = 0; i < 600; i += 3) src[i] = 1
          for (i = 0; i < size; i++) src[n * 10000 + i] = 1
          for (id in row) {
            if (!(id in src)) print row[id]
            else if (id % m != r) print id, n, k[id]
          }
          for (id in src) if (!(id in row)) print id, n, id % 4
        }' "$before/t.rows" | sort -t, -k1,1n >"$after/t.rows"
    fi
    return
  fi
  if ((choice < 4)); then
    kind=insert
    local size=$((1 + RANDOM % 4000))
    statement="INSERT INTO ns.t (id, b, k) SELECT $n * 10000 + id, $n, CAST(id % 4 AS INT) FROM range($size)"
    batch_rows "$n" "$size" -1 >>"$after/t.rows"
  elif ((choice < 6)); then
    kind=overwrite_dynamic
    local size=$((1 + RANDOM % 2000))
    statement="SET spark.sql.sources.partitionOverwriteMode = dynamic; INSERT OVERWRITE ns.t (id, b, k) SELECT $n * 10000 + id, $n, $p FROM range($size)"
    { awk -F, -v p="$p" '$3 != p' "$before/t.rows"; batch_rows "$n" "$size" "$p"; } >"$after/t.rows"
  elif ((choice < 7)); then
    kind=overwrite_static
    local size=$((1 + RANDOM % 2000))
    statement="INSERT OVERWRITE ns.t PARTITION (k = $p) (id, b) SELECT $n * 10000 + id, $n FROM range($size)"
    { awk -F, -v p="$p" '$3 != p' "$before/t.rows"; batch_rows "$n" "$size" "$p"; } >"$after/t.rows"
  elif ((choice < 9)); then
    kind=delete_rows
    m=$((2 + RANDOM % 6))
    r=$((RANDOM % m))
    if ((RANDOM % 2)); then
      statement="DELETE FROM ns.t WHERE id % $m = $r"
      awk -F, -v m="$m" -v r="$r" '$1 % m != r' "$before/t.rows" >"$after/t.rows"
    else
      statement="DELETE FROM ns.t WHERE k = $p AND id % $m = $r"
      awk -F, -v m="$m" -v r="$r" -v p="$p" '!($3 == p && $1 % m == r)' "$before/t.rows" >"$after/t.rows"
    fi
  elif ((choice < 10)); then
    kind=delete_partition
    statement="DELETE FROM ns.t WHERE k = $p"
    awk -F, -v p="$p" '$3 != p' "$before/t.rows" >"$after/t.rows"
  elif ((choice < 12)); then
    kind=rewrite
    case $((RANDOM % 5)) in
      0) statement="CALL floe.system.rewrite_data_files(table => 'ns.t', options => map('rewrite-all', 'true'))" ;;
      1) statement="CALL floe.system.rewrite_data_files(table => 'ns.t', where => 'k = $p', options => map('rewrite-all', 'true'))" ;;
      2) # z-order groups of a few files each, committed in several commits
        statement="CALL floe.system.rewrite_data_files(table => 'ns.t', sort_order => 'zorder(id, b)', options => map('rewrite-all', 'true', 'max-file-group-size-bytes', '20000', 'partial-progress.enabled', 'true', 'partial-progress.max-commits', '3'))" ;;
      3) statement="CALL floe.system.rewrite_data_files(table => 'ns.t', options => map('min-input-files', '2'))" ;;
      *) kind=rewrite_manifests
        statement="CALL floe.system.rewrite_manifests(table => 'ns.t')" ;;
    esac
  elif ((choice < 15)); then
    kind=alter_schema
    IFS=, read -r _ _ _ extra <"$before/t.columns"
    if [[ -z "$extra" ]]; then
      statement="ALTER TABLE ns.t ADD COLUMN c$n INT"
      echo "id,b,k,c$n" >"$after/t.columns"
    elif ((RANDOM % 2)); then
      statement="ALTER TABLE ns.t RENAME COLUMN $extra TO c$n"
      echo "id,b,k,c$n" >"$after/t.columns"
    else
      statement="ALTER TABLE ns.t DROP COLUMN $extra"
      echo "id,b,k" >"$after/t.columns"
    fi
  elif ((choice < 17 && tables < 5)) || { ((choice == 17)) && [[ -z "$ctas" ]]; }; then
    kind=ctas
    m=$((2 + RANDOM % 3))
    statement="CREATE TABLE ns.c$n USING iceberg PARTITIONED BY (k) AS SELECT id, b, k FROM ns.t WHERE id % $m = 0"
    awk -F, -v m="$m" '$1 % m == 0' "$before/t.rows" >"$after/c$n.rows"
    { cat "$before/tables"; echo "c$n"; } | sort >"$after/tables"
    echo "c$n c$n" >>"$after/folders"
  elif ((choice < 18)) && [[ -n "$ctas" ]]; then
    # (also in place of a CTAS when five tables exist; migrate's tables are never dropped)
    kind=drop_table
    statement="DROP TABLE ns.$ctas"
    # (PURGE is refused for snapshot's tables: gc.enabled false)
    ((RANDOM % 4)) && ! is_nogc "$ctas" "$before/folders" && statement+=" PURGE"
    grep -vx "$ctas" "$before/tables" >"$after/tables"
    rm "$after/$ctas.rows"
  elif ((choice < 20)); then
    kind=branch_write
    if ((RANDOM % 2)); then
      local size=$((1 + RANDOM % 2000))
      statement="INSERT INTO ns.t.branch_audit (id, b, k) SELECT $n * 10000 + id, $n, CAST(id % 4 AS INT) FROM range($size)"
      batch_rows "$n" "$size" -1 >>"$after/audit.rows"
    else
      m=$((2 + RANDOM % 6))
      r=$((RANDOM % m))
      statement="DELETE FROM ns.t.branch_audit WHERE id % $m = $r"
      awk -F, -v m="$m" -v r="$r" '$1 % m != r' "$before/audit.rows" >"$after/audit.rows"
    fi
  elif ((choice < 21)) && [[ -n "$ctas" ]]; then
    kind=rename_table
    statement="ALTER TABLE ns.$ctas RENAME TO ns.c$n"
    { grep -vx "$ctas" "$before/tables"; echo "c$n"; } | sort >"$after/tables"
    mv "$after/$ctas.rows" "$after/c$n.rows"
    sed -i "s/^$ctas /c$n /" "$after/folders"
  else
    kind=replace
    statement="CREATE OR REPLACE TABLE ns.r USING iceberg AS SELECT id, b, k FROM ns.t WHERE k = $p"
    awk -F, -v p="$p" '$3 == p' "$before/t.rows" >"$after/r.rows"
  fi
}

# The procedures' statements (see plan_statement). ns.t's rows change only by a rollback (to
# the round's first state), add_files (a new partition folder's rows), fast_forward and
# publish_changes (the rows written to the branch or staged); snapshot makes a table like a
# CTAS. Files outside the warehouse (add_files' and snapshot's sources) are
# written now, by another floe process.
plan_procedure() {
  local before="$1" after="$2" n="$3" choice="$4" tables="$5" p=$((RANDOM % 4)) size=$((1 + RANDOM % 500))
  # (an expiry earlier in the round may have expired the round's first snapshot)
  ((choice == 28 && round_expired)) && choice=29
  case $choice in
    26)
      kind=expire_snapshots
      may_delete=1 round_expired=1
      statement="CALL floe.system.expire_snapshots(table => 'ns.t', "
      statement+="older_than => current_timestamp() + INTERVAL 1 SECOND, retain_last => $((1 + RANDOM % 3)))"
      ;;
    27)
      kind=remove_orphan_files
      may_delete=1
      statement="SET floe.remove_orphan_files.min_interval = 0; CALL floe.system.remove_orphan_files("
      statement+="table => 'ns.t', older_than => current_timestamp() + INTERVAL 1 SECOND)"
      ;;
    28)
      kind=rollback
      [[ -n "$round_snapshot" ]] ||
        round_snapshot="$(sql "SELECT snapshot_id FROM ns.t.refs WHERE name = 'main'" | tail -1)"
      [[ "$round_snapshot" =~ ^-?[0-9]+$ ]] || fail "cannot read ns.t's current snapshot: $round_snapshot"
      if ((RANDOM % 2)); then
        statement="CALL floe.system.rollback_to_snapshot('ns.t', $round_snapshot)"
      else
        statement="CALL floe.system.set_current_snapshot(table => 'ns.t', snapshot_id => $round_snapshot)"
      fi
      cp "$(dirname "$before")/s0/t.rows" "$after/t.rows"
      ;;
    29)
      local pick=$((RANDOM % 5))
      if ((pick == 0)); then
        kind=rewrite_position_delete_files
        statement="CALL floe.system.rewrite_position_delete_files(table => 'ns.t', "
        statement+="options => map('rewrite-all', 'true'))"
      elif ((pick == 1)); then
        kind=compute_table_stats  # (a Puffin statistics file registered for the snapshot)
        statement="CALL floe.system.compute_table_stats(table => 'ns.t')"
      elif ((pick == 2)); then
        # rows written to a new branch at main's head, then main fast-forwarded to it
        kind=fast_forward
        statement="ALTER TABLE ns.t CREATE OR REPLACE BRANCH ff$n; "
        statement+="INSERT INTO ns.t.branch_ff$n (id, b, k) SELECT $n * 10000 + id, $n, $p FROM range($size); "
        statement+="CALL floe.system.fast_forward('ns.t', 'main', 'ff$n')"
        batch_rows "$n" "$size" "$p" >>"$after/t.rows"
      elif ((pick == 3)); then
        # write-audit-publish: rows staged under a wap.id, then published onto main
        kind=publish_changes
        statement="ALTER TABLE ns.t SET TBLPROPERTIES ('write.wap.enabled' = 'true'); SET spark.wap.id = w$n; "
        statement+="INSERT INTO ns.t (id, b, k) SELECT $n * 10000 + id, $n, $p FROM range($size); "
        statement+="SET spark.wap.id = ''; CALL floe.system.publish_changes('ns.t', 'w$n')"
        batch_rows "$n" "$size" "$p" >>"$after/t.rows"
      else
        kind=rewrite_table_path
        statement="CALL floe.system.rewrite_table_path(table => 'ns.t', "
        # (the prefix of the warehouse and add_files' sources: every path must start with it)
        statement+="source_prefix => '$root', target_prefix => '/moved')"
      fi
      ;;
    *)
      # a hive-partitioned folder of one Parquet file: rows of batch n, partition p
      local source="$root/sources/s$n"
      sql "COPY (SELECT $n * 10000 + id AS id, $n AS b FROM range($size))
           TO '$source/k=$p/part-0.parquet'" >/dev/null ||
        fail "cannot write the source folder $source"
      local cap=$((${FLOE_KILL_PROCEDURES:-0} == 2 ? 8 : 5))  # (tables at a time, which each check reads)
      if ((choice == 30 || tables >= cap)); then
        kind=add_files
        statement="CALL floe.system.add_files(table => 'ns.t', source_table => 'parquet.\`$source\`')"
        batch_rows "$n" "$size" "$p" >>"$after/t.rows"
      elif ((RANDOM % 2)); then
        kind=snapshot
        statement="CALL floe.system.snapshot(source_table => 'parquet.\`$source\`', table => 'ns.c$n')"
        batch_rows "$n" "$size" "$p" >"$after/c$n.rows"
        { cat "$before/tables"; echo "c$n"; } | sort >"$after/tables"
        echo "c$n c$n nogc" >>"$after/folders"  # (gc.enabled false: remove_orphan_files refuses it)
      else
        # a parquet table over the folder, made now (so it is in every state of the round
        # up to this one), migrated in place: the Iceberg table and the parquet table's
        # backup appear in one catalog transaction, or neither
        kind=migrate
        sql "CREATE TABLE ns.m$n USING parquet LOCATION '$source'" >/dev/null ||
          fail "cannot create the parquet table ns.m$n"
        local state
        for state in "$(dirname "$before")"/s*; do  # (the states so far, this one's after included)
          batch_rows "$n" "$size" "$p" >"$state/m$n.rows"
          { cat "$state/tables"; echo "m$n"; } | sort -o "$state/tables"
          echo "m$n m$n" >>"$state/folders"
        done
        if ((RANDOM % 2)); then
          statement="CALL floe.system.migrate('ns.m$n')"
          cp "$after/m$n.rows" "$after/m${n}_BACKUP_.rows"
          { cat "$after/tables"; echo "m${n}_BACKUP_"; } | sort -o "$after/tables"
        else
          statement="CALL floe.system.migrate(table => 'ns.m$n', drop_backup => true)"
        fi
      fi
      ;;
  esac
}

# Reads the tables as they are now into folder $1, and their current metadata files into
# $1/metadata ("table path" lines). Two processes: the list of tables, then every read.
observe() {
  local out="$1" table script=""
  mkdir -p "$out"
  sql "SHOW TABLES IN ns" >"$out/show" 2>&1 || fail "SHOW TABLES failed after the kill" "$(cat "$out/show")"
  awk -F, 'NR > 1 { print $2 }' "$out/show" | sort >"$out/tables"
  while read -r table; do
    script+="SELECT '#$table.rows' AS m; SELECT id, b, k FROM ns.$table ORDER BY id; "
    # (m<N> and its backup may be parquet tables, which have no metadata log)
    if [[ $table != m* ]] || sql "SELECT file FROM ns.$table.metadata_log_entries LIMIT 0" >/dev/null 2>&1; then
      script+="SELECT '#$table.log' AS m; SELECT file FROM ns.$table.metadata_log_entries; "
    fi
    : >"$out/$table.rows"
  done <"$out/tables"
  script+="SELECT '#audit.rows' AS m; SELECT id, b, k FROM ns.t.branch_audit ORDER BY id; "
  : >"$out/audit.rows"
  script+="SELECT '#t.columns' AS m; SELECT * FROM ns.t LIMIT 0"
  if ! sql "$script" >"$out/read" 2>&1; then
    corrupt=$((corrupt + 1))
    fail "the tables do not read after the kill" "$(tail -5 "$out/read")"
  fi
  # each result: the marker's header "m", the marker, the result's header, its rows
  awk -v dir="$out" '$0 == "m" { next } /^#/ { file = dir "/" substr($0, 2); header = 1; next }
    header { header = 0; if (file ~ /columns$/) print > file; next } { print > file }' "$out/read"
  # the current file of each: the highest-numbered its log names (00012-<uuid>.metadata.json)
  (cd "$out" && awk -F/ '{ t = FILENAME; sub(/\.log$/, "", t) }
    !(t in name) || $NF > name[t] { name[t] = $NF; file[t] = $0 }
    END { for (t in file) print t, file[t] }' \
    $(sed 's/$/.log/' tables | while read -r f; do [[ -f $f ]] && echo "$f"; done) | sort >metadata)
  rm "$out/show" "$out/read" "$out"/*.log
}

# Tells how a state differs from the two it may be (acknowledged, and with the in-flight
# statement): counts lost, phantom and partial rows, and fails.
explain_mismatch() {
  local observed="$1" ack="$2" inflight="$3" table detail=""
  for table in $(cat "$observed/tables" "$ack/tables" "$inflight/tables" | sort -u) audit; do
    local o="$observed/$table.rows" a="$ack/$table.rows" i="$inflight/$table.rows"
    [[ -f "$o" ]] || o=/dev/null
    [[ -f "$a" ]] || a=/dev/null
    [[ -f "$i" ]] || i=/dev/null
    local both either missing extra dups
    both="$(comm -12 <(sort "$a") <(sort "$i"))"
    either="$(sort -u "$a" "$i")"
    missing=$(comm -23 <(echo -n "$both" | sed '/^$/d' | sort) <(sort "$o") | wc -l)
    extra=$(comm -13 <(echo -n "$either" | sed '/^$/d' | sort) <(sort "$o") | wc -l)
    dups=$(cut -d, -f1 "$o" | sort | uniq -d | wc -l)
    lost=$((lost + missing))
    phantom=$((phantom + extra + dups))
    if ((missing == 0 && extra == 0 && dups == 0)) && ! cmp -s "$o" "$a" && ! cmp -s "$o" "$i"; then
      partial=$((partial + 1))
    fi
    detail+="ns.$table: $missing lost, $extra phantom, $dups duplicated ids"$'\n'
  done
  fail "the tables are neither the acknowledged state nor it plus the in-flight statement" \
    "$detail" "state diff against the acknowledged state:" "$(diff -r "$ack" "$observed" | head -20)"
}

same_state() {  # observed, model
  local a="$1" b="$2" f
  cmp -s "$a/tables" "$b/tables" || return 1
  cmp -s "$a/t.columns" "$b/t.columns" || return 1
  cmp -s "$a/audit.rows" "$b/audit.rows" || return 1
  for f in $(cat "$b/tables"); do cmp -s "$a/$f.rows" "$b/$f.rows" || return 1; done
}

# --- one round
round() {
  rounds=$((rounds + 1))
  local dir="$root/round"
  rm -rf "$dir"
  mkdir -p "$dir"
  cp -r "$root/state" "$dir/s0"
  local count=$((1 + RANDOM % 3)) i script="" kinds=() r1=$RANDOM r2=$RANDOM
  round_snapshot="" may_delete=0 round_expired=0
  for ((i = 1; i <= count; i++)); do
    seq=$((seq + 1))
    plan_statement "$dir/s$((i - 1))" "$dir/s$i" "$seq"
    kinds+=("$kind")
    script+="$statement; SELECT 'ack $i' AS ack; "
  done
  list_files >"$dir/files.before"

  # The kill: after a delay within the script's expected run time, or after a commit step.
  local how=(--delay-ms) journal_nth=0
  if ((RANDOM % 2)); then
    how+=("$(awk -v r="$r1" -v c="$count" -v ms="$per_statement_ms" 'BEGIN { printf "%.1f", r / 32768 * c * ms * 0.9 }')")
  else
    # a commit's steps; the journal's n-th appearance or disappearance: in or just after the
    # catalog's transaction of one of the statements
    local steps=('-m[0-9]+\.avro' '^snap-' '\.metadata\.json' 'catalog\.db-journal')
    local step=$((RANDOM % 4))
    how+=("$(awk -v r="$r2" 'BEGIN { printf "%.2f", r / 32768 * 3 }')" --on "${steps[$step]}"
      --watch "$warehouse" --watch "$warehouse/ns/t/metadata" --watch "$warehouse/ns/r/metadata")
    journal_nth=$((1 + RANDOM % (2 * count)))
    if ((step == 3)); then
      how+=(--nth "$journal_nth")
      ((journal_nth % 2 == 0 && have_strace)) && how+=(--stall-unlink-ms 30)
    fi
  fi
  local outcome t0=${EPOCHREALTIME/./}
  outcome="$(cd "$cwd" && FLOE_HOME="$home" node "$here/kill_writer.mjs" --stdout "$dir/out" --stderr "$dir/err" \
    "${how[@]}" -- "$floe" --warehouse "$warehouse" -csv -c "$script")"
  step_us[write]=$((${step_us[write]:-0} + ${EPOCHREALTIME/./} - t0))
  local acked
  acked=$(grep -c '^ack [0-9]' "$dir/out")
  if [[ "$outcome" != *"killed=1"* ]]; then
    if [[ "$outcome" != status=0* ]] || ((acked != count)); then
      failed_writes=$((failed_writes + 1))
      fail "a write failed on its own: $outcome" "$script" "$(cat "$dir/err")"
    fi
    unkilled=$((unkilled + 1))
    local ms="${outcome##*ms=}"
    # (how long a statement takes, its share of the process start included: the range of
    # the timer's delays)
    per_statement_ms=$(awk -v old="$per_statement_ms" -v ms="$ms" -v c="$count" \
      'BEGIN { v = 0.7 * old + 0.3 * ms / c; printf "%d", v < 20 ? 20 : v }')
    timed read observe "$dir/observed"
    same_state "$dir/observed" "$dir/s$count" ||
      fail "a write that ran to its end left another state" "$(diff -r "$dir/s$count" "$dir/observed" | head -20)"
    rm -rf "$root/state"
    cp -r "$dir/s$count" "$root/state"
    list_files >"$dir/files.after"
    check_kept_files "$dir"
    check_stray
    return
  fi

  kills=$((kills + 1))
  local trigger="${outcome#*trigger=}"
  trigger="${trigger%% *}"
  [[ "$trigger" == timer ]] || trigger="${trigger%%.tmp-*}"
  case "$trigger" in
    timer) trigger=timer ;;
    catalog.db-journal)
      trigger="catalog transaction ended"
      ((journal_nth % 2)) && trigger="catalog transaction begun"
      ;;
    snap-*) trigger="manifest list" ;;
    *.metadata.json) trigger="metadata file" ;;
    *.avro) trigger=manifest ;;
  esac
  kills_by_trigger[$trigger]=$((${kills_by_trigger[$trigger]:-0} + 1))
  local inflight=$((acked < count ? acked + 1 : count))
  local kind_killed="${kinds[$((inflight - 1))]}"
  ((acked == count)) && kind_killed="after the last statement"
  kills_by_kind[$kind_killed]=$((${kills_by_kind[$kind_killed]:-0} + 1))

  timed read observe "$dir/observed"
  local landed
  if same_state "$dir/observed" "$dir/s$acked"; then
    landed=$acked
    ((acked < count)) && rolled_back=$((rolled_back + 1))
  elif ((acked < count)) && same_state "$dir/observed" "$dir/s$inflight"; then
    landed=$inflight
    applied=$((applied + 1))
  else
    explain_mismatch "$dir/observed" "$dir/s$acked" "$dir/s$inflight"
  fi
  rm -rf "$root/state"
  cp -r "$dir/s$landed" "$root/state"

  timed check check_tables "$dir/observed"
  list_files >"$dir/files.after"
  check_kept_files "$dir"
  timed phase classify_phase "$dir" "$acked" "$count" "$landed"
  check_stray
  timed orphans check_remove_orphans "$dir"
}

# (e): remove_orphan_files deletes exactly the files in the tables' folders that no committed
# metadata keeps (live entries, as Iceberg's): the killed statement's orphans, what a killed
# expiry had yet to delete, rewrite_table_path's staged files; nothing else. (A table the
# kill kept from being created has no folder to call it on; snapshot's tables have
# gc.enabled false, which remove_orphan_files refuses.)
check_remove_orphans() {
  local dir="$1" table metadata script="SET floe.remove_orphan_files.min_interval = 0; "
  : >"$dir/folders"
  while read -r table metadata; do
    is_nogc "$table" "$root/state/folders" && continue
    script+="CALL floe.system.remove_orphan_files(table => 'ns.$table', "
    script+="older_than => current_timestamp() + INTERVAL 1 SECOND); "
    echo "$(dirname "$(dirname "$metadata")")/" >>"$dir/folders"
  done <"$dir/observed/metadata"
  reachable "$dir/observed/metadata" live "$dir/live"
  local expected gone
  expected="$(cut -d' ' -f1 "$dir/files.after" | grep -F -f "$dir/folders" | comm -23 - "$dir/live")"
  # (run even when nothing is expected: then nothing may go)
  sql "$script" >"$dir/removed" 2>&1 || fail "remove_orphan_files failed after the kill" "$(tail -5 "$dir/removed")"
  list_files >"$dir/files.cleaned"
  gone="$(comm -23 <(cut -d' ' -f1 "$dir/files.after" | grep -v '/catalog\.db') \
                   <(cut -d' ' -f1 "$dir/files.cleaned" | grep -v '/catalog\.db'))"
  if [[ "$gone" != "$expected" ]]; then
    fail "remove_orphan_files did not delete exactly the files no committed metadata keeps" \
      "$(diff <(echo "$expected") <(echo "$gone") | head -10)"
  fi
  [[ -n "$gone" ]] && orphans_removed=$((orphans_removed + $(wc -l <<<"$gone")))
}

# Writes to file $3 the files the tables' committed metadata reach ("files": every manifest
# entry; "live": live entries only), sorted, for the "table metadata-path" lines of file $1.
# Each metadata file's lists are made once (its files never change), in $root/reachable.
reachable() {
  local list="$1" kind="$2" out="$3" table metadata missing=()
  while read -r table metadata; do
    [[ -f "$root/reachable/${metadata##*/}.files" ]] || missing+=("$metadata")
  done <"$list"
  if ((${#missing[@]})); then
    node "$here/reachable_files.mjs" "$root/reachable" "${missing[@]}" || fail "cannot list the tables' files"
  fi
  while read -r table metadata; do
    cat "$root/reachable/${metadata##*/}.$kind"
  done <"$list" | sort -u >"$out"
}

# Lists the warehouse's files: "path size mtime" lines.
list_files() { find "$warehouse" -type f -printf '%p %s %T@\n' | sort; }

# A file that existed before the round is still there, unchanged (files are never
# rewritten), unless its table was dropped. Together with the check of every new metadata
# file, this proves every committed snapshot of every table still whole after each kill.
check_kept_files() {
  local dir="$1" dropped gone
  # (the folders of the tables gone: dropped, or renamed, which moves no file)
  dropped="$(comm -23 "$dir/s0/tables" "$dir/observed/tables" | while read -r table; do
               echo "$warehouse/ns/$(awk -v t="$table" '$1 == t { print $2 }' "$dir/s0/folders")/"
             done)"
  gone="$(comm -23 "$dir/files.before" "$dir/files.after" | cut -d' ' -f1 | grep -v '/catalog\.db' |
          grep -vF "${dropped:-/nothing-dropped/}")"
  # (a file still there but changed is never allowed; only one that vanished may be)
  local changed
  changed="$(comm -12 <(sort -u <<<"$gone") <(cut -d' ' -f1 "$dir/files.after" | sort -u))"
  if ((may_delete)) && [[ -n "$gone" && -z "$changed" ]]; then
    # expire_snapshots and remove_orphan_files (of ns.t) delete only files ns.t's committed
    # metadata no longer keeps: none of another table, none its metadata files or live
    # entries name, and every snapshot of ns.t still reads whole (the peers' check of every
    # snapshot, whatever was checked before)
    local kept
    reachable "$dir/observed/metadata" live "$dir/live.kept"
    kept="$(comm -12 "$dir/live.kept" <(sort <<<"$gone"))"
    if [[ -n "$kept" ]] || grep -qvF "$warehouse/ns/t/" <<<"$gone"; then
      corrupt=$((corrupt + 1))
      fail "a procedure deleted a file the committed metadata keeps, or another table's file" \
        "$(head -10 <<<"${kept:-$gone}")"
    fi
    check_table t "$(awk '$1 == "t" { print $2 }' "$dir/observed/metadata")" " after a procedure deleted files"
    deleted_by_procedures=$((deleted_by_procedures + $(wc -l <<<"$gone")))
    return
  fi
  if [[ -n "$gone" ]]; then
    corrupt=$((corrupt + 1))
    fail "files of committed snapshots changed or vanished" "$(head -10 <<<"$gone")"
  fi
}

# The peers' check of every snapshot of table $1 from metadata file $2 ($3: when, for the
# failure's text).
check_table() {
  local out
  checks=$((checks + 1))
  if ! out="$(node "$root/peers/check_table.mjs" "$2" --all-snapshots --strict 2>&1)"; then
    corrupt=$((corrupt + 1))
    fail "ns.$1 fails the consistency check${3:-}" "$(grep -E '^(ERROR|WARN)' <<<"$out" | head -20)"
  fi
}

# (b): the peers' check on each table whose current metadata file is new.
check_tables() {
  local table metadata
  while read -r table metadata; do
    [[ -n "${checked[$metadata]:-}" ]] && continue
    check_table "$table" "$metadata"
    checked[$metadata]=1
  done <"$1/metadata"
}

# How far the in-flight statement got: the kinds of file it left that no committed metadata
# references (its orphans).
classify_phase() {
  local dir="$1" acked="$2" count="$3" landed="$4" phase table metadata
  if ((acked == count)); then
    phase="after the last acknowledgement"
  elif ((landed > acked)); then
    phase="committed, not acknowledged"
  else
    reachable "$dir/observed/metadata" files "$dir/reachable"
    comm -13 <(cut -d' ' -f1 "$dir/files.before") <(cut -d' ' -f1 "$dir/files.after") | grep -v '/catalog\.db' |
      comm -23 - "$dir/reachable" >"$dir/orphans"
    local left=()
    mapfile -t left <"$dir/orphans"
    orphans_total=$((orphans_total + ${#left[@]}))
    local all=" ${left[*]} "
    if [[ "$all" == *.metadata.json* ]]; then
      phase="metadata file written, not committed"
    elif [[ "$all" == */snap-* ]]; then
      phase="manifest list written"
    elif [[ "$all" == *.avro* ]]; then
      phase="manifests written"
    elif [[ "$all" == *.parquet* ]]; then
      phase="data files written"
    else
      phase="before writing a file"
    fi
  fi
  kills_by_phase[$phase]=$((${kills_by_phase[$phase]:-0} + 1))
}

# (d): only the catalog and table folders in the warehouse; nothing in the state folder's
# tmp/ or the working folder. A kill inside the catalog's transaction leaves SQLite's
# journal: after observe()'s reads a hot one has been rolled back and deleted; one left
# must be one SQLite ignores, empty or its header zeroed (killed before the database file
# changed; the next commit replaces it).
check_stray() {
  local extra
  if [[ -f "$warehouse/catalog.db-journal" ]] &&
    [[ ! "$(head -c 8 "$warehouse/catalog.db-journal" | od -An -tx1 | tr -d ' \n')" =~ ^(0000000000000000)?$ ]]; then
    stray=$((stray + 1))
    fail "a hot catalog journal is left after the reads"
  fi
  extra="$(cd "$warehouse" && find . "$home/tmp" "$cwd" -mindepth 1 -printf '%y %p\n' 2>/dev/null |
           grep -Ev '^(f \./catalog\.db(-journal)?|d \./ns|d \./ns/[^/]+|[df] \./ns/[^/]+/(data|metadata)(/.*)?)$')"
  if [[ -n "$extra" ]]; then
    stray=$((stray + 1))
    fail "stray files after the kill" "$extra"
  fi
}

# Controls, so that a clean run means something: the check finds a committed data file cut
# short, and the model comparison a missing row.
controls() {
  observe "$root/control"
  local metadata data
  metadata="$(awk '$1 == "t" { print $2 }' "$root/control/metadata")"
  data="$(find "$warehouse/ns/t/data" -name '*.parquet' | head -1)"
  cp "$data" "$root/control.parquet"
  head -c 100 "$root/control.parquet" >"$data"
  node "$root/peers/check_table.mjs" "$metadata" --all-snapshots --strict >/dev/null 2>&1 &&
    fail "control: the consistency check passed a table with a data file cut short"
  cp "$root/control.parquet" "$data"
  node "$root/peers/check_table.mjs" "$metadata" --all-snapshots --strict >/dev/null 2>&1 ||
    fail "control: the consistency check fails the mended table"
  sed -i '$d' "$root/control/t.rows"
  same_state "$root/control" "$root/state" && fail "control: a missing row went unseen"
  rm -rf "$root/control" "$root/control.parquet"
}

# Prints the figures so far (at the end, after each warehouse, and when stopped).
summary() {
  echo "seed $seed: $kills kills in $rounds rounds ($unkilled ran to their end), $(($(date +%s) - started)) s"
  echo "in-flight statement: $applied applied wholly, $rolled_back not at all; $orphans_total orphan files left," \
    "$orphans_removed unreferenced files removed by remove_orphan_files after kills;" \
    "$deleted_by_procedures files deleted by the procedures killed or run"
  echo "consistency checks: $checks; corrupt tables: $corrupt; lost rows: $lost; phantom rows: $phantom;" \
    "partial statements: $partial; stray files: $stray; failed writes: $failed_writes"
  local key
  for key in "${!step_us[@]}"; do echo "  seconds in: $key $((step_us[$key] / 1000000))"; done | sort
  for key in "${!kills_by_kind[@]}"; do echo "  kills by kind: $key ${kills_by_kind[$key]}"; done | sort
  for key in "${!kills_by_phase[@]}"; do echo "  kills by phase: $key ${kills_by_phase[$key]}"; done | sort
  for key in "${!kills_by_trigger[@]}"; do echo "  kills by trigger: $key ${kills_by_trigger[$key]}"; done | sort
}
trap 'echo "stopped:"; summary; exit 1' TERM INT

seq=0
per_statement_ms=150
generation=0
fresh_at=0
while ((kills < kills_wanted)); do
  if ((kills >= fresh_at)); then
    ((generation > 0 && scale > 2)) && echo "progress: $kills kills, $rounds rounds, $corrupt corrupt," \
      "$lost lost, $phantom phantom, $partial partial, $(($(date +%s) - started)) s"
    generation=$((generation + 1))
    fresh_at=$((kills + kills_per_warehouse))
    new_warehouse "$generation"
    ((generation == 1)) && controls
  fi
  round
done

# A later write succeeds, and reads back.
seq=$((seq + 1))
sql "INSERT INTO ns.t (id, b, k) SELECT $seq * 10000 + id, $seq, 1 FROM range(10)" >/dev/null ||
  { failed_writes=$((failed_writes + 1)); fail "the write after the last kill failed"; }
batch_rows "$seq" 10 1 >>"$root/state/t.rows"
observe "$root/final"
same_state "$root/final" "$root/state" || fail "the write after the last kill did not read back"
check_tables "$root/final"

summary
