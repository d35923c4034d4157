#!/usr/bin/env node
// Consistency check of a local Iceberg v2 or v3 table, independent of floe's code: what it proves is
// that the metadata JSON, the Avro manifest lists and manifests and the Parquet data files agree
// with each other and with the Iceberg table spec.
//
//   node iceberg_check.mjs TABLE_DIR|METADATA_FILE [--all-snapshots] [--remap FROM=TO]
//
// (--remap reads a table copied from another machine, e.g. the shared Spark and Trino fixtures:
// they pass but for their manifests lacking the header schema-id v2 and v3 require (Iceberg
// Java does not write it); floe's tables are checked without it, every path as written.)
//
// Checked (the current snapshot, or every snapshot with --all-snapshots):
//  - metadata: format-version 2, required fields, location = the table folder; schemas, specs and
//    sort orders referenced exist; field ids unique and <= last-column-id; partition field ids
//    <= last-partition-id; transforms valid for their source types; snapshots, refs.main =
//    current-snapshot-id (no main without one), every ref naming a snapshot, snapshot-log and metadata-log consistent (earlier metadata files exist
//    as written with the logged timestamp); sequence numbers <= last-sequence-number, unique and
//    increasing along parents.
//  - manifest lists and manifests: readable Avro containers (avsc) whose writer schema keeps the
//    spec's field-id on every field (element-id / key-id / value-id on lists and maps), with the
//    spec's ids for the known fields and the partition spec's ids on the partition struct; header
//    metadata (snapshot-id, sequence-number, schema, schema-id, partition-spec, partition-spec-id,
//    format-version "2", content); the partition struct's Avro types; sequence numbers of
//    manifests and entries (inheritance, EXISTING entries keep their snapshot's); live files added
//    by ancestors; added/existing/deleted file and row counts; partition field summaries
//    (contains_null, bounds) cover the entries.
//  - snapshot summary: added/deleted files, records and sizes, changed-partition-count (the
//    partitions of the files it added or removed), totals = the live files.
//  - data files: every path resolves exactly as written (absolute path or file: URI), size =
//    file_size_in_bytes, under <location>/data; Parquet row count = record_count; Parquet field
//    ids, physical and logical types and repetition as the spec maps the schema's (and the
//    iceberg.schema key-value, when written, names table fields); value/null/NaN counts and bounds
//    agree with the values; and the partition tuple equals the spec's transforms recomputed from
//    the file's own column values (iceberg_transforms.mjs).
// Format version 3 tables get all of the above (v2 tables exactly as before) and:
//  - metadata: format-version 3; next-row-id present, a long >= 0; each snapshot with first-row-id
//    has added-rows (a snapshot without first-row-id, noted, is from before an upgrade to v3 and
//    must precede, by sequence number, every snapshot with one); ordered by sequence number each
//    first-row-id >= the previous first-row-id + added-rows; first-row-id + added-rows <=
//    next-row-id.
//  - manifest lists: header format-version "3" for a snapshot with first-row-id, else "2" or "3"
//    (noted); header first-row-id (Java writes it) = the snapshot's; the Avro schema has
//    first_row_id (field-id 520). Data manifests have a first_row_id exactly when the snapshot
//    has first-row-id, delete manifests never; a manifest in the parent's list keeps the parent's
//    first_row_id; the others (assigned by this list) reserve [first_row_id, first_row_id + the
//    record_count of their live data files with a null first_row_id), ranges that do not overlap
//    and lie within [first-row-id, first-row-id + added-rows) (the spec's bound: Java and floe
//    reserve added + existing rows, which covers it).
//  - manifests: header format-version "3" when added by a snapshot with first-row-id, else "2" or
//    "3" (noted); ADDED data files written by such a snapshot have a null first_row_id;
//    EXISTING/DELETED data entries of a manifest whose snapshot's parent had row ids carry one,
//    and a file live in the checked parent snapshot keeps its first_row_id; delete files have a
//    null first_row_id; no position delete file ADDED by a v3 snapshot; file_format PUFFIN only
//    for deletion vectors.
//  - row ids: each live data file's first_row_id (written, or inherited as Java's ManifestReader:
//    the manifest's first_row_id + the record_count of the preceding live entries with a null
//    one); ranges [first_row_id, first_row_id + record_count) <= next-row-id and, among files that
//    do not store _row_id, disjoint; with at most 2,000,000 live rows, every live row's id (the
//    stored _row_id, else first_row_id + position; rows deleted by a deletion vector or an
//    applicable position delete file left out) unique in the snapshot and < next-row-id.
//  - data files: the row lineage columns _row_id (2147483540) and _last_updated_sequence_number
//    (2147483539) are accepted in Parquet and in iceberg.schema, must be INT64, and stored
//    sequence numbers are <= the file's data sequence number.
//  - deletion vectors (PUFFIN entries): content 1 with referenced_data_file, content_offset,
//    content_size_in_bytes and record_count; the Puffin file starts and ends with "PFA1", its
//    footer (payload, LE int32 size, flags, "PFA1"; LZ4-compressed payloads decoded) lists
//    well-formed blobs, one of type deletion-vector-v1 at exactly that offset and length, with
//    referenced-data-file = referenced_data_file, cardinality = record_count, no
//    compression-codec, snapshot-id and sequence-number -1; the blob (BE length = blob length - 8,
//    magic D1 D3 39 64, the 64-bit Roaring portable bitmap decoded here, BE CRC-32 of magic and
//    bitmap) holds record_count positions, all < the data file's record_count; its data file is
//    live in the snapshot, in the same partition, with a data sequence number <= the DV's; at
//    most one live DV per data file and no live position delete file naming that file; summary
//    sizes count a DV's content_size_in_bytes (as Java), added-dvs / removed-dvs when present.
// Prints one "ERROR ..." line per finding ("# note ..." lines are not findings) and a summary;
// exit 0 when clean, 1 otherwise.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, parquetSchema } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { locateMetadata, localPath, parseJsonExact, readAvroFile } from './iceberg_table_files.mjs';
import { applyTransform, bytesToDecimal, canonical } from './iceberg_transforms.mjs';
import { MANIFEST_ENTRY_IDS, MANIFEST_FILE_IDS, avroName, checkFieldIds } from './iceberg_avro_ids.mjs';

const args = process.argv.slice(2);
const allSnapshots = args.includes('--all-snapshots');
// --remap FROM=TO reads another machine's table (paths starting FROM are looked up under TO);
// never used on floe's tables, whose paths must resolve as written.
const remapArg = args[args.indexOf('--remap') + 1];
const remap = args.includes('--remap') ? remapArg.split('=') : undefined;
const target = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--remap');
if (!target) {
  console.error('usage: node iceberg_check.mjs TABLE_DIR|METADATA_FILE [--all-snapshots] [--remap FROM=TO]');
  process.exit(2);
}
/// Returns the local file a path names: as written, or through --remap when given.
const resolvePath = (uri) => localPath(remap && String(uri).startsWith(remap[0]) ? remap[1] + String(uri).slice(remap[0].length) : uri);

let findings = 0;
let checks = 0;
/// Counts a check and prints a finding when `ok` is false; returns `ok`.
function expect(ok, message) {
  checks++;
  if (!ok) {
    findings++;
    console.log(`ERROR ${message}`);
  }
  return Boolean(ok);
}
const str = (v) => String(v);
const big = (v) => (v === null || v === undefined ? undefined : BigInt(v));
const base = (p) => String(p).split('/').pop();

const { tableDir, metadataFile } = locateMetadata(target);
console.log(`# checking ${metadataFile}`);
const md = parseJsonExact(readFileSync(metadataFile, 'utf8'));
/// Whether the table is a format version 3 table (the v3 checks below run only then).
const v3 = md['format-version'] === 3;
/// Prints a remark that is not a finding (v3 tables only).
const note = (message) => console.log(`# note ${message}`);

// ---------------------------------------------------------------- metadata JSON
expect(md['format-version'] === 2 || v3, `metadata format-version is ${md['format-version']}, expected 2 or 3`);
for (const key of ['format-version', 'table-uuid', 'location', 'last-sequence-number', 'last-updated-ms',
  'last-column-id', 'schemas', 'current-schema-id', 'partition-specs', 'default-spec-id',
  'last-partition-id', 'sort-orders', 'default-sort-order-id']) {
  expect(md[key] !== undefined, `metadata lacks required field "${key}"`);
}
expect(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(md['table-uuid'] ?? ''),
  `table-uuid "${md['table-uuid']}" is not a UUID`);
const mappedLocation = remap && md.location?.startsWith(remap[0]) ? remap[1] + md.location.slice(remap[0].length) : md.location;
const locationPath = mappedLocation?.startsWith('file:') ? mappedLocation.replace(/^file:(\/\/)?/, '') : mappedLocation;
expect(locationPath && realpathSync(tableDir) === (() => { try { return realpathSync(locationPath); } catch { return undefined; } })(),
  `location "${md.location}" does not resolve, as written, to the table folder ${tableDir}`);

const schemas = md.schemas ?? [];
const schemaById = new Map(schemas.map((s) => [s['schema-id'], s]));
expect(schemaById.size === schemas.length, 'schema-ids are not unique');
expect(schemaById.has(md['current-schema-id']), `current-schema-id ${md['current-schema-id']} names no schema`);

/// Calls visit(field) for every struct field of a type and collects list/map ids into `ids`.
function walkType(type, visit, ids) {
  if (typeof type !== 'object' || type === null) return;
  if (type.type === 'struct') for (const f of type.fields) { visit(f); ids.push(f.id); walkType(f.type, visit, ids); }
  if (type.type === 'list') { ids.push(type['element-id']); walkType(type.element, visit, ids); }
  if (type.type === 'map') { ids.push(type['key-id'], type['value-id']); walkType(type.key, visit, ids); walkType(type.value, visit, ids); }
}
const fieldById = new Map();
let maxColumnId = 0;
for (const schema of schemas) {
  const ids = [];
  walkType(schema, (f) => fieldById.set(f.id, f), ids);
  expect(new Set(ids).size === ids.length, `schema ${schema['schema-id']}: field ids are not unique (${ids})`);
  maxColumnId = Math.max(maxColumnId, ...ids);
}
expect(md['last-column-id'] >= maxColumnId, `last-column-id ${md['last-column-id']} < highest field id ${maxColumnId}`);
const typeName = (field) => (typeof field.type === 'string' ? field.type : field.type.type);
/// Returns the field ids from a top-level field down to `id` through structs, or undefined.
function structPath(id) {
  const search = (fields, trail) => {
    for (const f of fields ?? []) {
      if (f.id === id) return [...trail, f.id];
      if (typeof f.type === 'object' && f.type.type === 'struct') {
        const found = search(f.type.fields, [...trail, f.id]);
        if (found) return found;
      }
    }
    return undefined;
  };
  for (const schema of schemas) {
    const found = search(schema.fields, []);
    if (found) return found;
  }
  return undefined;
}

