#!/usr/bin/env node
// Tables floe writes, checked by code that shares nothing with floe.
//
//   node iceberg_interop.mjs [path/to/floe]   (default: ../../build/release/tools/floe/floe)
//
// Builds a fresh warehouse in a temporary folder with floe: every column type, every partition
// transform (identity, year, month, day, hour on date/timestamp/timestamp_ntz, bucket[N] and
// truncate[W] on each type they take), NULL partition values, values before 1970, partition
// evolution (ADD PARTITION FIELD, ADD COLUMN), appends (many, with manifest merging asked
// for early), an INSERT OVERWRITE and DELETEs of rows and of whole partitions (overwrite
// snapshots), branches and tags (writes to a branch, a branch moved back with AS OF VERSION) and
// a CREATE OR REPLACE TABLE AS SELECT, a table of struct, list and map columns, a table after
// the maintenance procedures (fast_forward, a sort rewrite, rewrite_manifests,
// expire_snapshots, remove_orphan_files, set_current_snapshot, a staged write published, a
// z-order rewrite) and its copy moved by rewrite_table_path, a table rolled back,
// cherry-picked, rolled back again and given statistics (rollback_to_snapshot,
// cherrypick_snapshot, rollback_to_timestamp, compute_table_stats), tables of Parquet files
// added as they are (add_files, snapshot) or migrated in place (a parquet table, migrate),
// position delete files compacted
// (rewrite_position_delete_files), and format version 3 tables (row ids through a
// copy-on-write DELETE and a rewrite, deletion vectors written and merged, a v2 table
// upgraded). Then, for every table:
//  1. iceberg_check.mjs --all-snapshots finds nothing (metadata, Avro manifests with field ids,
//     counts, sequence numbers, partition values recomputed from the data; see that file);
//  2. icebird (iceberg_read.mjs) reads the current snapshot and each earlier one, every path
//     resolving as written, and its rows equal floe's own SELECT * (and SELECT ... VERSION AS OF
//     each snapshot; floe -json), value by value, after normalizing what icebird cannot
//     represent: timestamps to its milliseconds (truncated toward zero), decimals
//     to its doubles, binary to its UTF-8 decoding. icebird 0.3.1 cannot read manifests whose
//     partition tuple holds a decimal (Avro fixed), so the tables with identity or truncate
//     partitions on decimals are checked by (1) only, and so are the tables with deletion
//     vectors, which icebird 0.3.1 does not apply (iceberg_check decodes and checks them).
//  3. controls, so a clean run means something: the transforms reproduce the spec's appendix
//     values; metadata claiming another transform than the one the files were written with, and
//     a manifest rewritten without field ids, make iceberg_check fail; a table moved to another
//     folder does not read with iceberg_read (its paths name the old folder).
// Exit 0 when every check passes, 1 when one fails, 77 (skipped) when node_modules or floe is missing.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const floe = resolve(process.argv[2] ?? join(here, '../../build/release/tools/floe/floe'));
for (const pkg of ['icebird', 'avsc', 'hyparquet', 'hyparquet-compressors']) {
  if (!existsSync(join(here, 'node_modules', pkg))) {
    console.log(`iceberg_interop: skipped, test/interop/node_modules/${pkg} is missing (run scripts/install-test-tools.sh)`);
    process.exit(77);
  }
}
if (!existsSync(floe)) {
  console.log(`iceberg_interop: skipped, no floe binary at ${floe}`);
  process.exit(77);
}
const { readWithIcebird } = await import('./iceberg_read.mjs');
const { parseJsonExact, readAvroFile, writeAvroFile } = await import('./iceberg_table_files.mjs');

const COLUMNS = [
  ['id', 'BIGINT NOT NULL', 'long'],
  ['i', 'INT', 'int'],
  ['f', 'FLOAT', 'float'],
  ['x', 'DOUBLE', 'double'],
  ['dec', 'DECIMAL(10,2)', 'decimal'],
  ['wide', 'DECIMAL(38,6)', 'decimal'],
  ['flag', 'BOOLEAN', 'boolean'],
  ['s', 'STRING', 'string'],
  ['b', 'BINARY', 'binary'],
  ['d', 'DATE', 'date'],
  ['ts', 'TIMESTAMP', 'timestamp'],
  ['ntz', 'TIMESTAMP_NTZ', 'timestamp'],
];
const TYPE_OF = Object.fromEntries(COLUMNS.map(([name, , type]) => [name, type]));
// The nested table's columns: floe -json prints nested values as spark-sql does, which for
// these types (string map keys) is JSON; icebird gives objects, arrays and (string-keyed) maps.
for (const name of ['tags', 'p', 'attrs', 'deep', 'added']) TYPE_OF[name] = 'nested';
const DDL = COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');

// Rows in batches; each batch is one INSERT (one snapshot). Values are SQL literals.
const row = (id, i, f, x, dec, wide, flag, s, b, d, ts, ntz) =>
  `(${id}, ${i}, ${f}, ${x}, ${dec}, ${wide}, ${flag}, ${s}, ${b}, ${d}, ${ts}, ${ntz})`;
