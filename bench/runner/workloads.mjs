// The benchmark's workloads: for each, how floe generates its data (CALL system.generate), which
// views give DuckDB the same data (floe's own Iceberg data files, read as hive-partitioned
// Parquet), its queries, and its fact table (whose files and bytes read are compared with the
// ideal: the files of the partitions that hold rows the query keeps). A query's `sql` runs on
// both engines unless it has a `duckdb` variant; `fact` overrides the workload's.
import { SSB_QUERIES } from './ssb_queries.mjs';
import { TPCDS_QUERIES } from './tpcds_queries.mjs';

const SEED_000_Q1_2025 = `SELECT s.product_id, SUM(s.amount)
FROM star.sales s
JOIN star.dim_date d ON s.date_id = d.date_id
WHERE d.quarter = 'Q1' AND d.year = 2025
GROUP BY s.product_id`;

/// Returns the star-join query of seed 000 with `where` in place of its dimension filter.
function starJoin(where, extraJoin = '') {
  return {
    sql: `SELECT s.product_id, SUM(s.amount)
FROM star.sales s
JOIN star.dim_date d ON s.date_id = d.date_id${extraJoin}
WHERE ${where}
GROUP BY s.product_id`,
  };
}

/// Returns seed 002's event-type count over the half-open event_time range [from, to).
function eventRange(from, to) {
  return {
    sql: `SELECT event_type, COUNT(*) AS event_count
FROM tutorial.retail_clickstream_events
WHERE event_time >= TIMESTAMP '${from} 00:00:00'
  AND event_time < TIMESTAMP '${to} 00:00:00'
GROUP BY event_type
ORDER BY event_type`,
  };
}

const dailyFact = (table, column, field) => ({ table, partition: column, field });

