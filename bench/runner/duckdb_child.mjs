// Runs one query in DuckDB for the benchmark runner, in its own process so that the runner can
// measure this process's peak memory. Usage: node duckdb_child.mjs SPEC.json, where SPEC holds
// { modulesDir, threads, setup: [sql], query, warmups, runs }. Prints one JSON line:
// { times_ms: [one per counted run], columns, rows } (rows of the first counted run, as text).
// With `queries: [sql]` in place of `query` (the quick run's batch) it prints one JSON line
// holding an array of those objects, or { error } for a query that failed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const require = createRequire(`${spec.modulesDir}/`);
const { DuckDBInstance } = await import(pathToFileURL(require.resolve('@duckdb/node-api')).href);

const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
await connection.run(`SET threads = ${spec.threads}`);
for (const sql of spec.setup) await connection.run(sql);

const text = (v) => (v === null || v === undefined ? '' : String(v));

/// Runs one query `warmups` + `runs` times; returns the counted times and the first counted rows.
async function measure(query) {
  const times = [];
  let columns = [];
  let rows = [];
  for (let i = 0; i < spec.warmups + spec.runs; i++) {
    const start = performance.now();
    const reader = await connection.runAndReadAll(query);
    const elapsed = performance.now() - start;
    if (i === spec.warmups) {
      columns = reader.columnNames();
      rows = reader.getRows().map((r) => r.map(text));
    }
    if (i >= spec.warmups) times.push(elapsed);
  }
  return { times_ms: times, columns, rows };
}

if (spec.queries) {
  const out = [];
  for (const q of spec.queries) {
    try {
      out.push(await measure(q));
    } catch (e) {
      out.push({ error: String(e.message ?? e) });
    }
  }
  process.stdout.write(JSON.stringify(out) + '\n');
} else {
  process.stdout.write(JSON.stringify(await measure(spec.query)) + '\n');
}