const NULLS = 'NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL';
const BATCHES = [
  [
    row(1, 34, '1.5', '2.25', '14.20', '1234567890123456.123456', 'true', "'iceberg'", "X'00010203'",
      "DATE '2017-11-16'", "TIMESTAMP '2017-11-16 22:31:08'", "TIMESTAMP_NTZ '2017-11-16 22:31:08'"),
    row(2, -1, '-0.5', "CAST('NaN' AS DOUBLE)", '-0.01', '-0.000001', 'false', "'héllo wörld ✓ 😀'", "X'DEADBEEF'",
      "DATE '1969-12-31'", "TIMESTAMP '1969-12-31 23:59:59.999999'", "TIMESTAMP_NTZ '1969-12-31 23:00:00.5'"),
    `(3, ${NULLS})`,
  ],
  [
    row(4, 2147483647, "CAST('Infinity' AS FLOAT)", '1e300', '99999999.99', '99999999999999999999999999999999.999999',
      'true', "''", "X''", "DATE '1900-03-01'", "TIMESTAMP '1900-01-01 00:00:00.000001'", "TIMESTAMP_NTZ '1900-01-01 00:00:00.000001'"),
    row(5, -2147483648, '0', '-1e-300', '-99999999.99', '-99999999999999999999999999999999.999999', 'false',
      "'ab'", "X'FF'", "DATE '0001-01-01'", "TIMESTAMP '0001-01-01 00:00:00'", "TIMESTAMP_NTZ '9999-12-31 23:59:59.999999'"),
    row(6, 'NULL', 'NULL', '0', '0.00', '0', 'NULL', "'iceberg table'", 'NULL', "DATE '1970-01-01'",
      "TIMESTAMP '1970-01-01 00:00:00'", 'NULL'),
  ],
  [
    row(7, 7, '3.25', '-7.5', '1.05', '10.65', 'true', `'icf${'\u{10FFFF}'.repeat(17)}'`, `X'${'7F'.repeat(18)}'`, "DATE '2024-02-29'",
      "TIMESTAMP '2024-02-29 12:34:56.789012'", "TIMESTAMP_NTZ '1969-07-20 20:17:40'"),
    // Strings and bytes past the 16 a metrics bound keeps, one of them with no larger prefix.
    row(8, -10, '-3.25', '7.5', '-1.05', '-10.65', 'false', `'${'ÿ'.repeat(20)}'`, `X'${'FF'.repeat(20)}'`, "DATE '1969-01-01'",
      "TIMESTAMP '1969-01-01 00:59:59.999'", "TIMESTAMP_NTZ '1970-01-01 00:00:00.000001'"),
  ],
];

// name, PARTITIONED BY clause, evolution steps after the first batch
const TABLES = [
  ['unpartitioned', ''],
  ['years_of_each', 'years(d), years(ts), years(ntz)'],
  ['months_of_each', 'months(d), months(ts), months(ntz)'],
  ['days_of_each', 'days(d), days(ts), days(ntz)'],
  ['hours_of_each', 'hours(ts), hours(ntz)'],
  ['buckets', 'bucket(4, i), bucket(16, id), bucket(3, d), bucket(5, ts), bucket(6, ntz), bucket(7, s), bucket(2, b)'],
  ['bucket_decimals', 'bucket(9, dec), bucket(11, wide)'],
  ['truncates', 'truncate(10, i), truncate(100, id), truncate(2, s), truncate(1, b)'],
  ['truncate_decimals', 'truncate(50, dec), truncate(1000, wide)'],
  ['identities', 'i, id, flag, s, b, d, ts, ntz'],
  ['identity_decimals', 'dec, wide'],
];
const DECIMAL_PARTITIONS = new Set(['truncate_decimals', 'identity_decimals']);