const specs = md['partition-specs'] ?? [];
const specById = new Map(specs.map((s) => [s['spec-id'], s]));
expect(specById.size === specs.length, 'partition spec-ids are not unique');
expect(specById.has(md['default-spec-id']), `default-spec-id ${md['default-spec-id']} names no spec`);
let maxPartitionId = 999;
for (const spec of specs) {
  const where = `partition spec ${spec['spec-id']}`;
  const ids = spec.fields.map((f) => f['field-id']);
  expect(ids.every((id) => Number.isInteger(id) && id >= 1000), `${where}: field-ids ${ids} are not all >= 1000`);
  expect(new Set(ids).size === ids.length, `${where}: field-ids ${ids} are not unique`);
  expect(new Set(spec.fields.map((f) => f.name)).size === spec.fields.length, `${where}: field names are not unique`);
  for (const pf of spec.fields) {
    maxPartitionId = Math.max(maxPartitionId, pf['field-id']);
    const source = fieldById.get(pf['source-id']);
    if (!expect(source, `${where} field ${pf.name}: source-id ${pf['source-id']} names no schema field`)) continue;
    expect(transformFits(pf.transform, typeName(source)),
      `${where} field ${pf.name}: transform ${pf.transform} is not valid for source type ${typeName(source)}`);
  }
}
expect(md['last-partition-id'] >= maxPartitionId, `last-partition-id ${md['last-partition-id']} < highest partition field-id ${maxPartitionId}`);

const sortOrders = md['sort-orders'] ?? [];
expect(sortOrders.some((o) => o['order-id'] === md['default-sort-order-id']), `default-sort-order-id ${md['default-sort-order-id']} names no sort order`);
for (const order of sortOrders) {
  for (const f of order.fields) {
    expect(fieldById.has(f['source-id']), `sort order ${order['order-id']}: source-id ${f['source-id']} names no schema field`);
  }
}

const snapshots = md.snapshots ?? [];
const snapshotById = new Map(snapshots.map((s) => [str(s['snapshot-id']), s]));
expect(snapshotById.size === snapshots.length, 'snapshot ids are not unique');
const current = md['current-snapshot-id'];
const hasCurrent = current !== undefined && current !== null && str(current) !== '-1';
if (hasCurrent) expect(snapshotById.has(str(current)), `current-snapshot-id ${current} names no snapshot`);
// Without a current snapshot, snapshots may still exist (a branch of a table whose main has
// none yet, a table replaced without rows: Iceberg Java's createBranch and buildReplacement),
// but then there is no main branch.
else expect(!md.refs?.main, 'refs.main is set but current-snapshot-id is not');
if (hasCurrent) expect(md.refs?.main && str(md.refs.main['snapshot-id']) === str(current) && md.refs.main.type === 'branch',
  `refs.main ${JSON.stringify(md.refs?.main, (k, v) => (typeof v === 'bigint' ? str(v) : v))} is not the branch at current-snapshot-id ${current}`);
for (const [name, ref] of Object.entries(md.refs ?? {})) {
  expect(snapshotById.has(str(ref['snapshot-id'])), `ref ${name} names missing snapshot ${ref['snapshot-id']}`);
}
const lastSeq = big(md['last-sequence-number']);
const seqs = new Set();
for (const snap of snapshots) {
  const id = str(snap['snapshot-id']);
  const seq = big(snap['sequence-number']);
  if (!expect(seq !== undefined, `snapshot ${id} has no sequence-number`)) continue;
  expect(seq > 0n && seq <= lastSeq, `snapshot ${id}: sequence-number ${seq} not in 1..last-sequence-number ${lastSeq}`);
  expect(!seqs.has(seq), `snapshot ${id}: sequence-number ${seq} is used by another snapshot`);
  seqs.add(seq);
  expect(typeof snap['manifest-list'] === 'string', `snapshot ${id} has no manifest-list`);
  expect(['append', 'replace', 'overwrite', 'delete'].includes(snap.summary?.operation), `snapshot ${id}: summary operation "${snap.summary?.operation}" is not valid`);
  if (snap['schema-id'] !== undefined) expect(schemaById.has(snap['schema-id']), `snapshot ${id}: schema-id ${snap['schema-id']} names no schema`);
  expect(snap['timestamp-ms'] <= md['last-updated-ms'], `snapshot ${id}: timestamp-ms ${snap['timestamp-ms']} > last-updated-ms ${md['last-updated-ms']}`);
  const parentId = snap['parent-snapshot-id'];
  if (parentId !== undefined && parentId !== null) {
    const parent = snapshotById.get(str(parentId));
    // (a parent expire_snapshots removed is no longer listed: the spec allows it, Java's
    // RemoveSnapshots leaves the child's parent-snapshot-id as it was)
    if (!parent) console.log(`# snapshot ${id}: parent ${parentId} no longer listed (expired)`);
    if (parent) {
      expect(big(parent['sequence-number']) < seq, `snapshot ${id}: sequence-number ${seq} not above its parent's ${parent['sequence-number']}`);
      expect(parent['timestamp-ms'] <= snap['timestamp-ms'], `snapshot ${id}: timestamp-ms before its parent's`);
    }
  }
}
if (snapshots.length) expect(lastSeq === [...seqs].reduce((a, b) => (a > b ? a : b), 0n), `last-sequence-number ${lastSeq} is not the highest snapshot sequence-number`);

const snapshotLog = md['snapshot-log'] ?? [];
snapshotLog.forEach((entry, i) => {
  const snap = snapshotById.get(str(entry['snapshot-id']));
  // An entry is written when the snapshot becomes current: at or after its creation (a rollback is later).
  if (snap) expect(snap['timestamp-ms'] <= entry['timestamp-ms'], `snapshot-log[${i}]: timestamp-ms ${entry['timestamp-ms']} before snapshot ${entry['snapshot-id']}'s ${snap['timestamp-ms']}`);
  if (i) expect(entry['timestamp-ms'] >= snapshotLog[i - 1]['timestamp-ms'], `snapshot-log[${i}]: timestamps go backwards`);
});
if (hasCurrent) expect(snapshotLog.length && str(snapshotLog.at(-1)['snapshot-id']) === str(current), `snapshot-log does not end with current-snapshot-id ${current}`);
const metadataLog = md['metadata-log'] ?? [];
metadataLog.forEach((entry, i) => {
  const file = entry['metadata-file'];
  const earlier = resolvePath(file);
  if (expect(earlier, `metadata-log[${i}]: ${file} does not exist as written`)) {
    const previous = parseJsonExact(readFileSync(earlier, 'utf8'));
    expect(previous['last-updated-ms'] === entry['timestamp-ms'], `metadata-log[${i}]: timestamp-ms ${entry['timestamp-ms']} but ${base(file)} says last-updated-ms ${previous['last-updated-ms']}`);
    expect(previous['table-uuid'] === md['table-uuid'], `metadata-log[${i}]: ${base(file)} has table-uuid ${previous['table-uuid']}, not ${md['table-uuid']}`);
  }
  expect(file !== metadataFile, `metadata-log[${i}] names the current metadata file`);
  expect(entry['timestamp-ms'] <= md['last-updated-ms'], `metadata-log[${i}]: timestamp-ms after last-updated-ms`);
  if (i) expect(entry['timestamp-ms'] >= metadataLog[i - 1]['timestamp-ms'], `metadata-log[${i}]: timestamps go backwards`);
});

// ---------------------------------------------------------------- v3 metadata: row lineage
const isLong = (v) => typeof v === 'bigint' || Number.isInteger(v);
const hasValue = (v) => v !== undefined && v !== null;
const nextRowId = v3 && isLong(md['next-row-id']) ? big(md['next-row-id']) : undefined;
if (v3) {
  if (expect(hasValue(md['next-row-id']), 'metadata lacks required field "next-row-id" (v3)')) {
    expect(nextRowId !== undefined && nextRowId >= 0n, `next-row-id ${md['next-row-id']} is not a long >= 0`);
  }
  for (const snap of snapshots) {
    const id = str(snap['snapshot-id']);
    const first = snap['first-row-id'];
    if (!hasValue(first)) {
      note(`snapshot ${id} has no first-row-id: a snapshot from before the table's upgrade to v3, without row ids`);
      continue;
    }
    expect(isLong(first) && big(first) >= 0n, `snapshot ${id}: first-row-id ${first} is not a long >= 0`);
    if (!expect(hasValue(snap['added-rows']), `snapshot ${id} has first-row-id ${first} but no added-rows (required in v3)`)) continue;
    expect(isLong(snap['added-rows']) && big(snap['added-rows']) >= 0n, `snapshot ${id}: added-rows ${snap['added-rows']} is not a long >= 0`);
    if (nextRowId !== undefined && isLong(first) && isLong(snap['added-rows'])) {
      expect(big(first) + big(snap['added-rows']) <= nextRowId,
        `snapshot ${id}: first-row-id ${first} + added-rows ${snap['added-rows']} > next-row-id ${nextRowId} (the spec: "The next-row-id must always be higher than any assigned row ID in the table")`);
    }
  }
  // Along the commits (sequence numbers), each snapshot's first-row-id is the table's next-row-id
  // at its commit, which grew by at least the previous snapshot's added-rows.
  const committed = snapshots.filter((s) => big(s['sequence-number']) !== undefined)
    .sort((a, b) => (big(a['sequence-number']) < big(b['sequence-number']) ? -1 : 1));
  let previous;
  for (const snap of committed) {
    const id = str(snap['snapshot-id']);
    if (!hasValue(snap['first-row-id'])) {
      if (previous) expect(false, `snapshot ${id} (sequence ${snap['sequence-number']}) has no first-row-id although snapshot ${previous['snapshot-id']} committed before it has one (only snapshots from before the upgrade to v3 may lack it)`);
      continue;
    }
    if (!isLong(snap['first-row-id']) || !isLong(snap['added-rows'])) continue;
    if (previous) {
      const end = big(previous['first-row-id']) + big(previous['added-rows']);
      expect(big(snap['first-row-id']) >= end,
        `snapshot ${id} (sequence ${snap['sequence-number']}): first-row-id ${snap['first-row-id']} is below first-row-id + added-rows = ${end} of snapshot ${previous['snapshot-id']} (sequence ${previous['sequence-number']}), committed before it`);
    }
    previous = snap;
  }
}

