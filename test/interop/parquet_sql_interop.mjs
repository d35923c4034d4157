#!/usr/bin/env node
// The Parquet SQL surface (COPY ... TO, read_parquet) against DuckDB.
//
//   node parquet_sql_interop.mjs [path/to/floe]   (default: ../../build/release/tools/floe/floe)
//
//  1. floe COPYs rows of every type (NULLs, empty and long strings, extremes, NaN and
//     infinities, decimals of each width, tinyint and smallint, dates and timestamps
//     before 1970, nanosecond timestamps without zone) to Parquet
//     with each codec; DuckDB reads each file and must find exactly the rows it builds
//     itself from the same literals, with the expected column types and field ids 1..n.
//  2. DuckDB writes the same rows with each codec, with data pages v1 and v2; floe reads
//     each file with read_parquet and COPYs it to a new file, which DuckDB must find equal
//     to its own rows (so floe read every value as DuckDB wrote it); floe's aggregates over
//     a larger DuckDB file agree with DuckDB's, and so do those over a Hive-partitioned
//     folder DuckDB wrote (read with hive_partitioning => true). DuckDB also reads a CSV
//     file floe writes (quotes, delimiters and newlines in values, NULL vs. empty).
// Exit code 0 when every check passes, 1 when one fails, 77 (skipped) when node_modules
// or the floe binary is missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const floe = resolve(process.argv[2] ?? join(here, '../../build/release/tools/floe/floe'));
const duckdbPackage = join(here, 'node_modules/@duckdb/node-api');
if (!existsSync(duckdbPackage)) {
  console.log('parquet_sql_interop: skipped, test/interop/node_modules is missing (run scripts/install-test-tools.sh)');
  process.exit(77);
}
if (!existsSync(floe)) {
  console.log(`parquet_sql_interop: skipped, no floe binary at ${floe}`);
  process.exit(77);
}
const { DuckDBInstance } = await import(pathToFileURL(join(duckdbPackage, 'lib/index.js')).href);

// name, floe type, DuckDB type (as DESCRIBE prints it)
const COLUMNS = [
  ['id', 'INT', 'INTEGER'],
  ['b', 'BOOLEAN', 'BOOLEAN'],
  ['i', 'INT', 'INTEGER'],
  ['l', 'BIGINT', 'BIGINT'],
  ['f', 'FLOAT', 'FLOAT'],
  ['d', 'DOUBLE', 'DOUBLE'],
  ['d4', 'DECIMAL(4,2)', 'DECIMAL(4,2)'],
  ['d9', 'DECIMAL(9,2)', 'DECIMAL(9,2)'],
  ['d18', 'DECIMAL(18,4)', 'DECIMAL(18,4)'],
  ['d38', 'DECIMAL(38,10)', 'DECIMAL(38,10)'],
  ['s', 'STRING', 'VARCHAR'],
  ['bin', 'BINARY', 'BLOB'],
  ['dt', 'DATE', 'DATE'],
  ['ts', 'TIMESTAMP', 'TIMESTAMP WITH TIME ZONE'],
  ['tn', 'TIMESTAMP_NTZ', 'TIMESTAMP'],
  // INT32 annotated INT(8) / INT(16): DuckDB must read floe's as TINYINT / SMALLINT, and
  // floe DuckDB's as tinyint / smallint (its COPY back must keep the annotation)
  ['ty', 'TINYINT', 'TINYINT'],
  ['sm', 'SMALLINT', 'SMALLINT'],
  // TIMESTAMP(NANOS, false): nine digits kept both ways (Iceberg v3's timestamp_ns)
  ['tnn', 'TIMESTAMP_NTZ_NS', 'TIMESTAMP_NS'],
];

