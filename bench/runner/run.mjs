// The side-by-side benchmark runner (issue 5): generates each workload's data with floe SQL,
// runs every query in floe (all pruning / dynamic pruning off / all pruning off) and in DuckDB
// on the same Parquet files, threads 1 and 2, a warm-up then N counted runs each, checks that
// every engine and setting returned the same rows, and writes RESULTS.md plus a PNG chart.
// Usage: bench/run [--quick] [--scale ROWS] [--workload star|clickstream|engine|parquet|all]
//                  [--runs N] [--out FILE.md]
// Exits 1 when any two answers differ or a query fails; timings are never asserted.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKLOADS, partitionedSelect, sixColumnSelect } from './workloads.mjs';
import { writeChart } from './chart.mjs';
import { renderResults } from './results_markdown.mjs';

const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO = path.resolve(BENCH_DIR, '..');
const FLOE = process.env.FLOE ?? path.join(REPO, 'build/release/tools/floe/floe');
const MODULES = path.join(REPO, 'test/interop/node_modules');

const FLOE_SETTINGS = [
  { name: 'floe', sets: [] },
  { name: 'floe no-DPP', sets: ['SET spark.sql.optimizer.dynamicPartitionPruning.enabled = false'] },
  {
    name: 'floe no-pruning',
    sets: ['SET spark.sql.optimizer.dynamicPartitionPruning.enabled = false',
      'SET floe.pruning.enabled = false'],
  },
];

function parseArgs(argv) {
  const options = { quick: false, scale: null, workloads: null, runs: null, out: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') options.quick = true;
    else if (a === '--scale') options.scale = Number(argv[++i]);
    else if (a === '--workload') options.workloads = argv[++i];
    else if (a === '--runs') options.runs = Number(argv[++i]);
    else if (a === '--out') options.out = argv[++i];
    else throw new Error(`bench/run: unknown argument ${a}`);
  }
  const names = !options.workloads || options.workloads === 'all'
    ? Object.keys(WORKLOADS) : options.workloads.split(',');
  for (const n of names) if (!WORKLOADS[n]) throw new Error(`bench/run: no workload ${n}`);
  options.workloads = names;
  options.runs ??= options.quick ? 1 : 5;
  return options;
}

/// Returns the median of a non-empty list of numbers.
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/// Runs argv under /usr/bin/time (when installed) and returns its stdout, exit status and peak
/// RSS in KiB.
function runMeasured(argv, options = {}) {
  if (!existsSync('/usr/bin/time')) {
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', maxBuffer: 1 << 28, ...options });
    return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', status: r.status, rssKb: null };
  }
  const rssFile = path.join(os.tmpdir(), `floe-bench-rss-${process.pid}`);
  const r = spawnSync('/usr/bin/time', ['-f', '%M', '-o', rssFile, ...argv],
    { encoding: 'utf8', maxBuffer: 1 << 28, ...options });
  let rssKb = null;
  try { rssKb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()); } catch { /* none */ }
  rmSync(rssFile, { force: true });
  return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', status: r.status, rssKb };
}

/// Splits floe's -csv --timer output into one { text, ms } per statement.
function splitStatements(stdout) {
  const out = [];
  let text = [];
  for (const line of stdout.split('\n')) {
    const m = /^Run Time: real ([0-9.]+) s$/.exec(line);
    if (m) { out.push({ text: text.join('\n'), ms: Number(m[1]) * 1000 }); text = []; } else text.push(line);
  }
  return out;
}