function runFloe(warehouse, sql, json = false) {
  const args = ['--warehouse', warehouse, ...(json ? ['-json'] : []), '-c', sql];
  const out = spawnSync(floe, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (out.status !== 0 || /Error:/.test(out.stdout + out.stderr)) {
    const how = out.signal ? `killed by ${out.signal}` : `exit ${out.status}`;
    throw new Error(`floe failed (${how}) on: ${sql}\n${out.stdout}${out.stderr}`);
  }
  return out.stdout;
}

/// Builds every table: batches as separate appends, then the table's overwrite and deletes.
function buildWarehouse(warehouse) {
  const statements = ['CREATE NAMESPACE ns'];
  for (const [name, partitioning] of TABLES) {
    statements.push(`CREATE TABLE ns.${name} (${DDL}) USING iceberg${partitioning ? ` PARTITIONED BY (${partitioning})` : ''}`);
    for (const batch of BATCHES) statements.push(`INSERT INTO ns.${name} VALUES ${batch.join(', ')}`);
    statements.push(`DELETE FROM ns.${name} WHERE id = 5`);
    // Whole partitions where d is partitioned by day or identity (a metadata-only delete).
    statements.push(`DELETE FROM ns.${name} WHERE d = DATE '2017-11-16'`);
  }
  // Partition evolution: unpartitioned, then by day, then also by bucket; an overwrite and deletes.
  const t = 'ns.evolving';
  statements.push(
    `CREATE TABLE ${t} (${DDL}) USING iceberg`,
    `INSERT INTO ${t} VALUES ${BATCHES[0].join(', ')}`,
    `ALTER TABLE ${t} ADD PARTITION FIELD days(ts)`,
    `INSERT INTO ${t} VALUES ${BATCHES[1].join(', ')}`,
    `ALTER TABLE ${t} ADD PARTITION FIELD bucket(4, id)`,
    `ALTER TABLE ${t} ADD PARTITION FIELD truncate(3, s) AS s_prefix`,
    `INSERT INTO ${t} VALUES ${BATCHES[2].join(', ')}`,
    'SET spark.sql.sources.partitionOverwriteMode = dynamic',
    `INSERT OVERWRITE ${t} SELECT id + 100, i, f, x, dec, wide, flag, s, b, d, ts, ntz FROM ${t} WHERE id IN (7, 8)`,
    `DELETE FROM ${t} WHERE id = 4`,
    `DELETE FROM ${t} WHERE ts IS NULL`,
  );
  // Many small appends with manifest merging asked for early, a column added, then a delete:
  // merged manifests carry EXISTING entries with explicit sequence numbers, old schema ids stay.
  const m = 'ns.merging';
  statements.push(
    `CREATE TABLE ${m} (${DDL}) USING iceberg PARTITIONED BY (bucket(2, id), months(ts)) ` +
      `TBLPROPERTIES ('commit.manifest.min-count-to-merge'='2', 'commit.manifest-merge.enabled'='true')`,
    ...BATCHES.flat().map((r) => `INSERT INTO ${m} VALUES ${r}`),
    `ALTER TABLE ${m} ADD COLUMN extra INT`,
    `INSERT INTO ${m} VALUES ${BATCHES[0][0].replace(/\)$/, ', 42)').replace(/^\(1,/, '(11,')}`,
    `DELETE FROM ${m} WHERE id = 2`,
  );
  // Branches and tags: a branch of a table without snapshots, refs with retention settings,
  // an append and a whole-partition (metadata-only) delete on a branch while main moves on.
  const r = 'ns.branched';
  statements.push(
    `CREATE TABLE ${r} (${DDL}) USING iceberg PARTITIONED BY (days(ts))`,
    `ALTER TABLE ${r} CREATE BRANCH empty_start`,
    `INSERT INTO ${r} VALUES ${BATCHES[0].join(', ')}`,
    `ALTER TABLE ${r} CREATE TAG v1 RETAIN 30 DAYS`,
    `ALTER TABLE ${r} CREATE BRANCH audit RETAIN 7 DAYS WITH SNAPSHOT RETENTION 3 SNAPSHOTS 2 HOURS`,
    `INSERT INTO ${r}.branch_audit VALUES ${BATCHES[1].join(', ')}`,
    `DELETE FROM ${r}.branch_audit WHERE ts >= TIMESTAMP '1969-12-31 00:00:00' AND ts < TIMESTAMP '1970-01-01 00:00:00'`,
    `INSERT INTO ${r} VALUES ${BATCHES[2].join(', ')}`,
    `DELETE FROM ${r} WHERE id = 7`,
    `ALTER TABLE ${r} CREATE OR REPLACE TAG v2`,
  );
  // One replace transaction: same table, a narrower schema, another spec, a tag on the old rows.
  const p = 'ns.replaced';
  statements.push(
    `CREATE TABLE ${p} (${DDL}) USING iceberg PARTITIONED BY (bucket(4, id))`,
    `INSERT INTO ${p} VALUES ${BATCHES[0].join(', ')}, ${BATCHES[1].join(', ')}`,
    `ALTER TABLE ${p} CREATE TAG before_replace`,
    `CREATE OR REPLACE TABLE ${p} USING iceberg PARTITIONED BY (months(d), truncate(2, s)) AS SELECT id, s, d, ts, x FROM ${p} WHERE id <> 4`,
  );
  // Struct, list and map columns, nested in each other, NULL and empty at every level; a
  // nested column added later (NULL in the older files).
  const n = 'ns.nested';
  statements.push(
    `CREATE TABLE ${n} (id BIGINT, tags ARRAY<STRING>, p STRUCT<x: INT, y: STRING, z: ARRAY<DOUBLE>>, ` +
      `attrs MAP<STRING, BIGINT>, deep ARRAY<STRUCT<k: STRING, v: ARRAY<INT>>>) USING iceberg PARTITIONED BY (bucket(2, id), truncate(1, p.y))`,
    `INSERT INTO ${n} VALUES (1, array('a', NULL, 'c'), named_struct('x', 1, 'y', 'q', 'z', array(1.5, NULL)), map('k', 1, 'l', NULL), ` +
      `array(named_struct('k', 'a', 'v', array(1, 2)), NULL, named_struct('k', NULL, 'v', array()))), ` +
      `(2, array(), NULL, map(), array()), (3, NULL, named_struct('x', NULL, 'y', NULL, 'z', NULL), NULL, NULL)`,
    `INSERT INTO ${n} SELECT id + 10, tags, p, attrs, deep FROM ${n}`,
    `ALTER TABLE ${n} ADD COLUMN added STRUCT<u: BIGINT, w: ARRAY<STRING>>`,
    `INSERT INTO ${n} VALUES (20, array('z'), named_struct('x', 7, 'y', 'r', 'z', array()), map('m', 3), NULL, named_struct('u', 5, 'w', array('w1', NULL)))`,
    `DELETE FROM ${n} WHERE id = 11`,
  );
  // Format version 3 (issue 16): row ids through appends, a copy-on-write DELETE and a
  // rewrite; deletion vectors written, merged and dropped with their file; a v2 table
  // upgraded between appends.
  const v3 = "TBLPROPERTIES ('format-version' = '3')";
  statements.push(
    `CREATE TABLE ns.v3_lineage (${DDL}) USING iceberg PARTITIONED BY (bucket(2, id)) ${v3}`,
    ...BATCHES.map((b) => `INSERT INTO ns.v3_lineage VALUES ${b.join(', ')}`),
    'DELETE FROM ns.v3_lineage WHERE id = 5',
    "CALL floe.system.rewrite_data_files(table => 'ns.v3_lineage', options => map('rewrite-all', 'true'))",
    `INSERT INTO ns.v3_lineage VALUES ${BATCHES[0].join(', ')}`,
    `CREATE TABLE ns.v3_dv (${DDL}) USING iceberg PARTITIONED BY (bucket(2, id)) ` +
      "TBLPROPERTIES ('format-version' = '3', 'write.delete.mode' = 'merge-on-read')",
    ...BATCHES.map((b) => `INSERT INTO ns.v3_dv VALUES ${b.join(', ')}`),
    'DELETE FROM ns.v3_dv WHERE id = 5',
    'DELETE FROM ns.v3_dv WHERE id IN (2, 7)',
    `CREATE TABLE ns.upgraded (${DDL}) USING iceberg`,
    `INSERT INTO ns.upgraded VALUES ${BATCHES[0].join(', ')}`,
    "ALTER TABLE ns.upgraded SET TBLPROPERTIES ('format-version' = '3', 'write.delete.mode' = 'merge-on-read')",
    `INSERT INTO ns.upgraded VALUES ${BATCHES[1].join(', ')}`,
    'DELETE FROM ns.upgraded WHERE id IN (1, 4)',
  );
  // Maintenance (issue 17): a branch fast-forwarded, a sort rewrite, snapshots expired,
  // orphans removed, main set back to the branch's head; the checks below then read what
  // the procedures left.
  const mt = 'ns.maintained', now = 'current_timestamp() + INTERVAL 1 SECOND';
  statements.push(
    `CREATE TABLE ${mt} (${DDL}) USING iceberg PARTITIONED BY (bucket(2, id))`,
    `INSERT INTO ${mt} VALUES ${BATCHES[0].join(', ')}`,
    `ALTER TABLE ${mt} CREATE BRANCH side`,
    `INSERT INTO ${mt}.branch_side VALUES ${BATCHES[1].join(', ')}`,
    `CALL floe.system.fast_forward(table => '${mt}', branch => 'main', to => 'side')`,
    `INSERT INTO ${mt} VALUES ${BATCHES[2 % BATCHES.length].join(', ')}`,
    `DELETE FROM ${mt} WHERE id = 5`,
    `CALL floe.system.rewrite_data_files(table => '${mt}', strategy => 'sort', sort_order => 'id DESC NULLS LAST', options => map('rewrite-all', 'true'))`,
    `CALL floe.system.rewrite_manifests(table => '${mt}')`,
    `CALL floe.system.expire_snapshots(table => '${mt}', older_than => ${now}, retain_last => 2)`,
    'SET floe.remove_orphan_files.min_interval = 0',
    `CALL floe.system.remove_orphan_files(table => '${mt}', older_than => ${now})`,
    `CALL floe.system.set_current_snapshot(table => '${mt}', ref => 'side')`,
    `INSERT INTO ${mt} VALUES ${BATCHES[0].join(', ')}`,
    // write-audit-publish, then a z-order rewrite of what was published
    `ALTER TABLE ${mt} SET TBLPROPERTIES ('write.wap.enabled' = 'true')`,
    'SET spark.wap.id = interop_1',
    `INSERT INTO ${mt} VALUES ${BATCHES[1].join(', ')}`,
    "SET spark.wap.id = ''",
    `CALL floe.system.publish_changes('${mt}', 'interop_1')`,
    `CALL floe.system.rewrite_data_files(table => '${mt}', sort_order => 'zorder(id, i)', options => map('rewrite-all', 'true'))`,
    // Parquet files COPY wrote, added as they are (add_files) and made a table (snapshot)
    `COPY (SELECT * FROM ${mt}) TO '${warehouse}/imports/rows.parquet'`,
    `CREATE TABLE ns.imported (${DDL.replace(/ NOT NULL/g, '')}) USING iceberg`,
    `CALL floe.system.add_files('ns.imported', 'parquet.\`${warehouse}/imports\`')`,
    `CALL floe.system.snapshot('parquet.\`${warehouse}/imports\`', 'ns.snapped')`,
    // a parquet table replaced in place by an Iceberg table (migrate), then written to
    `COPY (SELECT * FROM ${mt}) TO '${warehouse}/ns/migrated/rows.parquet'`,
    `CREATE TABLE ns.migrated USING parquet LOCATION '${warehouse}/ns/migrated'`,
    "CALL floe.system.migrate('ns.migrated')",
    'INSERT INTO ns.migrated SELECT * FROM ns.migrated_BACKUP_ WHERE id % 3 = 0',
  );
  // UPDATE, MERGE and DELETE with a subquery (issue 18), copy-on-write and merge-on-read:
  // rewritten files, position delete files (v2) and deletion vectors (v3) that floe wrote.
  const mor = "'write.update.mode' = 'merge-on-read', 'write.merge.mode' = 'merge-on-read', " +
    "'write.delete.mode' = 'merge-on-read'";
  for (const [name, props] of [['rows_cow', ''], ['rows_mor', `TBLPROPERTIES (${mor})`],
    ['rows_mor_v3', `TBLPROPERTIES ('format-version' = '3', ${mor})`]]) {
    const t = `ns.${name}`;
    statements.push(
      `CREATE TABLE ${t} (${DDL}) USING iceberg PARTITIONED BY (bucket(2, id)) ${props}`,
      ...BATCHES.map((b) => `INSERT INTO ${t} VALUES ${b.join(', ')}`),
      `UPDATE ${t} SET i = i DIV 2, s = concat(s, '!') WHERE id % 2 = 0`,
      `MERGE INTO ${t} t USING (SELECT id + 1 AS id, i, f, x, dec, wide, flag, s, b, d, ts, ntz FROM ${t} WHERE id < 5) s ` +
        'ON t.id = s.id WHEN MATCHED AND t.id = 2 THEN DELETE WHEN MATCHED THEN UPDATE SET i = s.i, d = s.d ' +
        'WHEN NOT MATCHED THEN INSERT *',
      `DELETE FROM ${t} WHERE id IN (SELECT id + 3 FROM ${t} WHERE id > 4)`,
    );
  }
  // rolled back to its first snapshot, the third cherry-picked back onto it, rolled back to
  // the first by time, statistics computed (a Puffin file registered for the snapshot)
  const rb = 'ns.rolled';
  const nth = (n) => `(SELECT snapshot_id FROM ${rb}.snapshots ORDER BY committed_at LIMIT 1 OFFSET ${n})`;
  statements.push(
    `CREATE TABLE ${rb} (${DDL}) USING iceberg PARTITIONED BY (bucket(2, id))`,
    ...BATCHES.map((b) => `INSERT INTO ${rb} VALUES ${b.join(', ')}`),
    `CALL floe.system.rollback_to_snapshot('${rb}', ${nth(0)})`,
    `CALL floe.system.cherrypick_snapshot('${rb}', ${nth(2)})`,
    // back to the first again: the newest ancestor committed before a millisecond after it
    `CALL floe.system.rollback_to_timestamp('${rb}', ` +
      `(SELECT committed_at + INTERVAL 1 MILLISECOND FROM ${rb}.snapshots ORDER BY committed_at LIMIT 1))`,
    `CALL floe.system.compute_table_stats(table => '${rb}')`,
  );
  // the position delete files of the v2 merge-on-read table compacted
  statements.push(
    "CALL floe.system.rewrite_position_delete_files(table => 'ns.rows_mor', options => map('rewrite-all', 'true'))");
  runFloe(warehouse, statements.join('; '));
  moveTable(warehouse, 'maintained', 'moved');
}

/// Moves a table as Iceberg's users do (issue 17): rewrite_table_path stages its metadata
/// under a new prefix and lists the files to copy; they are copied, and the copy registered
/// under a new name, so the checks read it as any other table.
function moveTable(warehouse, from, to) {
  const source = join(warehouse, 'ns', from), target = join(warehouse, 'ns', to);
  const out = runFloe(warehouse, `CALL floe.system.rewrite_table_path(table => 'ns.${from}', ` +
    `source_prefix => '${source}', target_prefix => '${target}', staging_location => '${join(warehouse, 'staging')}')`,
  true);
  const [{ latest_version: latest, file_list_location: list }] = parseFloeJson(out);
  for (const line of readFileSync(list, 'utf8').split('\n').filter(Boolean)) {
    const [src, dst] = line.split(',');
    mkdirSync(dirname(dst), { recursive: true });
    copyFileSync(src, dst);
  }
  runFloe(warehouse, `CALL floe.system.register_table('ns.${to}', '${target}/metadata/${latest}')`);
}

// Tables icebird 0.3.1 cannot read right: it does not apply deletion vectors.
const DELETION_VECTOR_TABLES = new Set(['v3_dv', 'upgraded', 'rows_mor_v3']);

/// Returns a table's latest metadata JSON.
function latestMetadata(tableDir) {
  const metadataDir = join(tableDir, 'metadata');
  const latest = readdirSync(metadataDir).filter((f) => f.endsWith('.metadata.json')).sort().at(-1);
  return parseJsonExact(readFileSync(join(metadataDir, latest), 'utf8'));
}

/// Checks every ref of a table: floe's VERSION AS OF 'ref' and t.branch_/t.tag_ read what
/// icebird reads at the ref's snapshot; the retention settings are in the metadata as asked.
async function checkRefs(warehouse, table) {
  const dir = join(warehouse, 'ns', table);
  const md = latestMetadata(dir);
  const refs = Object.entries(md.refs ?? {});
  for (const [name, ref] of refs) {
    let icebirdRows;
    try {
      icebirdRows = await readWithIcebird(dir, String(ref['snapshot-id']));
    } catch (err) {
      if (!/No data manifest files found/.test(err.message)) throw err;
      icebirdRows = [];  // an empty snapshot, which icebird 0.3.1 cannot read (see above)
    }
    const prefix = ref.type === 'branch' ? 'branch_' : 'tag_';
    for (const sql of [`SELECT * FROM ns.${table} VERSION AS OF '${name}'`, `SELECT * FROM ns.${table}.${prefix}${name}`]) {
      const problems = compareRows(`${table} ${sql}`, parseFloeJson(runFloe(warehouse, sql, true)), icebirdRows);
      for (const p of problems) fail(p);
    }
  }
  console.log(`ok   refs of ${table}: ${refs.map(([n, r]) => `${r.type} ${n}`).join(', ')} read as icebird reads their snapshots`);
}

/// Moves a branch to an older snapshot with REPLACE BRANCH .. AS OF VERSION and checks the
/// metadata: the branch's snapshot and retention settings, the tag's max-ref-age-ms.
function moveBranch(warehouse) {
  const dir = join(warehouse, 'ns', 'branched');
  const before = latestMetadata(dir);
  const v1 = String(before.refs.v1['snapshot-id']);
  runFloe(warehouse, `ALTER TABLE ns.branched REPLACE BRANCH audit AS OF VERSION ${v1}`);
  const after = latestMetadata(dir);
  const audit = after.refs.audit;
  const want = { type: 'branch', 'snapshot-id': v1, 'max-ref-age-ms': String(7 * 86400000), 'min-snapshots-to-keep': '3', 'max-snapshot-age-ms': String(2 * 3600000) };
  const got = Object.fromEntries(Object.entries(audit).map(([k, v]) => [k, String(v)]));
  const tag = String(after.refs.v1['max-ref-age-ms']);
  if (JSON.stringify(got, Object.keys(want).sort()) === JSON.stringify(want, Object.keys(want).sort()) && tag === String(30 * 86400000) &&
      !after.refs.v1['min-snapshots-to-keep']) {
    console.log('ok   REPLACE BRANCH AS OF VERSION moves the branch and keeps its retention settings');
  } else {
    fail(`refs after REPLACE BRANCH audit AS OF VERSION ${v1}: ${JSON.stringify(after.refs, (k, v) => (typeof v === 'bigint' ? String(v) : v))}`);
  }
}

/// Checks that a whole-partition DELETE never opens the files it drops: with one day's data
/// file gone from disk, deleting that day still commits; deleting some rows of a day whose file
/// is gone fails (the file must be read) and leaves the table as it was.
function deletesWithoutReading(warehouse) {
  const t = 'ns.unread';
  runFloe(warehouse, [
    `CREATE TABLE ${t} (id BIGINT, ts TIMESTAMP) USING iceberg PARTITIONED BY (days(ts))`,
    `INSERT INTO ${t} SELECT id, CAST(1767225600 + id * 3600 AS TIMESTAMP) FROM range(0, 72) AS r(id)`,
  ].join('; '));
  const files = parseFloeJson(runFloe(warehouse, `SELECT file_path, partition FROM ${t}.files ORDER BY partition`, true));
  if (files.length !== 3) { fail(`${t}: expected 3 data files, got ${files.length}`); return; }
  rmSync(localPathOf(files[1].file_path));
  rmSync(localPathOf(files[2].file_path));
  runFloe(warehouse, `DELETE FROM ${t} WHERE ts >= TIMESTAMP '2026-01-02 00:00:00' AND ts < TIMESTAMP '2026-01-03 00:00:00'`);
  const count = parseFloeJson(runFloe(warehouse, `SELECT count(*) AS n, max(id) AS m FROM ${t} WHERE ts < TIMESTAMP '2026-01-03 00:00:00'`, true))[0];
  if (numText(count.n) === '24' && numText(count.m) === '23') console.log(`ok   a whole-day DELETE commits with that day's data file gone from disk (no file opened)`);
  else fail(`${t}: after the whole-day delete: ${JSON.stringify(count)}`);
  const metadataBefore = latestMetadata(join(warehouse, 'ns', 'unread'))['current-snapshot-id'];
  let failed = false;
  try {
    runFloe(warehouse, `DELETE FROM ${t} WHERE id = 50`);
  } catch (err) {
    failed = new RegExp(`IO Error: cannot open file "${localPathOf(files[2].file_path)}"`).test(err.message);
  }
  const metadataAfter = latestMetadata(join(warehouse, 'ns', 'unread'))['current-snapshot-id'];
  if (failed && String(metadataBefore) === String(metadataAfter)) console.log('ok   control: a DELETE that must read a missing file fails and commits nothing');
  else fail(`${t}: a DELETE needing a missing file did not fail cleanly (failed ${failed}, snapshot ${metadataBefore} -> ${metadataAfter})`);
}

const localPathOf = (path) => (path.startsWith('file:') ? fileURLToPath(path) : path);

/// Returns the ids of a table's snapshots, as text, from its latest metadata file.
function snapshotIds(tableDir) {
  const metadataDir = join(tableDir, 'metadata');
  const latest = readdirSync(metadataDir).filter((f) => f.endsWith('.metadata.json')).sort().at(-1);
  const metadata = parseJsonExact(readFileSync(join(metadataDir, latest), 'utf8'));
  return (metadata.snapshots ?? []).map((snap) => String(snap['snapshot-id']));
}

// ------------------------------------------------------------------ comparing values
/// Parses floe's -json output, keeping every number as its literal text ("#num:<text>").
function parseFloeJson(text) {
  const token = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  return JSON.parse(text.replace(token, (t) => (t[0] === '"' ? t : `"#num:${t}"`)));
}
const numText = (v) => (typeof v === 'string' && v.startsWith('#num:') ? v.slice(5) : v);

/// Returns microseconds since the epoch of "YYYY-MM-DD HH:MM:SS[.ffffff]" read as UTC.
function micros(text) {
  const m = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?/.exec(text);
  if (!m) throw new Error(`unrecognized timestamp ${text}`);
  const date = new Date(0);
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  date.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), 0);
  return BigInt(date.getTime()) * 1000n + BigInt((m[7] ?? '').padEnd(6, '0'));
}