export const WORKLOADS = {
  star: {
    generate: { workload: 'star', scale: { full: 4, quick: 0.1 } },
    tables: { star: ['sales', 'dim_date', 'dim_product', 'dim_store', 'dim_customer'] },
    fact: dailyFact('star.sales', 's.date_id', 'date_id'),
    queries: [
      { name: 'seed000_q1_2025', sql: SEED_000_Q1_2025 },
      { name: 'mondays_2025', ...starJoin(`d.day_name = 'Monday' AND d.year = 2025`) },
      { name: 'q1_2023_2025', ...starJoin(`d.quarter = 'Q1'`) },
      { name: 'first_of_month', ...starJoin(`d.date_id % 100 = 1`) },
      {
        name: 'date_and_store',
        ...starJoin(`d.quarter = 'Q1' AND d.year = 2025 AND st.region = 'North'`,
          '\nJOIN star.dim_store st ON s.store_id = st.store_id'),
      },
      // The same questions for December 2025, the last month of every history the scaling
      // series generates (1 month, 1 year, 3 years), so their cost can be compared across them.
      { name: 'december_2025', ...starJoin('d.year = 2025 AND d.month = 12') },
      {
        name: 'december_2025_static_keys',
        sql: `SELECT s.product_id, SUM(s.amount)
FROM star.sales s
WHERE s.date_id BETWEEN 20251201 AND 20251231
GROUP BY s.product_id`,
      },
      {
        // Seed 000's question with the date keys written out: static pruning, no join needed.
        name: 'q1_2025_static_keys',
        sql: `SELECT s.product_id, SUM(s.amount)
FROM star.sales s
WHERE s.date_id BETWEEN 20250101 AND 20250331
GROUP BY s.product_id`,
      },
    ],
  },
  clickstream: {
    generate: { workload: 'clickstream', scale: { full: 4, quick: 0.1 } },
    tables: {
      tutorial: ['retail_clickstream_events', 'retail_daily_traffic_summary', 'retail_sessions',
        'retail_session_products', 'retail_daily_product_funnel', 'retail_daily_product_cart_abandonment'],
    },
    fact: dailyFact('tutorial.retail_clickstream_events', 'CAST(event_time AS DATE)', 'event_time_day'),
    queries: [
      { name: 'one_day_event_time', ...eventRange('2026-01-01', '2026-01-02') },
      {
        name: 'summary_event_date',
        fact: dailyFact('tutorial.retail_daily_traffic_summary', 'event_date', 'event_date'),
        sql: `SELECT *
FROM tutorial.retail_daily_traffic_summary
WHERE event_date = DATE '2026-01-01'`,
        // DuckDB's hive partitioning types event_date from the path; cast it back.
        duckdb: `SELECT * REPLACE (CAST(event_date AS DATE) AS event_date)
FROM tutorial.retail_daily_traffic_summary
WHERE event_date = DATE '2026-01-01'`,
      },
      { name: 'one_week_event_time', ...eventRange('2026-01-01', '2026-01-08') },
      { name: 'one_month_event_time', ...eventRange('2025-12-01', '2026-01-01') },
      {
        name: 'sessions_one_week',
        fact: dailyFact('tutorial.retail_sessions', 'session_date', 'session_date'),
        sql: `SELECT session_date, count(*) AS sessions, sum(CASE WHEN converted THEN 1 ELSE 0 END) AS converted,
       avg(duration_seconds) AS avg_seconds
FROM tutorial.retail_sessions
WHERE session_date BETWEEN DATE '2026-01-01' AND DATE '2026-01-07'
GROUP BY session_date`,
        duckdb: `SELECT CAST(session_date AS DATE), count(*) AS sessions, sum(CASE WHEN converted THEN 1 ELSE 0 END) AS converted,
       avg(duration_seconds) AS avg_seconds
FROM tutorial.retail_sessions
WHERE session_date BETWEEN DATE '2026-01-01' AND DATE '2026-01-07'
GROUP BY session_date`,
      },
      {
        name: 'funnel_one_day_top20',
        fact: dailyFact('tutorial.retail_daily_product_funnel', 'event_date', 'event_date'),
        sql: `SELECT product_id, views, add_to_carts, purchases
FROM tutorial.retail_daily_product_funnel
WHERE event_date = DATE '2026-01-01'
ORDER BY purchases DESC, add_to_carts DESC, views DESC, product_id
LIMIT 20`,
      },
      {
        name: 'cart_abandonment_month',
        fact: dailyFact('tutorial.retail_daily_product_cart_abandonment', 'event_date', 'event_date'),
        sql: `SELECT product_id, sum(sessions_with_cart) AS carted, sum(sessions_abandoned) AS abandoned
FROM tutorial.retail_daily_product_cart_abandonment
WHERE event_date >= DATE '2025-12-01' AND event_date < DATE '2026-01-01'
GROUP BY product_id
ORDER BY abandoned DESC, product_id
LIMIT 20`,
      },
    ],
  },
  ssb: {
    // scale = the SSB scale factor SF (lineorder has 6,000,000 x SF rows).
    generate: { workload: 'ssb', scale: { full: 0.5, quick: 0.02 } },
    // full runs: 2 threads only (bench/run --threads 1,2 --workload ssb for both)
    fullThreads: [2],
    tables: { ssb: ['lineorder', 'date', 'customer', 'supplier', 'part'] },
    use: 'ssb',
    fact: dailyFact('lineorder', 'lo_orderdate', 'lo_orderdate'),
    queries: SSB_QUERIES,
  },
  tpcds: {
    // scale = the TPC-DS scale factor SF (store_sales has about 2,880,000 x SF rows over
    // 1,827 daily partitions); SF 7 gives about 20M.
    generate: { workload: 'tpcds', scale: { full: 7, quick: 0.1 } },
    fullThreads: [2],
    tables: {
      tpcds: ['store_sales', 'date_dim', 'item', 'store', 'customer', 'customer_address', 'customer_demographics',
        'household_demographics', 'promotion'],
    },
    use: 'tpcds',
    fact: dailyFact('store_sales', 'ss_sold_date_sk', 'ss_sold_date_sk'),
    // also DuckDB over its own tables: the same rows loaded into DuckDB (not timed), and floe
    // under floe.dynamic_pruning.policy = 'spark'
    duckdbTables: true,
    sparkPolicy: true,
    queries: TPCDS_QUERIES,
  },
  engine: {
    generate: null,
    scale: { full: 10_000_000, quick: 100_000 },
    tables: {},
    // range() names its column id in floe and range in DuckDB.
    queries: [
      {
        name: 'group_by_1000_keys',
        sql: 'SELECT k, count(*), sum(v) FROM (SELECT id % 1000 AS k, id AS v FROM range({{ROWS}})) GROUP BY k',
        duckdb: 'SELECT k, count(*), sum(v) FROM (SELECT range % 1000 AS k, range AS v FROM range({{ROWS}})) GROUP BY k',
      },
      {
        name: 'group_by_all_distinct',
        sql: 'SELECT count(*), sum(c) FROM (SELECT id, count(*) AS c FROM range({{ROWS}}) GROUP BY id)',
        duckdb: 'SELECT count(*), sum(c) FROM (SELECT range, count(*) AS c FROM range({{ROWS}}) GROUP BY range)',
      },
    ],
  },
  parquet: {
    generate: null,
    scale: { full: 10_000_000, quick: 100_000 },
    tables: {},
    queries: [
      {
        name: 'full_scan_floe_file',
        sql: `SELECT count(*), sum(i), sum(j), sum(d), sum(e), max(s), max(ts)
FROM read_parquet('{{FLOE_FILE}}')`,
      },
      {
        name: 'full_scan_duckdb_file',
        sql: `SELECT count(*), sum(i), sum(j), sum(d), sum(e), max(s), max(ts)
FROM read_parquet('{{DUCKDB_FILE}}')`,
      },
    ],
  },
};

