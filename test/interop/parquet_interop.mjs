#!/usr/bin/env node
// Parquet interop between floe and independent readers/writers.
//
// usage: node parquet_interop.mjs --tool <parquet_interop_tool> --work <dir> [--fixtures <dir>]
//
//  1. floe writes files of every type (each codec, with and without dictionary);
//     DuckDB and hyparquet read them and must see exactly the values floe wrote;
//     DuckDB must see the Iceberg field ids and statistics equal to the data's min/max;
//     hyparquet must decode the page index (ColumnIndex + OffsetIndex); parquet-wasm
//     (the Rust parquet crate, a strict decoder) must decode every row.
//  2. DuckDB writes files (each codec, dictionary and plain, data page v1 and v2 with
//     the DELTA and BYTE_STREAM_SPLIT encodings) that floe must read with the values
//     DuckDB reads.
//  3. floe reads the Parquet files of the shared Iceberg fixtures (Spark, Trino,
//     parquet-mr writers) with the values DuckDB reads; skipped when they are absent.
// Exit code 0 when every check passes, 1 otherwise.
import { DuckDBInstance } from '@duckdb/node-api'
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, readColumnIndex, readOffsetIndex } from 'hyparquet'
import { compressors } from 'hyparquet-compressors'
import * as parquetWasm from 'parquet-wasm'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const args = process.argv.slice(2)
const opt = {}
for (let i = 0; i < args.length; i += 2) opt[args[i].replace(/^--/, '')] = args[i + 1]
if (!opt.tool || !opt.work) {
  console.error('usage: node parquet_interop.mjs --tool <parquet_interop_tool> --work <dir> [--fixtures <dir>]')
  process.exit(2)
}
fs.rmSync(opt.work, { recursive: true, force: true })
fs.mkdirSync(opt.work, { recursive: true })

let failures = 0
let checks = 0
const fail = (msg) => { failures++; console.log('FAIL', msg) }
const ok = (msg) => { checks++; console.log('ok  ', msg) }

const inst = await DuckDBInstance.create(':memory:')
const con = await inst.connect()
await con.run("SET TimeZone='UTC'")
const query = async (sql) => (await con.runAndReadAll(sql)).getRows()
const sqlString = (s) => "'" + s.replaceAll("'", "''") + "'"

// DuckDB's canonical select expression for a column of the given DuckDB type.
function canonicalExpr(name, type, expr) {
  const c = expr ?? '"' + name.replaceAll('"', '""') + '"'
  if (type === 'BOOLEAN') return `CASE WHEN ${c} THEN 'true' WHEN NOT ${c} THEN 'false' END`
  if (type === 'FLOAT' || type === 'DOUBLE') return c
  if (type === 'BLOB') return `hex(${c})`
  if (type === 'DATE') return `(${c} - DATE '1970-01-01')::VARCHAR`
  if (type === 'TIME') return `epoch_us(${c})::VARCHAR`
  if (type === 'TIMESTAMP_NS') return `epoch_ns(${c})::VARCHAR`  // floe keeps the nanoseconds
  if (type.startsWith('TIMESTAMP')) return `epoch_us(${c}::TIMESTAMP)::VARCHAR`
  if (type === 'UUID') return `upper(replace(${c}::VARCHAR, '-', ''))`
  return `${c}::VARCHAR`
}

const canonicalNumber = (v) => {
  if (v === null || v === undefined) return null
  if (Number.isNaN(v)) return 'NaN'
  if (v === Infinity) return 'Infinity'
  if (v === -Infinity) return '-Infinity'
  return v
}

// JSON with object keys sorted: nested values compare whatever order each side lists fields in.
const sortedJson = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && !Array.isArray(x)
  ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x))

// Splits a DuckDB type list ("a INTEGER, b STRUCT(x INTEGER)[]") at its top-level commas.
function splitTypes(text) {
  const parts = []
  let depth = 0, start = 0, quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '"') quoted = !quoted
    if (quoted) continue
    if (ch === '(') depth++
    if (ch === ')') depth--
    if (ch === ',' && depth === 0) { parts.push(text.slice(start, i).trim()); start = i + 1 }
  }
  parts.push(text.slice(start).trim())
  return parts
}

