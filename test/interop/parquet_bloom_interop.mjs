#!/usr/bin/env node
// Parquet Bloom filters between floe and DuckDB (parquet-format BloomFilter.md: split blocks,
// XXH64 of the PLAIN bytes).
//
//   node parquet_bloom_interop.mjs [path/to/floe]   (default: ../../build/release/tools/floe/floe)
//
//  1. floe writes an Iceberg table with write.parquet.bloom-filter-enabled.column.<name> on
//     columns of seven types; in every data file, DuckDB's parquet_bloom_probe finds every
//     value the file holds (a filter DuckDB read with another hash or layout would rule out
//     about all of them), and rules out most values the table lacks. (Not decimals: DuckDB
//     1.5's probe hashes a decimal's integer part, not its unscaled digits, so it "finds"
//     0.02 when asked for 2.00; decimals are checked the other way, in 2.)
//  2. DuckDB writes a file (it writes Bloom filters for dictionary-encoded chunks); floe's
//     parquet_metadata shows the same filter offsets and lengths, floe's
//     parquet_bloom_probe answers as DuckDB's for present and absent values in every row
//     group, and finds every decimal DuckDB wrote while ruling out most absent ones; a
//     read_parquet filter on an absent value is pruned by the filters.
// Exit code 0 when every check passes, 1 when one fails, 77 (skipped) when node_modules
// or the floe binary is missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const floe = resolve(process.argv[2] ?? join(here, '../../build/release/tools/floe/floe'));
const duckdbPackage = join(here, 'node_modules/@duckdb/node-api');
if (!existsSync(duckdbPackage)) {
  console.log('parquet_bloom_interop: skipped, test/interop/node_modules is missing (run scripts/install-test-tools.sh)');
  process.exit(77);
}
if (!existsSync(floe)) {
  console.log(`parquet_bloom_interop: skipped, no floe binary at ${floe}`);
  process.exit(77);
}
const { DuckDBInstance } = await import(pathToFileURL(join(duckdbPackage, 'lib/index.js')).href);

