// Issue 4's partitioned-write comparison on its own: floe's INSERT INTO an Iceberg table
// PARTITIONED BY (day) over 1,000 days against DuckDB's COPY ... (FORMAT parquet, COMPRESSION
// zstd, PARTITION_BY (day)) of the same rows, alternating engine by engine, a few runs each;
// records time (medians, min-max), peak RSS and files written in bench/WRITE_RESULTS.md.
// Usage: node bench/runner/write_bench.mjs [--rows N] [--runs N] [--threads T] [--out FILE.md]
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR, FLOE, MODULES } from './bench_env.mjs';
import { RUN_TIME_LINE, buildAndMachine, mbRange, median, msRange, runDuckdbChild, runMeasured } from './process_measure.mjs';
import { partitionedSelect } from './workloads.mjs';

function parseArgs(argv) {
  const o = { rows: 10_000_000, runs: 3, threads: 2, out: path.join(BENCH_DIR, 'WRITE_RESULTS.md') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--rows') o.rows = Number(argv[++i]);
    else if (a === '--runs') o.runs = Number(argv[++i]);
    else if (a === '--threads') o.threads = Number(argv[++i]);
    else if (a === '--out') o.out = argv[++i];
    else throw new Error(`write_bench: unknown argument ${a}`);
  }
  return o;
}

function parquetFiles(dir) {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.parquet'))
    .map((f) => statSync(path.join(dir, String(f))).size);
}

function runFloe(rows, threads, dir) {
  const warehouse = path.join(dir, 'floe');
  const r = runMeasured([FLOE, '--warehouse', warehouse, '-csv', '--timer', '--threads', String(threads),
    '-c', 'CREATE NAMESPACE w',
    '-c', 'CREATE TABLE w.t (id BIGINT, day DATE, v DECIMAL(20,1), s STRING) PARTITIONED BY (day)',
    '-c', `INSERT INTO w.t ${partitionedSelect(rows, 'floe')}`,
    '-c', 'SELECT count(*), sum(id), count(DISTINCT day) FROM w.t']);
  if (r.status !== 0) throw new Error(`floe failed: ${r.stderr}`);
  const times = r.stdout.split('\n').map((l) => RUN_TIME_LINE.exec(l)).filter((m) => m).map((m) => Number(m[1]) * 1000);
  const check = r.stdout.split('\n').find((l) => /^[0-9]+,[0-9]+,[0-9]+$/.test(l));
  const sizes = parquetFiles(path.join(warehouse, 'w/t/data'));
  return { ms: times[2], rssKb: r.rssKb, files: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0), check };
}

function runDuckdb(rows, threads, dir) {
  const out = path.join(dir, 'duckdb');
  const r = runDuckdbChild({
    threads, setup: [], warmups: 0, runs: 1,
    query: `COPY (${partitionedSelect(rows, 'duckdb')}) TO '${out}' (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (day), OVERWRITE)`,
  });
  if (r.status !== 0) throw new Error(`duckdb failed: ${r.stderr}`);
  const result = r.result;
  const sizes = parquetFiles(out);
  return { ms: result.times_ms[0], rssKb: r.rssKb, files: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(MODULES, '@duckdb/node-api'))) {
    console.log('write_bench: skipped: DuckDB is not installed');
    return 0;
  }
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const loadBefore = load();
  const dir = path.join(os.tmpdir(), `floe-write-bench-${process.pid}`);
  const floe = [];
  const duck = [];
  for (let run = 0; run < o.runs; run++) {
    for (const engine of ['floe', 'duckdb']) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const r = engine === 'floe' ? runFloe(o.rows, o.threads, dir) : runDuckdb(o.rows, o.threads, dir);
      (engine === 'floe' ? floe : duck).push(r);
      console.log(`run ${run + 1} ${engine}: ${r.ms.toFixed(0)} ms, ${(r.rssKb / 1024).toFixed(0)} MB peak RSS, ${r.files} files`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const loadAfter = load();
  const { commit, dirty, cpu } = buildAndMachine();
  const ratio = median(floe.map((r) => r.ms)) / median(duck.map((r) => r.ms));
  const lines = [
    '# Partitioned write: floe INSERT vs DuckDB COPY PARTITION_BY',
    '',
    `Written by \`node bench/runner/write_bench.mjs --rows ${o.rows} --runs ${o.runs} --threads ${o.threads}\`.`,
    '',
    `- date: ${new Date().toISOString()}`,
    `- commit: ${commit}${dirty ? ' (with uncommitted changes under src/)' : ''}`,
    `- machine: ${os.cpus().length} cores (\`nproc\`), ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM;` +
      ` **shared with other engineers' builds and tests** (load average ${loadBefore} before, ${loadAfter} after)`,
    `- rows: ${o.rows.toLocaleString('en-US')} over 1,000 days (\`id % 1000\`: every batch touches every day); columns id BIGINT, day DATE, v DECIMAL(20,1), s STRING`,
    `- floe: \`INSERT INTO w.t SELECT ...\` into an Iceberg table \`PARTITIONED BY (day)\`, \`--threads ${o.threads}\`, default`,
    '  `floe.write.memory_limit` (256 MiB) and zstd; time is floe\'s own `Run Time` of the INSERT (commit included)',
    `- DuckDB (@duckdb/node-api as pinned in test/interop/package.json): \`COPY (SELECT ...) TO dir (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (day))\`, \`SET threads = ${o.threads}\`, timed in-process`,
    '- peak RSS: `/usr/bin/time -f %M` of the whole process (DuckDB\'s includes node, ~50 MB)',
    '- engines alternate, one process per run, a fresh output folder each time',
    '',
    `| engine | time ms, median (min–max) | ratio to DuckDB | peak RSS MB, median (min–max) | files | bytes |`,
    '|---|---|---|---|---|---|',
    `| floe INSERT | ${msRange(floe.map((r) => r.ms))} | ${ratio.toFixed(2)} | ${mbRange(floe.map((r) => r.rssKb))} | ${floe[0].files} | ${floe[0].bytes.toLocaleString('en-US')} |`,
    `| DuckDB COPY PARTITION_BY | ${msRange(duck.map((r) => r.ms))} | 1.00 | ${mbRange(duck.map((r) => r.rssKb))} | ${duck[0].files} | ${duck[0].bytes.toLocaleString('en-US')} |`,
    '',
    `floe's table read back after each insert: count, sum(id), distinct days = ${floe[0].check}.`,
    '',
  ];
  writeFileSync(o.out, lines.join('\n'));
  console.log(lines.join('\n'));
  return 0;
}

process.exit(main());