/// Returns floe's value as icebird can represent it, and icebird's value, as comparable strings.
function normalize(type, floeValue, icebirdValue) {
  const fv = numText(floeValue);
  if (fv === null || fv === undefined) return ['null', icebirdValue === null || icebirdValue === undefined ? 'null' : String(icebirdValue)];
  if (icebirdValue === null || icebirdValue === undefined) return [String(fv), 'null'];
  switch (type) {
    case 'long': case 'int': return [String(BigInt(fv)), String(BigInt(icebirdValue))];
    case 'boolean': return [String(fv), String(icebirdValue)];
    case 'float': return [String(Math.fround(Number(fv))), String(icebirdValue)];
    case 'double': return [String(Number(fv)), String(icebirdValue)];
    case 'decimal': {
      // icebird: unscaled / 10^scale as a double; compare to 15 significant digits.
      const a = Number(fv);
      const close = Math.abs(a - icebirdValue) <= 1e-15 * Math.max(1, Math.abs(a)) * 8;
      return [a.toPrecision(15), close ? a.toPrecision(15) : String(icebirdValue)];
    }
    case 'string': return [fv, icebirdValue];
    case 'binary': {
      const hex = /^\[([0-9A-F ]*)\]$/.exec(fv)?.[1].replace(/ /g, '') ?? `unparsed ${fv}`;
      return [new TextDecoder().decode(Buffer.from(hex, 'hex')), String(icebirdValue)];
    }
    case 'date': return [fv, icebirdValue.toISOString().slice(0, 10)];
    case 'timestamp': {
      // icebird: Number(micros / 1000n) milliseconds, so truncated toward zero.
      return [String(micros(fv) / 1000n), String(icebirdValue.getTime())];
    }
    case 'nested': {
      // icebird leaves a NULL list inside a struct out of the object: a field NULL or absent compares alike
      const sorted = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? Number(x)
        : x && typeof x === 'object' && !Array.isArray(x)
          ? Object.fromEntries(Object.keys(x).sort().filter((key) => x[key] != null).map((key) => [key, x[key]])) : x));
      return [sorted(JSON.parse(fv)), sorted(icebirdValue)];
    }
  }
  throw new Error(`no normalization for ${type}`);
}