const dir = mkdtempSync(join(tmpdir(), 'floe-bloom-'));
const warehouse = join(dir, 'warehouse');
const duck = await (await DuckDBInstance.create(':memory:')).connect();
await duck.run("SET TimeZone = 'UTC'");
const rows = async (sql) => (await duck.runAndReadAll(sql)).getRows();
function runFloe(sql) {
  const out = execFileSync(floe, ['--warehouse', warehouse, '-json', '-c', `SET TIME ZONE 'UTC'; ${sql}`],
                           { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  return JSON.parse(out.slice(out.lastIndexOf('\n[\n') + 1));
}

let failures = 0, checks = 0;
const fail = (msg) => { failures++; console.log('FAIL', msg); };
const ok = (msg) => { checks++; console.log('ok  ', msg); };
const sqlString = (s) => `'${s.replaceAll("'", "''")}'`;

// name, floe type, the value of row i as SQL over range(n) AS t(id), a DuckDB literal of i
const COLUMNS = [
  ['i', 'INT', 'CAST(id * 2 AS INT)', (i) => `${2 * i}::INTEGER`],
  ['l', 'BIGINT', 'id * 2 + 10000000000', (i) => `${2 * i + 10000000000}::BIGINT`],
  ['s', 'STRING', "concat('key-', CAST(id * 2 AS STRING))", (i) => `'key-${2 * i}'`],
  ['d', 'DATE', 'date_add(DATE \'2020-01-01\', CAST(id * 2 AS INT))', (i) => `(DATE '2020-01-01' + ${2 * i})`],
  ['ts', 'TIMESTAMP', 'CAST(1700000000 + id * 2 AS TIMESTAMP)',
    (i) => `to_timestamp(${1700000000 + 2 * i})`],
  ['x', 'DOUBLE', 'CAST(id * 2 AS DOUBLE) + 0.5', (i) => `${2 * i + 0.5}::DOUBLE`],
  ['f', 'FLOAT', 'CAST(id * 2 AS FLOAT) + 0.25', (i) => `${2 * i + 0.25}::FLOAT`],
];
const N = 3000;

try {
  // 1. floe writes, DuckDB probes
  const props = COLUMNS.map(([name]) => `'write.parquet.bloom-filter-enabled.column.${name}' = 'true'`).join(', ');
  runFloe(`CREATE NAMESPACE db; CREATE TABLE db.t (${COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ')}) ` +
          `USING iceberg TBLPROPERTIES (${props}); ` +
          `INSERT INTO db.t SELECT ${COLUMNS.map(([n, , e]) => `${e} AS ${n}`).join(', ')} FROM range(${N}) AS r(id)`);
  const dataDir = join(warehouse, 'db', 't', 'data');
  const files = readdirSync(dataDir, { recursive: true }).filter((f) => f.endsWith('.parquet'))
    .map((f) => join(dataDir, f));
  if (files.length === 0) fail('floe wrote no data file');
  for (const file of files) {
    const meta = await rows(`SELECT path_in_schema, count(*) FILTER (WHERE bloom_filter_offset IS NOT NULL)
                             FROM parquet_metadata(${sqlString(file)}) GROUP BY ALL ORDER BY 1`);
    const without = meta.filter(([, n]) => n === 0n).map(([p]) => p);
    if (without.length) fail(`floe's file has chunks without a Bloom filter: ${without.join(', ')}`);
    for (const [name, , , literal] of COLUMNS) {
      let missed = 0, absentPassed = 0, probes = 0;
      for (let i = 0; i < N; i += 97) {
        const present = await rows(`SELECT bool_or(bloom_filter_excludes) FROM parquet_bloom_probe(${sqlString(file)}, '${name}', ${literal(i)})`);
        if (present[0][0] === true) missed++;
        // 2i + 1 (or its equivalent) is in no row: odd keys were never written
        const absent = await rows(`SELECT bool_and(bloom_filter_excludes) FROM parquet_bloom_probe(${sqlString(file)}, '${name}', ${literal(i + 0.5)})`);
        if (absent[0][0] !== true) absentPassed++;
        probes++;
      }
      if (missed) fail(`${name}: DuckDB's probe rules out ${missed} of ${probes} values floe wrote`);
      else if (absentPassed > probes / 5) fail(`${name}: ${absentPassed} of ${probes} absent values pass floe's filter`);
      else ok(`${name}: DuckDB finds all ${probes} values in floe's filter, rules out ${probes - absentPassed} of ${probes} absent`);
    }
  }

  // 2. DuckDB writes, floe reads
  const file = join(dir, 'duck.parquet');
  await duck.run(`COPY (SELECT id AS k, 'v' || (id % 1500)::VARCHAR AS s, (id % 1200)::INTEGER AS i,
                               (DATE '2021-01-01' + (id % 900)::INTEGER) AS d,
                               ((id % 1000) * 2 / 100)::DECIMAL(9,2) AS m, ((id % 1000) * 2 / 1000)::DECIMAL(18,3) AS g
                        FROM range(60000) t(id)) TO ${sqlString(file)} (FORMAT parquet, ROW_GROUP_SIZE 20000)`);
  const duckMeta = await rows(`SELECT row_group_id, path_in_schema, bloom_filter_offset, bloom_filter_length
                               FROM parquet_metadata(${sqlString(file)}) ORDER BY 1, 2`);
  const floeMeta = runFloe(`SELECT row_group_id, path_in_schema, bloom_filter_offset, bloom_filter_length
                            FROM parquet_metadata(${sqlString(file)}) ORDER BY 1, 2`);
  const duckText = JSON.stringify(duckMeta.map((r) => r.map((v) => (v === null ? null : String(v)))));
  const floeText = JSON.stringify(floeMeta.map((r) => Object.values(r).map((v) => (v === null ? null : String(v)))));
  if (duckText !== floeText) fail(`parquet_metadata's Bloom filter columns differ: DuckDB ${duckText}, floe ${floeText}`);
  else if (!duckMeta.some((r) => r[2] !== null)) fail('DuckDB wrote no Bloom filter');
  else ok(`parquet_metadata: the same ${duckMeta.filter((r) => r[2] !== null).length} Bloom filters as DuckDB`);
  const probes = [['s', "'v7'"], ['s', "'v1499'"], ['s', "'v1500'"], ['s', "'zzz'"], ['i', '5'], ['i', '1199'],
                  ['i', '1200'], ['i', '-3'], ['d', "DATE '2021-01-02'"], ['d', "DATE '2024-01-01'"]];
  for (const [column, value] of probes) {
    const expected = (await rows(`SELECT row_group_id, bloom_filter_excludes
                                  FROM parquet_bloom_probe(${sqlString(file)}, '${column}', ${value}) ORDER BY 1`))
      .map(([g, e]) => `${g}:${e}`).join(' ');
    const actual = runFloe(`SELECT row_group_id, bloom_filter_excludes
                            FROM parquet_bloom_probe(${sqlString(file)}, '${column}', ${value}) ORDER BY 1`)
      .map((r) => `${r.row_group_id}:${r.bloom_filter_excludes}`).join(' ');
    if (expected !== actual) fail(`parquet_bloom_probe(${column}, ${value}): DuckDB ${expected}, floe ${actual}`);
    else ok(`parquet_bloom_probe(${column}, ${value}) = ${actual}, as DuckDB`);
  }
  // (DuckDB writes no filter for a decimal in fixed-length bytes: it does not dictionary-encode them)
  for (const [column, type, scale] of [['m', 'DECIMAL(9,2)', 100], ['g', 'DECIMAL(18,3)', 1000]]) {
    let missed = 0, absentPassed = 0, probes = 0;
    for (let i = 0; i < 1000; i += 37) {
      const probe = (v) => runFloe(`SELECT bool_or(bloom_filter_excludes) AS x, bool_and(bloom_filter_excludes) AS a
                                    FROM parquet_bloom_probe(${sqlString(file)}, '${column}', CAST('${v}' AS ${type}))`)[0];
      if (probe((2 * i / scale).toFixed(Math.log10(scale))).x !== false) missed++;
      if (probe(((2 * i + 1) / scale).toFixed(Math.log10(scale))).a !== true) absentPassed++;
      probes++;
    }
    if (missed) fail(`${column}: floe's probe rules out ${missed} of ${probes} decimals DuckDB wrote`);
    else if (absentPassed > probes / 5) fail(`${column}: ${absentPassed} of ${probes} absent decimals pass DuckDB's filter`);
    else ok(`${column} ${type}: floe finds all ${probes} decimals in DuckDB's filters, rules out ${probes - absentPassed} absent`);
  }
  // 'v1500' is inside every row group's bounds ('v0' .. 'v999'): only the filters rule it out
  const scan = runFloe(`SELECT count(*) AS n FROM read_parquet(${sqlString(file)}) WHERE s = 'v1500';
                        SELECT value FROM last_scan() WHERE metric = 'row groups'`);
  const line = scan[0]?.value ?? '';
  if (!/Bloom filters pruned 3\)/.test(line)) fail(`read_parquet WHERE s = 'v1500': row groups "${line}"`);
  else ok(`read_parquet WHERE s = 'v1500': row groups ${line}`);
} catch (e) {
  fail(e.stack ?? String(e));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`parquet_bloom_interop: ${checks} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
