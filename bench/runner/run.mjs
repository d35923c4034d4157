// The side-by-side benchmark runner (issue 5): generates each workload's data with floe SQL,
// runs every query in floe (all pruning / dynamic pruning off / all pruning off) and in DuckDB
// on the same Parquet files, threads 1 and 2, a warm-up then N counted runs each, checks that
// every engine and setting returned the same rows, and writes RESULTS.md plus a PNG chart.
// Usage: bench/run [--quick] [--scale N] [--workload star|clickstream|ssb|engine|parquet|nested|deletes|all]
//                  [--runs N] [--pairs N] [--threads 1,2] [--out FILE.md] [--no-scaling] [--no-planning]
// Full runs measure threads 1 and 2, but SSB at 2 only (its 2,406 files make each query take
// seconds in both engines; at both thread counts make bench would not fit its 20 minutes);
// --threads sets the thread counts of every workload.
// --scale is CALL system.generate's scale for generated workloads (millions of fact rows; the
// SSB scale factor for ssb) and a row count for engine and parquet.
// --pairs N: how many alternating pairs a workload's paired ratios take (the deletes workload's
// bar: 150 in a full run, 5 in a quick one).
// Exits 1 when any two answers differ or a query fails; timings are never asserted.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR, FLOE, MODULES, REPO } from './bench_env.mjs';
import { runPlanning } from './planning_bench.mjs';
import { RUN_TIME_LINE, buildAndMachine, floeTimed, median, runDuckdbChild, runMeasured } from './process_measure.mjs';
import { SCALING, WORKLOADS, deletesSelect, nestedSelect, partitionedSelect, sixColumnSelect } from './workloads.mjs';
import { writeChart } from './chart.mjs';
import { renderResults } from './results_markdown.mjs';

const FLOE_SETTINGS = [
  { name: 'floe', sets: [] },
  { name: 'floe no-DPP', sets: ['SET spark.sql.optimizer.dynamicPartitionPruning.enabled = false'] },
  {
    name: 'floe no-pruning',
    sets: ['SET spark.sql.optimizer.dynamicPartitionPruning.enabled = false',
      'SET floe.pruning.enabled = false'],
  },
];

const SPARK_POLICY_SETTING = { name: 'floe spark policy', sets: ["SET floe.dynamic_pruning.policy = 'spark'"] };

function parseArgs(argv) {
  const options = { quick: false, scale: null, workloads: null, runs: null, pairs: null, out: null, scaling: true, planning: true, threads: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') options.quick = true;
    else if (a === '--scale') options.scale = Number(argv[++i]);
    else if (a === '--workload') options.workloads = argv[++i];
    else if (a === '--runs') options.runs = Number(argv[++i]);
    else if (a === '--pairs') {
      options.pairs = Number(argv[++i]);
      if (!Number.isInteger(options.pairs) || options.pairs < 1) throw new Error('bench/run: --pairs takes a count such as 150');
    }
    else if (a === '--out') options.out = argv[++i];
    else if (a === '--no-scaling') options.scaling = false;
    else if (a === '--no-planning') options.planning = false;
    else if (a === '--threads') {
      options.threads = argv[++i].split(',').map(Number);
      if (!options.threads.length || options.threads.some((t) => !Number.isInteger(t) || t < 1)) {
        throw new Error('bench/run: --threads takes thread counts such as 1,2');
      }
    }
    else throw new Error(`bench/run: unknown argument ${a}`);
  }
  const names = !options.workloads || options.workloads === 'all'
    ? Object.keys(WORKLOADS) : options.workloads.split(',');
  for (const n of names) if (!WORKLOADS[n]) throw new Error(`bench/run: no workload ${n}`);
  options.workloads = names;
  options.runs ??= options.quick ? 1 : 3;
  return options;
}