/// Compares icebird's rows with floe's SELECT * by id; returns a list of differences.
function compareRows(table, floeRows, icebirdRows) {
  const problems = [];
  const key = (v) => String(numText(v));
  const byId = new Map(icebirdRows.map((r) => [String(r.id), r]));
  if (icebirdRows.length !== floeRows.length) problems.push(`${table}: icebird read ${icebirdRows.length} rows, floe ${floeRows.length}`);
  for (const fr of floeRows) {
    const ir = byId.get(key(fr.id));
    if (!ir) { problems.push(`${table}: id ${key(fr.id)} is missing in icebird's rows`); continue; }
    for (const name of Object.keys(fr)) {
      const [want, got] = normalize(TYPE_OF[name] ?? 'int', fr[name], ir[name]);
      if (want !== got) problems.push(`${table} id ${key(fr.id)} ${name}: floe ${want}, icebird ${got}`);
    }
  }
  return problems;
}

// ------------------------------------------------------------------ the run
const started = Date.now();
const warehouse = mkdtempSync(join(tmpdir(), 'floe-iceberg-interop-'));
let failures = 0;
const fail = (message) => { failures++; console.log(`FAIL ${message}`); };
try {
  const transforms = spawnSync(process.execPath, [join(here, 'iceberg_transforms.mjs')], { encoding: 'utf8' });
  if (transforms.status === 0) console.log(`ok   ${transforms.stdout.trim()}`);
  else fail(`transforms disagree with the spec's values:\n${transforms.stdout}${transforms.stderr}`);
  buildWarehouse(warehouse);
  moveBranch(warehouse);
  const tables = [...TABLES.map(([name]) => name), 'evolving', 'merging', 'branched', 'replaced', 'nested',
    'v3_lineage', 'v3_dv', 'upgraded', 'maintained', 'moved', 'rolled', 'imported', 'snapped', 'migrated', 'rows_cow',
    'rows_mor', 'rows_mor_v3'];
  for (const table of tables) {
    const dir = join(warehouse, 'ns', table);
    const check = spawnSync(process.execPath, [join(here, 'iceberg_check.mjs'), dir, '--all-snapshots'], { encoding: 'utf8' });
    const summary = check.stdout.trim().split('\n').at(-1);
    if (check.status !== 0) fail(`iceberg_check ${table}:\n${check.stdout}${check.stderr}`);
    else console.log(`ok   iceberg_check ${table}: ${summary.replace(/^# /, '')}`);

    if (DELETION_VECTOR_TABLES.has(table)) {
      console.log(`skip icebird ${table}: icebird 0.3.1 does not apply deletion vectors (iceberg_check decodes them)`);
      continue;
    }
    // The current snapshot, then every snapshot (floe's VERSION AS OF against icebird's).
    const snapshots = [undefined, ...snapshotIds(dir)];
    let compared = 0;
    for (const snapshot of snapshots) {
      const what = snapshot === undefined ? table : `${table} snapshot ${snapshot}`;
      const sql = `SELECT * FROM ns.${table}${snapshot === undefined ? '' : ` VERSION AS OF ${snapshot}`}`;
      const floeRows = parseFloeJson(runFloe(warehouse, sql, true));
      let icebirdRows;
      try {
        icebirdRows = await readWithIcebird(dir, snapshot);
      } catch (err) {
        if (DECIMAL_PARTITIONS.has(table) && /unsupported type: fixed/.test(err.message)) {
          console.log(`skip icebird ${what}: icebird 0.3.1 cannot decode Avro fixed (decimal partition values)`);
          break;
        }
        if (/No data manifest files found/.test(err.message) && floeRows.length === 0) {
          // An empty snapshot (a branch started on a table without snapshots): no manifests.
          console.log(`skip icebird ${what}: icebird 0.3.1 cannot read a snapshot without manifests; floe reads 0 rows`);
          continue;
        }
        fail(`icebird ${what}: ${err.message}`);
        continue;
      }
      const problems = compareRows(what, floeRows, icebirdRows);
      for (const p of problems) fail(p);
      if (!problems.length) compared++;
      if (!problems.length && snapshot === undefined) console.log(`ok   icebird ${table}: ${icebirdRows.length} rows equal floe's`);
    }
    if (compared > 1) console.log(`ok   icebird ${table}: every one of ${compared - 1} snapshots equals floe's VERSION AS OF`);
  }
  await checkRefs(warehouse, 'branched');
  await checkRefs(warehouse, 'replaced');
  deletesWithoutReading(warehouse);
  catchesCorruption(join(warehouse, 'ns', 'days_of_each'));
  await refusesMovedTable(join(warehouse, 'ns', 'buckets'));
  await catchesMissingFieldIds(join(warehouse, 'ns', 'buckets'));
} catch (err) {
  fail(err.stack ?? String(err));
} finally {
  rmSync(warehouse, { recursive: true, force: true });
}

