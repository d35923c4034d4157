// Issue 18's row-level benchmark: a MERGE that updates 1% of a table's rows (scattered: every
// 100th id, so every data file holds some), merge-on-read against copy-on-write, on copies of
// one generated warehouse, alternating; and a full scan of the table before and after the
// merge-on-read MERGE. Records time (medians, min-max), bytes written and peak RSS in
// bench/MERGE_RESULTS.md. The bars: merge-on-read writes at most 3x the bytes of the
// changed rows, runs at least 5x faster than copy-on-write, and reading after it costs at
// most 1.2x reading before it.
// Two tables: `narrow` (id, g, v, s: 4 small columns) and `events` (seed 002's clickstream
// event columns: id, event_time, session_id, user_id, event_type, product_id, page).
// Usage: node bench/runner/merge_bench.mjs [--rows N] [--schema narrow|events] [--runs N] [--threads T] [--out FILE.md] [--append]
// (--out - writes no file, only prints the record; --append adds it to the file)
import { appendFileSync, cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR } from './bench_env.mjs';
import { buildAndMachine, floeTimed, mbRange, median, msRange } from './process_measure.mjs';

function parseArgs(argv) {
  const o = { rows: 10_000_000, runs: 3, threads: 2, schema: 'narrow', out: path.join(BENCH_DIR, 'MERGE_RESULTS.md') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--rows') o.rows = Number(argv[++i]);
    else if (a === '--runs') o.runs = Number(argv[++i]);
    else if (a === '--threads') o.threads = Number(argv[++i]);
    else if (a === '--schema') o.schema = argv[++i];
    else if (a === '--append') o.append = true;
    else if (a === '--out') o.out = argv[++i];
    else throw new Error(`merge_bench: unknown argument ${a}`);
  }
  return o;
}

const floe = floeTimed;

// The CSV rows of a result whose every field is a number.
const numericRows = (stdout, fields) =>
  stdout.split('\n').filter((l) => new RegExp(`^-?[0-9.]+(,-?[0-9.]+){${fields - 1}}$`).test(l)).map((l) => l.split(','));