/// Splits floe's -csv --timer output into one { text, ms } per statement.
function splitStatements(stdout) {
  const out = [];
  let text = [];
  for (const line of stdout.split('\n')) {
    const m = RUN_TIME_LINE.exec(line);
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

/// Runs statements in one floe process; returns each one's rows as text fields (null for all
/// when the process failed).
function floeStatements(warehouse, sets, sqls) {
  const args = ['--warehouse', warehouse, '-csv', '--timer'];
  for (const s of sets) args.push('-c', s);
  for (const sql of sqls) args.push('-c', sql);
  const r = spawnSync(FLOE, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  const statements = splitStatements(r.stdout ?? '');
  if (r.status !== 0 || statements.length !== sets.length + sqls.length) return sqls.map(() => null);
  return statements.slice(sets.length).map((st) => parseCsv(st.text.trim()).slice(1));
}

/// Returns the FROM ... WHERE part of a query (up to GROUP BY, ORDER BY or LIMIT).
function fromWhere(sql) {
  const from = sql.search(/\bfrom\b/i);
  const rest = sql.slice(from);
  const end = rest.search(/\b(group\s+by|order\s+by|limit)\b/i);
  return end < 0 ? rest : rest.slice(0, end);
}

/// Returns the query that finds the ideal scan of a query's fact table: the partitions holding
/// rows the query keeps, and the files and bytes of those partitions (its files metadata table).
function idealSql(fact, sql) {
  const keys = `SELECT DISTINCT ${fact.partition} AS p ${fromWhere(sql)}`;
  return `SELECT count(DISTINCT k.p), count(*), coalesce(sum(f.file_size_in_bytes), 0)
FROM ${fact.table}.files f JOIN (${keys}) k ON f.partition.${fact.field} = k.p`;
}

/// Returns the ideal scans of queries (null where there is no fact table), in one floe process.
function idealScans(warehouse, sets, facts, sqls) {
  const wanted = sqls.map((sql, i) => (facts[i] ? idealSql(facts[i], sql) : null));
  const results = floeStatements(warehouse, sets, wanted.filter(Boolean));
  let next = 0;
  return wanted.map((w) => {
    if (!w) return null;
    const rows = results[next++];
    if (!rows || rows.length !== 1) return null;
    const [partitions, files, bytes] = rows[0].map(Number);
    return { partitions, files, bytes };
  });
}

/// Runs a query in DuckDB in a child process: setup statements, one warm-up, `runs` counted.
function runDuckdb({ threads, setup, sql, runs }) {
  const r = runDuckdbChild({ threads, setup, query: sql, warmups: 1, runs });
  if (r.status !== 0) return { error: `duckdb exited ${r.status}: ${r.stderr.trim().slice(0, 400)}` };
  const out = r.result;
  return { times: out.times_ms, rssKb: r.rssKb, columns: out.columns, rows: out.rows, scan: null };
}

/// Runs all of a workload's queries in one floe process (the quick run: no warm-up, no
/// per-query memory), `runs` times each, then reads each query's scan metrics from
/// system.scans; returns one result per query, or null when the process failed (the caller
/// then runs the queries one by one to find the failing one).
function runFloeBatch({ warehouse, threads, sets, sqls, runs }) {
  const args = [FLOE, '--warehouse', warehouse, '-csv', '--timer', '--threads', String(threads)];
  for (const s of sets) args.push('-c', s);
  for (const sql of sqls) for (let i = 0; i < runs; i++) args.push('-c', sql);
  args.push('-c', 'SELECT query_id, scan_index, metric, value FROM system.scans ORDER BY query_id, scan_index');
  const r = runMeasured(args);
  const statements = splitStatements(r.stdout);
  if (r.status !== 0 || statements.length !== sets.length + sqls.length * runs + 1) return null;
  // Query ids count up from 1 in a fresh process, one per SELECT run.
  const plans = new Map();
  for (const [id, scan, metric, value] of parseCsv(statements[statements.length - 1].text.trim()).slice(1)) {
    plans.set(Number(id), `${plans.get(Number(id)) ?? ''}scan ${scan}\n${metric}: ${value}\n`);
  }
  return sqls.map((_, q) => {
    const first = sets.length + q * runs;
    const counted = statements.slice(first, first + runs);
    const rows = parseCsv(counted[0].text.replace(/\n$/, ''));
    return {
      times: counted.map((s) => s.ms), rssKb: null, columns: rows[0], rows: rows.slice(1),
      scan: factScanMetrics(plans.get(q * runs + 1) ?? ''),
    };
  });
}

/// Returns the quartiles of a non-empty list of numbers: [first, median, third].
function quartiles(xs) {
  const s = [...xs].sort((x, y) => x - y);
  return [s[Math.floor(s.length / 4)], median(s), s[Math.floor((3 * s.length) / 4)]];
}

/// Runs a workload's paired queries (workload.pairs): for each pair and thread count, one floe
/// process alternating the two queries `count` + 1 times (the first pair dropped: the warm-up);
/// returns per pair the medians of each query's times and the quartiles of the per-pair ratios
/// a / b, of wall clock and of CPU time (floe's own Run Time).
function runPairs({ warehouse, pairs, queries, threadCounts, count, fill, log, onFailure }) {
  const out = [];
  for (const pair of pairs.compare) {
    const sql = (name) => fill(queries.find((q) => q.name === name).sql);
    for (const threads of threadCounts) {
      const statements = [];
      for (let i = 0; i <= count; i++) statements.push(sql(pair.a), sql(pair.b));
      let r;
      try {
        r = floeTimed(warehouse, threads, statements);
        if (r.times.length !== statements.length) {
          throw new Error(`${r.times.length} timings for ${statements.length} statements`);
        }
      } catch (e) {
        log(`  FAIL ${pair.name} at ${threads} threads: ${e.message}`);
        onFailure();
        out.push({ ...pair, threads, error: String(e.message).slice(0, 400) });
        continue;
      }
      const a = r.times.filter((_, i) => i % 2 === 0).slice(1), b = r.times.filter((_, i) => i % 2 === 1).slice(1);
      const aCpu = r.cpuTimes.filter((_, i) => i % 2 === 0).slice(1), bCpu = r.cpuTimes.filter((_, i) => i % 2 === 1).slice(1);
      // (a pair whose second query took under the timer's millisecond has no ratio: left out)
      const ratios = (xs, ys) => xs.flatMap((x, i) => (ys[i] > 0 ? [x / ys[i]] : []));
      const real = ratios(a, b), cpu = ratios(aCpu, bCpu);
      const row = {
        ...pair, threads, pairs: a.length, aMs: median(a), bMs: median(b),
        real: real.length ? quartiles(real) : [NaN, NaN, NaN], cpu: cpu.length ? quartiles(cpu) : [NaN, NaN, NaN],
      };
      log(`  ${pair.name} at ${threads} threads, ${row.pairs} pairs: ${pair.a} / ${pair.b} ${row.real[1].toFixed(3)} real, ${row.cpu[1].toFixed(3)} CPU`);
      out.push(row);
    }
  }
  return out;
}

/// Runs all of a workload's queries in one DuckDB child process, with no warm-up (the quick
/// run); returns one result per query.
function runDuckdbBatch({ threads, setup, sqls, runs }) {
  const r = runDuckdbChild({ threads, setup, queries: sqls, warmups: 0, runs });
  if (r.status !== 0) return sqls.map(() => ({ error: `duckdb exited ${r.status}: ${r.stderr.trim().slice(0, 400)}` }));
  return r.result.map((o) => (o.error ? { error: `duckdb: ${o.error.slice(0, 400)}` }
    : { times: o.times_ms, rssKb: null, columns: o.columns, rows: o.rows, scan: null }));
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

/// Creates a workload's data with CALL system.generate (once per workload, scale, history and
/// floe binary: a rebuilt floe may write other files) and returns its warehouse folder, the
/// generation time and the tables' rows and files.
function generate(workload, scale, days, dataDir, log) {
  if (days === 1096) days = null;  // the default history: the same data as the main run's
  const warehouse = path.join(dataDir, `${workload}-s${scale}${days ? `-d${days}` : ''}`);
  const stamp = path.join(warehouse, '.generated');
  const binary = `${statSync(FLOE).size}:${statSync(FLOE).mtimeMs}`;
  if (existsSync(stamp)) {
    const info = JSON.parse(readFileSync(stamp, 'utf8'));
    if (info.binary === binary) return { warehouse, ...info };
  }
  rmSync(warehouse, { recursive: true, force: true });
  mkdirSync(warehouse, { recursive: true });
  const call = `CALL system.generate(workload => '${workload}', scale => ${scale}${days ? `, days => ${days}` : ''})`;
  log(`  ${call} ...`);
  const start = performance.now();
  const r = spawnSync(FLOE, ['--warehouse', warehouse, '-csv', '-c', call], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`floe ${call} failed: ${(r.stderr || r.stdout).trim()}`);
  const seconds = (performance.now() - start) / 1000;
  const tables = parseCsv(r.stdout.trim()).slice(1).map(([table, rows, files]) => ({ table, rows: Number(rows), files: Number(files) }));
  const info = { seconds, call, tables, binary };
  writeFileSync(stamp, JSON.stringify(info));
  return { warehouse, ...info };
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

/// Writes the parquet workload's file (or the nested workload's) with floe's COPY and
/// DuckDB's COPY (zstd), timing each.
function writeParquetFiles(rows, dataDir, log, nested = false) {
  const dir = path.join(dataDir, `${nested ? 'nested' : 'parquet'}-${rows}`);
  mkdirSync(dir, { recursive: true });
  const floeFile = path.join(dir, 'floe.parquet');
  const duckdbFile = path.join(dir, 'duckdb.parquet');
  const what = nested ? 'nested (STRUCT<INT, STRING, DOUBLE>, ARRAY<BIGINT>)' : '6-column';
  const select = nested ? nestedSelect : sixColumnSelect;
  log(`  writing the ${rows}-row ${what} file with floe COPY and DuckDB COPY (zstd) ...`);
  const floe = runMeasured([FLOE, '--warehouse', dir, '-csv', '--timer', '-c',
    `COPY (${select(rows, 'floe')}) TO '${floeFile}' (FORMAT parquet, COMPRESSION zstd)`]);
  const floeTime = splitStatements(floe.stdout)[0];
  if (floe.status !== 0 || !floeTime) throw new Error(`floe COPY failed: ${floe.stderr}`);
  const duck = runDuckdb({
    threads: 2, setup: [], runs: 1,
    sql: `COPY (${select(rows, 'duckdb')}) TO '${duckdbFile}' (FORMAT parquet, COMPRESSION zstd)`,
  });
  if (duck.error) throw new Error(duck.error);
  return {
    floeFile, duckdbFile,
    copy: {
      what: nested ? 'the nested file (STRUCT<INT, STRING, DOUBLE>, ARRAY<BIGINT> of 5 elements on average)'
        : 'the 6-column file (ints, doubles, strings, timestamps)',
      floe: { ms: floeTime.ms, bytes: statSync(floeFile).size, rssKb: floe.rssKb },
      duckdb: { ms: duck.times[0], bytes: statSync(duckdbFile).size, rssKb: duck.rssKb },
    },
  };
}

/// Makes the deletes workload's two v3 tables (once per scale): b.dv, whose DELETE of 10%
/// of the rows writes deletion vectors, and b.removed, the same surviving rows inserted alone.
function writeDeletesTables(rows, dataDir, log) {
  const warehouse = path.join(dataDir, `deletes-${rows}`);
  const removedData = path.join(warehouse, 'b', 'removed', 'data');
  const dvData = path.join(warehouse, 'b', 'dv', 'data');
  if (existsSync(removedData)) return { warehouse, removedData, dvData };
  rmSync(warehouse, { recursive: true, force: true });
  log(`  writing the deletes workload's tables (${rows} rows, 10% deleted by deletion vectors) ...`);
  const v3 = "TBLPROPERTIES ('format-version' = '3', 'write.delete.mode' = 'merge-on-read')";
  const floe = runMeasured([FLOE, '--warehouse', warehouse, '-csv', '--timer',
    '-c', 'CREATE NAMESPACE b',
    '-c', `CREATE TABLE b.dv (id BIGINT, v DOUBLE, s STRING) ${v3}`,
    '-c', `INSERT INTO b.dv ${deletesSelect(rows)}`,
    '-c', 'DELETE FROM b.dv WHERE id % 10 = 3',
    '-c', `CREATE TABLE b.removed (id BIGINT, v DOUBLE, s STRING) ${v3}`,
    '-c', `INSERT INTO b.removed ${deletesSelect(rows, ' WHERE id % 10 <> 3')}`]);
  if (floe.status !== 0) throw new Error(`floe failed to write the deletes tables: ${floe.stderr}`);
  return { warehouse, removedData, dvData };
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
  const { commit, dirty, cpu } = buildAndMachine(['src', 'tools']);
  const free = spawnSync('free', ['-h'], { encoding: 'utf8' }).stdout.trim();
  return { nproc: os.cpus().length, cpu, free, commit, dirty, date: new Date().toISOString() };
}

/// Runs one query in every engine and setting at each thread count, checks that the answers
/// agree, and returns its result entry; `onFailure` counts failures.
function runQuery({ query, warehouse, floeSets, settings, duckSetup, duckTableSetup = null, threadCounts, runs, fill, log, onFailure, cached = null }) {
  const result = { name: query.name, sql: fill(query.sql), runs: [], mismatch: null };
  let reference = null;
  for (const threads of threadCounts) {
    const attempts = [
      ...settings.map((s) => ({ engine: s.name, run: () => runFloe({ warehouse, threads, sets: [...floeSets, ...s.sets], sql: fill(query.sql), runs }) })),
      { engine: 'duckdb', run: () => runDuckdb({ threads, setup: duckSetup, sql: fill(query.duckdb ?? query.sql), runs }) },
      ...(duckTableSetup ? [{
        engine: 'duckdb table',
        run: () => runDuckdb({ threads, setup: duckTableSetup, sql: fill(query.duckdb ?? query.sql), runs }),
      }] : []),
    ];
    for (const a of attempts) {
      const r = (cached && cached(a.engine, threads)) ?? a.run();
      if (r.error) {
        onFailure();
        result.runs.push({ engine: a.engine, threads, error: r.error });
        log(`  FAIL ${query.name} ${a.engine} t${threads}: ${r.error}`);
        continue;
      }
      const key = answerKey(r.rows);
      if (reference === null) reference = { engine: a.engine, threads, key, count: r.rows.length };
      else if (key !== reference.key) {
        onFailure();
        result.mismatch = `${a.engine} t${threads} returned ${r.rows.length} rows unlike ${reference.engine} t${reference.threads} (${reference.count} rows)`;
        log(`  MISMATCH ${query.name}: ${result.mismatch}`);
        const only = (x, y) => { const set = new Set(y.split('\n')); return x.split('\n').filter((v) => !set.has(v)).slice(0, 3); };
        log(`    e.g. rows only in ${reference.engine}: ${JSON.stringify(only(reference.key, key))}`);
        log(`    e.g. rows only in ${a.engine}: ${JSON.stringify(only(key, reference.key))}`);
      }
      result.runs.push({
        engine: a.engine, threads, medianMs: median(r.times), minMs: Math.min(...r.times),
        maxMs: Math.max(...r.times), rssKb: r.rssKb, scan: r.scan, rows: r.rows.length,
      });
    }
  }
  result.rowCount = reference ? reference.count : null;
  const last = threadCounts[threadCounts.length - 1];
  const summary = result.runs.filter((x) => x.threads === last && !x.error)
    .map((x) => `${x.engine} ${x.medianMs.toFixed(1)}ms`).join(', ');
  log(`  ${query.name}: ${reference ? reference.count : '?'} rows, agree=${!result.mismatch}; t${last}: ${summary}`);
  return result;
}

/// Returns the floe statements and DuckDB setup that make a generated workload's queries run.
function sessionSetup(workload, warehouse) {
  const floeSets = workload.use ? [`USE ${workload.use}`] : [];
  const duckSetup = duckdbViews(warehouse, workload.tables);
  if (workload.use) duckSetup.push(`USE ${workload.use}`);
  // DuckDB's own tables: the same rows loaded into its in-memory database (not timed)
  const duckTableSetup = workload.duckdbTables
    ? duckSetup.map((s) => s.replace(/^CREATE VIEW /, 'CREATE TABLE ')) : null;
  return { floeSets, duckSetup, duckTableSetup };
}

/// The scaling runs: seed 000's and 002's queries over datasets of growing size and history,
/// floe (all pruning) against DuckDB at 2 threads; returns one row per point and query.
function runScaling(options, dataDir, log, onFailure) {
  const rows = [];
  for (const [name, queryNames] of Object.entries(SCALING.queries)) {
    const workload = WORKLOADS[name];
    for (const point of SCALING.points) {
      log(`scaling ${name}: ${point.name}`);
      const g = generate(workload.generate.workload, point.scale, point.days, dataDir, log);
      const { floeSets, duckSetup } = sessionSetup(workload, g.warehouse);
      const fact = workload.fact;
      const factTable = g.tables.find((t) => t.table === fact.table);
      for (const qn of queryNames) {
        const query = workload.queries.find((q) => q.name === qn);
        const r = runQuery({
          query, warehouse: g.warehouse, floeSets, settings: FLOE_SETTINGS.slice(0, 1), duckSetup,
          threadCounts: [2], runs: 3, fill: (x) => x, log, onFailure,
        });
        rows.push({
          workload: name, point: point.name, days: point.days, query: qn,
          factRows: factTable ? factTable.rows : null, factFiles: factTable ? factTable.files : null,
          ideal: idealScans(g.warehouse, floeSets, [query.fact ?? fact], [query.ideal ?? query.sql])[0],
          floe: r.runs.find((x) => x.engine === 'floe' && !x.error) ?? null,
          duckdb: r.runs.find((x) => x.engine === 'duckdb' && !x.error) ?? null,
          mismatch: r.mismatch,
        });
      }
    }
  }
  return rows;
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
  const started = performance.now();
  const dataDir = path.join(BENCH_DIR, 'data', options.quick ? 'quick' : 'full');
  const report = { machine: machine(), options, workloads: [], scaling: null };
  let failures = 0;
  const onFailure = () => { failures++; };
  // The quick run checks answers, not timings: one thread count keeps it under two minutes.
  const defaultThreads = options.quick ? [2] : [1, 2];

  for (const name of options.workloads) {
    const workload = WORKLOADS[name];
    const scale = options.scale ?? (workload.generate
      ? (options.quick ? workload.generate.scale.quick : workload.generate.scale.full)
      : (options.quick ? workload.scale.quick : workload.scale.full));
    log(`workload ${name}: scale ${scale}, ${options.runs} counted runs after a warm-up`);
    const threadCounts = options.threads ?? (options.quick ? defaultThreads : (workload.fullThreads ?? defaultThreads));
    const entry = { name, scale, rows: null, queries: [], generate: null, copy: null, threads: threadCounts };
    let warehouse = path.join(dataDir, 'scratch');
    let floeSets = [];
    let duckSetup = [];
    let duckTableSetup = null;
    const substitutions = { '{{ROWS}}': String(scale) };
    if (workload.generate) {
      const g = generate(workload.generate.workload, scale, null, dataDir, log);
      warehouse = g.warehouse;
      entry.generate = { seconds: g.seconds, call: g.call, tables: g.tables };
      ({ floeSets, duckSetup, duckTableSetup } = sessionSetup(workload, warehouse));
      entry.factTable = workload.fact ? workload.fact.table : null;
    } else {
      entry.rows = scale;
    }
    if (name === 'deletes') {
      const tables = writeDeletesTables(scale, dataDir, log);
      warehouse = tables.warehouse;
      substitutions['{{REMOVED_DATA}}'] = tables.removedData;
      substitutions['{{DV_DATA}}'] = tables.dvData;
    }
    mkdirSync(warehouse, { recursive: true });
    if (name === 'parquet' || name === 'nested') {
      const files = writeParquetFiles(scale, dataDir, log, name === 'nested');
      entry.copy = files.copy;
      if (name === 'parquet') entry.partitionedWrite = writePartitioned(scale, dataDir, log);
      substitutions['{{FLOE_FILE}}'] = files.floeFile;
      substitutions['{{DUCKDB_FILE}}'] = files.duckdbFile;
    }
    // Pruning settings only change Iceberg table scans; a workload may also run floe under
    // floe.dynamic_pruning.policy = 'spark' (Spark's own DPP decisions).
    const settings = workload.generate
      ? [...FLOE_SETTINGS, ...(workload.sparkPolicy ? [SPARK_POLICY_SETTING] : [])] : FLOE_SETTINGS.slice(0, 1);
    const fill = (sql) => Object.entries(substitutions).reduce((s, [k, v]) => s.replaceAll(k, v), sql);
    // The quick run batches each engine's queries into one process per setting and thread count.
    const batches = new Map();
    if (options.quick) {
      const sqls = workload.queries.map((q) => fill(q.sql));
      for (const threads of threadCounts) {
        for (const s of settings) {
          batches.set(`${s.name}/${threads}`, runFloeBatch({ warehouse, threads, sets: [...floeSets, ...s.sets], sqls, runs: options.runs }));
        }
        batches.set(`duckdb/${threads}`, runDuckdbBatch({
          threads, setup: duckSetup, sqls: workload.queries.map((q) => fill(q.duckdb ?? q.sql)), runs: options.runs,
        }));
        if (duckTableSetup) {
          batches.set(`duckdb table/${threads}`, runDuckdbBatch({
            threads, setup: duckTableSetup, sqls: workload.queries.map((q) => fill(q.duckdb ?? q.sql)), runs: options.runs,
          }));
        }
      }
    }
    const ideals = idealScans(warehouse, floeSets, workload.queries.map((q) => q.fact ?? workload.fact),
      workload.queries.map((q) => fill(q.ideal ?? q.sql)));
    for (const [index, query] of workload.queries.entries()) {
      const cached = (engine, threads) => {
        const batch = batches.get(`${engine}/${threads}`);
        return batch ? batch[index] : null;
      };
      const result = runQuery({
        query, warehouse, floeSets, settings, duckSetup, duckTableSetup, threadCounts, runs: options.runs, fill, log,
        onFailure, cached,
      });
      result.ideal = ideals[index];
      entry.queries.push(result);
    }
    if (workload.pairs) {
      log(`  alternating pairs of queries in one process`);
      entry.pairs = runPairs({
        warehouse, pairs: workload.pairs, queries: workload.queries, threadCounts, fill, log, onFailure,
        count: options.pairs ?? (options.quick ? workload.pairs.count.quick : workload.pairs.count.full),
      });
      entry.pairsBar = workload.pairs.bar;
    }
    report.workloads.push(entry);
  }

  const scalingWanted = !options.quick && options.scaling && !options.scale &&
    Object.keys(SCALING.queries).some((w) => options.workloads.includes(w));
  if (scalingWanted) report.scaling = runScaling(options, dataDir, log, onFailure);
  // Planning at 10,960 files (issue 6): full runs of every workload only.
  if (!options.quick && options.planning && !options.scale && options.workloads.length === Object.keys(WORKLOADS).length) {
    report.planning = runPlanning({ floe: FLOE, dataDir, log, median, runDuckdb });
    for (const p of report.planning) {
      if (!p.agree) {
        log(`  FAIL planning ${p.table}: floe ${p.floeRow} and DuckDB ${p.duckRow} differ`);
        onFailure();
      }
    }
  }
  report.elapsedSeconds = (performance.now() - started) / 1000;

  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'results.json'), JSON.stringify(report, null, 2));
  const out = options.out ?? (options.quick ? path.join(dataDir, 'RESULTS-quick.md') : path.join(BENCH_DIR, 'RESULTS.md'));
  const chart = out.replace(/\.md$/, '.png');
  writeChart(report, chart);
  writeFileSync(out, renderResults(report, path.basename(chart)));
  log(`wrote ${path.relative(REPO, out)} and ${path.relative(REPO, chart)} in ${report.elapsedSeconds.toFixed(0)} s`);
  if (failures) log(`bench/run: ${failures} failure(s): answers differ or a query failed`);
  return failures ? 1 : 0;
}

process.exitCode = main();