// The canonical expression of a value of any DuckDB type: canonicalExpr at the leaves; a
// struct as a struct of canonical fields, a list as a list, a map as a list of {key, value}
// (what parquet_interop_tool prints for nested values).
function canonicalNested(x, type) {
  if (type.endsWith('[]')) {
    return `CASE WHEN ${x} IS NULL THEN NULL ELSE list_transform(${x}, e${x.length} -> ${canonicalNested(`e${x.length}`, type.slice(0, -2))}) END`
  }
  if (type.startsWith('STRUCT(')) {
    const fields = splitTypes(type.slice(7, -1)).map((f) => {
      const m = f.match(/^("(?:[^"]|"")*"|\S+)\s+(.*)$/)
      const name = m[1].startsWith('"') ? m[1].slice(1, -1).replaceAll('""', '"') : m[1]
      const ref = `(${x})."${name.replaceAll('"', '""')}"`
      return `"${name.replaceAll('"', '""')}" := ${canonicalNested(ref, m[2])}`
    })
    return `CASE WHEN ${x} IS NULL THEN NULL ELSE struct_pack(${fields.join(', ')}) END`
  }
  if (type.startsWith('MAP(')) {
    const [k, v] = splitTypes(type.slice(4, -1))
    const e = `m${x.length}`
    return `CASE WHEN ${x} IS NULL THEN NULL ELSE list_transform(map_entries(${x}), ${e} -> struct_pack("key" := ${canonicalNested(`${e}."key"`, k)}, "value" := ${canonicalNested(`${e}."value"`, v)})) END`
  }
  if (type === 'FLOAT') return `(${x})::DOUBLE`
  return canonicalExpr(null, type, x)
}

async function duckdbRows(file, columns) {
  const desc = await query(`DESCRIBE SELECT * FROM read_parquet(${sqlString(file)}, hive_partitioning = false)`)
  const types = new Map(desc.map((r) => [r[0], r[1]]))
  const nested = (t) => t.endsWith('[]') || t.startsWith('STRUCT(') || t.startsWith('MAP(')
  const exprs = columns.map((c) => {
    const t = types.get(c)
    return nested(t) ? canonicalNested('"' + c.replaceAll('"', '""') + '"', t) : canonicalExpr(c, t)
  })
  const sql = `SELECT ${exprs.join(', ')} FROM read_parquet(${sqlString(file)}, hive_partitioning = false)`
  const rows = await query(sql)
  const json = columns.some((c) => nested(types.get(c))) ? (await con.runAndReadAll(sql)).getRowsJson() : null
  return {
    rows: rows.map((r, i) => r.map((v, c) => (json && nested(types.get(columns[c])) ? (json[i][c] === null ? null : sortedJson(json[i][c]))
      : typeof v === 'number' ? canonicalNumber(v) : v))),
    types,
  }
}

function floeDump(file) {
  const out = execFileSync(opt.tool, ['dump', file], { maxBuffer: 1 << 30 }).toString()
  const lines = out.split('\n').filter((l) => l.length)
  const header = JSON.parse(lines[0])
  return { header, rows: lines.slice(1).map((l) => JSON.parse(l)) }
}

const floatTypes = new Set(['FLOAT'])
function sameValue(a, b, type) {
  if (a === b) return true
  if (typeof a === 'number' && typeof b === 'number') {
    if (floatTypes.has(type)) return Math.fround(a) === Math.fround(b)
    return false
  }
  return false
}

// Compares row lists (same order); reports the first few differences.
function compareRows(label, expected, actual, columns, types) {
  if (expected.length !== actual.length) {
    fail(`${label}: ${actual.length} rows, expected ${expected.length}`)
    return
  }
  let diffs = 0
  for (let r = 0; r < expected.length && diffs < 5; r++) {
    for (let c = 0; c < columns.length; c++) {
      if (!sameValue(expected[r][c], actual[r][c], types?.get(columns[c]))) {
        if (diffs++ < 5) console.log(`  ${label}: row ${r} column ${columns[c]}: expected ${JSON.stringify(expected[r][c])} got ${JSON.stringify(actual[r][c])}`)
      }
    }
  }
  if (diffs) fail(`${label}: values differ`)
  else ok(`${label}: ${expected.length} rows x ${columns.length} columns identical`)
}

