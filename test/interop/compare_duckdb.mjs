#!/usr/bin/env node
// Checks a sample of floe's answers against DuckDB on the same in-memory data.
//
//   node compare_duckdb.mjs [path/to/floe]      (default: ../../build/release/tools/floe/floe)
//
// Each pair is (floe's Spark SQL, DuckDB's equivalent); both run after their own prelude
// that builds the same views from range(). floe runs as `floe -json -c "<prelude>; <query>"`
// on a fresh temporary warehouse. Values compare as numbers when both sides are numeric
// (doubles within 1e-9 relative), else as text; rows are sorted unless the pair is ordered.
// Exits 0 with a message when DuckDB's node package or the floe binary is missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const floe = resolve(process.argv[2] ?? join(here, '../../build/release/tools/floe/floe'));
const duckdbPackage = join(here, 'node_modules/@duckdb/node-api');
if (!existsSync(duckdbPackage)) {
  console.log('compare_duckdb: skipped, test/interop/node_modules is missing (run scripts/install-test-tools.sh)');
  process.exit(0);
}
if (!existsSync(floe)) {
  console.log(`compare_duckdb: skipped, no floe binary at ${floe}`);
  process.exit(0);
}
const { DuckDBInstance } = await import(pathToFileURL(join(duckdbPackage, 'lib/index.js')).href);

const FLOE_PRELUDE = `
CREATE TEMPORARY VIEW facts AS
  SELECT id, id % 7 AS k, CAST(id * 3 % 101 AS INT) AS v, CAST(id % 13 AS DOUBLE) / 4 AS d,
         concat('s', CAST(id % 17 AS STRING)) AS s,
         date_add(DATE '2026-01-01', CAST(id % 60 AS INT)) AS day
  FROM range(5000);
CREATE TEMPORARY VIEW dims AS
  SELECT * FROM VALUES (0, 'zero'), (1, 'one'), (2, 'two'), (3, 'three'), (9, 'nine') AS t(k, label);
`;
const DUCKDB_PRELUDE = `
CREATE TEMP VIEW facts AS
  SELECT range AS id, range % 7 AS k, CAST(range * 3 % 101 AS INT) AS v, CAST(range % 13 AS DOUBLE) / 4 AS d,
         concat('s', CAST(range % 17 AS VARCHAR)) AS s,
         DATE '2026-01-01' + CAST(range % 60 AS INT) AS day
  FROM range(5000);
CREATE TEMP VIEW dims AS
  SELECT * FROM (VALUES (0, 'zero'), (1, 'one'), (2, 'two'), (3, 'three'), (9, 'nine')) AS t(k, label);
SET default_null_order = 'nulls_first_on_asc_last_on_desc';
`;