function main() {
  const o = parseArgs(process.argv.slice(2));
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const loadBefore = load();
  const dir = path.join(os.tmpdir(), `floe-merge-bench-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const source = path.join(dir, 'source');
  const changed = Math.floor(o.rows / 100);
  // 64 MB data files; the changes: every 100th id gets new values
  const schemas = {
    narrow: {
      columns: 'id BIGINT, g INT, v DOUBLE, s STRING',
      rows: `SELECT id, CAST(id % 97 AS INT), id * 0.5, concat('name-', CAST(id % 100003 AS STRING)) FROM range(0, ${o.rows})`,
      source: `SELECT id * 100 + 7 AS id, -1.5 * id AS v, concat('changed-', CAST(id AS STRING)) AS s FROM range(0, ${changed})`,
      set: 'v = s.v, s = s.s',
      scan: 'count(*), CAST(sum(v) * 2 AS BIGINT), sum(length(s))',
    },
    events: {
      columns: 'id BIGINT, event_time TIMESTAMP, session_id BIGINT, user_id INT, event_type STRING, product_id INT, page STRING',
      rows: `SELECT id, timestamp_seconds(1675209600 + id * 3), CAST(floor(id / 8) AS BIGINT), CAST(pmod(hash(id, 41), 100000) AS INT), ` +
        `CASE pmod(hash(id, 42), 4) WHEN 0 THEN 'page_view' WHEN 1 THEN 'search' WHEN 2 THEN 'product_view' ELSE 'purchase' END, ` +
        `CAST(pmod(hash(id, 43), 1000) AS INT), '/page/' || CAST(pmod(hash(id, 44), 200) AS STRING) FROM range(0, ${o.rows})`,
      source: `SELECT id * 100 + 7 AS id, 'refund' AS event_type, CAST(-1 AS INT) AS product_id FROM range(0, ${changed})`,
      set: 'event_type = s.event_type, product_id = s.product_id',
      scan: 'count(*), sum(product_id), count(DISTINCT event_type)',
    },
  };
  const table = schemas[o.schema];
  if (!table) throw new Error(`merge_bench: unknown schema ${o.schema}`);
  const setup = floe(source, o.threads, [
    `CREATE TABLE w.t (${table.columns}) USING iceberg TBLPROPERTIES ('write.target-file-size-bytes' = '67108864')`,
    `INSERT INTO w.t ${table.rows}`,
    `CREATE TABLE w.s USING iceberg AS ${table.source}`,
    'SELECT count(*), sum(file_size_in_bytes), sum(record_count) FROM w.t.files']);
  const [[tableFiles, tableBytes]] = numericRows(setup.stdout, 3).map((r) => r.map(Number));
  const merge = `MERGE INTO w.t t USING w.s s ON t.id = s.id WHEN MATCHED THEN UPDATE SET ${table.set}`;
  const scan = `SELECT 'scan', ${table.scan} FROM w.t`;
  const added = "SELECT 'added', summary['added-files-size'], coalesce(summary['added-delete-files'], ''), " +
    "coalesce(summary['added-data-files'], '') FROM w.t.snapshots ORDER BY committed_at DESC LIMIT 1";
  const runs = { 'merge-on-read': [], 'copy-on-write': [] };
  const reads = { before: [], after: [] };
  for (let run = 0; run < o.runs; run++) {
    for (const mode of ['merge-on-read', 'copy-on-write']) {
      const wh = path.join(dir, 'run');
      rmSync(wh, { recursive: true, force: true });
      cpSync(source, wh, { recursive: true });
      floe(wh, o.threads, [`ALTER TABLE w.t SET TBLPROPERTIES ('write.merge.mode' = '${mode}')`]);
      // the read before (merge-on-read runs only), the MERGE, what it wrote, the read after
      const statements = mode === 'merge-on-read' ? [scan, merge, added, scan] : [merge, added, scan];
      const r = floe(wh, o.threads, statements);
      const mergeMs = r.times[mode === 'merge-on-read' ? 1 : 0];
      const counts = r.stdout.split('\n').find((l) => /^[0-9]+,[0-9]+,0,0$/.test(l));
      const writtenRow = r.stdout.split('\n').find((l) => /^added,[0-9]+,/.test(l)).split(',').slice(1);
      const answers = r.stdout.split('\n').filter((l) => /^scan,[0-9]/.test(l)).map((l) => l.slice(5));
      runs[mode].push({ ms: mergeMs, rssKb: r.rssKb, bytes: Number(writtenRow[0]), deleteFiles: Number(writtenRow[1] || 0),
        dataFiles: Number(writtenRow[2]), counts, answer: answers.at(-1) });
      if (mode === 'merge-on-read') {
        reads.before.push(r.times[0]);
        reads.after.push(r.times[3]);
      }
      console.log(`run ${run + 1} ${mode}: MERGE ${mergeMs.toFixed(0)} ms, wrote ${writtenRow[0]} bytes ` +
        `(${writtenRow[1] || 0} delete files, ${writtenRow[2]} data files), ${(r.rssKb / 1024).toFixed(0)} MB, counts ${counts}` +
        (mode === 'merge-on-read' ? `; scan before ${r.times[0].toFixed(0)} ms, after ${r.times[3].toFixed(0)} ms` : ''));
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const answers = new Set([...runs['merge-on-read'], ...runs['copy-on-write']].map((r) => r.answer));
  if (answers.size !== 1) throw new Error(`merge_bench: the tables differ after the MERGE: ${[...answers].join(' / ')}`);
  const loadAfter = load();
  const { commit, dirty, cpu } = buildAndMachine();
  const mor = runs['merge-on-read'], cow = runs['copy-on-write'];
  const speedup = median(cow.map((r) => r.ms)) / median(mor.map((r) => r.ms));
  const changedBytes = tableBytes * changed / o.rows;  // the changed rows' share of the table's bytes
  const bytesRatio = median(mor.map((r) => r.bytes)) / changedBytes;
  const readRatio = median(reads.after) / median(reads.before);
  const mb = (b) => (b / 2 ** 20).toFixed(1);
  const lines = [
    `# Row-level changes: MERGE merge-on-read vs copy-on-write (${o.schema} table)`,
    '',
    `Written by \`node bench/runner/merge_bench.mjs --rows ${o.rows} --schema ${o.schema} --runs ${o.runs} --threads ${o.threads}\`.`,
    '',
    `- date: ${new Date().toISOString()}`,
    `- commit: ${commit}${dirty ? ' (with uncommitted changes under src/)' : ''}`,
    `- machine: ${os.cpus().length} cores (\`nproc\`), ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM;` +
      ` shared (load average ${loadBefore} before, ${loadAfter} after)`,
    `- table (${o.schema}): ${o.rows.toLocaleString('en-US')} rows (${table.columns}), format v2, unpartitioned, ` +
      `${tableFiles} data files of ${mb(tableBytes)} MB in all (64 MB target)`,
    `- change: \`${merge}\`, the source ${changed.toLocaleString('en-US')} rows (1%): every 100th id, so every data file has changed rows`,
    '- merge-on-read: `write.merge.mode = merge-on-read` (position delete files, one per data file, and the new rows); ' +
      'copy-on-write: the default (every touched file rewritten)',
    `- \`--threads ${o.threads}\`; time is floe's own \`Run Time\` of the statement (commit included); a fresh copy of the warehouse per run; the modes alternate`,
    `- bytes written: the MERGE snapshot's added-files-size (delete and data files); the changed rows' bytes: their share of the table's (${mb(changedBytes)} MB)`,
    `- read: \`${scan}\`, before and after the merge-on-read MERGE in the same process; both modes leave the same answer`,
    '',
    '| MERGE | time ms, median (min–max) | speed-up | bytes written MB (ratio to the changed rows) | files written (delete + data) | peak RSS MB, median (min–max) |',
    '|---|---|---|---|---|---|',
    `| merge-on-read | ${msRange(mor.map((r) => r.ms))} | ${speedup.toFixed(1)}x | ${mb(median(mor.map((r) => r.bytes)))} (${bytesRatio.toFixed(2)}x) | ` +
      `${mor[0].deleteFiles} + ${mor[0].dataFiles} | ${mbRange(mor.map((r) => r.rssKb))} |`,
    `| copy-on-write | ${msRange(cow.map((r) => r.ms))} | 1.0x | ${mb(median(cow.map((r) => r.bytes)))} ` +
      `(${(median(cow.map((r) => r.bytes)) / changedBytes).toFixed(2)}x) | ${cow[0].deleteFiles} + ${cow[0].dataFiles} | ${mbRange(cow.map((r) => r.rssKb))} |`,
    '',
    '| full scan | time ms, median (min–max) | ratio |',
    '|---|---|---|',
    `| before the merge-on-read MERGE | ${msRange(reads.before)} | 1.00 |`,
    `| after it | ${msRange(reads.after)} | ${readRatio.toFixed(2)} |`,
    '',
    `The bars: bytes ${bytesRatio.toFixed(2)}x the changed rows' (at most 3x: ${bytesRatio <= 3 ? 'met' : 'not met'}), ` +
      `merge-on-read ${speedup.toFixed(1)}x faster than copy-on-write (at least 5x: ${speedup >= 5 ? 'met' : 'not met'}), ` +
      `reading after ${readRatio.toFixed(2)}x reading before (at most 1.2x: ${readRatio <= 1.2 ? 'met' : 'not met'}). ` +
      `MERGE counts (affected, updated, deleted, inserted): ${mor[0].counts}; the table after (${table.scan}): ${mor[0].answer}.`,
    '',
  ];
  if (o.out !== '-') (o.append ? appendFileSync : writeFileSync)(o.out, (o.append ? '\n' : '') + lines.join('\n'));
  console.log(lines.join('\n'));
  return 0;
}

process.exit(main());
