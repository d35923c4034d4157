#!/usr/bin/env node
// Variant columns floe writes, read by two independent readers.
//
//   node variant_interop.mjs [path/to/floe]   (default: ../../build/release/tools/floe/floe)
//
// floe creates a format-version 3 table with variant columns (top-level, in a struct, in an
// array) and inserts JSON documents through parse_json: every JSON shape (nested objects and
// arrays, empty ones, nulls, escaped and non-ASCII keys and strings, strings past 63 bytes,
// integers of each width, decimals of each width, doubles, objects of 300 keys). For each
// data file, hyparquet (its variant decoder, for groups annotated VARIANT) and DuckDB
// (read_parquet, the column cast to JSON) must find the document floe's to_json(v) gives,
// compared as parsed JSON (numbers by value).
// Exit code 0 when every check passes, 1 when one fails, 77 (skipped) when node_modules or
// the floe binary is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const floe = resolve(process.argv[2] ?? join(here, '../../build/release/tools/floe/floe'));
const modules = join(here, 'node_modules');
if (!existsSync(join(modules, 'hyparquet')) || !existsSync(join(modules, '@duckdb/node-api'))) {
  console.log('variant_interop: skipped, test/interop/node_modules is missing (run scripts/install-test-tools.sh)');
  process.exit(77);
}
if (!existsSync(floe)) {
  console.log(`variant_interop: skipped, no floe binary at ${floe}`);
  process.exit(77);
}
const { parquetReadObjects } = await import('hyparquet');
const { compressors } = await import('hyparquet-compressors');
const { DuckDBInstance } = await import(pathToFileURL(join(modules, '@duckdb/node-api/lib/index.js')).href);

const wide = '{' + Array.from({ length: 300 }, (_, i) => `"k${i}": ${i * 7}`).join(', ') + '}';
const DOCUMENTS = [
  'null', 'true', 'false', '0', '-1', '127', '-128', '128', '32767', '-32769', '2147483648',
  '-9223372036854775808', '9223372036854775807', '1.5', '-0.001', '123456789.123456789',
  '12345678901234567890', '99999999999999999999999999999999999999', '1e10', '-2.5E-3', '3.4028235e38',
  '""', '"hello"', `"${'x'.repeat(64)}"`, String.raw`"tab\there \"quoted\" \\ back \u0001"`, '"ünïcødé ✓ 😀"',
  '[]', '{}', '[1, [2, [3, [4]]], {"a": []}]', '[null, null]',
  '{"b": 1, "a": {"c": [true, null, "s"], "d": {}}}', '{"é": 1, "😀": 2, "｡": 3, "": 4, "a b": 5}',
  wide, `[${wide}, ${wide}]`,
];

function runFloe(warehouse, sql, json = false) {
  const out = spawnSync(floe, ['--warehouse', warehouse, ...(json ? ['-json'] : []), '-c', sql],
    { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (out.status !== 0 || /Error:/.test(out.stdout + out.stderr)) {
    throw new Error(`floe failed on: ${sql.slice(0, 300)}...\n${(out.stdout + out.stderr).slice(-2000)}`);
  }
  return out.stdout;
}

// A raw SQL string (no backslash escapes: the JSON's own reach parse_json); the documents
// hold no single quote.
const sqlString = (s) => {
  if (s.includes("'")) throw new Error(`a document with a quote: ${s}`);
  return `r'${s}'`;
};

// Compares parsed JSON: numbers by value (within 1e-12 relative), the rest exactly.
function same(a, b) {
  if (typeof a === 'bigint') a = Number(a);
  if (typeof b === 'bigint') b = Number(b);
  if (typeof a === 'number' && typeof b === 'number') {
    return a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
    return same(ka, kb) && ka.every((k) => same(a[k], b[k]));
  }
  return a === b;
}

// Parses DuckDB's JSON text, which writes a decimal below 1 without its leading zero (-.001);
// none of the documents holds such text inside a string.
const parse = (text) =>
  text === null || text === undefined ? null : JSON.parse(text.replace(/(^|[[,:\s])(-?)\.(\d)/g, '$1$20.$3'));

let failures = 0;
const fail = (what) => {
  failures++;
  console.log(`FAIL ${what}`);
};

const warehouse = mkdtempSync(join(tmpdir(), 'floe-variant-interop-'));
try {
  const rows = DOCUMENTS.map((d, i) =>
    `(${i}, parse_json(${sqlString(d)}), named_struct('n', ${i}, 'w', parse_json(${sqlString(d)})), ` +
    `array(parse_json(${sqlString(d)}), NULL))`);
  runFloe(warehouse, "CREATE TABLE ns.v (id INT, v VARIANT, s STRUCT<n: INT, w: VARIANT>, l ARRAY<VARIANT>) " +
    "TBLPROPERTIES ('format-version' = '3')");
  runFloe(warehouse, `INSERT INTO ns.v VALUES ${rows.join(', ')}, (${DOCUMENTS.length}, NULL, NULL, NULL)`);
  const expected = JSON.parse(runFloe(warehouse, 'SELECT id, to_json(v) AS j FROM ns.v ORDER BY id', true));
  const byId = new Map(expected.map((r) => [Number(r.id), r.j === null ? undefined : JSON.parse(r.j)]));

  const dataDir = join(warehouse, 'ns', 'v', 'data');
  const files = readdirSync(dataDir).filter((f) => f.endsWith('.parquet')).map((f) => join(dataDir, f));
  if (files.length === 0) fail('no data file written');
  const db = await DuckDBInstance.create(':memory:');
  const duck = await db.connect();
  let checked = 0;
  for (const file of files) {
    const buf = readFileSync(file);
    const objects = await parquetReadObjects({ file: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength), compressors });
    for (const row of objects) {
      const want = byId.get(Number(row.id));
      if (want === undefined) {
        if (row.v !== null && row.v !== undefined) fail(`hyparquet id ${row.id}: a value where floe has NULL`);
        continue;
      }
      if (!same(row.v, want)) fail(`hyparquet id ${row.id}: v ${JSON.stringify(row.v, (k, x) => (typeof x === 'bigint' ? String(x) : x))}`);
      if (!same(row.s.w, want)) fail(`hyparquet id ${row.id}: s.w`);
      if (!same(row.l[0], want) || row.l[1] !== null) fail(`hyparquet id ${row.id}: l`);
      checked++;
    }
    const reader = await duck.runAndReadAll(
      `SELECT id, v::JSON::VARCHAR AS v, s.w::JSON::VARCHAR AS w, l[1]::JSON::VARCHAR AS e, typeof(v) AS t ` +
      `FROM read_parquet('${file.replaceAll("'", "''")}')`);
    for (const row of reader.getRowObjects()) {
      const want = byId.get(Number(row.id));
      if (row.t !== 'VARIANT') fail(`DuckDB id ${row.id}: type ${row.t}, not VARIANT`);
      if (want === undefined) continue;
      for (const [what, text] of [['v', row.v], ['s.w', row.w], ['l[1]', row.e]]) {
        if (!same(parse(text), want)) fail(`DuckDB id ${row.id}: ${what} ${text}`);
      }
      checked++;
    }
  }
  if (checked !== 2 * DOCUMENTS.length) fail(`checked ${checked} rows, expected ${2 * DOCUMENTS.length}`);
  console.log(`variant_interop: ${DOCUMENTS.length} documents in ${files.length} file(s), hyparquet and DuckDB, ${failures} failure(s)`);
} finally {
  rmSync(warehouse, { recursive: true, force: true });
}
process.exit(failures ? 1 : 0);