/// Returns whether `transform` is defined for a source of Iceberg type `type`.
function transformFits(transform, type) {
  const temporal = ['date', 'timestamp', 'timestamptz', 'timestamp_ns', 'timestamptz_ns'];
  if (['year', 'month', 'day'].includes(transform)) return temporal.includes(type);
  if (transform === 'hour') return temporal.includes(type) && type !== 'date';
  if (/^bucket\[\d+\]$/.test(transform)) return !['boolean', 'float', 'double', 'struct', 'list', 'map'].includes(type);
  if (/^truncate\[\d+\]$/.test(transform)) return ['int', 'long', 'string', 'binary'].includes(type) || type.startsWith('decimal');
  if (transform === 'identity') return !['struct', 'list', 'map'].includes(type);
  return transform === 'void';
}

/// Returns the Iceberg type of a partition field's values.
function partitionType(pf) {
  const source = typeName(fieldById.get(pf['source-id']));
  if (/^(bucket|year|month|day|hour)/.test(pf.transform)) return 'int';
  return source;
}

// ---------------------------------------------------------------- snapshots

/// Returns the ids of a snapshot and its ancestors still listed in the metadata; `broken`
/// when the walk ended at an expired parent (older ancestors may still be listed).
function lineage(snap) {
  const ids = new Set();
  let s = snap;
  for (; s && !ids.has(str(s['snapshot-id'])); s = snapshotById.get(str(s['parent-snapshot-id']))) ids.add(str(s['snapshot-id']));
  const last = [...ids].at(-1);
  const parent = snapshotById.get(last)?.['parent-snapshot-id'];
  ids.broken = parent !== undefined && parent !== null && !snapshotById.has(str(parent));
  return ids;
}

async function checkSnapshot(snap) {
  const sid = str(snap['snapshot-id']);
  const ancestors = lineage(snap);
  const seq = big(snap['sequence-number']);
  const at = `snapshot ${sid}`;
  console.log(`# ${at} (${snap.summary?.operation}, sequence ${seq})`);
  const listPath = resolvePath(snap['manifest-list']);
  if (!expect(listPath, `${at}: manifest list ${snap['manifest-list']} does not exist as written`)) return;
  let list;
  try { list = await readAvroFile(listPath); } catch (err) { expect(false, `${at}: manifest list is not a valid Avro file: ${err.message}`); return; }
  const where = `${at} manifest list ${base(listPath)}`;
  const hasRowIds = v3 && hasValue(snap['first-row-id']);
  if (!v3) expect(list.meta['format-version'] === '2', `${where}: header format-version "${list.meta['format-version']}", expected "2"`);
  else checkManifestListHeaderV3(list, snap, hasRowIds, where);
  expect(list.meta['snapshot-id'] === sid, `${where}: header snapshot-id ${list.meta['snapshot-id']}, expected ${sid}`);
  expect(list.meta['sequence-number'] === str(seq), `${where}: header sequence-number ${list.meta['sequence-number']}, expected ${seq}`);
  const parent = snap['parent-snapshot-id'];
  expect(list.meta['parent-snapshot-id'] === (parent === undefined || parent === null ? 'null' : str(parent)),
    `${where}: header parent-snapshot-id ${list.meta['parent-snapshot-id']}, expected ${parent ?? 'null'}`);
  for (const problem of checkFieldIds(list.schema, MANIFEST_FILE_IDS)) expect(false, `${where}: Avro schema ${problem}`);

  const live = { files: 0, records: 0n, size: 0n, deleteFiles: 0, positionDeletes: 0n, equalityDeletes: 0n };
  const mine = { addedFiles: 0, addedRecords: 0n, addedSize: 0n, deletedFiles: 0, deletedRecords: 0n, removedSize: 0n, partitions: new Set() };
  const lineage3 = v3 ? { snap, sid, at, hasRowIds, manifests: [], data: [], dvs: [], positionDeletes: [], addedDVs: 0, removedDVs: 0 } : undefined;
  for (const m of list.records) {
    const mname = `${at} manifest ${base(m.manifest_path)}`;
    const mseq = big(m.sequence_number);
    expect(mseq <= seq, `${mname}: sequence_number ${mseq} > the snapshot's ${seq}`);
    expect(big(m.min_sequence_number) <= mseq, `${mname}: min_sequence_number ${m.min_sequence_number} > sequence_number ${mseq}`);
    const adder = snapshotById.get(str(m.added_snapshot_id));
    if (adder) expect(big(adder['sequence-number']) === mseq, `${mname}: sequence_number ${mseq} differs from that of its added_snapshot_id ${m.added_snapshot_id} (${adder['sequence-number']})`);
    expect(m.content === 0 || m.content === 1, `${mname}: content ${m.content} is neither data (0) nor deletes (1)`);
    const spec = specById.get(m.partition_spec_id);
    expect(spec, `${mname}: partition_spec_id ${m.partition_spec_id} names no spec`);
    const mpath = resolvePath(m.manifest_path);
    if (!expect(mpath, `${mname}: ${m.manifest_path} does not exist as written`)) continue;
    expect(BigInt(statSync(mpath).size) === big(m.manifest_length), `${mname}: manifest_length ${m.manifest_length} but the file has ${statSync(mpath).size} bytes`);
    let manifest;
    try { manifest = await readAvroFile(mpath); } catch (err) { expect(false, `${mname}: not a valid Avro file: ${err.message}`); continue; }
    checkManifestHeader(manifest, m, spec, mname, adder);
    const manifest3 = v3 ? startManifestV3(lineage3, m, mname, adder) : undefined;
    const counts = { 0: 0, 1: 0, 2: 0 };
    const rows = { 0: 0n, 1: 0n, 2: 0n };
    let minLiveSeq;
    const partitionValues = spec ? spec.fields.map(() => []) : [];
    for (const entry of manifest.records) {
      const f = entry.data_file;
      const fname = `${mname} entry ${base(f.file_path)}`;
      if (!expect([0, 1, 2].includes(entry.status), `${fname}: status ${entry.status} is not 0, 1 or 2`)) continue;
      counts[entry.status]++;
      rows[entry.status] += big(f.record_count);
      const entrySnapshot = entry.snapshot_id ?? (entry.status === 1 ? m.added_snapshot_id : undefined);
      if (entry.status === 1) expect(str(entrySnapshot) === str(m.added_snapshot_id), `${fname}: ADDED with snapshot_id ${entry.snapshot_id} in a manifest added by ${m.added_snapshot_id}`);
      else expect(entry.snapshot_id !== null && entry.sequence_number !== null && entry.file_sequence_number !== null,
        `${fname}: status ${entry.status} entry without explicit snapshot_id/sequence_number/file_sequence_number`);
      const dataSeq = big(entry.sequence_number ?? (entry.status === 1 ? m.sequence_number : null));
      const fileSeq = big(entry.file_sequence_number ?? (entry.status === 1 ? m.sequence_number : null));
      if (dataSeq !== undefined) expect(dataSeq <= mseq && dataSeq >= 1n, `${fname}: data sequence number ${dataSeq} not in 1..${mseq}`);
      if (fileSeq !== undefined) expect(fileSeq <= mseq && dataSeq <= fileSeq, `${fname}: file sequence number ${fileSeq} not in ${dataSeq}..${mseq}`);
      if (entry.status !== 2 && snapshotById.has(str(entrySnapshot)) && !ancestors.broken) {
        expect(ancestors.has(str(entrySnapshot)), `${fname}: live file added by snapshot ${entrySnapshot}, which is not an ancestor of ${sid}`);
      }
      if (f.sort_order_id !== null && f.sort_order_id !== undefined) {
        expect(sortOrders.some((o) => o['order-id'] === f.sort_order_id), `${fname}: sort_order_id ${f.sort_order_id} names no sort order`);
      }
      if (entry.status === 0) {
        const added = snapshotById.get(str(entry.snapshot_id));
        if (added) expect(big(added['sequence-number']) === fileSeq, `${fname}: EXISTING entry's file sequence number ${fileSeq} differs from that of its snapshot ${entry.snapshot_id} (${added['sequence-number']})`);
      }
      if (entry.status !== 2 && dataSeq !== undefined) minLiveSeq = minLiveSeq === undefined || dataSeq < minLiveSeq ? dataSeq : minLiveSeq;
      const content = f.content ?? 0;
      expect(m.content === 1 ? content === 1 || content === 2 : content === 0, `${fname}: file content ${content} in a manifest of content ${m.content}`);
      expect(String(f.file_format).toUpperCase() === 'PARQUET' || (v3 && content === 1 && isPuffin(f)),
        `${fname}: file_format ${f.file_format}, expected PARQUET${v3 ? ' (or PUFFIN for a deletion vector)' : ''}`);
      // This snapshot's own changes (an ADDED entry's snapshot id may be inherited).
      if (str(entrySnapshot) === sid && entry.status !== 0) {
        mine.partitions.add(`${m.partition_spec_id}:${spec ? spec.fields.map((pf) => canonical(rawPartitionValue(partitionType(pf), f.partition?.[avroName(pf.name)]))).join('/') : ''}`);
      }
      // Sizes count data and delete files alike, file and record counts data files only (as Java's summaries).
      if (str(entrySnapshot) === sid) {
        if (entry.status === 1) mine.addedSize += contentSize(f);
        if (entry.status === 2) mine.removedSize += contentSize(f);
      }
      if (str(entrySnapshot) === sid && content === 0) {
        if (entry.status === 1) { mine.addedFiles++; mine.addedRecords += big(f.record_count); }
        if (entry.status === 2) { mine.deletedFiles++; mine.deletedRecords += big(f.record_count); }
      }
      if (spec) spec.fields.forEach((pf, i) => partitionValues[i].push(f.partition?.[avroName(pf.name)]));
      if (v3) entryV3(lineage3, manifest3, { m, spec, entry, f, content, dataSeq, entrySnapshot, fname });
      if (entry.status === 2) continue;
      live.size += contentSize(f);
      if (content === 0) { live.files++; live.records += big(f.record_count); }
      else { live.deleteFiles++; if (content === 1) live.positionDeletes += big(f.record_count); else live.equalityDeletes += big(f.record_count); }
      await checkDataFile(f, spec, fname, dataSeq);
    }
    // The spec: "the minimum data sequence number of all live data or delete files in the
    // manifest"; a manifest without live files keeps its own (as Java writes it).
    const wantMin = minLiveSeq ?? mseq;
    expect(big(m.min_sequence_number) === wantMin, `${mname}: min_sequence_number ${m.min_sequence_number}, expected ${wantMin} (${minLiveSeq === undefined ? 'no live entries: the manifest\'s sequence number' : 'the lowest live entry\'s'})`);
    // Older Java writers name these added_data_files_count etc. (same field ids 504-506).
    const listed = [m.added_files_count ?? m.added_data_files_count, m.existing_files_count ?? m.existing_data_files_count,
      m.deleted_files_count ?? m.deleted_data_files_count].map(Number);
    expect(listed[0] === counts[1] && listed[1] === counts[0] && listed[2] === counts[2],
      `${mname}: added/existing/deleted files ${listed.join('/')} in the list, ${counts[1]}/${counts[0]}/${counts[2]} in the manifest`);
    const listedRows = [m.added_rows_count, m.existing_rows_count, m.deleted_rows_count].map(big);
    expect(listedRows[0] === rows[1] && listedRows[1] === rows[0] && listedRows[2] === rows[2],
      `${mname}: added/existing/deleted rows ${listedRows.join('/')} in the list, ${rows[1]}/${rows[0]}/${rows[2]} in the manifest`);
    if (spec) checkPartitionSummaries(m.partitions ?? [], spec, partitionValues, mname);
    if (v3) endManifestV3(lineage3, manifest3);
  }
  if (v3) await finishSnapshotV3(lineage3);

  const summary = snap.summary ?? {};
  const want = {
    'total-records': live.records, 'total-data-files': live.files, 'total-files-size': live.size,
    'total-delete-files': live.deleteFiles, 'total-position-deletes': live.positionDeletes,
    'total-equality-deletes': live.equalityDeletes,
    'added-data-files': mine.addedFiles, 'added-records': mine.addedRecords, 'added-files-size': mine.addedSize,
    'deleted-data-files': mine.deletedFiles, 'deleted-records': mine.deletedRecords, 'removed-files-size': mine.removedSize,
    'changed-partition-count': mine.partitions.size,
  };
  for (const key of ['total-records', 'total-data-files', 'total-files-size', 'total-delete-files', 'total-position-deletes', 'total-equality-deletes']) {
    expect(summary[key] !== undefined, `${at}: summary lacks ${key}`);
  }
  for (const [key, value] of Object.entries(want)) {
    const recorded = summary[key] ?? (key.startsWith('total') ? undefined : '0');
    if (recorded !== undefined) expect(BigInt(recorded) === BigInt(value), `${at}: summary ${key} is ${recorded}, the manifests give ${value}`);
  }
  if (v3) {
    for (const [key, value] of [['added-dvs', lineage3.addedDVs], ['removed-dvs', lineage3.removedDVs]]) {
      if (summary[key] !== undefined) expect(BigInt(summary[key]) === BigInt(value), `${at}: summary ${key} is ${summary[key]}, the manifests give ${value}`);
    }
  }
}