// [floe SQL, DuckDB SQL, ordered?]
const PAIRS = [
  ['SELECT count(*) AS c, sum(v) AS s, min(v) AS lo, max(v) AS hi FROM facts',
   'SELECT count(*) AS c, sum(v) AS s, min(v) AS lo, max(v) AS hi FROM facts'],
  ['SELECT avg(v) AS a, avg(d) AS ad FROM facts', 'SELECT avg(v) AS a, avg(d) AS ad FROM facts'],
  ['SELECT stddev_samp(v) AS sd, var_samp(d) AS vs FROM facts',
   'SELECT stddev_samp(v) AS sd, var_samp(d) AS vs FROM facts'],
  ['SELECT k, count(*) AS c, sum(v) AS s, avg(d) AS a FROM facts GROUP BY k',
   'SELECT k, count(*) AS c, sum(v) AS s, avg(d) AS a FROM facts GROUP BY k'],
  ['SELECT s, count(DISTINCT k) AS dk FROM facts GROUP BY s',
   'SELECT s, count(DISTINCT k) AS dk FROM facts GROUP BY s'],
  ['SELECT k, max(v) AS m FROM facts GROUP BY k HAVING max(v) > 99',
   'SELECT k, max(v) AS m FROM facts GROUP BY k HAVING max(v) > 99'],
  ['SELECT count(*) AS c FROM facts WHERE v BETWEEN 10 AND 20 AND s LIKE \'s1%\'',
   'SELECT count(*) AS c FROM facts WHERE v BETWEEN 10 AND 20 AND s LIKE \'s1%\''],
  ['SELECT id, v FROM facts ORDER BY v DESC, id LIMIT 10',
   'SELECT id, v FROM facts ORDER BY v DESC, id LIMIT 10', true],
  ['SELECT id FROM facts ORDER BY id LIMIT 5 OFFSET 100',
   'SELECT id FROM facts ORDER BY id LIMIT 5 OFFSET 100', true],
  ['SELECT d.label, count(*) AS c FROM facts f JOIN dims d ON f.k = d.k GROUP BY d.label',
   'SELECT d.label, count(*) AS c FROM facts f JOIN dims d ON f.k = d.k GROUP BY d.label'],
  ['SELECT d.label, count(f.id) AS c FROM dims d LEFT JOIN facts f ON f.k = d.k GROUP BY d.label',
   'SELECT d.label, count(f.id) AS c FROM dims d LEFT JOIN facts f ON f.k = d.k GROUP BY d.label'],
  ['SELECT count(*) AS c FROM facts f LEFT ANTI JOIN dims d ON f.k = d.k',
   'SELECT count(*) AS c FROM facts f ANTI JOIN dims d ON f.k = d.k'],
  ['SELECT count(*) AS c FROM facts f LEFT SEMI JOIN dims d ON f.k = d.k',
   'SELECT count(*) AS c FROM facts f SEMI JOIN dims d ON f.k = d.k'],
  ['SELECT count(*) AS c FROM facts a JOIN facts b ON a.id = b.id + 1 AND a.v < b.v',
   'SELECT count(*) AS c FROM facts a JOIN facts b ON a.id = b.id + 1 AND a.v < b.v'],
  ['SELECT count(*) AS c FROM dims a JOIN dims b ON a.k < b.k',
   'SELECT count(*) AS c FROM dims a JOIN dims b ON a.k < b.k'],
  ['SELECT k FROM facts WHERE k < 3 UNION SELECT k FROM dims',
   'SELECT k FROM facts WHERE k < 3 UNION SELECT k FROM dims'],
  ['SELECT k FROM dims INTERSECT SELECT k FROM facts', 'SELECT k FROM dims INTERSECT SELECT k FROM facts'],
  ['SELECT k FROM dims EXCEPT SELECT k FROM facts', 'SELECT k FROM dims EXCEPT SELECT k FROM facts'],
  ['SELECT count(*) AS c FROM facts WHERE k IN (SELECT k FROM dims WHERE label LIKE \'t%\')',
   'SELECT count(*) AS c FROM facts WHERE k IN (SELECT k FROM dims WHERE label LIKE \'t%\')'],
  ['SELECT count(*) AS c FROM facts WHERE v > (SELECT avg(v) FROM facts)',
   'SELECT count(*) AS c FROM facts WHERE v > (SELECT avg(v) FROM facts)'],
  ['WITH t AS (SELECT k, sum(v) AS s FROM facts GROUP BY k) SELECT max(s) AS m, min(s) AS n FROM t',
   'WITH t AS (SELECT k, sum(v) AS s FROM facts GROUP BY k) SELECT max(s) AS m, min(s) AS n FROM t'],
  ['SELECT id, row_number() OVER (PARTITION BY k ORDER BY v DESC, id) AS rn FROM facts WHERE id < 50',
   'SELECT id, row_number() OVER (PARTITION BY k ORDER BY v DESC, id) AS rn FROM facts WHERE id < 50'],
  ['SELECT id, rank() OVER (ORDER BY v) AS r, dense_rank() OVER (ORDER BY v) AS dr FROM facts WHERE id < 100',
   'SELECT id, rank() OVER (ORDER BY v) AS r, dense_rank() OVER (ORDER BY v) AS dr FROM facts WHERE id < 100'],
  ['SELECT id, lag(v) OVER (ORDER BY id) AS lg, lead(v, 2) OVER (ORDER BY id) AS ld FROM facts WHERE id < 30',
   'SELECT id, lag(v) OVER (ORDER BY id) AS lg, lead(v, 2) OVER (ORDER BY id) AS ld FROM facts WHERE id < 30'],
  ['SELECT id, sum(v) OVER (PARTITION BY k ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS s FROM facts WHERE id < 200',
   'SELECT id, sum(v) OVER (PARTITION BY k ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS s FROM facts WHERE id < 200'],
  ['SELECT id, ntile(4) OVER (ORDER BY id) AS n FROM facts WHERE id < 10',
   'SELECT id, ntile(4) OVER (ORDER BY id) AS n FROM facts WHERE id < 10'],
  ['SELECT year(day) AS y, month(day) AS m, count(*) AS c FROM facts GROUP BY year(day), month(day)',
   'SELECT year(day) AS y, month(day) AS m, count(*) AS c FROM facts GROUP BY year(day), month(day)'],
  ['SELECT dayofweek(day) AS w, count(*) AS c FROM facts GROUP BY dayofweek(day)',
   'SELECT dayofweek(day) + 1 AS w, count(*) AS c FROM facts GROUP BY dayofweek(day)'],
  ['SELECT dayofyear(day) AS dy, weekofyear(day) AS wy, quarter(day) AS q FROM facts WHERE id < 60',
   'SELECT dayofyear(day) AS dy, weekofyear(day) AS wy, quarter(day) AS q FROM facts WHERE id < 60'],
  ['SELECT datediff(day, DATE \'2026-01-01\') AS dd, date_add(day, 3) AS da FROM facts WHERE id < 60',
   'SELECT day - DATE \'2026-01-01\' AS dd, day + 3 AS da FROM facts WHERE id < 60'],
  ['SELECT last_day(day) AS ld, count(*) AS c FROM facts GROUP BY last_day(day)',
   'SELECT last_day(day) AS ld, count(*) AS c FROM facts GROUP BY last_day(day)'],
  ['SELECT upper(s) AS u, length(s) AS l, substring(s, 2) AS t FROM facts WHERE id < 17',
   'SELECT upper(s) AS u, length(s) AS l, substring(s, 2) AS t FROM facts WHERE id < 17'],
  ['SELECT concat_ws(\'-\', s, label) AS c FROM facts f JOIN dims d ON f.k = d.k WHERE id < 20',
   'SELECT concat_ws(\'-\', s, label) AS c FROM facts f JOIN dims d ON f.k = d.k WHERE id < 20'],
  ['SELECT lpad(label, 6, \'*\') AS l, rpad(label, 6, \'.\') AS r, replace(label, \'e\', \'E\') AS x FROM dims',
   'SELECT lpad(label, 6, \'*\') AS l, rpad(label, 6, \'.\') AS r, replace(label, \'e\', \'E\') AS x FROM dims'],
  ['SELECT instr(label, \'e\') AS i, starts_with(label, \'t\') AS st FROM dims',
   'SELECT instr(label, \'e\') AS i, starts_with(label, \'t\') AS st FROM dims'],
  ['SELECT abs(v - 50) AS a, sqrt(v) AS r, ln(v + 1) AS l, power(d, 2) AS p FROM facts WHERE id < 40',
   'SELECT abs(v - 50) AS a, sqrt(v) AS r, ln(v + 1) AS l, power(d, 2) AS p FROM facts WHERE id < 40'],
  ['SELECT greatest(v, k * 10) AS g, least(v, k * 10) AS l FROM facts WHERE id < 40',
   'SELECT greatest(v, k * 10) AS g, least(v, k * 10) AS l FROM facts WHERE id < 40'],
  ['SELECT v / 7 AS q, v % 7 AS r FROM facts WHERE id < 40', 'SELECT v / 7 AS q, v % 7 AS r FROM facts WHERE id < 40'],
  ['SELECT CASE WHEN v < 30 THEN \'low\' WHEN v < 70 THEN \'mid\' ELSE \'high\' END AS b, count(*) AS c FROM facts GROUP BY 1',
   'SELECT CASE WHEN v < 30 THEN \'low\' WHEN v < 70 THEN \'mid\' ELSE \'high\' END AS b, count(*) AS c FROM facts GROUP BY 1'],
  ['SELECT min_by(id, v * 10000 + id) AS a, max_by(id, v * 1000 + id) AS b FROM facts',
   'SELECT arg_min(id, v * 10000 + id) AS a, arg_max(id, v * 1000 + id) AS b FROM facts'],
  ['SELECT count(*) FILTER (WHERE k = 1) AS a, sum(v) FILTER (WHERE d > 2) AS b FROM facts',
   'SELECT count(*) FILTER (WHERE k = 1) AS a, sum(v) FILTER (WHERE d > 2) AS b FROM facts'],
  ['SELECT k, coalesce(label, \'?\') AS l FROM (SELECT DISTINCT k FROM facts) f LEFT JOIN dims USING (k)',
   'SELECT k, coalesce(label, \'?\') AS l FROM (SELECT DISTINCT k FROM facts) f LEFT JOIN dims USING (k)'],
];

