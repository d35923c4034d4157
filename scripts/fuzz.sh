#!/usr/bin/env bash
# Runs the libFuzzer targets of test/fuzz (built by `make fuzz` in BUILD_DIR with
# -DFLOE_FUZZ=ON), each for RUNS executions, FUZZ_JOBS of them at once (default: one per
# core). Each starts from its committed corpus (test/fuzz/corpus/<target>), the inputs it
# found in earlier runs (BUILD_DIR/corpus/<target>, where new ones go) and, when the shared
# fixtures are beside the repository, their files of its format. A crash, sanitizer report,
# hang (-timeout), allocation past -malloc_limit_mb or RSS past -rss_limit_mb stops that
# target and leaves the input in BUILD_DIR/findings/<target>/; the script then fails.
# Minimize a finding with `<fuzzer> -minimize_crash=1 -runs=10000 <input>` and keep it as
# test/fuzz/corpus/<target>/regression-<what>, replayed by `make test` (ctest -R fuzz/).
#   scripts/fuzz.sh build/fuzz 10000000 [target...]     (FUZZ_MAX_SECONDS=N also stops each after N s;
#   FUZZ_WORKERS=N runs each target as N processes of one campaign, RUNS in all)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath "$1")
runs=$2
shift 2
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(parquet avro_manifest table_metadata sql_parser json puffin variant)
jobs=${FUZZ_JOBS:-$(nproc)}
workers=${FUZZ_WORKERS:-1}
fixtures=$root/../shared/fixtures

# The options of each target: its longest input, its dictionary, the fixture files it starts from.
options() {
  case $1 in
    parquet) echo "-max_len=32768" ;;
    avro_manifest) echo "-max_len=32768" ;;
    table_metadata) echo "-max_len=16384 -dict=$root/test/fuzz/table_metadata.dict" ;;
    sql_parser) echo "-max_len=4096 -dict=$root/test/fuzz/sql_parser.dict" ;;
    json) echo "-max_len=4096" ;;
    puffin) echo "-max_len=32768" ;;
    variant) echo "-max_len=4096" ;;
  esac
}
fixture_files() {
  [[ -d $fixtures ]] || return 0
  case $1 in
    parquet) find "$fixtures" -type f \( -name '*.parquet' -o -name '*.parq' \) -size -64k ;;
    avro_manifest) find "$fixtures" -type f -name '*.avro' -size -64k ;;
    table_metadata) find "$fixtures" -type f -name '*.metadata.json' -size -64k ;;
    puffin) find "$fixtures" -type f -name '*.puffin' -size -64k ;;
  esac
}

run_one() {
  local target=$1
  local fuzzer=$build/test/fuzz/${target}_fuzzer
  local seeds=$build/seeds/$target
  mkdir -p "$build/corpus/$target" "$build/findings/$target" "$build/logs" "$seeds"
  fixture_files "$target" | while read -r f; do cp "$f" "$seeds/$(echo "$f" | md5sum | cut -c1-16)"; done
  local status
  if [[ $workers -le 1 ]]; then
    # why: -fork would hide the execution count; one process per target, -runs of them
    "$fuzzer" -runs="$runs" ${FUZZ_MAX_SECONDS:+-max_total_time=$FUZZ_MAX_SECONDS} $(options "$target") -rss_limit_mb=2560 -malloc_limit_mb=1536 -timeout=25 \
      -print_final_stats=1 -artifact_prefix="$build/findings/$target/" \
      "$build/corpus/$target" "$root/test/fuzz/corpus/$target" "$seeds" > "$build/logs/$target.log" 2>&1
    status=$?
  else
    # FUZZ_WORKERS processes of one campaign (libFuzzer's -jobs): each runs RUNS / N, writes
    # fuzz-<i>.log in its folder and picks up the corpus the others add (-reload); their
    # executions are summed below
    local dir=$build/logs/$target.workers
    rm -rf "$dir" && mkdir -p "$dir"
    (cd "$dir" && "$fuzzer" -jobs="$workers" -workers="$workers" -runs=$((runs / workers)) \
      ${FUZZ_MAX_SECONDS:+-max_total_time=$FUZZ_MAX_SECONDS} $(options "$target") -rss_limit_mb=2560 \
      -malloc_limit_mb=1536 -timeout=25 -print_final_stats=1 -artifact_prefix="$build/findings/$target/" \
      "$build/corpus/$target" "$root/test/fuzz/corpus/$target" "$seeds" > "$dir/parent.log" 2>&1)
    status=$?
    cat "$dir"/fuzz-*.log > "$build/logs/$target.log"
    local sum=0 n
    for n in $(grep -ohE 'stat::number_of_executed_units: *[0-9]+' "$dir"/fuzz-*.log | grep -oE '[0-9]+$'); do
      sum=$((sum + n))
    done
    # why: a worker that failed has no final stats; the campaign failed then
    [[ $(grep -c 'stat::number_of_executed_units' "$build/logs/$target.log") -eq $workers ]] || status=1
    echo "stat::number_of_executed_units: $sum (all $workers workers)" >> "$build/logs/$target.log"
  fi
  local stats
  stats=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$build/logs/$target.log" | tail -1)
  local execs
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$build/logs/$target.log" | tail -1 | grep -oE '[0-9]+$')
  local rate
  rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$build/logs/$target.log" | grep -oE '[0-9]+$' | awk '{ s += $1 } END { if (NR) print s }')
  if [[ $status -eq 0 ]]; then
    echo "fuzz: $target ok: ${execs:-?} executions, ${rate:-?}/s, last: $stats"
  else
    echo "fuzz: $target FAILED (status $status), see $build/logs/$target.log and $build/findings/$target/"
    grep -E 'ERROR|SUMMARY|terminate|abort|==[0-9]+==' "$build/logs/$target.log" | head -5
  fi
  return $status
}
export -f run_one options fixture_files
# why: ASan's default quarantine (256 MB) and the allocation stack kept for every malloc cost
# the short-input targets a third of their rate (sql_parser: 719 -> 1159 exec/s side by side,
# session 18); both only shape a report's allocation stacks and how long freed memory stays
# poisoned. Replay a finding with ASAN_OPTIONS= for the full report.
export ASAN_OPTIONS=${ASAN_OPTIONS-malloc_context_size=0:quarantine_size_mb=16}
export build root runs fixtures workers

printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}'
