#!/usr/bin/env node
// Consistency check of a local Iceberg v2 table, independent of floe's code: what it proves is
// that the metadata JSON, the Avro manifest lists and manifests and the Parquet data files agree
// with each other and with the Iceberg table spec.
//
//   node iceberg_check.mjs TABLE_DIR|METADATA_FILE [--all-snapshots] [--remap FROM=TO]
//
// (--remap reads a table copied from another machine, e.g. the shared Spark and Trino fixtures:
// they pass but for their manifests lacking the header schema-id v2 requires; floe's tables
// are checked without it, every path as written.)
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
// Prints one "ERROR ..." line per finding and a summary; exit 0 when clean, 1 otherwise.
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

// ---------------------------------------------------------------- metadata JSON
expect(md['format-version'] === 2, `metadata format-version is ${md['format-version']}, expected 2`);
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
    if (expect(parent, `snapshot ${id}: parent-snapshot-id ${parentId} names no snapshot`)) {
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

/// Returns the ids of a snapshot and its ancestors still listed in the metadata.
function lineage(snap) {
  const ids = new Set();
  for (let s = snap; s && !ids.has(str(s['snapshot-id'])); s = snapshotById.get(str(s['parent-snapshot-id']))) ids.add(str(s['snapshot-id']));
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
  expect(list.meta['format-version'] === '2', `${where}: header format-version "${list.meta['format-version']}", expected "2"`);
  expect(list.meta['snapshot-id'] === sid, `${where}: header snapshot-id ${list.meta['snapshot-id']}, expected ${sid}`);
  expect(list.meta['sequence-number'] === str(seq), `${where}: header sequence-number ${list.meta['sequence-number']}, expected ${seq}`);
  const parent = snap['parent-snapshot-id'];
  expect(list.meta['parent-snapshot-id'] === (parent === undefined || parent === null ? 'null' : str(parent)),
    `${where}: header parent-snapshot-id ${list.meta['parent-snapshot-id']}, expected ${parent ?? 'null'}`);
  for (const problem of checkFieldIds(list.schema, MANIFEST_FILE_IDS)) expect(false, `${where}: Avro schema ${problem}`);

  const live = { files: 0, records: 0n, size: 0n, deleteFiles: 0, positionDeletes: 0n, equalityDeletes: 0n };
  const mine = { addedFiles: 0, addedRecords: 0n, addedSize: 0n, deletedFiles: 0, deletedRecords: 0n, removedSize: 0n, partitions: new Set() };
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
    checkManifestHeader(manifest, m, spec, mname);
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
      if (entry.status !== 2 && snapshotById.has(str(entrySnapshot))) {
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
      expect(String(f.file_format).toUpperCase() === 'PARQUET', `${fname}: file_format ${f.file_format}, expected PARQUET`);
      // This snapshot's own changes (an ADDED entry's snapshot id may be inherited).
      if (str(entrySnapshot) === sid && entry.status !== 0) {
        mine.partitions.add(`${m.partition_spec_id}:${spec ? spec.fields.map((pf) => canonical(rawPartitionValue(partitionType(pf), f.partition?.[avroName(pf.name)]))).join('/') : ''}`);
      }
      // Sizes count data and delete files alike, file and record counts data files only (as Java's summaries).
      if (str(entrySnapshot) === sid) {
        if (entry.status === 1) mine.addedSize += big(f.file_size_in_bytes);
        if (entry.status === 2) mine.removedSize += big(f.file_size_in_bytes);
      }
      if (str(entrySnapshot) === sid && content === 0) {
        if (entry.status === 1) { mine.addedFiles++; mine.addedRecords += big(f.record_count); }
        if (entry.status === 2) { mine.deletedFiles++; mine.deletedRecords += big(f.record_count); }
      }
      if (spec) spec.fields.forEach((pf, i) => partitionValues[i].push(f.partition?.[avroName(pf.name)]));
      if (entry.status === 2) continue;
      live.size += big(f.file_size_in_bytes);
      if (content === 0) { live.files++; live.records += big(f.record_count); }
      else { live.deleteFiles++; if (content === 1) live.positionDeletes += big(f.record_count); else live.equalityDeletes += big(f.record_count); }
      await checkDataFile(f, spec, fname);
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
  }

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
}

/// Checks a manifest's header metadata and writer schema against the table metadata.
function checkManifestHeader(manifest, m, spec, mname) {
  const meta = manifest.meta;
  expect(meta['format-version'] === '2', `${mname}: header format-version "${meta['format-version']}", expected "2"`);
  expect(meta.content === (m.content === 1 ? 'deletes' : 'data'), `${mname}: header content "${meta.content}" but the list says ${m.content}`);
  expect(meta['partition-spec-id'] === String(m.partition_spec_id), `${mname}: header partition-spec-id ${meta['partition-spec-id']}, list says ${m.partition_spec_id}`);
  let headerSchema;
  try { headerSchema = JSON.parse(meta.schema); } catch { expect(false, `${mname}: header "schema" is missing or not JSON`); }
  if (headerSchema) {
    // The spec's v2 manifests require schema-id in the header (the shared fixtures' writers leave it out).
    const id = meta['schema-id'];
    expect(id !== undefined, `${mname}: header lacks schema-id (required in v2)`);
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
async function checkDataFile(f, spec, fname) {
  const file = resolvePath(f.file_path);
  if (!expect(file, `${fname}: ${f.file_path} does not exist as written`)) return;
  expect(String(f.file_path).startsWith(`${md.location.replace(/\/+$/, '')}/data/`), `${fname}: ${f.file_path} is not under the table's data folder ${md.location}/data`);
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
  for (const el of columns) {
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

const dataFilesChecked = new Set();
const toCheck = allSnapshots ? snapshots : hasCurrent ? [snapshotById.get(str(current))] : [];
for (const snap of toCheck) await checkSnapshot(snap);

console.log(`# ${checks} checks, ${findings} findings`);
process.exit(findings ? 1 : 0);