/// Issue 15's nested scan: a file with a STRUCT<INT, STRING, DOUBLE> column and an
/// ARRAY<BIGINT> column (0 to 10 elements, 5 on average), written by each engine; a query
/// touching one struct leaf (nested column pruning) and one reading every leaf.
WORKLOADS.nested = {
  generate: null,
  scale: { full: 10_000_000, quick: 100_000 },
  tables: {},
  queries: ['FLOE', 'DUCKDB'].flatMap((writer) => {
    const file = `read_parquet('{{${writer}_FILE}}')`;
    const suffix = writer === 'FLOE' ? 'floe_file' : 'duckdb_file';
    return [
      { name: `one_struct_leaf_${suffix}`, sql: `SELECT sum(s.a) FROM ${file}` },
      {
        name: `every_leaf_${suffix}`,
        sql: `SELECT sum(s.a), max(s.b), sum(s.c), sum(size(l)) FROM ${file}`,
        duckdb: `SELECT sum(s.a), max(s.b), sum(s.c), sum(len(l)) FROM ${file}`,
      },
    ];
  }),
};

/// Issue 16's deletion vectors: a v3 table of {{ROWS}} rows, 10% of them (every id with id % 10
/// = 3, spread over every file and row group) deleted by a merge-on-read DELETE (one deletion
/// vector per data file), read against a v3 table holding the same surviving rows physically
/// (the 90% inserted alone). DuckDB reads the latter's Parquet files: the reference answer.
/// The floor: the dv table's own data files read with read_parquet, no deletes applied (all
/// the rows the table's files hold, 11% more than the other's), by floe and DuckDB alike.
WORKLOADS.deletes = {
  generate: null,
  scale: { full: 10_000_000, quick: 100_000 },
  tables: {},
  queries: [
    {
      name: 'deletion_vectors_scan', sql: 'SELECT count(*), sum(id), max(s) FROM b.dv',
      duckdb: "SELECT count(*), sum(id), max(s) FROM read_parquet('{{REMOVED_DATA}}/*.parquet')",
    },
    {
      name: 'physically_removed_scan', sql: 'SELECT count(*), sum(id), max(s) FROM b.removed',
      duckdb: "SELECT count(*), sum(id), max(s) FROM read_parquet('{{REMOVED_DATA}}/*.parquet')",
    },
    {
      name: 'dv_files_without_deletes_scan', sql: "SELECT count(*), sum(id), max(s) FROM read_parquet('{{DV_DATA}}/*.parquet')",
    },
    {
      name: 'deletion_vectors_filter', sql: 'SELECT count(*), sum(id) FROM b.dv WHERE v < 1000',
      duckdb: "SELECT count(*), sum(id) FROM read_parquet('{{REMOVED_DATA}}/*.parquet') WHERE v < 1000",
    },
    {
      name: 'physically_removed_filter', sql: 'SELECT count(*), sum(id) FROM b.removed WHERE v < 1000',
      duckdb: "SELECT count(*), sum(id) FROM read_parquet('{{REMOVED_DATA}}/*.parquet') WHERE v < 1000",
    },
  ],
  // The bar (issue 16: at most 1.1x) is a ratio of a few percent, smaller than the machine's
  // drift from minute to minute: each pair's two queries alternate in one floe process, and
  // the median of the per-pair ratios is the figure (pairs.count of them, the first dropped).
  // The floor pair reads the DV table's files without their deletes against the removed rows:
  // what decompressing and decoding the 11% more rows those files hold costs.
  pairs: {
    count: { full: 150, quick: 5 },
    bar: 1.1,
    compare: [
      { name: 'full scan', a: 'deletion_vectors_scan', b: 'physically_removed_scan' },
      { name: 'floor: no deletes applied', a: 'dv_files_without_deletes_scan', b: 'physically_removed_scan' },
      { name: 'filtered scan (v < 1000)', a: 'deletion_vectors_filter', b: 'physically_removed_filter' },
    ],
  },
};