/// Checks that iceberg_check notices a partition spec whose transform no longer fits the data.
function catchesCorruption(tableDir) {
  const metadataDir = join(tableDir, 'metadata');
  const latest = readdirSync(metadataDir).filter((f) => f.endsWith('.metadata.json')).sort().at(-1);
  // Same files, but the metadata claims day(d) is bucket[3](d): the recorded values no longer match.
  const text = readFileSync(join(metadataDir, latest), 'utf8').replace('"transform":"day"', '"transform":"bucket[3]"');
  const file = join(metadataDir, '99999-corrupted.metadata.json');
  writeFileSync(file, text);
  try {
    const check = spawnSync(process.execPath, [join(here, 'iceberg_check.mjs'), file], { encoding: 'utf8' });
    if (check.status === 1 && /partition .* the file's rows give/.test(check.stdout)) console.log('ok   iceberg_check finds a corrupted partition spec');
    else fail(`iceberg_check did not catch a corrupted partition spec:\n${check.stdout}${check.stderr}`);
  } finally {
    rmSync(file);
  }
}

/// Checks that iceberg_check notices a manifest written without the spec's field ids (what an
/// Avro library that regenerates the header schema does).
async function catchesMissingFieldIds(tableDir) {
  const metadataDir = join(tableDir, 'metadata');
  const latest = readdirSync(metadataDir).filter((f) => f.endsWith('.metadata.json')).sort().at(-1);
  const metadata = parseJsonExact(readFileSync(join(metadataDir, latest), 'utf8'));
  const current = metadata.snapshots.find((snap) => String(snap['snapshot-id']) === String(metadata['current-snapshot-id']));
  const list = await readAvroFile(current['manifest-list']);
  const manifestPath = list.records[0].manifest_path;
  const manifest = await readAvroFile(manifestPath);
  const stripped = JSON.parse(JSON.stringify(manifest.schema, (k, v) => (['field-id', 'element-id', 'key-id', 'value-id'].includes(k) ? undefined : v)));
  await writeAvroFile(manifestPath, stripped, manifest.meta, manifest.records);
  const check = spawnSync(process.execPath, [join(here, 'iceberg_check.mjs'), tableDir], { encoding: 'utf8' });
  if (check.status === 1 && /Avro schema data_file\.partition\.\S+ has no field-id/.test(check.stdout)) console.log('ok   iceberg_check finds a manifest without field ids');
  else fail(`iceberg_check did not catch a manifest without field ids:\n${check.stdout}${check.stderr}`);
}

/// Checks that iceberg_read takes paths as written: a table moved to another folder must not read.
async function refusesMovedTable(tableDir) {
  const moved = `${tableDir}_moved`;
  renameSync(tableDir, moved);
  try {
    await readWithIcebird(moved);
    fail(`icebird read a moved table, so paths were not taken as written`);
  } catch (err) {
    if (/does not resolve|do not resolve|not found|404/i.test(err.message)) console.log('ok   icebird refuses a moved table (paths resolve only as written)');
    else fail(`icebird failed on a moved table for another reason: ${err.message}`);
  } finally {
    renameSync(moved, tableDir);
  }
}

console.log(`iceberg_interop: ${failures ? `${failures} failures` : 'all checks pass'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
process.exit(failures ? 1 : 0);