/// Checks a manifest's header metadata and writer schema against the table metadata.
function checkManifestHeader(manifest, m, spec, mname, adder) {
  const meta = manifest.meta;
  if (!v3) expect(meta['format-version'] === '2', `${mname}: header format-version "${meta['format-version']}", expected "2"`);
  else if (hasValue(adder?.['first-row-id'])) {
    expect(meta['format-version'] === '3', `${mname}: header format-version "${meta['format-version']}", expected "3" (written by snapshot ${m.added_snapshot_id}, a v3 snapshot with first-row-id)`);
  } else if (expect(meta['format-version'] === '2' || meta['format-version'] === '3', `${mname}: header format-version "${meta['format-version']}", expected "2" or "3"`)) {
    noteOnce(`manifest ${base(m.manifest_path)} has header format-version "${meta['format-version']}" (added by snapshot ${m.added_snapshot_id}${adder ? ', which has no first-row-id' : ', no longer in the metadata'})`);
  }
  expect(meta.content === (m.content === 1 ? 'deletes' : 'data'), `${mname}: header content "${meta.content}" but the list says ${m.content}`);
  expect(meta['partition-spec-id'] === String(m.partition_spec_id), `${mname}: header partition-spec-id ${meta['partition-spec-id']}, list says ${m.partition_spec_id}`);
  let headerSchema;
  try { headerSchema = JSON.parse(meta.schema); } catch { expect(false, `${mname}: header "schema" is missing or not JSON`); }
  if (headerSchema) {
    // The spec's v2 manifests require schema-id in the header (the shared fixtures' writers leave it out).
    const id = meta['schema-id'];
    expect(id !== undefined, `${mname}: header lacks schema-id (required in v2${v3 ? ' and v3' : ''})`);
    expect(id === undefined || id === String(headerSchema['schema-id']), `${mname}: header schema-id ${id} but its schema says ${headerSchema['schema-id']}`);
    const tableSchema = schemaById.get(Number(id ?? headerSchema['schema-id']));
    if (expect(tableSchema, `${mname}: header schema-id ${id ?? headerSchema['schema-id']} names no table schema`)) {
      const shape = (s) => JSON.stringify(s.fields);
      expect(shape(headerSchema) === shape(tableSchema), `${mname}: header schema differs from table schema ${meta['schema-id']}`);
    }
  }
  let headerSpec;
  try { headerSpec = JSON.parse(meta['partition-spec']); } catch { expect(false, `${mname}: header "partition-spec" is missing or not JSON`); }
  const specShape = (fields) => JSON.stringify(fields.map((f) => [f.name, f.transform, f['source-id'], f['field-id']]));
  if (headerSpec && spec) expect(specShape(headerSpec) === specShape(spec.fields), `${mname}: header partition-spec ${meta['partition-spec']} differs from spec ${spec['spec-id']}`);
  const partitionIds = spec ? new Map(spec.fields.map((f) => [avroName(f.name), f['field-id']])) : new Map();
  for (const problem of checkFieldIds(manifest.schema, MANIFEST_ENTRY_IDS, partitionIds)) expect(false, `${mname}: Avro schema ${problem}`);
  if (spec) checkPartitionAvroTypes(manifest.schema, spec, mname);
}

/// Checks that the partition struct's Avro types are those of the partition fields' result types.
function checkPartitionAvroTypes(schema, spec, mname) {
  const dataFile = schema.fields.find((f) => f.name === 'data_file')?.type;
  const partition = dataFile?.fields?.find((f) => f.name === 'partition')?.type;
  if (!partition?.fields) return; // reported by the field id check
  for (const pf of spec.fields) {
    const avroField = partition.fields.find((f) => f.name === pf.name);
    if (!avroField) continue;
    const branches = (Array.isArray(avroField.type) ? avroField.type : [avroField.type]).filter((t) => t !== 'null');
    const t = branches.length === 1 && typeof branches[0] === 'object' ? branches[0] : { type: branches[0] };
    const type = partitionType(pf);
    const decimal = /^decimal\((\d+),\s*(\d+)\)$/.exec(type);
    const want = decimal ? 'fixed or bytes with logicalType decimal(' + decimal[1] + ', ' + decimal[2] + ')'
      : { int: 'int', date: 'int', long: 'long', timestamp: 'long', timestamptz: 'long', time: 'long', string: 'string',
          binary: 'bytes', boolean: 'boolean', float: 'float', double: 'double', uuid: 'fixed' }[type] ??
          (type.startsWith('fixed') ? 'fixed' : undefined);
    const ok = decimal
      ? ['fixed', 'bytes'].includes(t.type) && t.logicalType === 'decimal' && t.precision === Number(decimal[1]) && t.scale === Number(decimal[2])
      : t.type === want;
    expect(ok, `${mname}: partition field ${pf.name} (${pf.transform}, ${type}) has Avro type ${JSON.stringify(avroField.type)}, expected ${want}`);
  }
}

/// Decodes a value in the spec's single-value binary serialization.
function fromBinary(type, bytes) {
  if (bytes === null || bytes === undefined) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'boolean') return bytes[0] !== 0;
  if (type === 'int' || type === 'date') return view.getInt32(0, true);
  if (type === 'long' || type === 'timestamp' || type === 'timestamptz' || type === 'time') return view.getBigInt64(0, true);
  if (type === 'float') return view.getFloat32(0, true);
  if (type === 'double') return view.getFloat64(0, true);
  if (type === 'string') return new TextDecoder().decode(bytes);
  if (type.startsWith('decimal')) return bytesToDecimal(bytes);
  return new Uint8Array(bytes);
}

/// Orders two raw values of one Iceberg type (strings and bytes by unsigned bytes).
function compareRaw(a, b) {
  if (typeof a === 'string') { a = new TextEncoder().encode(a); b = new TextEncoder().encode(b); }
  if (a instanceof Uint8Array) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  }
  if (typeof a === 'boolean') return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/// Normalizes a partition value as avsc decoded it to the raw form of its type.
function rawPartitionValue(type, value) {
  if (value === null || value === undefined) return null;
  if (type.startsWith('decimal')) return bytesToDecimal(value);
  if (type === 'long' || type === 'timestamp' || type === 'timestamptz') return BigInt(value);
  if (value instanceof Uint8Array) return new Uint8Array(value);
  return value;
}

/// Checks the manifest list's partition field summaries against the manifest's entries.
function checkPartitionSummaries(summaries, spec, values, mname) {
  if (!expect(summaries.length === spec.fields.length, `${mname}: ${summaries.length} partition summaries for ${spec.fields.length} partition fields`)) return;
  spec.fields.forEach((pf, i) => {
    const type = partitionType(pf);
    const raw = values[i].map((v) => rawPartitionValue(type, v));
    const present = raw.filter((v) => v !== null);
    const s = summaries[i];
    expect(s.contains_null === raw.some((v) => v === null), `${mname}: partition summary ${pf.name}.contains_null is ${s.contains_null}`);
    if (!present.length) return;
    const lower = fromBinary(type, s.lower_bound);
    const upper = fromBinary(type, s.upper_bound);
    expect(lower !== null && present.every((v) => compareRaw(lower, v) <= 0), `${mname}: partition summary ${pf.name}.lower_bound ${canonical(lower)} is above an entry's value`);
    expect(upper !== null && present.every((v) => compareRaw(v, upper) <= 0), `${mname}: partition summary ${pf.name}.upper_bound ${canonical(upper)} is below an entry's value`);
  });
}

// ---------------------------------------------------------------- data files
const rawParsers = {
  timestampFromMilliseconds: (v) => BigInt(v) * 1000n,
  timestampFromMicroseconds: (v) => BigInt(v),
  timestampFromNanoseconds: (v) => { const n = BigInt(v); return n / 1000n - (n % 1000n < 0n ? 1n : 0n); },
  dateFromDays: (v) => v,
  uuidFromBytes: (b) => b,
};