/// Parses CSV text (RFC 4180 quoting) into rows of fields.
function parseCsv(text) {
  const rows = [];
  let row = [], field = '', quoted = false, i = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n') { row.push(field); rows.push(row); row = []; field = ''; } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}

/// Returns the scan metrics of the largest table scan in an EXPLAIN ANALYZE text.
function factScanMetrics(plan) {
  let best = null;
  const files = [...plan.matchAll(/data files: (\d+) read \/ (\d+) total/g)];
  const bytes = [...plan.matchAll(/bytes: (\d+) read \/ (\d+) total/g)];
  const partitions = [...plan.matchAll(/partitions: (\d+) read \/ (\d+) total/g)];
  const planning = [...plan.matchAll(/planning time: ([0-9.]+) ms/g)];
  files.forEach((m, i) => {
    const total = Number(m[2]);
    if (!best || total > best.filesTotal) {
      best = {
        filesRead: Number(m[1]), filesTotal: total,
        bytesRead: bytes[i] ? Number(bytes[i][1]) : null, bytesTotal: bytes[i] ? Number(bytes[i][2]) : null,
        partitionsRead: partitions[i] ? Number(partitions[i][1]) : null,
        partitionsTotal: partitions[i] ? Number(partitions[i][2]) : null,
        planningMs: planning[i] ? Number(planning[i][1]) : null,
      };
    }
  });
  return best;
}

/// Runs a query in floe: settings, EXPLAIN ANALYZE (the warm-up), then `runs` counted runs.
function runFloe({ warehouse, threads, sets, sql, runs }) {
  const args = [FLOE, '--warehouse', warehouse, '-csv', '--timer', '--threads', String(threads)];
  for (const s of sets) args.push('-c', s);
  args.push('-c', `EXPLAIN ANALYZE ${sql}`);
  for (let i = 0; i < runs; i++) args.push('-c', sql);
  const r = runMeasured(args);
  const statements = splitStatements(r.stdout);
  if (r.status !== 0 || statements.length !== sets.length + 1 + runs) {
    return { error: `floe exited ${r.status}: ${(r.stderr || r.stdout).trim().slice(0, 400)}` };
  }
  const counted = statements.slice(sets.length + 1);
  const rows = parseCsv(counted[0].text.replace(/\n$/, ''));
  return {
    times: counted.map((s) => s.ms), rssKb: r.rssKb, columns: rows[0], rows: rows.slice(1),
    scan: factScanMetrics(statements[sets.length].text),
  };
}

/// Returns the single number a counting query returns in floe (null when it fails).
function floeCount(warehouse, sql) {
  const r = spawnSync(FLOE, ['--warehouse', warehouse, '-csv', '-c', sql], { encoding: 'utf8' });
  const rows = parseCsv(r.stdout.trim());
  return r.status === 0 && rows.length === 2 ? Number(rows[1][0]) : null;
}

/// Runs a query in DuckDB in a child process: setup statements, one warm-up, `runs` counted.
function runDuckdb({ threads, setup, sql, runs }) {
  const specFile = path.join(os.tmpdir(), `floe-bench-duckdb-${process.pid}.json`);
  writeFileSync(specFile, JSON.stringify({ modulesDir: MODULES, threads, setup, query: sql, warmups: 1, runs }));
  const r = runMeasured([process.execPath, path.join(BENCH_DIR, 'runner/duckdb_child.mjs'), specFile]);
  rmSync(specFile, { force: true });
  if (r.status !== 0) return { error: `duckdb exited ${r.status}: ${r.stderr.trim().slice(0, 400)}` };
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  return { times: out.times_ms, rssKb: r.rssKb, columns: out.columns, rows: out.rows, scan: null };
}

/// Returns a field in a form two engines agree on: numbers to 10 significant digits, UTC
/// timestamps without DuckDB's "+00" (floe's TIMESTAMP is Spark's, adjusted to UTC).
function normalizeField(f) {
  if (f === 'NULL') return '';
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00(:00)?$/.test(f)) return f.replace(/\+00(:00)?$/, '');
  if (/^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(f)) return String(Number(Number(f).toPrecision(10)));
  return f;
}

/// Returns the rows as one sorted, normalized text, for comparing answers.
function answerKey(rows) {
  return rows.map((r) => r.map(normalizeField).join('\u001f')).sort().join('\n');
}

