// Scan planning time of a one-day query (issue 6): a table of three years of daily partitions
// (1,096) written by ten inserts of one file per day (10,960 data files in ten manifests that
// each span every day), and the same table with one month of history (310 files). For each:
// the planning time of the first query of a process (manifests read from disk, median of five
// processes), of later queries (manifests cached), the query's time, and DuckDB's time for the
// same query over the same Parquet files. bench/pruning_planning.sh is the same measurement
// by hand.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROUNDS = 10;
const START = 1704067200;  // 2024-01-01 00:00:00 UTC; 1,096 days run to 2026-12-31
const QUERY = `SELECT count(*), sum(amount) FROM db.TABLE
WHERE event_time >= TIMESTAMP '2026-01-15 00:00:00' AND event_time < TIMESTAMP '2026-01-16 00:00:00'`;
const TABLES = [
  { table: 'events', history: '3 years', days: 1096, firstDay: 0 },
  { table: 'events_month', history: '1 month', days: 31, firstDay: 730 },
];

/// Writes the two tables once per floe binary; returns the warehouse folder.
function build(floe, dataDir, log) {
  const warehouse = path.join(dataDir, 'planning');
  const stamp = path.join(warehouse, '.generated');
  const binary = `${statSync(floe).size}:${statSync(floe).mtimeMs}`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === binary) return warehouse;
  rmSync(warehouse, { recursive: true, force: true });
  mkdirSync(warehouse, { recursive: true });
  const sql = ["SET spark.sql.session.timeZone = 'UTC'", 'CREATE NAMESPACE db'];
  for (const t of TABLES) {
    sql.push(`CREATE TABLE db.${t.table} (event_id BIGINT, event_time TIMESTAMP, user_id INT, amount DOUBLE) USING iceberg PARTITIONED BY (days(event_time))`);
  }
  for (let r = 1; r <= ROUNDS; r++) {
    for (const t of TABLES) {
      // one insert: 20 rows on each day, so one new file per day
      sql.push(`INSERT INTO db.${t.table} SELECT id, CAST(${START} + (${t.firstDay} + id % ${t.days}) * 86400 + ${r} * 600 + (id DIV ${t.days}) * 60 AS TIMESTAMP), CAST(id % 1000 AS INT), id * 0.5 FROM range(${20 * t.days})`);
    }
  }
  log(`planning: writing db.events (${ROUNDS} inserts of 1,096 files) and db.events_month (${ROUNDS} of 31) ...`);
  const r = spawnSync(floe, ['--warehouse', warehouse, '-csv'], { input: sql.join(';\n') + ';\n', encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`planning tables: ${(r.stderr || r.stdout).trim()}`);
  writeFileSync(stamp, binary);
  return warehouse;
}

/// Runs EXPLAIN ANALYZE of the query `runs` times in one floe process; returns the planning
/// times and the query times (ms) and the data files read / total.
function explainRuns(floe, warehouse, table, runs) {
  const script = ["SET spark.sql.session.timeZone = 'UTC';"];
  for (let i = 0; i < runs; i++) script.push(`EXPLAIN ANALYZE ${QUERY.replace('TABLE', table)};`);
  const r = spawnSync(floe, ['--warehouse', warehouse, '-csv', '--threads', '2'], { input: script.join('\n'), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`planning ${table}: ${(r.stderr || r.stdout).trim()}`);
  const planning = [...r.stdout.matchAll(/planning time: ([0-9.]+) ms/g)].map((m) => Number(m[1]));
  const query = [...r.stdout.matchAll(/Total time: ([0-9.]+) ms/g)].map((m) => Number(m[1]));
  const files = /data files: (\d+) read \/ (\d+) total/.exec(r.stdout);
  const blocks = /manifest blocks: (\d+) read \/ (\d+) total/.exec(r.stdout);
  if (planning.length !== runs || query.length !== runs || !files) throw new Error(`planning ${table}: unexpected output`);
  return {
    planning, query, filesRead: Number(files[1]), filesTotal: Number(files[2]),
    blocksRead: blocks ? Number(blocks[1]) : null, blocksTotal: blocks ? Number(blocks[2]) : null,
  };
}

const stats = (xs, median) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });

/// Measures both tables; returns one row per table (`agree`: floe and DuckDB gave the same
/// count and sum; the caller counts a disagreement as a failure).
export function runPlanning({ floe, dataDir, log, median, runDuckdb }) {
  const warehouse = build(floe, dataDir, log);
  const rows = [];
  for (const t of TABLES) {
    // five processes: the first query of each plans with nothing cached
    const cold = [];
    for (let i = 0; i < 5; i++) cold.push(explainRuns(floe, warehouse, t.table, 1).planning[0]);
    const warm = explainRuns(floe, warehouse, t.table, 21);
    const sql = QUERY.replace('db.TABLE', `read_parquet('${warehouse}/db/${t.table}/data/**/*.parquet')`);
    const duck = runDuckdb({ threads: 2, setup: ["SET TimeZone = 'UTC'"], sql, runs: 5 });
    // the answers must agree
    const answer = spawnSync(floe, ['--warehouse', warehouse, '-csv', '-c', "SET spark.sql.session.timeZone = 'UTC'",
      '-c', QUERY.replace('TABLE', t.table)], { encoding: 'utf8' });
    const floeRow = answer.status === 0 ? answer.stdout.trim().split('\n').pop().split(',').map(Number) : null;
    const duckRow = duck.error ? null : duck.rows[0].map(Number);
    const agree = floeRow !== null && duckRow !== null && floeRow.length === duckRow.length &&
      floeRow.every((v, i) => Math.abs(v - duckRow[i]) <= 1e-9 * Math.max(1, Math.abs(v)));
    log(`planning ${t.table}: first query ${median(cold).toFixed(2)} ms, later ${median(warm.planning.slice(1)).toFixed(2)} ms; query ${median(warm.query.slice(1)).toFixed(2)} ms, DuckDB ${duck.error ? duck.error : `${median(duck.times).toFixed(1)} ms`}`);
    rows.push({
      table: `db.${t.table}`, history: t.history, filesRead: warm.filesRead, filesTotal: warm.filesTotal,
      blocksRead: warm.blocksRead, blocksTotal: warm.blocksTotal,
      coldPlanningMs: stats(cold, median), warmPlanningMs: stats(warm.planning.slice(1), median),
      queryMs: stats(warm.query.slice(1), median), duckdbMs: duck.error ? null : stats(duck.times, median),
      agree, floeRow, duckRow,
    });
  }
  return rows;
}
