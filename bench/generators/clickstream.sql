-- Seed 002's retail clickstream, deterministic: every value derives from range() ids through
-- hash()/pmod() arithmetic. The runner replaces {{FACT_ROWS}} (the scale) before running.
-- Events cover three years, 2023-02-01 .. 2026-01-31 (1,096 days), partitioned by
-- day(event_time); the derived daily summary is identity-partitioned by event_date.
CREATE NAMESPACE IF NOT EXISTS tutorial;

CREATE TABLE tutorial.retail_clickstream_events (
  event_id BIGINT, event_time TIMESTAMP, session_id BIGINT, user_id INT,
  event_type STRING, product_id INT, page STRING)
PARTITIONED BY (days(event_time));
-- 1,096 days = 94,694,400 seconds from 2023-02-01 00:00:00 UTC (epoch 1675209600);
-- ids advance time evenly, so each day holds about FACT_ROWS / 1,096 events.
INSERT INTO tutorial.retail_clickstream_events
SELECT id,
       timestamp_seconds(1675209600 + CAST(id * 94694400 / {{FACT_ROWS}} AS BIGINT)),
       CAST(id / 8 AS BIGINT), pmod(hash(CAST(id / 8 AS BIGINT), 41), 100000) + 1,
       CASE
         WHEN pmod(hash(id, 42), 100) < 40 THEN 'page_view'
         WHEN pmod(hash(id, 42), 100) < 55 THEN 'search'
         WHEN pmod(hash(id, 42), 100) < 80 THEN 'product_view'
         WHEN pmod(hash(id, 42), 100) < 90 THEN 'add_to_cart'
         WHEN pmod(hash(id, 42), 100) < 93 THEN 'remove_from_cart'
         WHEN pmod(hash(id, 42), 100) < 97 THEN 'checkout_start'
         ELSE 'purchase'
       END,
       pmod(hash(id, 43), 1000) + 1,
       '/page/' || CAST(pmod(hash(id, 44), 200) AS STRING)
FROM range({{FACT_ROWS}});

CREATE TABLE tutorial.retail_daily_traffic_summary (
  event_date DATE, events BIGINT, sessions BIGINT, users BIGINT, product_views BIGINT,
  add_to_carts BIGINT, purchases BIGINT)
PARTITIONED BY (event_date);
INSERT INTO tutorial.retail_daily_traffic_summary
SELECT CAST(event_time AS DATE), count(*), count(DISTINCT session_id), count(DISTINCT user_id),
       sum(CASE WHEN event_type = 'product_view' THEN 1 ELSE 0 END),
       sum(CASE WHEN event_type = 'add_to_cart' THEN 1 ELSE 0 END),
       sum(CASE WHEN event_type = 'purchase' THEN 1 ELSE 0 END)
FROM tutorial.retail_clickstream_events
GROUP BY CAST(event_time AS DATE);
