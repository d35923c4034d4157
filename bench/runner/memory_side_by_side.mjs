// Memory benchmark (issue 2): peak RSS of a GROUP BY and a hash join over 10M rows from
// range(), against "the size of the data it holds" (the rows in the hash table at their raw
// column widths: the groups for an aggregate, the build side for a join), in floe and in
// DuckDB in the same run (and optionally a second floe build, before/after a change).
// One process per run and engine, running the query once, so each peak RSS is one query's;
// prints a markdown table of medians. "− idle" subtracts the peak RSS of the same process
// running `SELECT 1` (floe's binary, or node + DuckDB), so the ratio is the query's own.
// Usage: node bench/runner/memory_side_by_side.mjs [--runs N] [--threads 1,2] [--base FLOE]
// Exits 1 when two engines return different rows.
import { FLOE, option as optionOf } from './bench_env.mjs';
import { median, runDuckdbChild, runMeasured } from './process_measure.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => optionOf(args, name, fallback);
const RUNS = Number(option('--runs', '3'));
const THREADS = option('--threads', '1,2').split(',').map(Number);
const BASE = option('--base', null);

const ROWS = 10000000;
const PRIME = 10000019;  // (id * 7919) % PRIME: a permutation of [0, ROWS), distinct keys
const MB = 1e6;
const QUERIES = [
  {
    name: 'group_by_10M_keys',
    sql: `SELECT count(*), sum(c), sum(s) FROM (SELECT k, count(*) AS c, sum(v) AS s FROM ` +
      `(SELECT (id * 7919) % ${PRIME} AS k, id AS v FROM range(${ROWS})) GROUP BY k)`,
    held: 10000000 * (8 + 8 + 8),  // groups: k BIGINT, count BIGINT, sum BIGINT
  },
  {
    name: 'group_by_1000_keys',
    sql: `SELECT count(*), sum(c), sum(s) FROM (SELECT k, count(*) AS c, sum(v) AS s FROM ` +
      `(SELECT id % 1000 AS k, id AS v FROM range(${ROWS})) GROUP BY k)`,
    held: 1000 * (8 + 8 + 8),
  },
  {
    name: 'join_10M_build',
    sql: `SELECT count(*), sum(a.v + b.w) FROM (SELECT (id * 7919) % ${PRIME} AS k, id AS v ` +
      `FROM range(${ROWS})) a JOIN (SELECT id AS k, id * 2 AS w FROM range(${ROWS})) b ON a.k = b.k`,
    held: 10000000 * (8 + 8),  // build side b: k BIGINT, w BIGINT
  },
  {
    name: 'join_1M_build',
    sql: `SELECT count(*), sum(a.v + b.w) FROM (SELECT (id * 7919) % ${PRIME} AS k, id AS v ` +
      `FROM range(${ROWS})) a JOIN (SELECT id AS k, id * 2 AS w FROM range(1000000)) b ON a.k = b.k`,
    held: 1000000 * (8 + 8),
  },
];

// Runs argv measured; returns stdout, peak RSS in bytes and wall seconds; throws on failure.
function runChecked(argv) {
  const r = runMeasured(argv, { maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${argv[0]} exited ${r.status}: ${r.stderr.slice(0, 400)}`);
  return { stdout: r.stdout, rss: r.rssKb == null ? null : r.rssKb * 1024, wall: r.wallS };
}

function runFloe(binary, threads, sql) {
  const r = runChecked([binary, '-csv', '--threads', String(threads), '-c', sql]);
  const lines = r.stdout.split('\n').filter((l) => l);
  return { rss: r.rss, wall: r.wall, rows: lines.slice(1).map((l) => l.split(',')) };
}

function runDuckdb(threads, floeSql) {
  const sql = floeSql.replace(/FROM range\((\d+)\)/g, 'FROM range($1) t(id)');
  const r = runDuckdbChild({ threads, setup: [], query: sql, warmups: 0, runs: 1 });
  if (r.status !== 0) throw new Error(`duckdb exited ${r.status}: ${r.stderr.slice(0, 400)}`);
  return { rss: r.rssKb == null ? null : r.rssKb * 1024, wall: r.wallS, rows: r.result.rows };
}

const answer = (rows) => rows.map((r) => r.map((f) => (f === 'NULL' ? '' : f)).join('|')).sort().join('\n');

const engines = [['floe', (t, q) => runFloe(FLOE, t, q)]];
if (BASE) engines.push(['floe before', (t, q) => runFloe(BASE, t, q)]);
engines.push(['duckdb', runDuckdb]);

// Idle peak RSS of each engine's process.
const idle = {};
for (const [name, run] of engines) idle[name] = median([0, 1, 2].map(() => run(1, 'SELECT 1').rss));

let mismatch = false;
console.log(`idle peak RSS (SELECT 1): ${engines.map(([n]) => `${n} ${(idle[n] / MB).toFixed(0)} MB`).join(', ')}`);
console.log('');
console.log('| query | held MB | threads | engine | peak RSS MB (median, min–max) | × held | − idle, × held | wall s |');
console.log('|---|---:|---:|---|---:|---:|---:|---:|');
for (const q of QUERIES) {
  for (const threads of THREADS) {
    const results = engines.map(([name]) => [name, []]);
    // Interleave the engines run by run, so a change in the machine's load hits all of them.
    for (let i = 0; i < RUNS; i++) {
      engines.forEach(([, run], e) => results[e][1].push(run(threads, q.sql)));
    }
    const duck = results.find(([name]) => name === 'duckdb')[1][0];
    for (const [name, rs] of results) {
      for (const r of rs) {
        if (answer(r.rows) !== answer(duck.rows)) {
          mismatch = true;
          console.error(`${q.name} threads=${threads}: ${name} returned different rows than DuckDB`);
        }
      }
      const rss = median(rs.map((r) => r.rss));
      const lo = Math.min(...rs.map((r) => r.rss));
      const hi = Math.max(...rs.map((r) => r.rss));
      const own = q.held >= 10 * MB ? ((rss - idle[name]) / q.held).toFixed(2) : '—';
      const ratio = q.held >= 10 * MB ? (rss / q.held).toFixed(2) : '—';
      console.log(`| ${q.name} | ${(q.held / MB).toFixed(q.held >= MB ? 0 : 3)} | ${threads} | ${name} | ` +
        `${(rss / MB).toFixed(0)} (${(lo / MB).toFixed(0)}–${(hi / MB).toFixed(0)}) | ${ratio} | ${own} | ` +
        `${median(rs.map((r) => r.wall)).toFixed(2)} |`);
    }
  }
}
process.exit(mismatch ? 1 : 0);