/// Creates the workload's data in floe (once per scale) and returns its warehouse folder.
function generate(workloadName, workload, rows, dataDir, log) {
  const warehouse = path.join(dataDir, `${workloadName}-${rows}`);
  const stamp = path.join(warehouse, '.generated');
  if (existsSync(stamp)) return { warehouse, seconds: JSON.parse(readFileSync(stamp, 'utf8')).seconds };
  rmSync(warehouse, { recursive: true, force: true });
  mkdirSync(warehouse, { recursive: true });
  const sql = readFileSync(path.join(BENCH_DIR, 'generators', workload.generator), 'utf8')
    .replaceAll('{{FACT_ROWS}}', String(rows));
  const sqlFile = path.join(warehouse, 'generate.sql');
  writeFileSync(sqlFile, sql);
  log(`  generating ${workloadName} (${rows} rows) with floe ...`);
  const start = performance.now();
  execFileSync(FLOE, ['--warehouse', warehouse, '-f', sqlFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = (performance.now() - start) / 1000;
  writeFileSync(stamp, JSON.stringify({ seconds }));
  return { warehouse, seconds };
}

/// Returns DuckDB statements that expose floe's Iceberg data files as views of the same names.
function duckdbViews(warehouse, tables) {
  const setup = [];
  for (const [namespace, names] of Object.entries(tables)) {
    setup.push(`CREATE SCHEMA IF NOT EXISTS ${namespace}`);
    for (const t of names) {
      setup.push(`CREATE VIEW ${namespace}.${t} AS SELECT * FROM read_parquet('${warehouse}/${namespace}/${t}/data/**/*.parquet', hive_partitioning = true)`);
    }
  }
  return setup;
}

/// Writes the parquet workload's file with floe's COPY and DuckDB's COPY (zstd), timing each.
function writeParquetFiles(rows, dataDir, log) {
  const dir = path.join(dataDir, `parquet-${rows}`);
  mkdirSync(dir, { recursive: true });
  const floeFile = path.join(dir, 'floe.parquet');
  const duckdbFile = path.join(dir, 'duckdb.parquet');
  log(`  writing the ${rows}-row 6-column file with floe COPY and DuckDB COPY (zstd) ...`);
  const floe = runMeasured([FLOE, '--warehouse', dir, '-csv', '--timer', '-c',
    `COPY (${sixColumnSelect(rows, 'floe')}) TO '${floeFile}' (FORMAT parquet, COMPRESSION zstd)`]);
  const floeTime = splitStatements(floe.stdout)[0];
  if (floe.status !== 0 || !floeTime) throw new Error(`floe COPY failed: ${floe.stderr}`);
  const duck = runDuckdb({
    threads: 2, setup: [], runs: 1,
    sql: `COPY (${sixColumnSelect(rows, 'duckdb')}) TO '${duckdbFile}' (FORMAT parquet, COMPRESSION zstd)`,
  });
  if (duck.error) throw new Error(duck.error);
  return {
    floeFile, duckdbFile,
    copy: {
      floe: { ms: floeTime.ms, bytes: statSync(floeFile).size, rssKb: floe.rssKb },
      duckdb: { ms: duck.times[0], bytes: statSync(duckdbFile).size, rssKb: duck.rssKb },
    },
  };
}

/// Returns the number of Parquet files under a folder.
function countParquetFiles(dir) {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.parquet')).length;
}

/// Times issue 4's partitioned write: floe's INSERT into an Iceberg table partitioned by a day
/// column over 1,000 days against DuckDB's COPY ... (FORMAT parquet, PARTITION_BY (day)), zstd.
function writePartitioned(rows, dataDir, log) {
  const dir = path.join(dataDir, `partitioned-write-${rows}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`  writing ${rows} rows over 1,000 day partitions: floe INSERT vs DuckDB COPY PARTITION_BY ...`);
  const warehouse = path.join(dir, 'floe');
  const floe = runMeasured([FLOE, '--warehouse', warehouse, '-csv', '--timer',
    '-c', 'CREATE NAMESPACE w',
    '-c', 'CREATE TABLE w.t (id BIGINT, day DATE, v DECIMAL(20,1), s STRING) PARTITIONED BY (day)',
    '-c', `INSERT INTO w.t ${partitionedSelect(rows, 'floe')}`]);
  const statements = splitStatements(floe.stdout);
  if (floe.status !== 0 || statements.length !== 3) throw new Error(`floe INSERT failed: ${floe.stderr}`);
  const duckdbDir = path.join(dir, 'duckdb');
  const duck = runDuckdb({
    threads: 2, setup: [], runs: 1,
    sql: `COPY (${partitionedSelect(rows, 'duckdb')}) TO '${duckdbDir}' (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (day), OVERWRITE)`,
  });
  if (duck.error) throw new Error(duck.error);
  const result = {
    floe: { ms: statements[2].ms, files: countParquetFiles(warehouse), rssKb: floe.rssKb },
    duckdb: { ms: duck.times[0], files: countParquetFiles(duckdbDir), rssKb: duck.rssKb },
  };
  rmSync(dir, { recursive: true, force: true });
  return result;
}

function machine() {
  const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) ?? [])[1] ?? 'unknown';
  const free = spawnSync('free', ['-h'], { encoding: 'utf8' }).stdout.trim();
  const commit = spawnSync('git', ['-C', REPO, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['-C', REPO, 'status', '--porcelain', '--untracked-files=no', '--', 'src', 'tools'],
    { encoding: 'utf8' }).stdout.trim() !== '';
  return { nproc: os.cpus().length, cpu, free, commit, dirty, date: new Date().toISOString() };
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(MODULES, '@duckdb/node-api'))) {
    console.log('bench/run: skipped: DuckDB is not installed (run scripts/install-test-tools.sh)');
    return 0;
  }
  if (!existsSync(FLOE)) {
    console.log(`bench/run: skipped: no floe binary at ${FLOE} (run make)`);
    return 0;
  }
  const log = (s) => console.log(s);
  const dataDir = path.join(BENCH_DIR, 'data');
  const report = { machine: machine(), options, workloads: [] };
  let failures = 0;
  const threadCounts = [1, 2];

  for (const name of options.workloads) {
    const workload = WORKLOADS[name];
    const rows = options.scale ?? (options.quick ? workload.scale.quick : workload.scale.full);
    log(`workload ${name}: ${rows} rows, ${options.runs} counted runs after a warm-up`);
    const entry = { name, rows, queries: [], generateSeconds: null, copy: null };
    let warehouse = path.join(dataDir, 'scratch');
    let setup = [];
    const substitutions = { '{{ROWS}}': String(rows) };
    if (workload.generator) {
      const g = generate(name, workload, rows, dataDir, log);
      warehouse = g.warehouse;
      entry.generateSeconds = g.seconds;
      setup = duckdbViews(warehouse, workload.tables);
    }
    mkdirSync(warehouse, { recursive: true });
    if (name === 'parquet') {
      const files = writeParquetFiles(rows, dataDir, log);
      entry.copy = files.copy;
      entry.partitionedWrite = writePartitioned(rows, dataDir, log);
      substitutions['{{FLOE_FILE}}'] = files.floeFile;
      substitutions['{{DUCKDB_FILE}}'] = files.duckdbFile;
    }
    // Pruning settings only change Iceberg table scans.
    const settings = workload.generator ? FLOE_SETTINGS : FLOE_SETTINGS.slice(0, 1);
    const fill = (sql) => Object.entries(substitutions).reduce((s, [k, v]) => s.replaceAll(k, v), sql);

    for (const query of workload.queries) {
      const result = {
        name: query.name, sql: fill(query.sql), runs: [], mismatch: null,
        idealPartitions: query.ideal ? floeCount(warehouse, query.ideal) : null,
      };
      let reference = null;
      for (const threads of threadCounts) {
        const attempts = [
          ...settings.map((s) => ({ engine: s.name, run: () => runFloe({ warehouse, threads, sets: s.sets, sql: fill(query.sql), runs: options.runs }) })),
          { engine: 'duckdb', run: () => runDuckdb({ threads, setup, sql: fill(query.duckdb ?? query.sql), runs: options.runs }) },
        ];
        for (const a of attempts) {
          const r = a.run();
          if (r.error) {
            failures++;
            result.runs.push({ engine: a.engine, threads, error: r.error });
            log(`  FAIL ${query.name} ${a.engine} t${threads}: ${r.error}`);
            continue;
          }
          const key = answerKey(r.rows);
          if (reference === null) reference = { engine: a.engine, threads, key, count: r.rows.length };
          else if (key !== reference.key) {
            failures++;
            result.mismatch = `${a.engine} t${threads} returned ${r.rows.length} rows unlike ${reference.engine} t${reference.threads} (${reference.count} rows)`;
            log(`  MISMATCH ${query.name}: ${result.mismatch}`);
            const only = (a, b) => { const s = new Set(b.split('\n')); return a.split('\n').filter((x) => !s.has(x)).slice(0, 3); };
            log(`    e.g. rows only in ${reference.engine}: ${JSON.stringify(only(reference.key, key))}`);
            log(`    e.g. rows only in ${a.engine}: ${JSON.stringify(only(key, reference.key))}`);
          }
          result.runs.push({
            engine: a.engine, threads, medianMs: median(r.times), minMs: Math.min(...r.times),
            maxMs: Math.max(...r.times), rssKb: r.rssKb, scan: r.scan, rows: r.rows.length,
          });
        }
      }
      const summary = result.runs.filter((x) => x.threads === 2 && !x.error)
        .map((x) => `${x.engine} ${x.medianMs.toFixed(1)}ms`).join(', ');
      log(`  ${query.name}: ${reference ? reference.count : '?'} rows, agree=${!result.mismatch}; t2: ${summary}`);
      entry.queries.push(result);
    }
    report.workloads.push(entry);
  }

  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, options.quick ? 'results-quick.json' : 'results.json'), JSON.stringify(report, null, 2));
  const out = options.out ?? (options.quick ? path.join(dataDir, 'RESULTS-quick.md') : path.join(BENCH_DIR, 'RESULTS.md'));
  const chart = out.replace(/\.md$/, '.png');
  writeChart(report, chart);
  writeFileSync(out, renderResults(report, path.basename(chart)));
  log(`wrote ${path.relative(REPO, out)} and ${path.relative(REPO, chart)}`);
  if (failures) log(`bench/run: ${failures} failure(s): answers differ or a query failed`);
  return failures ? 1 : 0;
}

process.exitCode = main();