/// Checks one data file: path, size, row count, field ids, metrics and the recomputed partition.
async function checkDataFile(f, spec, fname, dataSeq) {
  const file = resolvePath(f.file_path);
  if (!expect(file, `${fname}: ${f.file_path} does not exist as written`)) return;
  // a file inside the table's folder must be in its data folder; one outside it was added
  // as it is (add_files, snapshot), which Iceberg allows, and so were the files of a table
  // migrated in place (migrated = true: the folder's own files stay where they were)
  const location = md.location.replace(/\/+$/, '');
  const inside = String(f.file_path).startsWith(`${location}/`);
  const migrated = (md.properties || {}).migrated === 'true' &&
    !String(f.file_path).startsWith(`${location}/metadata/`);
  expect(!inside || migrated || String(f.file_path).startsWith(`${location}/data/`),
    `${fname}: ${f.file_path} is not under the table's data folder ${md.location}/data`);
  expect(BigInt(statSync(file).size) === big(f.file_size_in_bytes), `${fname}: file_size_in_bytes ${f.file_size_in_bytes} but the file has ${statSync(file).size} bytes`);
  if ((f.content ?? 0) !== 0) return;
  const key = `${file}|${canonical(spec?.['spec-id'])}`;
  if (dataFilesChecked.has(key)) return;
  dataFilesChecked.add(key);
  let buffer, meta;
  try { buffer = await asyncBufferFromFile(file); meta = await parquetMetadataAsync(buffer); } catch (err) { expect(false, `${fname}: not a readable Parquet file: ${err.message}`); return; }
  expect(BigInt(meta.num_rows) === big(f.record_count), `${fname}: record_count ${f.record_count} but the Parquet file has ${meta.num_rows} rows`);
  const columns = parquetSchema(meta).children.map((c) => c.element);
  const byId = new Map();
  // v3: the row lineage columns a writer may store are metadata columns, not table fields.
  const lineageColumns = new Map();
  for (const el of columns) {
    if (v3 && LINEAGE_COLUMNS.has(el.field_id)) {
      lineageColumns.set(el.field_id, el);
      expect(el.type === 'INT64', `${fname}: Parquet column ${el.name} (field id ${el.field_id}, ${LINEAGE_COLUMNS.get(el.field_id)}) has physical type ${el.type}, expected INT64 (long)`);
      continue;
    }
    const field = fieldById.get(el.field_id);
    // Field ids decide; names may differ (renamed columns, Avro-sanitized names).
    if (expect(field, `${fname}: Parquet column ${el.name} has field_id ${el.field_id}, which names no schema field`)) byId.set(el.field_id, el);
  }
  for (const el of columns) {
    const field = fieldById.get(el.field_id);
    if (field && typeof field.type === 'string') {
      const problem = parquetTypeProblem(field, el);
      expect(!problem, `${fname}: Parquet column ${el.name} ${problem}`);
    }
  }
  const kv = meta.key_value_metadata?.find((k) => k.key === 'iceberg.schema');
  if (kv) {
    let written;
    try { written = JSON.parse(kv.value); } catch { expect(false, `${fname}: key-value iceberg.schema is not JSON`); }
    for (const wf of written?.fields ?? []) {
      if (v3 && LINEAGE_COLUMNS.has(wf.id)) continue;
      const field = fieldById.get(wf.id);
      expect(field, `${fname}: key-value iceberg.schema field ${wf.id} ${wf.name} is not a table field`);
    }
  }
  // Raw values: decimals as unscaled integers, dates as days, timestamps as microseconds.
  for (const el of meta.schema) {
    if (el.converted_type === 'DECIMAL' || el.logical_type?.type === 'DECIMAL') { delete el.converted_type; delete el.logical_type; }
  }
  let rows;
  try {
    rows = await parquetReadObjects({ file: buffer, metadata: meta, compressors, parsers: rawParsers, utf8: false });
  } catch (err) { expect(false, `${fname}: cannot decode: ${err.message}`); return; }
  if (v3) {
    rowIdColumns.set(file, lineageColumns.get(ROW_ID_FIELD)?.name ?? null);
    const seqColumn = lineageColumns.get(LAST_UPDATED_FIELD);
    if (seqColumn && dataSeq !== undefined) {
      // A row keeps the sequence number of its last change, which is no later than the
      // commit that wrote this file (the file's data sequence number).
      const stored = rows.map((r) => r[seqColumn.name]).filter(hasValue).map(BigInt);
      const bad = stored.filter((v) => v < 0n || v > dataSeq);
      expect(!bad.length, `${fname}: ${bad.length} rows store a _last_updated_sequence_number outside 0..${dataSeq} (the file's data sequence number), e.g. ${bad[0]}`);
    }
  }
  for (const [id, el] of byId) {
    const field = fieldById.get(id);
    const type = typeName(field);
    if (typeof field.type !== 'string') continue;
    const values = rows.map((r) => toRaw(type, r[el.name]));
    const nulls = values.filter((v) => v === null).length;
    const valueCount = f.value_counts?.find((kv) => kv.key === id)?.value;
    if (valueCount !== undefined) expect(big(valueCount) === BigInt(values.length), `${fname}: value_counts[${field.name}] ${valueCount}, the file has ${values.length}`);
    const nullCount = f.null_value_counts?.find((kv) => kv.key === id)?.value;
    if (nullCount !== undefined) expect(big(nullCount) === BigInt(nulls), `${fname}: null_value_counts[${field.name}] ${nullCount}, the file has ${nulls}`);
    const numbers = values.filter((v) => v !== null && !(typeof v === 'number' && Number.isNaN(v)));
    const nans = values.length - nulls - numbers.length;
    const nanCount = f.nan_value_counts?.find((kv) => kv.key === id)?.value;
    if (nanCount !== undefined) expect(big(nanCount) === BigInt(nans), `${fname}: nan_value_counts[${field.name}] ${nanCount}, the file has ${nans}`);
    const lower = f.lower_bounds?.find((kv) => kv.key === id)?.value;
    const upper = f.upper_bounds?.find((kv) => kv.key === id)?.value;
    if (lower) {
      const l = fromBinary(type, lower);
      expect(numbers.length && numbers.every((v) => compareRaw(l, v) <= 0), `${fname}: lower_bounds[${field.name}] ${canonical(l)} is above a value in the file`);
      if (type !== 'string' && type !== 'binary') expect(numbers.some((v) => compareRaw(l, v) === 0), `${fname}: lower_bounds[${field.name}] ${canonical(l)} is not the file's minimum`);
    }
    if (upper) {
      const u = fromBinary(type, upper);
      expect(numbers.length && numbers.every((v) => compareRaw(v, u) <= 0), `${fname}: upper_bounds[${field.name}] ${canonical(u)} is below a value in the file`);
      if (type !== 'string' && type !== 'binary') expect(numbers.some((v) => compareRaw(u, v) === 0), `${fname}: upper_bounds[${field.name}] ${canonical(u)} is not the file's maximum`);
    }
  }
  if (!spec) return;
  for (const pf of spec.fields) {
    // a source inside structs: the top-level column, then the struct fields' names down to it
    const path = structPath(pf['source-id']);
    const el = path && byId.get(path[0]);
    const source = fieldById.get(pf['source-id']);
    if (!expect(el, `${fname}: partition source column ${source?.name} (id ${pf['source-id']}) is not in the file`)) continue;
    const valueOf = (r) => path.slice(1).reduce((v, id) => (v == null ? null : v[fieldById.get(id).name]), r[el.name]);
    const recorded = canonical(rawPartitionValue(partitionType(pf), f.partition?.[avroName(pf.name)]));
    const computed = new Set(rows.map((r) => canonical(applyTransform(pf.transform, typeName(source), toRaw(typeName(source), valueOf(r))))));
    expect(computed.size === 1 && computed.has(recorded),
      `${fname}: partition ${pf.name} = ${pf.transform}(${source.name}) is ${recorded} in the manifest, the file's rows give ${[...computed].join(', ')}`);
  }
}

/// Returns what is wrong with a Parquet column's types for an Iceberg field (the spec's Parquet
/// type mapping), or undefined.
function parquetTypeProblem(field, el) {
  const type = field.type;
  const logical = el.logical_type;
  const repetition = 'REQUIRED';
  // A required field must be REQUIRED; an optional one may have been required when written.
  if (field.required && el.repetition_type !== repetition) return `is ${el.repetition_type}, the field is required`;
  const decimal = /^decimal\((\d+),\s*(\d+)\)$/.exec(type);
  if (decimal) {
    const [p, s] = [Number(decimal[1]), Number(decimal[2])];
    const physical = p <= 9 ? ['INT32', 'INT64', 'FIXED_LEN_BYTE_ARRAY', 'BYTE_ARRAY'] : p <= 18 ? ['INT64', 'FIXED_LEN_BYTE_ARRAY', 'BYTE_ARRAY'] : ['FIXED_LEN_BYTE_ARRAY', 'BYTE_ARRAY'];
    const ok = physical.includes(el.type) && (logical?.type === 'DECIMAL' || el.converted_type === 'DECIMAL') && el.precision === p && (el.scale ?? 0) === s;
    return ok ? undefined : `is ${el.type} ${JSON.stringify(logical ?? el.converted_type)} precision ${el.precision} scale ${el.scale}, expected DECIMAL(${p}, ${s})`;
  }
  const want = {
    boolean: ['BOOLEAN'], int: ['INT32'], long: ['INT64'], float: ['FLOAT'], double: ['DOUBLE'],
    date: ['INT32', 'DATE'], timestamp: ['INT64', 'TIMESTAMP', false], timestamptz: ['INT64', 'TIMESTAMP', true],
    string: ['BYTE_ARRAY', 'STRING'], binary: ['BYTE_ARRAY'], uuid: ['FIXED_LEN_BYTE_ARRAY', 'UUID'],
  }[type];
  if (!want) return undefined;
  const [physical, logicalType, utc] = want;
  if (el.type !== physical) return `has physical type ${el.type}, expected ${physical} for ${type}`;
  const annotation = logical?.type ?? { UTF8: 'STRING', DATE: 'DATE', TIMESTAMP_MICROS: 'TIMESTAMP' }[el.converted_type];
  if ((annotation ?? undefined) !== logicalType && !(type === 'int' && annotation === 'INTEGER')) return `is annotated ${annotation}, expected ${logicalType ?? 'nothing'} for ${type}`;
  if (logicalType === 'TIMESTAMP' && (logical?.unit !== 'MICROS' || logical?.isAdjustedToUTC !== utc)) {
    return `is TIMESTAMP(${logical?.unit}, isAdjustedToUTC=${logical?.isAdjustedToUTC}), expected TIMESTAMP(MICROS, isAdjustedToUTC=${utc}) for ${type}`;
  }
  return undefined;
}

/// Normalizes a value hyparquet decoded with rawParsers to the raw form of its Iceberg type.
function toRaw(type, v) {
  if (v === null || v === undefined) return null;
  if (type === 'long' || type.startsWith('decimal') || type === 'timestamp' || type === 'timestamptz') {
    return v instanceof Uint8Array ? bytesToDecimal(v) : BigInt(v);
  }
  if (type === 'string' && v instanceof Uint8Array) return new TextDecoder().decode(v);
  if (type === 'float') return Math.fround(v);
  return v;
}

