// Runs one query in DuckDB for the benchmark runner, in its own process so that the runner can
// measure this process's peak memory. Usage: node duckdb_child.mjs SPEC.json, where SPEC holds
// { modulesDir, threads, setup: [sql], query, warmups, runs }. Prints one JSON line:
// { times_ms: [one per counted run], columns, rows } (rows of the first counted run, as text).
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
const times = [];
let columns = [];
let rows = [];
for (let i = 0; i < spec.warmups + spec.runs; i++) {
  const start = performance.now();
  const reader = await connection.runAndReadAll(spec.query);
  const elapsed = performance.now() - start;
  if (i === spec.warmups) {
    columns = reader.columnNames();
    rows = reader.getRows().map((r) => r.map(text));
  }
  if (i >= spec.warmups) times.push(elapsed);
}
process.stdout.write(JSON.stringify({ times_ms: times, columns, rows }) + '\n');