function normalize(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'object') return normalize(String(v));
  const s = String(v);
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(s)) return Number(s);
  return s.replace(/^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\.?0*$/, '$1');
}
function same(a, b) {
  if (typeof a === 'number' && typeof b === 'number') {
    return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  }
  return a === b;
}
const key = (row) => JSON.stringify(row);

const warehouse = mkdtempSync(join(tmpdir(), 'floe_compare_'));
const duck = await (await DuckDBInstance.create(':memory:')).connect();
await duck.run(DUCKDB_PRELUDE);
let failures = 0;
try {
  for (const [floeSql, duckSql, ordered] of PAIRS) {
    let floeRows;
    try {
      const out = execFileSync(floe, ['--warehouse', warehouse, '-json', '-c', `${FLOE_PRELUDE}\n${floeSql};`],
                               { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      floeRows = JSON.parse(out).map((o) => Object.values(o).map(normalize));
    } catch (e) {
      failures++;
      console.log(`FAIL ${floeSql}\n  floe: ${(e.stderr || e.message || '').toString().trim()}`);
      continue;
    }
    const reader = await duck.runAndReadAll(duckSql);
    const duckRows = reader.getRows().map((r) => r.map(normalize));
    if (!ordered) {
      floeRows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b)));
      duckRows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b)));
    }
    const equal = floeRows.length === duckRows.length &&
      floeRows.every((r, i) => r.length === duckRows[i].length && r.every((v, j) => same(v, duckRows[i][j])));
    if (!equal) {
      failures++;
      console.log(`FAIL ${floeSql}\n  floe:   ${key(floeRows.slice(0, 5))}${floeRows.length > 5 ? ' ...' : ''} (${floeRows.length} rows)` +
                  `\n  duckdb: ${key(duckRows.slice(0, 5))}${duckRows.length > 5 ? ' ...' : ''} (${duckRows.length} rows)`);
    }
  }
} finally {
  rmSync(warehouse, { recursive: true, force: true });
}
console.log(`compare_duckdb: ${PAIRS.length - failures} of ${PAIRS.length} queries agree with DuckDB`);
process.exit(failures ? 1 : 0);
