// Measuring whole processes for the benchmark scripts: a median, a command run under
// /usr/bin/time for its peak memory and CPU time, and a DuckDB query run so.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR, FLOE, MODULES, REPO } from './bench_env.mjs';

/// Returns the median of a non-empty list of numbers.
/// What a result file's header names: the commit measured, whether `dirs` of the repository
/// held uncommitted changes, and the CPU model.
export function buildAndMachine(dirs = ['src']) {
  const commit = spawnSync('git', ['-C', REPO, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['-C', REPO, 'status', '--porcelain', '--untracked-files=no', '--', ...dirs],
    { encoding: 'utf8' }).stdout.trim() !== '';
  const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) ?? [])[1] ?? 'unknown';
  return { commit, dirty, cpu };
}

/// "median (min–max)" of times in ms, and of peak RSS figures in KB shown as MB.
export function msRange(xs) {
  return `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
}
export function mbRange(kbs) {
  return msRange(kbs.map((kb) => kb / 1024));
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

let serial = 0;

/// Runs argv under /usr/bin/time (when installed); returns its stdout, stderr and exit
/// status, and the process's peak RSS in KiB, user + system CPU seconds and wall seconds
/// (null without /usr/bin/time). `options` go to spawnSync.
export function runMeasured(argv, options = {}) {
  const spawn = { encoding: 'utf8', maxBuffer: 1 << 28, ...options };
  if (!existsSync('/usr/bin/time')) {
    const r = spawnSync(argv[0], argv.slice(1), spawn);
    return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', status: r.status, rssKb: null, cpuS: null, wallS: null };
  }
  const file = path.join(os.tmpdir(), `floe-bench-time-${process.pid}-${serial++}`);
  const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S %e', '-o', file, ...argv], spawn);
  let rssKb = null, cpuS = null, wallS = null;
  try {
    const [rss, user, sys, wall] = readFileSync(file, 'utf8').trim().split('\n').pop().split(' ').map(Number);
    rssKb = rss;
    cpuS = user + sys;
    wallS = wall;
  } catch { /* none */ }
  rmSync(file, { force: true });
  return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', status: r.status, rssKb, cpuS, wallS };
}

/// Runs duckdb_child.mjs on `spec` ({ threads, setup, query | queries, warmups, runs }; the
/// DuckDB modules folder is added) under runMeasured; returns its measurement and `result`,
/// the child's JSON output (null when it failed).
export function runDuckdbChild(spec) {
  const file = path.join(os.tmpdir(), `floe-bench-duckdb-${process.pid}-${serial++}.json`);
  writeFileSync(file, JSON.stringify({ modulesDir: MODULES, ...spec }));
  const r = runMeasured([process.execPath, path.join(BENCH_DIR, 'runner/duckdb_child.mjs'), file]);
  rmSync(file, { force: true });
  return { ...r, result: r.status === 0 ? JSON.parse(r.stdout.trim().split('\n').pop()) : null };
}

/// A line of floe's --timer: "Run Time: real 0.291 s user 0.520 s sys 0.061 s" (wall clock, then
/// the CPU time of every thread of the process over the statement).
export const RUN_TIME_LINE = /^Run Time: real ([0-9.]+) s(?: user ([0-9.]+) s sys ([0-9.]+) s)?$/;

// Runs the floe shell on `warehouse` with `statements` (one -c each) at `threads`, timed by
// /usr/bin/time; returns runMeasured's result, `times`, floe's own Run Time of each statement
// in ms, and `cpuTimes`, the user and system CPU time of each in ms. Throws when floe fails.
export function floeTimed(warehouse, threads, statements) {
  const argv = [FLOE, '--warehouse', warehouse, '-csv', '--timer', '--threads', String(threads)];
  for (const s of statements) argv.push('-c', s);
  const r = runMeasured(argv);
  if (r.status !== 0) throw new Error(`floe failed: ${r.stderr}`);
  const lines = r.stdout.split('\n').map((l) => RUN_TIME_LINE.exec(l)).filter((m) => m);
  const times = lines.map((m) => Number(m[1]) * 1000);
  const cpuTimes = lines.map((m) => (Number(m[2] ?? 0) + Number(m[3] ?? 0)) * 1000);
  return { ...r, times, cpuTimes };
}
