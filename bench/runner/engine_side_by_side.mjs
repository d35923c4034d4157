// Engine benchmark (issue 2): GROUP BY and ORDER BY over 10M rows from range(), 1,000 keys and
// 10M distinct keys, threads 1 and 2, in floe and in DuckDB in the same run (and optionally in
// a second floe build, to compare before/after a change). One process per cell (so its peak
// RSS is its own): a warm-up, then N counted runs; prints a markdown table of medians. "CPU s
// per run" is the process's user + system time over its 1 + N runs (process start-up
// included; for DuckDB that is node's): on a shared machine it moves less than wall time.
// Usage: node bench/runner/engine_side_by_side.mjs [--runs N] [--rows N] [--base PATH_TO_FLOE]
// Exits 1 when two engines return different rows.
import { FLOE, option as optionOf } from './bench_env.mjs';
import { RUN_TIME_LINE, median, runDuckdbChild, runMeasured } from './process_measure.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => optionOf(args, name, fallback);
const RUNS = Number(option('--runs', '5'));
const ROWS = Number(option('--rows', '10000000'));
const BASE = option('--base', null);

// A permutation of [0, ROWS) (the modulus is a prime above ROWS): distinct keys, not sorted.
const PRIME = 10000019;
const QUERIES = [
  {
    name: 'group_by_1000_keys',
    sql: `SELECT k, count(*), sum(v) FROM (SELECT id % 1000 AS k, id AS v FROM range(${ROWS})) GROUP BY k`,
  },
  {
    name: 'group_by_distinct_keys',
    sql: `SELECT count(*), sum(c), sum(s) FROM (SELECT k, count(*) AS c, sum(v) AS s FROM ` +
      `(SELECT (id * 7919) % ${PRIME} AS k, id AS v FROM range(${ROWS})) GROUP BY k)`,
  },
  {
    name: 'order_by_1000_keys',
    sql: `SELECT k, v FROM (SELECT id % 1000 AS k, id AS v FROM range(${ROWS})) ` +
      `ORDER BY k DESC, v LIMIT 3 OFFSET ${ROWS - 3}`,
  },
  {
    name: 'order_by_distinct_keys',
    sql: `SELECT k, v FROM (SELECT (id * 7919) % ${PRIME} AS k, id AS v FROM range(${ROWS})) ` +
      `ORDER BY k LIMIT 3 OFFSET ${ROWS - 3}`,
  },
];

function runFloe(binary, threads, sql) {
  const argv = [binary, '-csv', '--timer', '--threads', String(threads)];
  for (let i = 0; i < RUNS + 1; i++) argv.push('-c', sql);
  const r = runMeasured(argv);
  if (r.status !== 0) throw new Error(`floe exited ${r.status}: ${r.stderr.slice(0, 400)}`);
  const times = [];
  const texts = [];
  let text = [];
  for (const line of r.stdout.split('\n')) {
    const m = RUN_TIME_LINE.exec(line);
    if (m) { times.push(Number(m[1]) * 1000); texts.push(text); text = []; } else if (line) text.push(line);
  }
  return { times: times.slice(1), rssKb: r.rssKb, cpuS: r.cpuS, rows: texts[1].slice(1).map((l) => l.split(',')) };
}

// range() names its column id in floe and range in DuckDB: alias it.
function runDuckdb(threads, floeSql) {
  const sql = floeSql.replace(/FROM range\((\d+)\)/g, 'FROM range($1) t(id)');
  const r = runDuckdbChild({ threads, setup: [], query: sql, warmups: 1, runs: RUNS });
  if (r.status !== 0) throw new Error(`duckdb exited ${r.status}: ${r.stderr.slice(0, 400)}`);
  const out = r.result;
  return { times: out.times_ms, rssKb: r.rssKb, cpuS: r.cpuS, rows: out.rows };
}

const answer = (rows) => rows.map((r) => r.map((f) => (f === 'NULL' ? '' : f)).join('|')).sort().join('\n');

const engines = [['floe', (t, q) => runFloe(FLOE, t, q)]];
if (BASE) engines.push(['floe before', (t, q) => runFloe(BASE, t, q)]);
engines.push(['duckdb', runDuckdb]);

let mismatch = false;
console.log('| query | threads | engine | median ms | min–max ms | × DuckDB | peak RSS MB | CPU s per run |');
console.log('|---|---:|---|---:|---:|---:|---:|---:|');
for (const q of QUERIES) {
  for (const threads of [1, 2]) {
    const results = engines.map(([name, run]) => [name, run(threads, q.sql)]);
    const duck = results.find(([name]) => name === 'duckdb')[1];
    for (const [name, r] of results) {
      if (answer(r.rows) !== answer(duck.rows)) {
        mismatch = true;
        console.error(`${q.name} threads=${threads}: ${name} returned different rows than DuckDB`);
      }
      const ms = median(r.times);
      console.log(`| ${q.name} | ${threads} | ${name} | ${ms.toFixed(0)} | ` +
        `${Math.min(...r.times).toFixed(0)}–${Math.max(...r.times).toFixed(0)} | ` +
        `${(ms / median(duck.times)).toFixed(2)} | ${(r.rssKb / 1024).toFixed(0)} | ` +
        `${(r.cpuS / (RUNS + 1)).toFixed(2)} |`);
    }
  }
}
process.exit(mismatch ? 1 : 0);
