// The benchmark's workloads: for each, how to generate its data in floe, which views give
// DuckDB the same data (floe's own Iceberg data files, read as hive-partitioned Parquet), and
// its queries. A query's `sql` runs on both engines unless it has a `duckdb` variant.

const SEED_000_Q1_2025 = `SELECT s.product_id, SUM(s.amount)
FROM star.sales s
JOIN star.dim_date d ON s.date_id = d.date_id
WHERE d.quarter = 'Q1' AND d.year = 2025
GROUP BY s.product_id`;

/// Returns the star-join query of seed 000 with `where` in place of its dimension filter, and
/// the query counting its ideal partitions (those holding matching rows).
function starJoin(where, extraJoin = '') {
  return {
    sql: `SELECT s.product_id, SUM(s.amount)
FROM star.sales s
JOIN star.dim_date d ON s.date_id = d.date_id${extraJoin}
WHERE ${where}
GROUP BY s.product_id`,
    ideal: `SELECT count(DISTINCT s.date_id) FROM star.sales s
JOIN star.dim_date d ON s.date_id = d.date_id${extraJoin} WHERE ${where}`,
  };
}

/// Returns seed 002's event-type count over the half-open event_time range [from, to), and the
/// query counting its ideal partitions (days holding matching rows).
function eventRange(from, to) {
  const where = `event_time >= TIMESTAMP '${from} 00:00:00' AND event_time < TIMESTAMP '${to} 00:00:00'`;
  return {
    ideal: `SELECT count(DISTINCT CAST(event_time AS DATE)) FROM tutorial.retail_clickstream_events WHERE ${where}`,
    sql: `SELECT event_type, COUNT(*) AS event_count
FROM tutorial.retail_clickstream_events
WHERE event_time >= TIMESTAMP '${from} 00:00:00'
  AND event_time < TIMESTAMP '${to} 00:00:00'
GROUP BY event_type
ORDER BY event_type`,
  };
}

export const WORKLOADS = {
  star: {
    generator: 'star.sql',
    scale: { full: 4_000_000, quick: 100_000 },
    tables: { star: ['sales', 'dim_date', 'dim_product', 'dim_store', 'dim_customer'] },
    queries: [
      { name: 'seed000_q1_2025', ...starJoin(`d.quarter = 'Q1' AND d.year = 2025`), sql: SEED_000_Q1_2025 },
      { name: 'mondays_2025', ...starJoin(`d.day_name = 'Monday' AND d.year = 2025`) },
      { name: 'q1_2023_2025', ...starJoin(`d.quarter = 'Q1'`) },
      { name: 'first_of_month', ...starJoin(`d.date_id % 100 = 1`) },
      {
        name: 'date_and_store',
        ...starJoin(`d.quarter = 'Q1' AND d.year = 2025 AND st.region = 'North'`,
          '\nJOIN star.dim_store st ON s.store_id = st.store_id'),
      },
    ],
  },
  clickstream: {
    generator: 'clickstream.sql',
    scale: { full: 4_000_000, quick: 100_000 },
    tables: { tutorial: ['retail_clickstream_events', 'retail_daily_traffic_summary'] },
    queries: [
      { name: 'one_day_event_time', ...eventRange('2026-01-01', '2026-01-02') },
      {
        name: 'summary_event_date',
        ideal: `SELECT count(DISTINCT event_date) FROM tutorial.retail_daily_traffic_summary
WHERE event_date = DATE '2026-01-01'`,
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
    ],
  },
  engine: {
    generator: null,
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
    generator: null,
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
