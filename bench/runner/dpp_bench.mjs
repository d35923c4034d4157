// Issue 19's dynamic pruning costs and reach, each DPP on against DPP off in the same run:
// - no-prune: a join whose runtime filter prunes nothing (every build key joins), so what
//   DPP costs is all there is to see; the bar is under 5% of the query's time. Two build
//   sides: 10M distinct keys (above floe.dynamic_pruning.max_values: a range and a Bloom
//   filter) and 1M (an exact list, the most the default lists), the 1M also as strings.
// - build-key pass: the time the join spends collecting its keys for the filter (the scan's
//   'runtime filter ... build-key pass' metric) against the query's; the bar is under 10%.
// - mondays: the Mondays of 2025 over a 3-year table of daily partitions, keyed by 10,712
//   distinct instants: files read against the ideal (the days that hold the keys).
// Usage: node bench/runner/dpp_bench.mjs [--scale N] [--runs N] [--threads T] [--out FILE.md]
// (--scale divides the table sizes; --out - writes no file)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR } from './bench_env.mjs';
import { buildAndMachine, floeTimed, median, msRange } from './process_measure.mjs';

function parseArgs(argv) {
  const o = { scale: 1, runs: 5, threads: 2, out: path.join(BENCH_DIR, 'DPP_COST_RESULTS.md') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--scale') o.scale = Number(argv[++i]);
    else if (a === '--runs') o.runs = Number(argv[++i]);
    else if (a === '--threads') o.threads = Number(argv[++i]);
    else if (a === '--out') o.out = argv[++i];
    else throw new Error(`dpp_bench: unknown argument ${a}`);
  }
  return o;
}

const OFF = 'SET spark.sql.optimizer.dynamicPartitionPruning.enabled = false';
const ON = 'SET spark.sql.optimizer.dynamicPartitionPruning.enabled = true';

