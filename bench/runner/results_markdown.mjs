// Renders a benchmark report (see run.mjs) as the Markdown of bench/RESULTS.md.

const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const mb = (kb) => (kb == null ? '' : (kb / 1024).toFixed(0));
const size = (b) => (b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : `${(b / 1e3).toFixed(1)} kB`);

/// Returns the Markdown table of one workload's runs, with ratios to DuckDB at the same threads.
function workloadTable(w) {
  const lines = [
    '| query | threads | engine | median ms | min–max ms | × DuckDB | partitions read / total (ideal) | data files read / total (ideal) | bytes read / total (ideal) | × ideal bytes | scan planning ms | peak RSS MB |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const q of w.queries) {
    const ideal = q.ideal;
    for (const r of q.runs) {
      if (r.error) { lines.push(`| ${q.name} | ${r.threads} | ${r.engine} | error | | | | | | | | |`); continue; }
      const duck = q.runs.find((x) => x.engine === 'duckdb' && x.threads === r.threads && !x.error);
      const ratio = duck ? (r.medianMs / duck.medianMs).toFixed(2) : '';
      const s = r.scan;
      const files = s ? `${s.filesRead} / ${s.filesTotal}${ideal ? ` (${ideal.files})` : ''}` : '';
      const bytes = s && s.bytesTotal != null
        ? `${size(s.bytesRead)} / ${size(s.bytesTotal)}${ideal ? ` (${size(ideal.bytes)})` : ''}` : '';
      const overIdeal = s && s.bytesRead != null && ideal
        ? (ideal.bytes > 0 ? (s.bytesRead / ideal.bytes).toFixed(1) : (s.bytesRead === 0 ? '1.0' : '∞')) : '';
      const parts = s && s.partitionsRead != null
        ? `${s.partitionsRead} / ${s.partitionsTotal}${ideal ? ` (${ideal.partitions})` : ''}` : '';
      const planning = s && s.planningMs != null ? s.planningMs.toFixed(1) : '';
      lines.push(`| ${q.name} | ${r.threads} | ${r.engine} | ${ms(r.medianMs)} | ${ms(r.minMs)}–${ms(r.maxMs)} | ${ratio} | ${parts} | ${files} | ${bytes} | ${overIdeal} | ${planning} | ${mb(r.rssKb)} |`);
    }
    if (q.mismatch) lines.push(`| ${q.name} | | **answers differ** | ${q.mismatch} | | | | | | | | |`);
  }
  return lines.join('\n');
}

/// Returns a workload's summary at its last thread count: for each other engine or setting, the
/// geometric mean over the queries of its median time over floe's (above 1: floe is faster),
/// and the queries whose fact scan read more partitions than the ideal.
function summaryLines(w) {
  const threads = w.threads ? w.threads[w.threads.length - 1] : 2;
  const run = (q, engine) => q.runs.find((r) => r.engine === engine && r.threads === threads && !r.error);
  const out = [];
  for (const other of ['floe no-DPP', 'floe spark policy', 'duckdb', 'duckdb table']) {
    const ratios = w.queries.map((q) => {
      const a = run(q, 'floe'), b = run(q, other);
      return a && b ? b.medianMs / a.medianMs : null;
    }).filter((x) => x != null);
    if (!ratios.length) continue;
    const geo = Math.exp(ratios.reduce((sum, x) => sum + Math.log(x), 0) / ratios.length);
    out.push(`- ${other} over floe: **${geo.toFixed(2)}x** (geometric mean over ${ratios.length} queries of the ratio of median times, ${threads} threads)`);
  }
  const scanned = w.queries.filter((q) => q.ideal && run(q, 'floe') && run(q, 'floe').scan);
  if (scanned.length) {
    const over = scanned.filter((q) => run(q, 'floe').scan.partitionsRead > q.ideal.partitions);
    const spark = scanned.filter((q) => run(q, 'floe spark policy') && run(q, 'floe spark policy').scan);
    if (spark.length) {
      const pruned = spark.filter((q) => run(q, 'floe spark policy').scan.partitionsRead < run(q, 'floe spark policy').scan.partitionsTotal);
      out.push(`- under floe.dynamic_pruning.policy = 'spark' (where Spark 4.0 would prune), ${pruned.length} of ${spark.length} queries read fewer partitions than the table has`);
    }
    out.push(`- partitions read: ${scanned.length - over.length} of ${scanned.length} queries read no more than the ideal` +
      (over.length ? `; more: ${over.map((q) => `${q.name} (${run(q, 'floe').scan.partitionsRead} of ideal ${q.ideal.partitions})`).join(', ')}` : ''));
  }
  return out;
}

