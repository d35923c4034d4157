// Reading the files of a local Iceberg table without any Iceberg library, for the interop checks:
// picking the current metadata file, JSON with exact 64-bit integers, Avro object container
// files (avsc) with their verbatim header schema, and paths taken exactly as written.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import avro from 'avsc';

/// Returns { tableDir, metadataFile } for a table folder (highest-numbered metadata) or a metadata file.
export function locateMetadata(target) {
  const absolute = resolve(target);
  if (statSync(absolute).isFile()) return { tableDir: dirname(dirname(absolute)), metadataFile: absolute };
  const metadataDir = join(absolute, 'metadata');
  const version = (name) => Number(/^(\d+)-/.exec(name)?.[1] ?? /^v(\d+)\./.exec(name)?.[1] ?? -1);
  const files = readdirSync(metadataDir)
    .filter((name) => name.endsWith('.metadata.json'))
    .sort((a, b) => version(a) - version(b));
  if (!files.length) throw new Error(`no *.metadata.json in ${metadataDir}`);
  return { tableDir: absolute, metadataFile: join(metadataDir, files.at(-1)) };
}

/// Parses JSON, keeping integers beyond 2^53 (snapshot ids) exact as bigint.
export function parseJsonExact(text) {
  const token = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  const marked = text.replace(token, (t) =>
    t[0] !== '"' && /^-?\d+$/.test(t) && !Number.isSafeInteger(Number(t)) ? `"#int:${t}"` : t);
  return JSON.parse(marked, (key, value) =>
    typeof value === 'string' && value.startsWith('#int:') ? BigInt(value.slice(5)) : value);
}

/// Returns the local file a path from the metadata names, taken exactly as written (absolute path
/// or file: URI), or undefined when it names no local file.
export function localPath(uri) {
  let p;
  if (uri.startsWith('file:///')) p = uri.slice('file://'.length);
  else if (uri.startsWith('file:/') && !uri.startsWith('file://')) p = uri.slice('file:'.length);
  else if (uri.startsWith('/')) p = uri;
  else return undefined;
  return existsSync(p) && statSync(p).isFile() ? p : undefined;
}

// Avro longs as bigint, so 64-bit snapshot ids and sizes stay exact.
const exactLong = avro.types.LongType.__with({
  fromBuffer: (buf) => buf.readBigInt64LE(),
  toBuffer: (n) => {
    const buf = Buffer.alloc(8);
    buf.writeBigInt64LE(BigInt(n));
    return buf;
  },
  fromJSON: BigInt,
  toJSON: Number,
  isValid: (n) => typeof n === 'bigint',
  compare: (a, b) => (a === b ? 0 : a < b ? -1 : 1),
});

/// Reads an Avro object container file: { records, schema (the header's JSON, verbatim), meta }.
export function readAvroFile(file) {
  return new Promise((resolvePromise, reject) => {
    const records = [];
    let schema;
    let meta = {};
    avro
      // Every long, including those with a logicalType (timestamp-micros), decodes as exactLong.
      .createFileDecoder(file, {
        parseHook: (s) => avro.Type.forSchema(s, {
          registry: { long: exactLong },
          typeHook: (t) => (typeof t === 'object' && t.type === 'long' ? exactLong : undefined),
        }),
      })
      .on('metadata', (type, codec, header) => {
        meta = Object.fromEntries(Object.entries(header.meta).map(([k, v]) => [k, v.toString('utf8')]));
        schema = JSON.parse(meta['avro.schema']);
      })
      .on('data', (record) => records.push(record))
      .on('error', reject)
      .on('end', () => (schema ? resolvePromise({ records, schema, meta }) : reject(new Error('no Avro container header'))));
  });
}

/// Writes records as an Avro object container file with the given writer schema and header
/// metadata (used by the interop test to build broken manifests for its controls).
export function writeAvroFile(file, schema, meta, records) {
  const type = avro.Type.forSchema(schema, {
    registry: { long: exactLong },
    typeHook: (t) => (typeof t === 'object' && t.type === 'long' ? exactLong : undefined),
  });
  const metadata = Object.fromEntries(
    Object.entries(meta).filter(([k]) => !k.startsWith('avro.')).map(([k, v]) => [k, Buffer.from(v, 'utf8')]));
  return new Promise((resolvePromise, reject) => {
    const chunks = [];
    const encoder = new avro.streams.BlockEncoder(type, { codec: 'null', metadata });
    encoder.on('data', (chunk) => chunks.push(chunk));
    encoder.on('error', reject);
    encoder.on('end', () => {
      writeFileSync(file, Buffer.concat(chunks));
      resolvePromise();
    });
    for (const record of records) encoder.write(record);
    encoder.end();
  });
}