// ---------------------------------------------------------------- format version 3
const ROW_ID_FIELD = 2147483540;
const LAST_UPDATED_FIELD = 2147483539;
const LINEAGE_COLUMNS = new Map([[ROW_ID_FIELD, '_row_id'], [LAST_UPDATED_FIELD, '_last_updated_sequence_number']]);
const DELETE_FILE_PATH_FIELD = 2147483546;
const DELETE_POS_FIELD = 2147483545;
/// Per-row row id checks run only for snapshots with at most this many live rows.
const MAX_ROWS_FOR_ROW_IDS = 2_000_000n;
/// The Parquet column name of _row_id in a data file (local path), null when the file has none.
const rowIdColumns = new Map();
/// The _row_id values stored in data files (local path → list), kept up to a bounded total.
const storedRowIds = new Map();
let storedRowIdCount = 0;
/// Manifest lists already read (local path → records), for the parent's first_row_id values.
const manifestListCache = new Map();
/// Each checked snapshot's live data files (file_path → first_row_id or null).
const firstRowIdsBySnapshot = new Map();
const notesPrinted = new Set();
const noteOnce = (message) => { if (!notesPrinted.has(message)) { notesPrinted.add(message); note(message); } };
const isPuffin = (f) => String(f.file_format).toUpperCase() === 'PUFFIN';
/// The size a snapshot summary counts for a file: a deletion vector's blob, else the whole file.
const contentSize = (f) => (v3 && isPuffin(f) && hasValue(f.content_size_in_bytes) ? big(f.content_size_in_bytes) : big(f.file_size_in_bytes));
/// The spec id and partition tuple of an entry, as one comparable string.
const partitionKey = (m, spec, f) =>
  `${m.partition_spec_id}:${spec ? spec.fields.map((pf) => canonical(rawPartitionValue(partitionType(pf), f.partition?.[avroName(pf.name)]))).join('/') : ''}`;

/// Checks a v3 table's manifest list header and writer schema.
function checkManifestListHeaderV3(list, snap, hasRowIds, where) {
  const version = list.meta['format-version'];
  if (hasRowIds) expect(version === '3', `${where}: header format-version "${version}", expected "3" (a v3 snapshot with first-row-id)`);
  else if (expect(version === '2' || version === '3', `${where}: header format-version "${version}", expected "2" or "3"`)) {
    note(`${where}: header format-version "${version}" (a snapshot without first-row-id)`);
  }
  // Iceberg Java writes the snapshot's first-row-id into the header too.
  if (list.meta['first-row-id'] !== undefined) {
    expect(hasRowIds && list.meta['first-row-id'] === str(snap['first-row-id']),
      `${where}: header first-row-id ${list.meta['first-row-id']}, the snapshot's first-row-id is ${snap['first-row-id'] ?? 'not set'}`);
  }
  if (hasRowIds || version === '3') {
    expect(list.schema.fields?.some((f) => f['field-id'] === 520 && f.name === 'first_row_id'),
      `${where}: Avro schema lacks first_row_id (field-id 520) of v3 manifest lists`);
  }
}

/// Checks a manifest list entry's first_row_id; returns the state for reading its entries.
function startManifestV3(lineage3, m, mname, adder) {
  const first = m.first_row_id ?? null;
  if (m.content === 1) {
    expect(first === null, `${mname}: delete manifest with first_row_id ${first} (the spec: "The value of first_row_id for delete manifests is always null")`);
  } else if (lineage3.hasRowIds) {
    expect(first !== null, `${mname}: data manifest without first_row_id in a snapshot with first-row-id (the spec: "When writing the manifest list, all data manifests must be assigned a first_row_id")`);
  } else {
    expect(first === null, `${mname}: data manifest with first_row_id ${first} in a snapshot without first-row-id (the spec: "For such snapshots without first-row-id, first_row_id values for data files and data manifests are null")`);
  }
  const parent = snapshotById.get(str(adder?.['parent-snapshot-id']));
  return {
    m, mname, first: m.content === 0 && first !== null ? big(first) : null, inherited: 0n,
    // written by a v3 snapshot: new data files must have a null first_row_id
    byV3Snapshot: hasValue(adder?.['first-row-id']),
    // written by a snapshot whose parent had row ids: existing and deleted entries carry theirs
    parentHadRowIds: hasValue(parent?.['first-row-id']),
  };
}

/// Collects one manifest entry of a v3 snapshot and checks its v3 fields.
function entryV3(lineage3, manifest3, { m, spec, entry, f, content, dataSeq, entrySnapshot, fname }) {
  const live = entry.status !== 2;
  const mineChange = str(entrySnapshot) === lineage3.sid;
  if (content === 0) {
    const written = hasValue(f.first_row_id) ? big(f.first_row_id) : null;
    if (entry.status === 1 && manifest3.byV3Snapshot) {
      expect(written === null, `${fname}: ADDED data file with first_row_id ${written} (the spec: "When writing a manifest, new data files must be written with a null first_row_id")`);
    }
    if (entry.status !== 1 && manifest3.parentHadRowIds) {
      expect(written !== null, `${fname}: ${entry.status === 0 ? 'EXISTING' : 'DELETED'} data file without first_row_id (the spec: "The inherited value of first_row_id must be written into data file metadata when creating existing and deleted entries")`);
    }
    // First Row ID Inheritance (as Iceberg Java's ManifestReader: live entries only)
    let firstRowId = written;
    if (live && written === null && manifest3.first !== null) {
      firstRowId = manifest3.first + manifest3.inherited;
      manifest3.inherited += big(f.record_count);
    }
    const parentIds = firstRowIdsBySnapshot.get(str(lineage3.snap['parent-snapshot-id']));
    const before = parentIds?.get(str(f.file_path));
    // (an EXISTING entry without first_row_id is reported above)
    if (typeof before === 'bigint' && firstRowId !== null && !(entry.status === 0 && written === null)) {
      expect(firstRowId === before, `${fname}: first_row_id ${firstRowId} but the file had ${before} in the parent snapshot ${lineage3.snap['parent-snapshot-id']} (a live file keeps its row ids)`);
    }
    if (live) {
      lineage3.data.push({ path: str(f.file_path), local: resolvePath(f.file_path), records: big(f.record_count), firstRowId, dataSeq, partition: partitionKey(m, spec, f), fname });
    }
    return;
  }
  expect(!hasValue(f.first_row_id), `${fname}: delete file with first_row_id ${f.first_row_id} (the spec: "The value of first_row_id for delete files is always null")`);
  if (isPuffin(f)) {
    if (mineChange && entry.status === 1) lineage3.addedDVs++;
    if (mineChange && entry.status === 2) lineage3.removedDVs++;
    const missing = ['referenced_data_file', 'content_offset', 'content_size_in_bytes', 'record_count'].filter((k) => !hasValue(f[k]));
    const isPositionDeletes = expect(content === 1, `${fname}: PUFFIN file with content ${content}: a deletion vector has content 1 (position deletes)`);
    const complete = expect(!missing.length, `${fname}: deletion vector without ${missing.join(', ')} (the spec: "Setting the referenced file is required for deletion vectors"; content_offset and content_size_in_bytes "are required")`);
    if (live && isPositionDeletes && complete) {
      lineage3.dvs.push({ path: str(f.file_path), local: resolvePath(f.file_path), referenced: str(f.referenced_data_file), offset: big(f.content_offset),
        length: big(f.content_size_in_bytes), records: big(f.record_count), dataSeq, partition: partitionKey(m, spec, f), fname });
    }
    return;
  }
  if (content === 1) {
    if (entry.status === 1 && hasValue(snapshotById.get(str(entrySnapshot))?.['first-row-id'])) {
      expect(false, `${fname}: position delete file added by v3 snapshot ${entrySnapshot} (the spec: "Position delete files must not be added to v3 tables, but existing position delete files are valid")`);
    }
    if (live) {
      lineage3.positionDeletes.push({ path: str(f.file_path), local: resolvePath(f.file_path), referenced: hasValue(f.referenced_data_file) ? str(f.referenced_data_file) : null,
        dataSeq, partition: partitionKey(m, spec, f), unpartitioned: !spec || spec.fields.length === 0, fname });
    }
  }
}

/// Keeps a data manifest's first_row_id and the row count its files inherit ids for.
function endManifestV3(lineage3, manifest3) {
  if (manifest3.m.content === 0 && manifest3.first !== null) lineage3.manifests.push(manifest3);
}

/// Returns the records of a manifest list, or undefined when it cannot be read.
async function manifestListRecords(location) {
  const local = resolvePath(location);
  if (!local) return undefined;
  if (!manifestListCache.has(local)) {
    try { manifestListCache.set(local, (await readAvroFile(local)).records); } catch { manifestListCache.set(local, undefined); }
  }
  return manifestListCache.get(local);
}