/// Returns true when `floe` and `floe no-DPP` read the same files for every query of a workload
/// (what happens while floe has no dynamic partition pruning).
function dppChangesNothing(w) {
  return w.queries.every((q) => {
    const on = q.runs.filter((r) => r.engine === 'floe' && r.scan);
    const off = q.runs.filter((r) => r.engine === 'floe no-DPP' && r.scan);
    return on.every((r) => off.every((o) => o.scan.filesRead === r.scan.filesRead));
  });
}

/// Returns the scaling section: time against data read, per point and query.
function scalingSection(rows) {
  const out = ['## Scaling: cost follows the data a query reads, not the table', ''];
  out.push('Seed 000\'s and seed 002\'s queries (and seed 000\'s question for December 2025, the last month of every history) over tables of 1x, 4x and 16x the data (0.25, 1 and 4 million fact rows over three years; 16x is the main run\'s tables), and over 1 month, 1 year and 3 years of history at the 16x daily rate (the 3-year point is the 16x one). floe with all pruning and DuckDB, 2 threads, one warm-up then the median of 3 runs. "read" is the fact table scan\'s data files and bytes (EXPLAIN ANALYZE); "ideal" the files of the partitions holding rows the query keeps.', '');
  out.push('| workload | query | data | fact rows | fact files | files read (ideal) | bytes read (ideal) | floe median ms | DuckDB median ms | × DuckDB |');
  out.push('|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const s = r.floe && r.floe.scan;
    const ratio = r.floe && r.duckdb ? (r.floe.medianMs / r.duckdb.medianMs).toFixed(2) : '';
    out.push(`| ${r.workload} | ${r.query} | ${r.point} | ${r.factRows != null ? r.factRows.toLocaleString('en-US') : ''} | ${r.factFiles ?? ''} | ${s ? s.filesRead : ''}${r.ideal ? ` (${r.ideal.files})` : ''} | ${s && s.bytesRead != null ? size(s.bytesRead) : ''}${r.ideal ? ` (${size(r.ideal.bytes)})` : ''} | ${r.floe ? ms(r.floe.medianMs) : 'error'} | ${r.duckdb ? ms(r.duckdb.medianMs) : 'error'} | ${ratio}${r.mismatch ? ' **answers differ**' : ''} |`);
  }
  return out.join('\n');
}

