// Issue 17's compaction benchmark: CALL rewrite_data_files (rewrite-all) over a table of
// many small files per partition against a CTAS of the same rows into a table partitioned
// the same way, both in floe, alternating, a few runs each on copies of one generated
// warehouse; records time (medians, min-max), peak RSS and files in bench/REWRITE_RESULTS.md.
// The bar: the rewrite costs at most 1.3x the CTAS.
// Usage: node bench/runner/rewrite_bench.mjs [--rows N] [--partitions N] [--runs N] [--threads T] [--out FILE.md]
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR } from './bench_env.mjs';
import { buildAndMachine, floeTimed, mbRange, median, msRange } from './process_measure.mjs';

function parseArgs(argv) {
  const o = { rows: 10_000_000, partitions: 6, runs: 3, threads: 2, out: path.join(BENCH_DIR, 'REWRITE_RESULTS.md') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--rows') o.rows = Number(argv[++i]);
    else if (a === '--partitions') o.partitions = Number(argv[++i]);
    else if (a === '--runs') o.runs = Number(argv[++i]);
    else if (a === '--threads') o.threads = Number(argv[++i]);
    else if (a === '--out') o.out = argv[++i];
    else throw new Error(`rewrite_bench: unknown argument ${a}`);
  }
  return o;
}

const floe = floeTimed;

function parquetFiles(dir) {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.parquet'))
    .map((f) => statSync(path.join(dir, String(f))).size);
}

function main() {
  const o = parseArgs(process.argv.slice(2));
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const loadBefore = load();
  const dir = path.join(os.tmpdir(), `floe-rewrite-bench-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const source = path.join(dir, 'source');
  // small files: the writer rolls them at 4 KB (about 1,700 rows each), then the table's
  // target goes back to its default (512 MB) for the rewrite
  const setup = floe(source, o.threads, [
    'CREATE TABLE w.t (id BIGINT, g INT, s STRING) USING iceberg PARTITIONED BY (g) ' +
      "TBLPROPERTIES ('write.target-file-size-bytes' = '4000', 'write.parquet.row-group-size-bytes' = '4000')",
    `INSERT INTO w.t SELECT id, CAST(id % ${o.partitions} AS INT), md5(CAST(id AS STRING)) FROM range(0, ${o.rows})`,
    "ALTER TABLE w.t UNSET TBLPROPERTIES ('write.target-file-size-bytes', 'write.parquet.row-group-size-bytes')",
    'SELECT count(*), sum(record_count) FROM w.t.files']);
  const [inputFiles] = setup.stdout.split('\n').filter((l) => /^[0-9]+,[0-9]+$/.test(l)).map((l) => l.split(',')[0]);
  const check = 'SELECT count(*), sum(id), count(DISTINCT g) FROM ';
  const rewrite = [], ctas = [];
  for (let run = 0; run < o.runs; run++) {
    for (const kind of ['rewrite', 'ctas']) {
      const wh = path.join(dir, 'run');
      rmSync(wh, { recursive: true, force: true });
      cpSync(source, wh, { recursive: true });
      const r = kind === 'rewrite'
        ? floe(wh, o.threads, ["CALL floe.system.rewrite_data_files(table => 'w.t', options => map('rewrite-all', 'true'))",
          `${check} w.t`])
        : floe(wh, o.threads, ['CREATE TABLE w.c USING iceberg PARTITIONED BY (g) AS SELECT * FROM w.t', `${check} w.c`]);
      const files = kind === 'rewrite'
        ? Number(r.stdout.split('\n').find((l) => /^[0-9]+,[0-9]+,[0-9]+,0,[0-9]+$/.test(l)).split(',')[1])
        : parquetFiles(path.join(wh, 'w/c/data')).length;
      const answer = r.stdout.split('\n').find((l) => /^[0-9]+,[0-9]+,[0-9]+$/.test(l));
      (kind === 'rewrite' ? rewrite : ctas).push({ ms: r.times[0], rssKb: r.rssKb, files, answer });
      console.log(`run ${run + 1} ${kind}: ${r.times[0].toFixed(0)} ms, ${(r.rssKb / 1024).toFixed(0)} MB, ${files} files, ${answer}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const answers = new Set([...rewrite, ...ctas].map((r) => r.answer));
  if (answers.size !== 1) throw new Error(`rewrite_bench: the tables differ: ${[...answers].join(' / ')}`);
  const loadAfter = load();
  const { commit, dirty, cpu } = buildAndMachine();
  const ratio = median(rewrite.map((r) => r.ms)) / median(ctas.map((r) => r.ms));
  const lines = [
    '# Compaction: rewrite_data_files vs CTAS of the same rows',
    '',
    `Written by \`node bench/runner/rewrite_bench.mjs --rows ${o.rows} --partitions ${o.partitions} --runs ${o.runs} --threads ${o.threads}\`.`,
    '',
    `- date: ${new Date().toISOString()}`,
    `- commit: ${commit}${dirty ? ' (with uncommitted changes under src/)' : ''}`,
    `- machine: ${os.cpus().length} cores (\`nproc\`), ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM;` +
      ` shared (load average ${loadBefore} before, ${loadAfter} after)`,
    `- table: ${o.rows.toLocaleString('en-US')} rows (id BIGINT, g INT, s STRING: md5 text) \`PARTITIONED BY (g)\`, ${o.partitions} partitions, ` +
      `${Number(inputFiles).toLocaleString('en-US')} data files (about ${Math.round(inputFiles / o.partitions)} per partition) written with a 4 KB target`,
    `- rewrite: \`CALL floe.system.rewrite_data_files(table => 'w.t', options => map('rewrite-all', 'true'))\` (one group per partition, groups in parallel, one commit)`,
    '- CTAS: `CREATE TABLE w.c USING iceberg PARTITIONED BY (g) AS SELECT * FROM w.t` (the same small files read)',
    `- \`--threads ${o.threads}\`; time is floe's own \`Run Time\` of the statement (commit included); a fresh copy of the warehouse per run; both alternate`,
    '- peak RSS: `/usr/bin/time -f %M` of the whole process; both tables read back alike (count, sum(id), distinct g)',
    '',
    '| statement | time ms, median (min–max) | ratio to CTAS | peak RSS MB, median (min–max) | files written |',
    '|---|---|---|---|---|',
    `| rewrite_data_files | ${msRange(rewrite.map((r) => r.ms))} | ${ratio.toFixed(2)} | ${mbRange(rewrite.map((r) => r.rssKb))} | ${rewrite[0].files} |`,
    `| CTAS | ${msRange(ctas.map((r) => r.ms))} | 1.00 | ${mbRange(ctas.map((r) => r.rssKb))} | ${ctas[0].files} |`,
    '',
    `Read back: count, sum(id), distinct g = ${rewrite[0].answer}.`,
    '',
  ];
  writeFileSync(o.out, lines.join('\n'));
  console.log(lines.join('\n'));
  return 0;
}

process.exit(main());