const LONG = 'long string '.repeat(1000);
// One value per column, as text (null for NULL); binary as hex.
const ROWS = [
  [1, 'true', '42', '1234567890123', '1.5', '2.25', '12.34', '1234567.89', '12345678901234.5678',
   '1234567890123456789012345678.0123456789', 'hello', 'DEADBEEF', '2024-02-29',
   '2024-02-29 12:34:56.789012', '2024-02-29 12:34:56.789012', '12', '1234', '2024-02-29 12:34:56.789012345'],
  [2, 'true', '2147483647', '9223372036854775807', '3.4028235e38', '1.7976931348623157e308', '99.99',
   '9999999.99', '99999999999999.9999', '9999999999999999999999999999.9999999999', LONG, '',
   '9999-12-31', '9999-12-31 23:59:59.999999', '9999-12-31 23:59:59.999999', '127', '32767', '2262-04-10 23:59:59.999999999'],
  [3, 'false', '-2147483648', '-9223372036854775808', '-3.4028235e38', '-1.7976931348623157e308', '-99.99',
   '-9999999.99', '-99999999999999.9999', '-9999999999999999999999999999.9999999999', '', '00',
   '0001-01-01', '0001-01-01 00:00:00', '0001-01-01 00:00:00', '-128', '-32768', '1677-09-22 00:00:00.000000001'],
  [4, 'false', '-1', '-1', '-0.5', '-1e-300', '-0.01', '-0.01', '-0.0001', '-0.0000000001',
   'héllo wörld ✓ 😀', '00FF7F80', '1969-12-31', '1969-12-31 23:59:59.999999',
   '1900-01-01 00:00:00.000001', '-1', '-1', '1969-12-31 23:59:59.999999999'],
  [5, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
  [6, 'true', '0', '0', 'NaN', 'Infinity', '0.00', '0.00', '0.0000', '0E-10', 'NULL', '0A', '1970-01-01',
   '1970-01-01 00:00:00', '1970-01-01 00:00:00', '0', '0', '1970-01-01 00:00:00'],
  [7, 'false', '7', '7', '-Infinity', 'NaN', '1.00', '1.00', '1.0000', '1.0000000000',
   "it's \"quoted\", with\ttab\nand newline", '', '1582-10-04', '1582-10-04 00:00:00', '1582-10-15 00:00:00', '7', '7', '1900-01-01 00:00:00.000000001'],
];

const quote = (s) => "'" + String(s).replaceAll("'", "''") + "'";
// Spark's string literals escape with a backslash ('' is two adjacent literals there).
const floeQuote = (s) => "'" + String(s).replaceAll('\\', '\\\\').replaceAll("'", "\\'") + "'";

function floeLiteral(value, [, type]) {
  if (value === null) return `CAST(NULL AS ${type})`;
  if (type === 'BINARY') return `X'${value}'`;
  return `CAST(${floeQuote(value)} AS ${type})`;
}

function duckLiteral(value, [, , type]) {
  if (value === null) return `CAST(NULL AS ${type})`;
  if (type === 'BLOB') return `unhex(${quote(value)})`;
  if (type === 'TIMESTAMP WITH TIME ZONE') return `CAST(${quote(value + '+00')} AS TIMESTAMPTZ)`;
  return `CAST(${quote(value)} AS ${type})`;
}

const rowsSql = (literal) =>
  ROWS.map((row) => 'SELECT ' + row.map((v, c) => `${literal(v, COLUMNS[c])} AS ${COLUMNS[c][0]}`).join(', '))
    .join('\nUNION ALL ');

const FLOE_ROWS = rowsSql(floeLiteral);
const DUCK_ROWS = rowsSql(duckLiteral);
const FLOE_BIG = `SELECT CAST(id AS BIGINT) AS id, CAST(id % 101 AS INT) AS v, CAST(id % 7 AS INT) AS k,
  concat('s', CAST(id % 17 AS STRING)) AS s, CAST(id AS DOUBLE) / 8 AS d FROM range(200000)`;
const DUCK_BIG = `SELECT range::BIGINT AS id, (range % 101)::INT AS v, (range % 7)::INT AS k,
  concat('s', (range % 17)::VARCHAR) AS s, range::DOUBLE / 8 AS d FROM range(200000)`;

const work = mkdtempSync(join(tmpdir(), 'floe_parquet_sql_'));
const warehouse = join(work, 'warehouse');
const duck = await (await DuckDBInstance.create(':memory:')).connect();
await duck.run("SET TimeZone = 'UTC'");
const rows = async (sql) => (await duck.runAndReadAll(sql)).getRows();
// Runs SQL in UTC and returns the last statement's rows (each statement prints an array).
function runFloe(sql) {
  const out = execFileSync(floe, ['--warehouse', warehouse, '-json', '-c', `SET TIME ZONE 'UTC'; ${sql}`],
                           { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  return JSON.parse(out.slice(out.lastIndexOf('\n[\n') + 1));
}

let failures = 0, checks = 0;
const fail = (msg) => { failures++; console.log('FAIL', msg); };
const ok = (msg) => { checks++; console.log('ok  ', msg); };
const show = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? x.toString() : x));

// Compares a Parquet file with DuckDB's table `name`: same rows (EXCEPT ALL both ways),
// same column types.
async function sameAsTable(file, table, expectedTypes, what) {
  const types = (await rows(`DESCRIBE SELECT * FROM read_parquet(${quote(file)})`)).map((r) => r[1]);
  if (show(types) !== show(expectedTypes)) {
    fail(`${what}: DuckDB sees types ${show(types)}, expected ${show(expectedTypes)}`);
    return;
  }
  const missing = await rows(`SELECT * FROM ${table} EXCEPT ALL SELECT * FROM read_parquet(${quote(file)})`);
  const extra = await rows(`SELECT * FROM read_parquet(${quote(file)}) EXCEPT ALL SELECT * FROM ${table}`);
  if (missing.length || extra.length) {
    fail(`${what}: rows differ\n  missing: ${show(missing).slice(0, 600)}\n  extra:   ${show(extra).slice(0, 600)}`);
    return;
  }
  ok(what);
}

const CODECS = ['uncompressed', 'snappy', 'gzip', 'zstd', 'lz4', 'brotli'];
try {
  await duck.run(`CREATE TABLE expected AS ${DUCK_ROWS}`);
  await duck.run(`CREATE TABLE big AS ${DUCK_BIG}`);
  const expectedTypes = COLUMNS.map((c) => c[2]);

  // 1. floe writes, DuckDB reads.
  for (const codec of CODECS) {
    const file = join(work, `floe_${codec}.parquet`);
    try {
      const out = runFloe(`COPY (${FLOE_ROWS}) TO ${quote(file)} (FORMAT parquet, COMPRESSION ${codec})`);
      if (out[0].count !== ROWS.length) fail(`floe COPY ${codec}: returned ${show(out)}`);
    } catch (e) {
      fail(`floe COPY ${codec}: ${(e.stderr || e.message || '').toString().trim()}`);
      continue;
    }
    await sameAsTable(file, 'expected', expectedTypes, `DuckDB reads floe's ${codec} file`);
    const codecs = await rows(`SELECT DISTINCT compression FROM parquet_metadata(${quote(file)})`);
    if (codecs.length !== 1 || String(codecs[0][0]).toLowerCase().replace('lz4_raw', 'lz4') !== codec) {
      fail(`floe's ${codec} file: DuckDB sees compression ${show(codecs)}`);
    }
    const ids = await rows(`SELECT name, field_id FROM parquet_schema(${quote(file)}) WHERE field_id IS NOT NULL`);
    if (show(ids.map((r) => [r[0], Number(r[1])])) !== show(COLUMNS.map((c, i) => [c[0], i + 1]))) {
      fail(`floe's ${codec} file: field ids ${show(ids)}`);
    }
  }
  {
    const file = join(work, 'floe_big.parquet');
    runFloe(`COPY (${FLOE_BIG}) TO ${quote(file)} WITH (compression 'zstd', row_group_size '256KB')`);
    await sameAsTable(file, 'big', ['BIGINT', 'INTEGER', 'INTEGER', 'VARCHAR', 'DOUBLE'],
                      "DuckDB reads floe's 200000-row file");
    const groups = await rows(`SELECT count(DISTINCT row_group_id) FROM parquet_metadata(${quote(file)})`);
    if (Number(groups[0][0]) < 2) fail(`floe's 200000-row file with 256KB row groups has ${groups[0][0]} row group`);
  }

  {
    // CSV: quoted fields (delimiters, quotes, newlines), "" for the empty string, nothing for NULL
    const file = join(work, 'floe.csv');
    const cols = 'id, l, d38, s, dt, tn';
    runFloe(`COPY (SELECT ${cols} FROM (${FLOE_ROWS}) ORDER BY id) TO ${quote(file)}`);
    const types = "{'id': 'INTEGER', 'l': 'BIGINT', 'd38': 'DECIMAL(38,10)', 's': 'VARCHAR', 'dt': 'DATE', 'tn': 'TIMESTAMP'}";
    await duck.run(`CREATE TABLE expected_csv AS SELECT ${cols} FROM expected`);
    await duck.run(`CREATE TABLE floe_csv AS SELECT * FROM read_csv(${quote(file)}, header = true, allow_quoted_nulls = false, columns = ${types})`);
    const diff = await rows('SELECT * FROM (SELECT * FROM expected_csv EXCEPT ALL SELECT * FROM floe_csv) ' +
                            'UNION ALL SELECT * FROM (SELECT * FROM floe_csv EXCEPT ALL SELECT * FROM expected_csv)');
    if (diff.length) fail(`DuckDB reads floe's CSV file: rows differ ${show(diff).slice(0, 600)}`);
    else ok("DuckDB reads floe's CSV file");
  }

  // 2. DuckDB writes, floe reads.
  for (const version of ['V1', 'V2']) {
    for (const codec of CODECS) {
      const file = join(work, `duck_${codec}_${version}.parquet`);
      const copy = join(work, `duck_${codec}_${version}_floe.parquet`);
      await duck.run(`COPY expected TO ${quote(file)} (FORMAT parquet, COMPRESSION ${codec}, PARQUET_VERSION ${version})`);
      try {
        runFloe(`COPY (SELECT * FROM read_parquet(${quote(file)})) TO ${quote(copy)}`);
      } catch (e) {
        fail(`floe reads DuckDB's ${codec} ${version} file: ${(e.stderr || e.message || '').toString().trim()}`);
        continue;
      }
      await sameAsTable(copy, 'expected', expectedTypes, `floe reads DuckDB's ${codec} ${version} file`);
    }
  }
  {
    const file = join(work, 'duck_big.parquet');
    await duck.run(`COPY big TO ${quote(file)} (FORMAT parquet, ROW_GROUP_SIZE 30000)`);
    const aggregate = 'count(*) AS c, sum(id) AS si, sum(v) AS sv, count(DISTINCT s) AS ds, sum(d) AS sd';
    const theirs = (await rows(`SELECT ${aggregate} FROM big`))[0].map(Number);
    const mine = Object.values(runFloe(`SELECT ${aggregate} FROM read_parquet(${quote(file)})`)[0]).map(Number);
    if (show(mine) !== show(theirs)) fail(`aggregates over DuckDB's big file: floe ${show(mine)}, DuckDB ${show(theirs)}`);
    else ok("floe's aggregates over DuckDB's 200000-row file agree");
    const filtered = 'SELECT count(*) AS c, sum(v) AS sv FROM read_parquet(%) WHERE id >= 123456 AND id < 130000';
    const a = (await rows(filtered.replace('%', quote(file))))[0].map(Number);
    const b = Object.values(runFloe(filtered.replace('%', quote(file)))[0]).map(Number);
    if (show(a) !== show(b)) fail(`filtered aggregates: floe ${show(b)}, DuckDB ${show(a)}`);
    else ok('floe filters a sorted column of a DuckDB file like DuckDB');
  }
  {
    const dir = join(work, 'duck_hive');
    await duck.run(`COPY big TO ${quote(dir)} (FORMAT parquet, PARTITION_BY (k))`);
    const sql = (from) => `SELECT k, count(*) AS c, sum(v) AS sv FROM ${from} GROUP BY k ORDER BY k`;
    const theirs = (await rows(sql('big'))).map((r) => r.map(Number));
    const mine = runFloe(sql(`read_parquet(${quote(dir + '/*/*.parquet')}, hive_partitioning => true)`))
      .map((o) => Object.values(o).map(Number));
    if (show(mine) !== show(theirs)) fail(`hive folder: floe ${show(mine)}, DuckDB ${show(theirs)}`);
    else ok("floe reads DuckDB's Hive-partitioned folder");
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`parquet_sql_interop: ${checks} checks passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