/// Returns the planning section: a one-day query's scan planning over 10,960 and 310 files.
function planningSection(rows) {
  const out = ['## Scan planning: a one-day query over 10,960 data files', ''];
  out.push('`db.events` has 1,096 daily partitions written by 10 inserts of one file per day: 10,960 data files in 10 manifests that each span every day; `db.events_month` the same over 31 days (310 files). Query: `count(*), sum(amount)` over one day of `event_time` (`bench/runner/planning_bench.mjs`; `bench/pruning_planning.sh` by hand). "first query" is the scan\'s planning time (manifest list, manifests, pruning, tasks) in a new floe process, median of 5 processes; "later" the same in one process after the first (manifests cached), 20 runs; query time is EXPLAIN ANALYZE\'s total, 2 threads. DuckDB runs the same query over `read_parquet(\'<table>/data/**/*.parquet\')` of the same files, 2 threads, one warm-up then 5 runs; answers compared.', '');
  out.push('| table | history | data files read | manifest blocks read | planning, first query ms | planning, later ms | query ms | DuckDB ms | × DuckDB |');
  out.push('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  const range = (s, digits = 2) => `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
  for (const r of rows) {
    const ratio = r.duckdbMs ? (r.queryMs.median / r.duckdbMs.median).toFixed(3) : '';
    out.push(`| ${r.table} | ${r.history} | ${r.filesRead} / ${r.filesTotal.toLocaleString('en-US')} | ${r.blocksTotal ? `${r.blocksRead} / ${r.blocksTotal}` : ''} | ${range(r.coldPlanningMs)} | ${range(r.warmPlanningMs)} | ${range(r.queryMs)} | ${r.duckdbMs ? range(r.duckdbMs, 1) : 'error'} | ${ratio}${r.agree ? '' : ' **answers differ**'} |`);
  }
  if (rows.length === 2) {
    const [year3, month] = rows;
    out.push('', `Three years over one month, same query: ${(year3.queryMs.median / month.queryMs.median).toFixed(2)}x on query medians (${(year3.queryMs.min / month.queryMs.min).toFixed(2)}x on minima), ${(year3.coldPlanningMs.median / month.coldPlanningMs.median).toFixed(2)}x on first-query planning.`);
  }
  return out.join('\n');
}

/// The paired ratios of a workload: its pairs of queries alternating in one floe process.
function pairsSection(w) {
  const out = [];
  const q = (x) => `${x[1].toFixed(3)} (${x[0].toFixed(3)}–${x[2].toFixed(3)})`;
  out.push(`Alternating in one process: each pair's two queries run one after the other, ${w.pairs[0].pairs ?? '?'} times after one warm-up pair, in one floe process per thread count; the ratio of each pair's times (floe's Run Time: wall clock, and CPU time of all threads), their median and quartiles. The machine drifts by more than these differences from minute to minute; alternating makes both sides of a ratio share each minute.${w.pairsBar ? ` The bar: ${w.pairsBar}x.` : ''}`, '');
  out.push('| pair | threads | pairs | first ms | second ms | ratio, wall (quartiles) | ratio, CPU (quartiles) |');
  out.push('|---|---:|---:|---:|---:|---:|---:|');
  for (const p of w.pairs) {
    if (p.error) {
      out.push(`| ${p.name}: ${p.a} / ${p.b} | ${p.threads} | failed: ${p.error.replace(/\|/g, '/').replace(/\n/g, ' ')} | | | | |`);
      continue;
    }
    out.push(`| ${p.name}: ${p.a} / ${p.b} | ${p.threads} | ${p.pairs} | ${p.aMs.toFixed(0)} | ${p.bMs.toFixed(0)} | ${q(p.real)} | ${q(p.cpu)} |`);
  }
  return out.join('\n');
}

/// Returns the whole RESULTS.md text for a report; `chartName` is the PNG beside it.
export function renderResults(report, chartName) {
  const m = report.machine;
  const out = [];
  out.push('# floe benchmark results', '');
  out.push('Written by `bench/run` (issue 5); notes on reading them, kept by hand, are in [NOTES.md](NOTES.md). **The machine is shared and noisy: only ratios measured in one run count, never absolute times across runs.**', '');
  out.push(`- date: ${m.date}`);
  out.push(`- commit: ${m.commit}${m.dirty ? ' (with uncommitted changes under src/ or tools/)' : ''}`);
  out.push(`- machine: ${m.nproc} cores (\`nproc\`), CPU ${m.cpu}`);
  out.push(`- run: \`bench/run${report.options.quick ? ' --quick' : ''}\`, one warm-up then ${report.options.runs} counted runs per cell; median with min–max; the whole run took ${report.elapsedSeconds != null ? `${report.elapsedSeconds.toFixed(0)} s` : '?'}`);
  out.push('', '```', m.free, '```', '');
  out.push('How it is measured:', '');
  out.push('- Data: generated inside floe by `CALL system.generate(workload => ..., scale => ...)` (the SQL of `src/iceberg/procedures/workloads/`), written as Iceberg tables.');
  out.push('- floe: `floe -csv --timer --threads T`, one process per cell: `EXPLAIN ANALYZE` of the query (the warm-up, and the source of the files/bytes columns: the fact table scan\'s metrics lines), then the counted runs; times are floe\'s own per-statement `Run Time`.');
  out.push('- `floe` = all pruning on; `floe no-DPP` = `SET spark.sql.optimizer.dynamicPartitionPruning.enabled = false`; `floe no-pruning` = that and `SET floe.pruning.enabled = false`.');
  out.push('- ideal: the partitions of the fact table that hold at least one row the query keeps (its FROM ... WHERE, run in floe), and the data files and bytes of those partitions (`<table>.files`). "× ideal bytes" is bytes read over ideal bytes.');
  out.push('- DuckDB (@duckdb/node-api, the version pinned in test/interop/package.json) runs in its own node process, `SET threads = T`, timed in-process around each query. **DuckDB reads floe\'s own Iceberg data files**: each table is a view over `read_parquet(\'<warehouse>/<ns>/<table>/data/**/*.parquet\', hive_partitioning = true)`; it sees no Iceberg metadata, so its only pruning is hive-path and Parquet-statistics filtering.');
  out.push('- peak RSS: `/usr/bin/time -f %M` over the whole process (for DuckDB that includes node, ~50 MB).');
  out.push('- Every engine and setting must return the same rows (sorted, numbers compared to 10 significant digits); a mismatch fails the run.', '');
  const pruned = report.workloads.filter((w) => w.queries.some((q) => q.runs.some((r) => r.engine === 'floe no-DPP')));
  if (pruned.length && pruned.every(dppChangesNothing)) {
    out.push('**Dynamic partition pruning is not implemented in floe at this commit**: `spark.sql.optimizer.dynamicPartitionPruning.enabled` exists but has no effect, so `floe` and `floe no-DPP` read the same files in every query above and their time differences are noise.', '');
  }
  out.push(`![time per query per engine, 2 threads](${chartName})`, '');
  for (const w of report.workloads) {
    // the fact table's rows (the largest table's where the workload names none)
    const fact = w.generate && w.factTable
      ? w.generate.tables.find((t) => t.table === w.factTable || t.table.endsWith(`.${w.factTable}`)) : null;
    const rows = fact ? fact.rows
      : w.generate ? w.generate.tables.map((t) => t.rows).reduce((a, b) => Math.max(a, b), 0) : w.rows;
    out.push(`## ${w.name} (scale ${w.scale}${rows != null ? `, ${rows.toLocaleString('en-US')} fact rows` : ''})`, '');
    if (w.threads && w.threads.length === 1) {
      out.push(`Measured at ${w.threads[0]} threads only in this run (\`bench/run --workload ${w.name} --threads 1,2\` measures both).`, '');
    }
    if (w.generate) {
      out.push(`Generated by \`${w.generate.call}\` in ${w.generate.seconds.toFixed(1)} s: ${w.generate.tables.map((t) => `${t.table} ${t.rows.toLocaleString('en-US')} rows / ${t.files} files`).join(', ')}.`, '');
    }
    if (w.copy) {
      const c = w.copy;
      out.push(`COPY of ${c.what ?? 'the 6-column file (ints, doubles, strings, timestamps)'}, zstd, 2 threads for DuckDB, floe default threads:`, '');
      out.push('| writer | time ms | file size MB | × DuckDB time | × DuckDB size |', '|---|---:|---:|---:|---:|');
      out.push(`| floe COPY | ${ms(c.floe.ms)} | ${(c.floe.bytes / 1e6).toFixed(1)} | ${(c.floe.ms / c.duckdb.ms).toFixed(2)} | ${(c.floe.bytes / c.duckdb.bytes).toFixed(3)} |`);
      out.push(`| DuckDB COPY | ${ms(c.duckdb.ms)} | ${(c.duckdb.bytes / 1e6).toFixed(1)} | 1.00 | 1.000 |`, '');
    }
    if (w.partitionedWrite) {
      const p = w.partitionedWrite;
      out.push(`Partitioned write (issue 4): ${w.rows.toLocaleString('en-US')} rows over 1,000 days; floe \`INSERT INTO\` an Iceberg table \`PARTITIONED BY (day)\` (default threads, includes the commit) vs DuckDB \`COPY ... (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (day))\` at 2 threads:`, '');
      out.push('| writer | time ms | × DuckDB | Parquet files | peak RSS MB |', '|---|---:|---:|---:|---:|');
      out.push(`| floe INSERT | ${ms(p.floe.ms)} | ${(p.floe.ms / p.duckdb.ms).toFixed(2)} | ${p.floe.files} | ${mb(p.floe.rssKb)} |`);
      out.push(`| DuckDB COPY PARTITION_BY | ${ms(p.duckdb.ms)} | 1.00 | ${p.duckdb.files} | ${mb(p.duckdb.rssKb)} |`, '');
    }
    for (const q of w.queries) out.push(`<details><summary>${q.name}</summary>\n\n\`\`\`sql\n${q.sql}\n\`\`\`\n</details>\n`);
    const summary = summaryLines(w);
    if (summary.length) out.push(...summary, '');
    out.push(workloadTable(w), '');
    if (w.pairs && w.pairs.length) out.push(pairsSection(w), '');
  }
  if (report.scaling) out.push(scalingSection(report.scaling), '');
  if (report.planning) out.push(planningSection(report.planning), '');
  out.push('## Records kept by their own scripts', '');
  out.push('Not rewritten by `bench/run`; each file names its machine, date and commit:', '');
  out.push('- [WRITE_RESULTS.md](WRITE_RESULTS.md): partitioned INSERT vs DuckDB COPY PARTITION_BY (`bench/runner/write_bench.mjs`, issue 4)');
  out.push('- [DELETES_RESULTS.md](DELETES_RESULTS.md): a table read through deletion vectors vs the same rows removed (`bench/run --workload deletes`, issue 16)');
  out.push('- [REWRITE_RESULTS.md](REWRITE_RESULTS.md): rewrite_data_files vs a CTAS of the same rows (`bench/runner/rewrite_bench.mjs`, issue 17)');
  out.push('- [MERGE_RESULTS.md](MERGE_RESULTS.md): a MERGE updating 1% of 10M rows, merge-on-read vs copy-on-write (`bench/runner/merge_bench.mjs`, issue 18)');
  out.push('- [TPCDS_RESULTS.md](TPCDS_RESULTS.md): the tpcds workload alone, SF 7 (`bench/run --workload tpcds --no-scaling --no-planning --out bench/TPCDS_RESULTS.md`, issue 20)');
  out.push('');
  return out.join('\n') + '\n';
}