/// Returns the SELECT of the deletes workload's rows (floe's dialect).
export function deletesSelect(rows, where = '') {
  return `SELECT id, CAST(id % 100000 AS DOUBLE) * 0.5 AS v, 'name-' || CAST(id % 70001 AS STRING) AS s
FROM range(${rows}) r(id)${where}`;
}

/// Returns the SELECT that makes the nested workload's file, in floe's dialect or DuckDB's.
export function nestedSelect(rows, engine) {
  if (engine === 'duckdb') {
    return `SELECT {'a': CAST(range % 100000 AS INT), 'b': 'item-' || CAST(range % 50000 AS VARCHAR),
       'c': CAST(range AS DOUBLE) * 0.25} AS s,
       list_transform(range(range % 11), x -> x + range) AS l
FROM range(${rows})`;
  }
  return `SELECT named_struct('a', CAST(id % 100000 AS INT), 'b', 'item-' || CAST(id % 50000 AS STRING),
       'c', CAST(id AS DOUBLE) * 0.25) AS s,
       transform(slice(array(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 1, CAST(id % 11 AS INT)), x -> x + id) AS l
FROM range(${rows})`;
}

/// The scaling runs (full runs only): seed 000's and seed 002's queries at 1x, 4x and 16x the
/// data over three years (1x = 250,000 fact rows, so 16x is the main run's 4 million and its
/// tables are reused), and at 1 month, 1 year and 3 years of history at the 16x daily rate.
/// `scale` is CALL system.generate's (millions of fact rows), `days` the history.
export const SCALING = {
  points: [
    { name: '1x data, 3 years', scale: 0.25, days: 1096 },
    { name: '4x data, 3 years', scale: 1, days: 1096 },
    { name: '16x data, 3 years', scale: 4, days: 1096 },
    { name: '1 month at 16x rate', scale: Number((4 * 31 / 1096).toFixed(4)), days: 31 },
    { name: '1 year at 16x rate', scale: Number((4 * 365 / 1096).toFixed(4)), days: 365 },
  ],
  queries: {
    // Q1 2025 is not in the 1-month history (December 2025): December's queries compare histories
    star: ['seed000_q1_2025', 'q1_2025_static_keys', 'december_2025', 'december_2025_static_keys'],
    clickstream: ['one_day_event_time', 'summary_event_date'],
  },
};

/// Returns the SELECT that makes the parquet workload's 6-column file (ints, doubles, strings,
/// timestamps) from range ids, in floe's dialect or DuckDB's.
export function sixColumnSelect(rows, engine) {
  const id = engine === 'duckdb' ? 'range' : 'id';
  const ts = engine === 'duckdb'
    ? `to_timestamp(1672531200 + ${id} * 3)::TIMESTAMP`
    : `timestamp_seconds(1672531200 + ${id} * 3)`;
  return `SELECT ${id} AS i, CAST(${id} % 100000 AS INT) AS j, ${id} * 0.25 AS d,
       CAST(${id} % 7919 AS DOUBLE) / 7 AS e, 'item-' || CAST(${id} % 50000 AS VARCHAR) AS s,
       ${ts} AS ts
FROM range(${rows})`;
}

/// Returns the SELECT of issue 4's partitioned-write comparison: rows spread over 1,000 days,
/// in floe's dialect or DuckDB's.
export function partitionedSelect(rows, engine) {
  const id = engine === 'duckdb' ? 'range' : 'id';
  const day = engine === 'duckdb'
    ? `CAST(DATE '2023-01-01' + CAST(${id} % 1000 AS INT) AS DATE)`
    : `date_add(DATE '2023-01-01', CAST(${id} % 1000 AS INT))`;
  return `SELECT ${id} AS id, ${day} AS day, ${id} * 0.5 AS v,
       'item-' || CAST(${id} % 50000 AS VARCHAR) AS s
FROM range(${rows})`;
}
