#!/usr/bin/env node
// Reads a local Iceberg table end to end with icebird (an independent JavaScript Iceberg reader)
// and prints its rows, one JSON object per line. What it proves: a reader that knows nothing of
// floe finds the table's current snapshot, manifests and data files by the paths written in them,
// exactly as written: the fetch it is given serves an absolute path or file: URI only if that very
// file exists, and never remaps a path to another location.
//
//   node iceberg_read.mjs TABLE_DIR|METADATA_FILE [SNAPSHOT_ID]    (default: the current snapshot)
//
// Row values: bigint -> JSON integer, Date -> ISO string, bytes -> "x<hex>", NaN/Infinity -> string.
// (icebird reads timestamps to milliseconds, decimals as lossy doubles and binary as UTF-8 text.)
// Exit 0 with the rows, 1 when icebird fails or a path does not resolve as written.
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { icebergMetadata, icebergRead } from 'icebird';
import { locateMetadata, localPath, parseJsonExact } from './iceberg_table_files.mjs';

/// Installs a fetch that serves local files named exactly by the URL; returns the unresolved URLs.
export function installExactLocalFetch() {
  const unresolved = [];
  globalThis.fetch = async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input.url;
    const file = localPath(url);
    if (!file) {
      unresolved.push(url);
      return new Response(`not found: ${url}`, { status: 404, statusText: 'Not Found' });
    }
    const size = statSync(file).size;
    if ((init.method ?? 'GET').toUpperCase() === 'HEAD') {
      return new Response(null, { status: 200, headers: { 'content-length': String(size) } });
    }
    const bytes = readFileSync(file);
    const range = /^bytes=(\d*)-(\d*)$/.exec(new Headers(init.headers).get('range') ?? '');
    if (!range) return new Response(bytes, { status: 200, headers: { 'content-length': String(size) } });
    const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
    const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end) return new Response('range not satisfiable', { status: 416 });
    return new Response(bytes.subarray(start, end + 1), {
      status: 206,
      headers: { 'content-length': String(end - start + 1), 'content-range': `bytes ${start}-${end}/${size}` },
    });
  };
  return unresolved;
}

/// Returns one row as a JSON line that keeps bigints, dates, bytes and non-finite numbers.
export function rowToJson(row) {
  return JSON.stringify(row, function (key, value) {
    const raw = this[key];
    if (raw === undefined) return null;
    if (typeof raw === 'bigint') return `#bigint:${raw}`;
    if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? 'Invalid Date' : raw.toISOString();
    if (raw instanceof Uint8Array) return 'x' + Buffer.from(raw).toString('hex');
    if (typeof raw === 'number' && !Number.isFinite(raw)) return String(raw);
    return value;
  }).replace(/"#bigint:(-?\d+)"/g, '$1');
}

/// Reads every row of the table's current snapshot (or of `snapshotId`) with icebird, taking
/// paths as written.
export async function readWithIcebird(target, snapshotId) {
  const { metadataFile } = locateMetadata(target);
  // icebird parses snapshot ids as doubles; find the wanted one by its position in exact JSON.
  const exact = parseJsonExact(readFileSync(metadataFile, 'utf8'));
  const position = snapshotId === undefined ? -1
    : (exact.snapshots ?? []).findIndex((snap) => String(snap['snapshot-id']) === String(snapshotId));
  if (snapshotId !== undefined && position < 0) throw new Error(`no snapshot ${snapshotId} in ${metadataFile}`);
  const unresolved = installExactLocalFetch();
  // icebird fetches `${tableUrl}/metadata/${metadataFileName}`: the folder the metadata file is in.
  const tableUrl = dirname(dirname(metadataFile));
  const unresolvedError = () => new Error(`paths that do not resolve as written: ${unresolved.join(', ')}`);
  let rows;
  try {
    const metadata = await icebergMetadata({ tableUrl, metadataFileName: basename(metadataFile) });
    if (position >= 0) {
      // icebird always reads current-snapshot-id with current-schema-id: point both at the snapshot.
      const snapshot = metadata.snapshots[position];
      metadata['current-snapshot-id'] = snapshot['snapshot-id'];
      if (snapshot['schema-id'] !== undefined) metadata['current-schema-id'] = snapshot['schema-id'];
    }
    const current = metadata['current-snapshot-id'];
    rows = current === undefined || current === null || current < 0 ? [] : await icebergRead({ tableUrl, metadata });
  } catch (err) {
    // icebird decodes a 404 body as if it were the file: report the path, not the decoding error.
    throw unresolved.length ? unresolvedError() : err;
  }
  if (unresolved.length) throw unresolvedError();
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node iceberg_read.mjs TABLE_DIR|METADATA_FILE [SNAPSHOT_ID]');
    process.exit(2);
  }
  try {
    for (const row of await readWithIcebird(target, process.argv[3])) console.log(rowToJson(row));
  } catch (err) {
    console.error(`iceberg_read: ${err.message}`);
    process.exit(1);
  }
}