/// The v3 checks over a whole snapshot: first_row_id assignment, deletion vectors, row ids.
async function finishSnapshotV3(lineage3) {
  const { snap, sid, at, hasRowIds } = lineage3;
  const parent = snapshotById.get(str(snap['parent-snapshot-id']));

  // First Row ID Assignment: manifests new to this list get ids within the snapshot's range.
  if (hasRowIds && isLong(snap['first-row-id']) && isLong(snap['added-rows'])) {
    const first = big(snap['first-row-id']);
    const end = first + big(snap['added-rows']);
    const parentRecords = parent ? await manifestListRecords(parent['manifest-list']) : undefined;
    const inParent = new Map((parentRecords ?? []).map((r) => [str(r.manifest_path), r.first_row_id ?? null]));
    const assigned = [];
    for (const x of lineage3.manifests) {
      const before = inParent.get(str(x.m.manifest_path));
      if (before !== undefined && before !== null) {
        expect(big(before) === x.first, `${x.mname}: first_row_id ${x.first}, the parent's manifest list gives it ${before} (the spec: "The first_row_id for existing manifests must be preserved when writing a new manifest list")`);
        continue;
      }
      // not in the parent's list: new (or from another branch, keeping an earlier id)
      if (!(str(x.m.added_snapshot_id) === sid || before === null || x.first >= first)) continue;
      const need = x.inherited;
      expect(x.first >= first && x.first + need <= end,
        `${x.mname}: first_row_id ${x.first} assigned for ${need} rows without first_row_id, [${x.first}, ${x.first + need}) is not within the snapshot's [first-row-id, first-row-id + added-rows) = [${first}, ${end})`);
      if (need > 0n) assigned.push(x);
    }
    assigned.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
    for (let i = 1; i < assigned.length; i++) {
      const [p, c] = [assigned[i - 1], assigned[i]];
      expect(p.first + p.inherited <= c.first,
        `${c.mname}: first_row_id ${c.first} is inside [${p.first}, ${p.first + p.inherited}) of manifest ${base(p.m.manifest_path)}, assigned in the same manifest list (the spec: "each first_row_id must be greater than or equal to the last assigned first_row_id plus the total record count of data files with a null first_row_id in the last assigned manifest")`);
    }
  }

  // Live data files.
  const dataByPath = new Map();
  for (const d of lineage3.data) {
    expect(!dataByPath.has(d.path), `${d.fname}: the data file is live twice in the snapshot`);
    dataByPath.set(d.path, d);
  }
  firstRowIdsBySnapshot.set(sid, new Map(lineage3.data.map((d) => [d.path, d.firstRowId])));

  // Deletion vectors.
  const dvByData = new Map();
  for (const dv of lineage3.dvs) {
    const blob = readDeletionVector(dv);
    const target = dataByPath.get(dv.referenced);
    if (!expect(target, `${dv.fname}: deletion vector for ${dv.referenced}, which is not a live data file of the snapshot (the spec: "When removing a data file, writers must also remove any deletion vector that applies to that data file")`)) continue;
    expect(!dvByData.has(dv.referenced), `${dv.fname}: a second live deletion vector for ${base(dv.referenced)} (the spec: "At most one deletion vector is allowed per data file in a snapshot")`);
    if (!dvByData.has(dv.referenced)) dvByData.set(dv.referenced, { dv, blob });
    if (dv.dataSeq !== undefined && target.dataSeq !== undefined) expect(dv.dataSeq >= target.dataSeq, `${dv.fname}: data sequence number ${dv.dataSeq} is below ${target.dataSeq}, that of its data file ${base(dv.referenced)} (the deletion vector does not apply to it)`);
    expect(dv.partition === target.partition, `${dv.fname}: partition ${dv.partition} differs from ${target.partition}, that of its data file ${base(dv.referenced)}`);
    if (blob && blob.count) expect(blob.max < target.records, `${dv.fname}: deletes position ${blob.max}, but ${base(dv.referenced)} has ${target.records} rows`);
  }
  for (const pd of lineage3.positionDeletes) {
    if (pd.referenced && dvByData.has(pd.referenced)) {
      expect(false, `${pd.fname}: live position delete file for ${base(pd.referenced)}, which has a live deletion vector (the spec: "If a DV is written for a data file, it must replace all previously written position delete files")`);
    }
  }
  if (!hasRowIds) return;

  // Row ids: ranges of inherited ids, then (bounded) every live row's id.
  const ranged = lineage3.data.filter((d) => d.firstRowId !== null);
  for (const d of ranged) {
    if (nextRowId !== undefined) expect(d.firstRowId + d.records <= nextRowId, `${d.fname}: row ids [${d.firstRowId}, ${d.firstRowId + d.records}) reach beyond next-row-id ${nextRowId} (the spec: "The next-row-id must always be higher than any assigned row ID in the table")`);
  }
  // A file storing _row_id keeps its rows' earlier ids: only its stored ones count.
  const inheritedOnly = ranged.filter((d) => !rowIdColumns.get(d.local)).sort((a, b) => (a.firstRowId < b.firstRowId ? -1 : a.firstRowId > b.firstRowId ? 1 : 0));
  for (let i = 1; i < inheritedOnly.length; i++) {
    const [p, c] = [inheritedOnly[i - 1], inheritedOnly[i]];
    expect(p.firstRowId + p.records <= c.firstRowId,
      `${c.fname}: row ids [${c.firstRowId}, ${c.firstRowId + c.records}) overlap [${p.firstRowId}, ${p.firstRowId + p.records}) of ${base(p.path)} (the spec: "_row_id a unique long identifier for every row within the table")`);
  }
  const total = ranged.reduce((n, d) => n + d.records, 0n);
  if (total > MAX_ROWS_FOR_ROW_IDS) {
    note(`${at}: ${total} live rows, more than ${MAX_ROWS_FOR_ROW_IDS}: row ids checked by range only`);
    return;
  }
  await checkRowIds(lineage3, ranged, dvByData, Number(total));
}

/// Checks that the ids of all live rows (stored _row_id, else first_row_id + position; rows
/// deleted by a deletion vector or position delete file left out) are unique and below next-row-id.
async function checkRowIds(lineage3, ranged, dvByData, total) {
  const ids = new BigInt64Array(total);
  const owners = []; // [start index, file] per file
  let n = 0;
  for (const d of ranged) {
    let stored = null;
    const column = rowIdColumns.get(d.local);
    if (column === undefined) continue; // unreadable, reported with the file
    if (column) {
      stored = storedRowIds.get(d.local);
      if (!stored) {
        try {
          const buffer = await asyncBufferFromFile(d.local);
          const rows = await parquetReadObjects({ file: buffer, columns: [column], compressors });
          stored = rows.map((r) => (hasValue(r[column]) ? BigInt(r[column]) : null));
        } catch (err) { expect(false, `${d.fname}: cannot read _row_id: ${err.message}`); continue; }
        if (storedRowIdCount + stored.length <= Number(2n * MAX_ROWS_FOR_ROW_IDS)) {
          storedRowIds.set(d.local, stored);
          storedRowIdCount += stored.length;
        }
      }
    }
    const deleted = await deletedPositions(lineage3, d, dvByData);
    if (deleted === undefined) continue;
    owners.push([n, d]);
    let beyond = 0;
    const records = Number(d.records);
    for (let pos = 0; pos < records; pos++) {
      if (deleted.has(pos)) continue;
      const id = stored?.[pos] ?? d.firstRowId + BigInt(pos);
      if (nextRowId !== undefined && (id >= nextRowId || id < 0n)) beyond++;
      ids[n++] = id;
    }
    expect(!beyond, `${d.fname}: ${beyond} live rows have a _row_id outside 0..next-row-id ${nextRowId} (the spec: "The next-row-id must always be higher than any assigned row ID in the table")`);
  }
  const sorted = ids.subarray(0, n).slice().sort();
  const duplicates = [];
  for (let i = 1; i < n; i++) if (sorted[i] === sorted[i - 1] && duplicates.at(-1) !== sorted[i]) duplicates.push(sorted[i]);
  if (!expect(!duplicates.length, `${lineage3.at}: ${duplicates.length} _row_id values are used by more than one live row (the spec: "_row_id a unique long identifier for every row within the table")`)) {
    for (const dup of duplicates.slice(0, 5)) {
      const where = [];
      for (let k = 0; k < owners.length; k++) {
        const [start, d] = owners[k];
        const stop = k + 1 < owners.length ? owners[k + 1][0] : n;
        for (let i = start; i < stop; i++) if (ids[i] === dup) where.push(base(d.path));
      }
      console.log(`#   _row_id ${dup}: rows of ${where.join(', ')}`);
    }
  }
}

/// Returns the positions of a data file's rows deleted by its deletion vector, else by the
/// position delete files that apply to it (undefined when they cannot be read).
async function deletedPositions(lineage3, d, dvByData) {
  const dv = dvByData.get(d.path);
  if (dv) {
    if (!dv.blob?.positions) return undefined;
    return new Set(dv.blob.positions.filter((p) => p < 2 ** 53).map(Number));
  }
  const deleted = new Set();
  for (const pd of lineage3.positionDeletes) {
    if (pd.dataSeq < d.dataSeq || !(pd.unpartitioned || pd.partition === d.partition)) continue;
    if (pd.referenced && pd.referenced !== d.path) continue;
    const byFile = await readPositionDeletes(pd);
    if (!byFile) return undefined;
    for (const pos of byFile.get(d.path) ?? []) deleted.add(Number(pos));
  }
  return deleted;
}

const positionDeleteCache = new Map();
/// Reads a position delete file: data file path → positions, or null when unreadable.
async function readPositionDeletes(pd) {
  if (positionDeleteCache.has(pd.local)) return positionDeleteCache.get(pd.local);
  let result = null;
  try {
    const buffer = await asyncBufferFromFile(pd.local);
    const meta = await parquetMetadataAsync(buffer);
    const columns = parquetSchema(meta).children.map((c) => c.element);
    const pathColumn = columns.find((el) => el.field_id === DELETE_FILE_PATH_FIELD)?.name;
    const posColumn = columns.find((el) => el.field_id === DELETE_POS_FIELD)?.name;
    if (!pathColumn || !posColumn) throw new Error('no file_path (2147483546) and pos (2147483545) columns');
    const rows = await parquetReadObjects({ file: buffer, metadata: meta, columns: [pathColumn, posColumn], compressors });
    result = new Map();
    for (const r of rows) {
      const key = String(r[pathColumn]);
      if (!result.has(key)) result.set(key, []);
      result.get(key).push(r[posColumn]);
    }
  } catch (err) { expect(false, `${pd.fname}: cannot read the position delete file: ${err.message}`); }
  positionDeleteCache.set(pd.local, result);
  return result;
}

// ---------------------------------------------------------------- Puffin deletion vectors
const puffinCache = new Map();
const deletionVectorCache = new Map();
const PUFFIN_MAGIC = [0x50, 0x46, 0x41, 0x31];

/// Reads a Puffin file's footer: { bytes, footerStart, blobs }, or null (findings reported).
function readPuffin(local, label) {
  if (puffinCache.has(local)) return puffinCache.get(local);
  let result = null;
  const bytes = readFileSync(local);
  const magicAt = (at) => at >= 0 && at + 4 <= bytes.length && PUFFIN_MAGIC.every((b, i) => bytes[at + i] === b);
  if (expect(bytes.length >= 16 && magicAt(0), `${label}: does not start with the Puffin magic "PFA1"`) &&
      expect(magicAt(bytes.length - 4), `${label}: does not end with the Puffin magic "PFA1"`)) {
    // Footer: Magic FooterPayload FooterPayloadSize (LE int32) Flags (4 bytes) Magic
    const payloadSize = bytes.readInt32LE(bytes.length - 12);
    const flags = bytes.subarray(bytes.length - 8, bytes.length - 4);
    const footerStart = bytes.length - 12 - payloadSize - 4;
    if (expect(payloadSize >= 0 && footerStart >= 4 && magicAt(footerStart),
      `${label}: footer payload size ${payloadSize} does not lead to the footer's opening "PFA1"`)) {
      let payload = bytes.subarray(footerStart + 4, footerStart + 4 + payloadSize);
      try {
        if (flags[0] & 1) payload = lz4Frame(payload);
        const footer = parseJsonExact(new TextDecoder('utf-8', { fatal: true }).decode(payload));
        if (expect(Array.isArray(footer.blobs), `${label}: footer payload has no "blobs" list`)) {
          footer.blobs.forEach((b, i) => {
            const missing = ['type', 'fields', 'snapshot-id', 'sequence-number', 'offset', 'length'].filter((k) => b[k] === undefined);
            expect(!missing.length, `${label}: footer blob ${i} lacks ${missing.join(', ')}`);
            expect(Array.isArray(b.fields) && b.fields.every(Number.isInteger), `${label}: footer blob ${i}: fields ${JSON.stringify(b.fields)} is not a list of field ids`);
            expect(isLong(b.offset) && isLong(b.length) && big(b.offset) >= 4n && big(b.length) >= 0n && big(b.offset) + big(b.length) <= BigInt(footerStart),
              `${label}: footer blob ${i}: offset ${b.offset} and length ${b.length} are not within the blobs (bytes 4..${footerStart})`);
          });
          result = { bytes, footerStart, blobs: footer.blobs };
        }
      } catch (err) { expect(false, `${label}: footer payload is not readable JSON: ${err.message}`); }
    }
  }
  puffinCache.set(local, result);
  return result;
}