function main() {
  const o = parseArgs(process.argv.slice(2));
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const loadBefore = load();
  const dir = path.join(os.tmpdir(), `floe-dpp-bench-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const wh = path.join(dir, 'wh');
  const n = (x) => Math.max(1, Math.floor(x / o.scale));
  const fact = n(20_000_000), big = n(10_000_000), small = n(1_000_000);
  floeTimed(wh, o.threads, [
    'CREATE NAMESPACE b',
    'CREATE TABLE b.fact_big (k BIGINT, v BIGINT) USING iceberg PARTITIONED BY (bucket(16, k))',
    `INSERT INTO b.fact_big SELECT id % ${big}, id FROM range(${fact})`,
    'CREATE TABLE b.dim_big (k BIGINT, x INT) USING iceberg',
    `INSERT INTO b.dim_big SELECT id, CAST(id % 7 AS INT) FROM range(${big})`,
    'CREATE TABLE b.fact_small (k BIGINT, v BIGINT) USING iceberg PARTITIONED BY (bucket(16, k))',
    `INSERT INTO b.fact_small SELECT id % ${small}, id FROM range(${fact})`,
    'CREATE TABLE b.dim_small (k BIGINT, x INT) USING iceberg',
    `INSERT INTO b.dim_small SELECT id, CAST(id % 7 AS INT) FROM range(${small})`,
    // the same keys as strings ('customer-0' ...): a list of strings, sorted by their bytes
    'CREATE TABLE b.fact_str (k STRING, v BIGINT) USING iceberg PARTITIONED BY (bucket(16, k))',
    `INSERT INTO b.fact_str SELECT concat('customer-', CAST(id % ${small} AS STRING)), id FROM range(${fact})`,
    'CREATE TABLE b.dim_str (k STRING, x INT) USING iceberg',
    `INSERT INTO b.dim_str SELECT concat('customer-', CAST(id AS STRING)), CAST(id % 7 AS INT) FROM range(${small})`,
    // an event every minute for 1,096 days from 2024-01-01 UTC; instants every 7 minutes on
    // the Mondays of 2025 (from 2025-01-06, a Monday)
    "SET TIME ZONE 'UTC'",
    'CREATE TABLE b.events (id BIGINT, ts TIMESTAMP) USING iceberg PARTITIONED BY (days(ts))',
    `INSERT INTO b.events SELECT id, timestamp_seconds(1704067200 + id * 60 * ${o.scale}) FROM range(${n(1_578_240)})`,
    'CREATE TABLE b.moments (ts TIMESTAMP, day_of_week STRING) USING iceberg',
    "INSERT INTO b.moments SELECT ts, date_format(ts, 'EEEE') FROM (SELECT timestamp_seconds(1736121600 + id * 420) AS ts " +
      "FROM range(74100)) WHERE ts < TIMESTAMP '2026-01-01 00:00:00'",
  ]);
  const queries = {
    'no-prune, 10M build keys (range and Bloom filter)':
      'SELECT count(*), sum(f.v) FROM b.fact_big f JOIN b.dim_big d ON f.k = d.k WHERE d.x < 7',
    'no-prune, 1M build keys (exact list)':
      'SELECT count(*), sum(f.v) FROM b.fact_small f JOIN b.dim_small d ON f.k = d.k WHERE d.x < 7',
    'no-prune, 1M string build keys (exact list)':
      'SELECT count(*), sum(f.v) FROM b.fact_str f JOIN b.dim_str d ON f.k = d.k WHERE d.x < 7',
    'mondays of 2025, 10,712 build keys':
      "SELECT count(*), count(DISTINCT CAST(e.ts AS DATE)) FROM b.events e JOIN b.moments m ON e.ts = m.ts WHERE m.day_of_week = 'Monday'",
  };
  const results = [];
  for (const [name, q] of Object.entries(queries)) {
    const times = { on: [], off: [] };
    const cpu = { on: [], off: [] };
    const answers = new Set();
    let pass = '', files = '';
    for (let run = 0; run < o.runs; run++) {
      for (const mode of run % 2 ? ['off', 'on'] : ['on', 'off']) {
        // a warm-up, then the counted run; with DPP on, the scan's metrics after it
        const statements = ["SET TIME ZONE 'UTC'", mode === 'on' ? ON : OFF, q, q];
        if (mode === 'on') {
          statements.push("SELECT value FROM last_scan() WHERE metric LIKE '%build-key pass'");
          statements.push(q, "SELECT value FROM last_scan() WHERE metric = 'data files' AND table_name NOT LIKE '%dim%' AND table_name NOT LIKE '%moments%'");
        }
        const r = floeTimed(wh, o.threads, statements);
        times[mode].push(r.times[3]);  // SET, SET, warm-up, counted
        cpu[mode].push(r.cpuTimes[3]);
        answers.add(r.stdout.split('\n').find((l) => /^[0-9]+,[0-9]+$/.test(l)));
        if (mode === 'on') {
          const values = r.stdout.split('\n');
          const header = values.reduce((acc, l, i) => (l === 'value' ? [...acc, i] : acc), []);
          pass = values[header[0] + 1] ?? '';
          files = (values[header[1] + 1] ?? '').replace(/"/g, '');
        }
      }
    }
    // Then both settings alternating in one process (which of the two first alternates too),
    // a warm-up of each first: the median of the per-round ratios, which the differences
    // between processes (their spread is often wider than the effect) do not reach.
    const rounds = o.runs + 2;
    const statements = ["SET TIME ZONE 'UTC'", ON, q, OFF, q];
    for (let round = 0; round < rounds; round++) {
      statements.push(...(round % 2 ? [OFF, q, ON, q] : [ON, q, OFF, q]));
    }
    const alternating = floeTimed(wh, o.threads, statements);
    const ratios = [];
    for (let round = 0; round < rounds; round++) {
      const at = 5 + 4 * round;  // the round's first query is statement at + 1
      const [first, second] = [alternating.times[at + 1], alternating.times[at + 3]];
      ratios.push(round % 2 ? second / first : first / second);  // DPP on over off
    }
    if (answers.size !== 1) throw new Error(`dpp_bench: DPP on and off disagree on ${name}: ${[...answers].join(' / ')}`);
    const on = median(times.on), off = median(times.off);
    const cpuOn = median(cpu.on), cpuOff = median(cpu.off);
    results.push({ name, q, on: times.on, off: times.off, cost: on / off - 1, cpuOn: cpu.on, cpuOff: cpu.off,
      cpuCost: cpuOn / cpuOff - 1, pass, passMs: parseFloat(pass), files, answer: [...answers][0],
      ratio: median(ratios), ratios, rounds });
    console.log(`${name}: on ${on.toFixed(0)} ms, off ${off.toFixed(0)} ms (CPU ${cpuOn.toFixed(0)} / ` +
      `${cpuOff.toFixed(0)} ms), in one process on / off ${median(ratios).toFixed(3)}, build-key pass ${pass}, files ${files}`);
  }
  rmSync(dir, { recursive: true, force: true });
  const loadAfter = load();
  const { commit, dirty, cpu } = buildAndMachine();
  const lines = [
    '# Dynamic partition pruning: its cost when it prunes nothing, the build-key pass, and many keys',
    '',
    `Written by \`node bench/runner/dpp_bench.mjs --scale ${o.scale} --runs ${o.runs} --threads ${o.threads}\`.`,
    '',
    `- date: ${new Date().toISOString()}`,
    `- commit: ${commit}${dirty ? ' (with uncommitted changes under src/)' : ''}`,
    `- machine: ${os.cpus().length} cores (\`nproc\`), ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM;` +
      ` shared (load average ${loadBefore} before, ${loadAfter} after)`,
    `- tables: fact_big, fact_small and fact_str ${fact.toLocaleString('en-US')} rows each, partitioned by bucket(16, k), every key ` +
      `in dim_big (${big.toLocaleString('en-US')} distinct), dim_small (${small.toLocaleString('en-US')}) or dim_str (the same ` +
      `${small.toLocaleString('en-US')} as strings, 'customer-0' ...); events: ` +
      `${n(1_578_240).toLocaleString('en-US')} rows over 1,096 daily partitions (days(ts)); moments: every 7 minutes of 2025 from its first Monday`,
    `- each cell: ${o.runs} floe processes per setting, alternating; in each a warm-up run, then the counted one (floe's own \`Run Time\`); ` +
      '"off" is `spark.sql.optimizer.dynamicPartitionPruning.enabled = false`; both settings returned the same rows',
    '- build-key pass: the scan\'s `runtime filter dynamicpruning#1 build-key pass` metric of the last DPP-on run (part of the join\'s build)',
    '- CPU: the user and system CPU time of the counted statement, every thread of the process (floe\'s `Run Time` line): ' +
      'what the statement did, which a shared machine\'s steal time does not stretch as it does the wall clock',
    `- in one process: then one floe process runs the query ${o.runs + 2} times with DPP on and ${o.runs + 2} with it off, ` +
      'alternating (which comes first alternates too) after a warm-up of each; the cell is the median of the rounds\' ' +
      'on / off ratios (min–max), which the differences between processes do not reach',
    '',
    '| query | ms DPP on, median (min–max) | ms DPP off | cost of DPP | CPU ms DPP on | CPU ms DPP off | CPU cost of DPP | in one process: on / off | build-key pass | its share of the query | files read (DPP on) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.name} | ${msRange(r.on)} | ${msRange(r.off)} | ${(r.cost * 100).toFixed(1)}% | ` +
      `${msRange(r.cpuOn)} | ${msRange(r.cpuOff)} | ${(r.cpuCost * 100).toFixed(1)}% | ` +
      `${r.ratio.toFixed(3)} (${Math.min(...r.ratios).toFixed(3)}–${Math.max(...r.ratios).toFixed(3)}) | ${r.pass} | ` +
      `${(100 * r.passMs / median(r.on)).toFixed(1)}% | ${r.files} |`),
    '',
    'The queries:',
    '',
    ...results.map((r) => `- ${r.name}: \`${r.q}\` (answer ${r.answer})`),
    '',
  ];
  if (o.out !== '-') writeFileSync(o.out, lines.join('\n'));
  console.log(lines.join('\n'));
  return 0;
}

process.exit(main());