// ---------------- 1. floe writes, DuckDB and hyparquet read ----------------
const floeDir = path.join(opt.work, 'floe')
execFileSync(opt.tool, ['write', floeDir])
const expected = fs.readFileSync(path.join(floeDir, 'expected.jsonl'), 'utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l))
const floeColumns = ['c_bool', 'c_int', 'c_long', 'c_float', 'c_double', 'c_dec_9_2', 'c_dec_18_4', 'c_dec_38_6',
  'c_dec_20_0', 'c_string', 'c_binary', 'c_date', 'c_ts', 'c_ts_ntz', 'c_required', 'c_all_null', 'c_time']
const floeFiles = fs.readdirSync(floeDir).filter((f) => f.endsWith('.parquet')).sort()

const hexOf = (u8) => Array.from(u8, (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase()
function hyparquetCanonical(column, v) {
  if (v === null || v === undefined) return null
  if (column === 'c_bool') return v ? 'true' : 'false'
  if (column === 'c_float' || column === 'c_double') return canonicalNumber(v)
  if (column === 'c_binary') return hexOf(v)
  return String(v)
}

for (const f of floeFiles) {
  const file = path.join(floeDir, f)
  const { rows, types } = await duckdbRows(file, floeColumns)
  compareRows(`duckdb reads ${f}`, expected, rows, floeColumns, types)
  const expectedTypes = { c_bool: 'BOOLEAN', c_int: 'INTEGER', c_long: 'BIGINT', c_float: 'FLOAT', c_double: 'DOUBLE',
    c_dec_9_2: 'DECIMAL(9,2)', c_dec_18_4: 'DECIMAL(18,4)', c_dec_38_6: 'DECIMAL(38,6)', c_dec_20_0: 'DECIMAL(20,0)',
    c_string: 'VARCHAR', c_binary: 'BLOB', c_date: 'DATE', c_ts: 'TIMESTAMP WITH TIME ZONE', c_ts_ntz: 'TIMESTAMP', c_required: 'BIGINT', c_all_null: 'INTEGER', c_time: 'TIME' }
  const badTypes = floeColumns.filter((c) => types.get(c) !== expectedTypes[c]).map((c) => `${c}:${types.get(c)}`)
  if (badTypes.length) fail(`duckdb types of ${f}: ${badTypes.join(' ')}`)
  else ok(`duckdb sees the Iceberg types in ${f}`)

  const ids = await query(`SELECT name, field_id FROM parquet_schema(${sqlString(file)}) WHERE name <> 'schema'`)
  const badIds = ids.filter(([name, id]) => Number(id) !== floeColumns.indexOf(name) + 1)
  if (badIds.length || ids.length !== floeColumns.length) fail(`field ids in ${f}: ${JSON.stringify(ids)}`)
  else ok(`duckdb sees field ids 1..${ids.length} in ${f}`)

  // statistics must equal the data's min/max (DuckDB formats both the same way)
  const stats = await query(`SELECT path_in_schema, row_group_id, stats_min_value, stats_max_value, stats_null_count
                             FROM parquet_metadata(${sqlString(file)})`)
  const rowGroups = new Set(stats.map((s) => s[1])).size
  if (rowGroups === 1) {
    let bad = 0
    for (const [col, , min, max, nulls] of stats) {
      if (col === 'c_binary' || col === 'c_float' || col === 'c_double') continue // DuckDB formats these differently in stats
      const [[dmin, dmax, dnulls]] = await query(`SELECT min("${col}")::VARCHAR, max("${col}")::VARCHAR, count(*) - count("${col}") FROM read_parquet(${sqlString(file)}, hive_partitioning = false)`)
      if (dmin !== min || dmax !== max || String(dnulls) !== String(nulls)) {
        bad++
        console.log(`  stats of ${col} in ${f}: min ${min} max ${max} nulls ${nulls}; data min ${dmin} max ${dmax} nulls ${dnulls}`)
      }
    }
    if (bad) fail(`statistics of ${f}`)
    else ok(`statistics of ${f} equal the data's min/max/null count`)
  }

  // hyparquet: values and page index
  const buf = await asyncBufferFromFile(file)
  const md = await parquetMetadataAsync(buf)
  const parsers = { timestampFromMicroseconds: (v) => v, dateFromDays: (d) => d }
  const objs = await parquetReadObjects({ file: buf, metadata: md, compressors, utf8: false, parsers })
  const hrows = objs.map((o) => floeColumns.map((c) => hyparquetCanonical(c, o[c])))
  // hyparquet turns decimals into JS numbers: compare those approximately
  let hdiffs = 0
  for (let r = 0; r < expected.length; r++) {
    for (let c = 0; c < floeColumns.length; c++) {
      const e = expected[r][c]
      const a = hrows[r]?.[c]
      let same = e === a || (floeColumns[c] === 'c_float' && sameValue(e, a, 'FLOAT'))
      if (!same && floeColumns[c].startsWith('c_dec') && e !== null && a !== null) {
        same = Math.abs(Number(e) - Number(a)) <= 1e-12 * Math.max(1, Math.abs(Number(e)))
      }
      if (!same && hdiffs++ < 5) console.log(`  hyparquet ${f}: row ${r} column ${floeColumns[c]}: expected ${JSON.stringify(e)} got ${JSON.stringify(a)}`)
    }
  }
  if (hdiffs || hrows.length !== expected.length) fail(`hyparquet reads ${f}`)
  else ok(`hyparquet reads ${f}: ${hrows.length} rows identical`)

  // parquet-wasm: the Rust parquet/arrow crates decode the whole file
  try {
    const table = parquetWasm.readParquet(new Uint8Array(fs.readFileSync(file)))
    let n = 0
    for (let i = 0; i < table.numBatches; i++) n += table.recordBatch(i).numRows
    if (n !== expected.length) fail(`parquet-wasm reads ${n} rows of ${f}, expected ${expected.length}`)
    else ok(`parquet-wasm decodes ${f}: ${n} rows`)
  } catch (e) { fail(`parquet-wasm reads ${f}: ${e?.message ?? e}`) }

  let pages = 0
  let indexOk = true
  for (const rg of md.row_groups) {
    for (const [i, cc] of rg.columns.entries()) {
      if (cc.offset_index_offset === undefined) { indexOk = false; continue }
      const oiBuf = await buf.slice(Number(cc.offset_index_offset), Number(cc.offset_index_offset) + cc.offset_index_length)
      const oi = readOffsetIndex({ view: new DataView(oiBuf), offset: 0 })
      pages += oi.page_locations.length
      if (oi.page_locations[0].first_row_index !== 0n) indexOk = false
      if (cc.column_index_offset !== undefined) {
        const ciBuf = await buf.slice(Number(cc.column_index_offset), Number(cc.column_index_offset) + cc.column_index_length)
        const element = md.schema[i + 1]
        const ci = readColumnIndex({ view: new DataView(ciBuf), offset: 0 }, element)
        if (ci.null_pages.length !== oi.page_locations.length) indexOk = false
      }
    }
  }
  if (!indexOk) fail(`page index of ${f}`)
  else ok(`hyparquet decodes the page index of ${f} (${pages} pages)`)
}

// ---------------- 2. DuckDB writes, floe reads ----------------
const duckDir = path.join(opt.work, 'duckdb')
fs.mkdirSync(duckDir, { recursive: true })
await con.run(`CREATE TABLE t AS SELECT
  CASE WHEN i % 7 = 3 THEN NULL ELSE i % 3 = 0 END AS c_bool,
  CASE WHEN i % 7 = 3 THEN NULL ELSE (i % 200 - 100)::TINYINT END AS c_tinyint,
  (i * 37 % 60000 - 30000)::SMALLINT AS c_smallint,
  CASE WHEN i % 5 = 1 THEN NULL ELSE (i * 7919 - 20000000)::INTEGER END AS c_int,
  (i::BIGINT * 1000000007 - 9000000000000) AS c_bigint,
  (i % 250)::UTINYINT AS c_utinyint,
  (i * 13 % 65000)::USMALLINT AS c_usmallint,
  (4000000000 - i * 3)::UINTEGER AS c_uinteger,
  (18000000000000000000 - i * 1000003)::UBIGINT AS c_ubigint,
  CASE WHEN i % 9 = 0 THEN NULL ELSE (i / 8.0 - 300)::FLOAT END AS c_float,
  (i / 3.0 - 700)::DOUBLE AS c_double,
  ((i % 9999) / 100.0 - 40)::DECIMAL(4,2) AS c_dec_4_2,
  (i * 123.457 - 300000)::DECIMAL(9,3) AS c_dec_9_3,
  (i * 98765432.12345 - 55555555555.5)::DECIMAL(18,5) AS c_dec_18_5,
  (i::HUGEINT * 123456789012345678901234 - 9876543210987654321)::DECIMAL(38,0) AS c_dec_38_0,
  (i * 1.5 - 77)::DECIMAL(30,10) AS c_dec_30_10,
  CASE WHEN i % 6 = 2 THEN NULL WHEN i % 4 = 0 THEN '' ELSE 'str ' || (i % 300)::VARCHAR || ' ☃' END AS c_varchar,
  repeat('long', 50 + i % 20) || i::VARCHAR AS c_long_varchar,
  ('\\x00\\xFF' || (i % 17)::VARCHAR)::BLOB AS c_blob,
  (DATE '1969-12-01' + (i * 17 % 40000 - 20000)::INTEGER) AS c_date,
  (TIMESTAMP '1950-06-01 12:34:56.789012' + to_microseconds(i::BIGINT * 987654321123)) AS c_timestamp,
  (TIMESTAMPTZ '1965-01-01 00:00:00+00' + to_microseconds(i::BIGINT * 12345678901)) AS c_timestamptz,
  (TIMESTAMP '2001-02-03 04:05:06.789' + to_milliseconds(i::BIGINT * 86399999))::TIMESTAMP_MS AS c_timestamp_ms,
  make_timestamp_ns(631152000000000000 + i::BIGINT * 1234567891) AS c_timestamp_ns,  -- from 1990, every digit used
  (TIME '00:00:00' + to_microseconds(i::BIGINT * 17280001)) AS c_time,
  ('00000000-0000-0000-0000-' || lpad(i::VARCHAR, 12, '0'))::UUID AS c_uuid,
  (i % 10)::VARCHAR AS c_low_cardinality
FROM range(0, 6000) r(i)`)
const variants = [
  ['uncompressed', "COMPRESSION 'uncompressed'"],
  ['snappy', "COMPRESSION 'snappy'"],
  ['gzip', "COMPRESSION 'gzip'"],
  ['zstd', "COMPRESSION 'zstd'"],
  ['lz4', "COMPRESSION 'lz4'"],
  ['brotli', "COMPRESSION 'brotli'"],
  ['zstd_plain', "COMPRESSION 'zstd', DICTIONARY_SIZE_LIMIT 1"],
  ['zstd_v2', "COMPRESSION 'zstd', PARQUET_VERSION V2"],
  ['snappy_v2_plain', "COMPRESSION 'snappy', PARQUET_VERSION V2, DICTIONARY_SIZE_LIMIT 1"],
  ['uncompressed_v2_rowgroups', "COMPRESSION 'uncompressed', PARQUET_VERSION V2, ROW_GROUP_SIZE 2048"],
]
for (const [name, options] of variants) {
  const file = path.join(duckDir, `duckdb_${name}.parquet`)
  await con.run(`COPY t TO ${sqlString(file)} (FORMAT parquet, ${options})`)
  const enc = await query(`SELECT string_agg(DISTINCT encodings, ' ') FROM parquet_metadata(${sqlString(file)})`)
  let floe
  try { floe = floeDump(file) } catch (e) { fail(`floe reads duckdb_${name}: ${e.stderr ?? e.message}`); continue }
  if (floe.header.skipped.length) fail(`floe skipped columns of duckdb_${name}: ${floe.header.skipped}`)
  const { rows, types } = await duckdbRows(file, floe.header.columns)
  compareRows(`floe reads duckdb_${name} (${enc[0][0]})`, rows, floe.rows, floe.header.columns, types)
}

// ---------------- 2b. DuckDB writes nested columns, floe reads ----------------
// Lists, structs and maps nested in each other, NULL at every level, empty lists and maps,
// lists longer than a batch, over pages and row groups, PLAIN and dictionary, v1 and v2 pages.
await con.run(`CREATE TABLE n AS SELECT
  i AS id,
  CASE WHEN i % 11 = 0 THEN NULL WHEN i % 7 = 0 THEN [] ELSE [i, NULL, i * 2] END AS c_int_list,
  CASE WHEN i % 13 = 0 THEN NULL ELSE {'a': CASE WHEN i % 5 = 0 THEN NULL ELSE i END, 'b': 'v' || (i % 40)::VARCHAR} END AS c_struct,
  CASE WHEN i % 17 = 0 THEN NULL WHEN i % 3 = 0 THEN MAP {} ELSE MAP {i: 'x' || i::VARCHAR, -i: NULL} END AS c_map,
  CASE WHEN i % 19 = 0 THEN NULL ELSE [[i], [], NULL, [i % 4, NULL]] END AS c_list_list,
  CASE WHEN i % 23 = 0 THEN NULL ELSE [{'p': i % 9, 'q': [i / 4.0, NULL]}, NULL, {'p': NULL, 'q': []}] END AS c_list_struct,
  CASE WHEN i % 29 = 0 THEN NULL ELSE MAP {'k' || (i % 5)::VARCHAR: [i, i + 1], 'z': NULL} END AS c_map_list,
  {'s': {'t': CASE WHEN i % 31 = 0 THEN NULL ELSE {'u': i::BIGINT, 'w': [TIMESTAMP '2020-01-01' + to_seconds(i)]} END}} AS c_deep,
  CASE WHEN i % 500 = 0 THEN range(i % 3000) ELSE [i] END AS c_long_list,
  [('\\x00\\xFF' || (i % 7)::VARCHAR)::BLOB, NULL] AS c_blob_list,
  [(i % 100 - 50)::DECIMAL(9, 2), (i * 1.5)::DECIMAL(30, 4)::DECIMAL(9,2)] AS c_dec_list
FROM range(0, 6000) r(i)`)
for (const [name, options] of variants.filter(([n]) => ['uncompressed', 'zstd', 'zstd_plain', 'zstd_v2', 'snappy_v2_plain', 'uncompressed_v2_rowgroups'].includes(n))) {
  const file = path.join(duckDir, `duckdb_nested_${name}.parquet`)
  await con.run(`COPY n TO ${sqlString(file)} (FORMAT parquet, ${options})`)
  let floe
  try { floe = floeDump(file) } catch (e) { fail(`floe reads duckdb_nested_${name}: ${e.stderr ?? e.message}`); continue }
  if (floe.header.skipped.length) fail(`floe skipped columns of duckdb_nested_${name}: ${floe.header.skipped}`)
  floe.rows = floe.rows.map((r) => r.map((v) => (v !== null && typeof v === 'object' ? sortedJson(v) : v)))
  const { rows, types } = await duckdbRows(file, floe.header.columns)
  compareRows(`floe reads duckdb_nested_${name}`, rows, floe.rows, floe.header.columns, types)
  // floe writes what it read: DuckDB reads floe's file with the values it wrote
  const copy = path.join(duckDir, `floe_nested_${name}.parquet`)
  try { execFileSync(opt.tool, ['copy', file, copy]) } catch (e) { fail(`floe writes floe_nested_${name}: ${e.stderr ?? e.message}`); continue }
  const again = await duckdbRows(copy, floe.header.columns)
  compareRows(`duckdb reads floe_nested_${name}`, rows, again.rows, floe.header.columns, types)
  const sameTypes = floe.header.columns.every((c) => again.types.get(c) === types.get(c))
  if (!sameTypes) fail(`duckdb types of floe_nested_${name}: ${floe.header.columns.map((c) => again.types.get(c)).join(' ')}`)
}

// ---------------- 3. fixtures written by Spark, Trino, parquet-mr ----------------
if (opt.fixtures && fs.existsSync(opt.fixtures)) {
  const files = []
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.parquet')) files.push(p)
    }
  }
  walk(opt.fixtures)
  let total = 0
  for (const file of files.sort()) {
    const label = path.relative(opt.fixtures, file)
    let floe
    try { floe = floeDump(file) } catch (e) { fail(`floe reads fixture ${label}: ${e.stderr ?? e.message}`); continue }
    const { rows, types } = await duckdbRows(file, floe.header.columns)
    floe.rows = floe.rows.map((r) => r.map((v) => (v !== null && typeof v === 'object' ? sortedJson(v) : v)))
    const before = failures
    compareRows(`floe reads fixture ${label}${floe.header.skipped.length ? ` (nested skipped: ${floe.header.skipped})` : ''}`,
      rows, floe.rows, floe.header.columns, types)
    if (failures === before) total++
  }
  console.log(`# ${total}/${files.length} fixture files read identically`)
} else {
  console.log(`# fixtures not found (${opt.fixtures ?? 'no --fixtures'}): skipped`)
}

console.log(`# ${checks} checks passed, ${failures} failed`)
process.exit(failures ? 1 : 0)