/// Checks a deletion vector entry against its Puffin blob and decodes it: { count, max,
/// positions (a list, or null beyond MAX_ROWS_FOR_ROW_IDS) }, or null.
function readDeletionVector(dv) {
  const key = `${dv.local}|${dv.offset}|${dv.length}|${dv.referenced}|${dv.records}`;
  if (deletionVectorCache.has(key)) return deletionVectorCache.get(key);
  let result = null;
  deletionVectorCache.set(key, result);
  if (!dv.local) return result; // reported with the file's path
  const puffin = readPuffin(dv.local, `${dv.fname} (Puffin file)`);
  if (!puffin) return result;
  const blob = puffin.blobs.find((b) => isLong(b.offset) && isLong(b.length) && big(b.offset) === dv.offset && big(b.length) === dv.length);
  if (!expect(blob, `${dv.fname}: no blob in the Puffin footer at content_offset ${dv.offset} with content_size_in_bytes ${dv.length} (the spec: they "must exactly match the offset and length stored in the Puffin footer for the deletion vector blob")`)) return result;
  expect(blob.type === 'deletion-vector-v1', `${dv.fname}: the blob at ${dv.offset} has type ${blob.type}, expected deletion-vector-v1`);
  expect(blob.properties?.['referenced-data-file'] === dv.referenced,
    `${dv.fname}: the blob's referenced-data-file ${blob.properties?.['referenced-data-file']} is not the entry's referenced_data_file ${dv.referenced}`);
  expect(String(blob.properties?.cardinality) === str(dv.records), `${dv.fname}: the blob's cardinality ${blob.properties?.cardinality} is not the entry's record_count ${dv.records}`);
  expect(blob['compression-codec'] === undefined, `${dv.fname}: the blob has compression-codec ${blob['compression-codec']} (the spec: deletion-vector-v1 must "Omit compression-codec")`);
  expect(str(blob['snapshot-id']) === '-1' && str(blob['sequence-number']) === '-1',
    `${dv.fname}: the blob has snapshot-id ${blob['snapshot-id']} and sequence-number ${blob['sequence-number']} (the spec: they "must be set to -1 in blob metadata for Puffin v1")`);
  try {
    result = decodeDeletionVector(puffin.bytes.subarray(Number(dv.offset), Number(dv.offset + dv.length)));
  } catch (err) { expect(false, `${dv.fname}: deletion vector blob: ${err.message}`); }
  if (result) expect(BigInt(result.count) === dv.records, `${dv.fname}: the deletion vector holds ${result.count} positions, record_count is ${dv.records}`);
  deletionVectorCache.set(key, result);
  return result;
}

/// Decodes a deletion-vector-v1 blob: 4-byte big-endian length of magic + bitmap, magic D1 D3 39 64,
/// a 64-bit Roaring bitmap (portable: LE uint64 count, then per bitmap a LE uint32 key and a 32-bit
/// Roaring bitmap), a big-endian CRC-32 of magic + bitmap. Throws on any inconsistency.
function decodeDeletionVector(bytes) {
  if (bytes.length < 4 + 4 + 8 + 4) throw new Error(`${bytes.length} bytes, too short`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(0, false);
  if (length !== bytes.length - 8) throw new Error(`length field ${length}, expected the blob length - 8 = ${bytes.length - 8}`);
  if (!(bytes[4] === 0xd1 && bytes[5] === 0xd3 && bytes[6] === 0x39 && bytes[7] === 0x64)) throw new Error(`magic ${Buffer.from(bytes.subarray(4, 8)).toString('hex')}, expected d1d33964`);
  const crc = view.getUint32(bytes.length - 4, false);
  const computed = crc32(bytes.subarray(4, bytes.length - 4));
  if (crc !== computed) throw new Error(`CRC-32 ${crc.toString(16)}, the magic and bitmap give ${computed.toString(16)}`);
  const result = { count: 0, max: -1, positions: [] };
  const bitmaps = view.getBigUint64(8, true);
  let p = 16;
  let previousKey = -1;
  for (let i = 0n; i < bitmaps; i++) {
    const key = view.getUint32(p, true);
    p += 4;
    if (key <= previousKey) throw new Error(`bitmap keys not increasing (${key} after ${previousKey})`);
    if (key >= 2 ** 31) throw new Error(`bitmap key ${key} sets the most significant bit of a position`);
    previousKey = key;
    p = decodeRoaring32(view, p, (low) => {
      const position = key * 2 ** 32 + low;
      result.count++;
      result.max = position;
      if (result.positions && result.count <= Number(MAX_ROWS_FOR_ROW_IDS)) result.positions.push(position);
      else result.positions = null;
    });
  }
  if (p !== bytes.length - 4) throw new Error(`the bitmap ends at byte ${p}, the CRC starts at ${bytes.length - 4}`);
  return result;
}

/// Decodes a 32-bit Roaring bitmap in the portable format at `start`, calling emit(value) in
/// increasing order; returns the offset after it.
function decodeRoaring32(view, start, emit) {
  const cookie = view.getUint32(start, true);
  let p = start + 4;
  let size;
  let runFlags = null;
  if ((cookie & 0xffff) === 12347) {
    size = (cookie >>> 16) + 1;
    runFlags = new Uint8Array(view.buffer, view.byteOffset + p, (size + 7) >> 3);
    p += (size + 7) >> 3;
  } else if (cookie === 12346) {
    size = view.getUint32(p, true);
    p += 4;
  } else throw new Error(`Roaring cookie ${cookie} is neither 12346 nor 12347`);
  if (size > 65536) throw new Error(`${size} Roaring containers`);
  const keys = [];
  const cardinalities = [];
  for (let i = 0; i < size; i++) {
    keys.push(view.getUint16(p, true));
    cardinalities.push(view.getUint16(p + 2, true) + 1);
    p += 4;
    if (i && keys[i] <= keys[i - 1]) throw new Error(`Roaring container keys not increasing`);
  }
  let offsets = null;
  if (!runFlags || size >= 4) {
    offsets = [];
    for (let i = 0; i < size; i++, p += 4) offsets.push(view.getUint32(p, true));
  }
  for (let i = 0; i < size; i++) {
    if (offsets && offsets[i] !== p - start) throw new Error(`Roaring container ${i} offset ${offsets[i]}, its data starts at ${p - start}`);
    const high = keys[i] * 65536;
    const card = cardinalities[i];
    if (runFlags && (runFlags[i >> 3] >> (i & 7)) & 1) {
      const runs = view.getUint16(p, true);
      p += 2;
      let count = 0;
      let previousEnd = -1;
      for (let r = 0; r < runs; r++, p += 4) {
        const s = view.getUint16(p, true);
        const last = s + view.getUint16(p + 2, true);
        if (s <= previousEnd || last > 65535) throw new Error(`Roaring run container ${i}: runs unordered, overlapping or beyond 65535`);
        for (let v = s; v <= last; v++) emit(high + v);
        count += last - s + 1;
        previousEnd = last;
      }
      if (count !== card) throw new Error(`Roaring run container ${i} holds ${count} values, its header says ${card}`);
    } else if (card <= 4096) {
      let previous = -1;
      for (let j = 0; j < card; j++, p += 2) {
        const v = view.getUint16(p, true);
        if (v <= previous) throw new Error(`Roaring array container ${i}: values not increasing`);
        emit(high + v);
        previous = v;
      }
    } else {
      let count = 0;
      for (let w = 0; w < 2048; w++, p += 4) {
        const word = view.getUint32(p, true);
        for (let b = 0; b < 32; b++) if ((word >>> b) & 1) { emit(high + w * 32 + b); count++; }
      }
      if (count !== card) throw new Error(`Roaring bitmap container ${i} holds ${count} values, its header says ${card}`);
    }
  }
  return p;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/// CRC-32 (the zlib polynomial) of some bytes.
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/// Decompresses an LZ4 frame (a compressed Puffin footer payload).
function lz4Frame(input) {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  if (view.getUint32(0, true) !== 0x184d2204) throw new Error('compressed footer is not an LZ4 frame');
  const flags = input[4];
  let p = 6 + (flags & 0x08 ? 8 : 0) + (flags & 0x01 ? 4 : 0) + 1;
  const blocks = [];
  for (;;) {
    const size = view.getUint32(p, true);
    p += 4;
    if (size === 0) break;
    const length = size & 0x7fffffff;
    const block = input.subarray(p, p + length);
    p += length + (flags & 0x10 ? 4 : 0);
    blocks.push(size & 0x80000000 ? block : lz4Block(block));
  }
  return Buffer.concat(blocks);
}

/// Decompresses one LZ4 block.
function lz4Block(input) {
  const out = [];
  let i = 0;
  while (i < input.length) {
    const token = input[i++];
    let literals = token >> 4;
    if (literals === 15) for (let b = 255; b === 255;) { b = input[i++]; literals += b; }
    for (let k = 0; k < literals; k++) out.push(input[i++]);
    if (i >= input.length) break;
    const offset = input[i] | (input[i + 1] << 8);
    i += 2;
    let length = token & 15;
    if (length === 15) for (let b = 255; b === 255;) { b = input[i++]; length += b; }
    length += 4;
    if (!offset || offset > out.length) throw new Error('LZ4 match offset out of range');
    const from = out.length - offset;
    for (let k = 0; k < length; k++) out.push(out[from + k]);
  }
  return Uint8Array.from(out);
}

const dataFilesChecked = new Set();
const toCheck = allSnapshots ? snapshots : hasCurrent ? [snapshotById.get(str(current))] : [];
for (const snap of toCheck) await checkSnapshot(snap);

console.log(`# ${checks} checks, ${findings} findings`);
process.exit(findings ? 1 : 0);
