#!/usr/bin/env node
// Lists every file a committed Iceberg table references: the metadata file given, the
// earlier ones its metadata-log names, and for every snapshot its manifest list, the
// manifests it names and the data and delete files of their entries (whatever the entry's
// status), and statistics files. The kill test subtracts these from the files a killed
// statement left, to tell how far the statement got (its orphans) from what it committed.
// Reads with avsc only (through ../interop), sharing no code with floe. Writes one file per
// metadata file, OUT_DIR/<its name>.files, one local path a line, sorted, and beside it
// <its name>.live: the same but of the manifests' entries only the live ones (status not
// DELETED), the files Iceberg's remove_orphan_files keeps (BaseSparkAction.contentFileDS reads
// live entries): once the snapshots that had a file live are expired, a later snapshot's
// DELETED entry for it does not keep it.
//
//   node reachable_files.mjs OUT_DIR METADATA_FILE...
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseJsonExact, readAvroFile } from '../interop/iceberg_table_files.mjs';

const [outDir, ...metadataFiles] = process.argv.slice(2);
if (!metadataFiles.length) {
  console.error('usage: node reachable_files.mjs OUT_DIR METADATA_FILE...');
  process.exit(1);
}
// Paths as floe writes them: absolute, or file: URIs.
const local = (uri) => (uri.startsWith('file://') ? uri.slice('file://'.length) : uri.startsWith('file:') ? uri.slice('file:'.length) : uri);

for (const metadataFile of metadataFiles) {
  const out = new Set([metadataFile]);
  const deleted = new Set();  // files of DELETED entries (live if another entry has them live)
  const live = new Set();
  const metadata = parseJsonExact(readFileSync(metadataFile, 'utf8'));
  for (const entry of metadata['metadata-log'] ?? []) out.add(local(entry['metadata-file']));
  for (const stats of [...(metadata.statistics ?? []), ...(metadata['partition-statistics'] ?? [])]) {
    out.add(local(stats['statistics-path']));
  }
  const manifests = new Set();
  for (const snapshot of metadata.snapshots ?? []) {
    const list = local(snapshot['manifest-list']);
    out.add(list);
    for (const m of (await readAvroFile(list)).records) manifests.add(local(m.manifest_path));
  }
  for (const manifest of manifests) {
    out.add(manifest);
    for (const entry of (await readAvroFile(manifest)).records) {
      const path = local(entry.data_file.file_path);
      out.add(path);
      (entry.status === 2 ? deleted : live).add(path);
    }
  }
  writeFileSync(join(outDir, basename(metadataFile) + '.files'), [...out].sort().join('\n') + '\n');
  const liveOnly = [...out].filter((path) => !deleted.has(path) || live.has(path));
  writeFileSync(join(outDir, basename(metadataFile) + '.live'), liveOnly.sort().join('\n') + '\n');
}
