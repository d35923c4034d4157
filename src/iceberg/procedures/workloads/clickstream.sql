-- Seed 002's retail clickstream, deterministic: every value derives from range() ids and the
-- seed through hash()/pmod() arithmetic. CALL system.generate(workload => 'clickstream', ...)
-- replaces {{FACT_ROWS}} (scale x 1,000,000 events), {{SEED}}, {{SKEW}}, {{DAYS}} (history,
-- default 1,096), {{FIRST_DAY}} (1,096 - DAYS) and {{BUSY_DAYS}} (DAYS / 20, rounded up).
-- Events cover the last DAYS days of 2023-02-01 .. 2026-01-31, partitioned by day(event_time);
-- the derived daily tables are built from them by SQL, identity-partitioned by their date.
CREATE NAMESPACE IF NOT EXISTS tutorial;

CREATE TABLE tutorial.retail_clickstream_events (
  event_id BIGINT, event_time TIMESTAMP, session_id BIGINT, user_id INT,
  event_type STRING, product_id INT, page STRING)
PARTITIONED BY (days(event_time));
-- A session is 8 consecutive event ids, 37 seconds apart, and touches at most 3 products.
-- Sessions start evenly over the history (2023-02-01 00:00:00 UTC is epoch 1675209600); with
-- skew => true half of them start on every 20th day instead (those days ~21x busier).
INSERT INTO tutorial.retail_clickstream_events
SELECT id, timestamp_seconds(1675209600 + {{FIRST_DAY}} * 86400 + session_offset + step * 37),
       session_id, user_id, event_type,
       CASE WHEN event_type IN ('product_view', 'add_to_cart', 'remove_from_cart', 'purchase')
            THEN CAST(pmod(hash(session_id, {{SEED}}, 43, pmod(hash(id, {{SEED}}, 45), 3)), 1000) + 1 AS INT)
       END,
       '/page/' || CAST(pmod(hash(id, {{SEED}}, 44), 200) AS STRING)
FROM (
  SELECT id, session_id, step, CAST(pmod(hash(session_id, {{SEED}}, 41), 100000) + 1 AS INT) AS user_id,
         CASE WHEN {{SKEW}} = 1
              THEN (CASE WHEN pmod(hash(session_id, {{SEED}}, 6), 2) = 0
                         THEN pmod(hash(session_id, {{SEED}}, 7), {{BUSY_DAYS}}) * 20
                         ELSE pmod(hash(session_id, {{SEED}}, 8), {{DAYS}}) END) * 86400
                   + pmod(hash(session_id, {{SEED}}, 9), 86000)
              ELSE CAST(floor((id - step) * ({{DAYS}} * 86400.0) / {{FACT_ROWS}}) AS BIGINT)
         END AS session_offset,
         CASE
           WHEN step = 0 OR pmod(hash(id, {{SEED}}, 42), 100) < 40 THEN 'page_view'
           WHEN pmod(hash(id, {{SEED}}, 42), 100) < 55 THEN 'search'
           WHEN pmod(hash(id, {{SEED}}, 42), 100) < 80 THEN 'product_view'
           WHEN pmod(hash(id, {{SEED}}, 42), 100) < 90 THEN 'add_to_cart'
           WHEN pmod(hash(id, {{SEED}}, 42), 100) < 93 THEN 'remove_from_cart'
           WHEN pmod(hash(id, {{SEED}}, 42), 100) < 97 THEN 'checkout_start'
           ELSE 'purchase'
         END AS event_type
  FROM (SELECT id, CAST(floor(id / 8) AS BIGINT) AS session_id, id % 8 AS step FROM range({{FACT_ROWS}})));

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

-- One row per session; its date is the day it started.
CREATE TABLE tutorial.retail_sessions (
  session_id BIGINT, user_id INT, session_date DATE, session_start TIMESTAMP,
  session_end TIMESTAMP, duration_seconds BIGINT, events BIGINT, page_views BIGINT,
  product_views BIGINT, add_to_carts BIGINT, purchases BIGINT, converted BOOLEAN)
PARTITIONED BY (session_date);
INSERT INTO tutorial.retail_sessions
SELECT session_id, min(user_id), CAST(min(event_time) AS DATE), min(event_time), max(event_time),
       unix_timestamp(max(event_time)) - unix_timestamp(min(event_time)), count(*),
       sum(CASE WHEN event_type = 'page_view' THEN 1 ELSE 0 END),
       sum(CASE WHEN event_type = 'product_view' THEN 1 ELSE 0 END),
       sum(CASE WHEN event_type = 'add_to_cart' THEN 1 ELSE 0 END),
       sum(CASE WHEN event_type = 'purchase' THEN 1 ELSE 0 END),
       sum(CASE WHEN event_type = 'purchase' THEN 1 ELSE 0 END) > 0
FROM tutorial.retail_clickstream_events
GROUP BY session_id;

-- One row per day, session and product the session touched that day.
CREATE TABLE tutorial.retail_session_products (
  event_date DATE, session_id BIGINT, user_id INT, product_id INT, views BIGINT,
  add_to_carts BIGINT, removes BIGINT, purchases BIGINT)
PARTITIONED BY (event_date);
INSERT INTO tutorial.retail_session_products
SELECT CAST(event_time AS DATE), session_id, min(user_id), product_id,
       sum(CASE WHEN event_type = 'product_view' THEN 1 ELSE 0 END),
       sum(CASE WHEN event_type = 'add_to_cart' THEN 1 ELSE 0 END),
       sum(CASE WHEN event_type = 'remove_from_cart' THEN 1 ELSE 0 END),
       sum(CASE WHEN event_type = 'purchase' THEN 1 ELSE 0 END)
FROM tutorial.retail_clickstream_events
WHERE product_id IS NOT NULL
GROUP BY CAST(event_time AS DATE), session_id, product_id;

-- Per day and product: how many sessions viewed, carted and bought it.
CREATE TABLE tutorial.retail_daily_product_funnel (
  event_date DATE, product_id INT, views BIGINT, add_to_carts BIGINT, purchases BIGINT,
  sessions_viewed BIGINT, sessions_added BIGINT, sessions_purchased BIGINT,
  view_to_cart_rate DOUBLE, cart_to_purchase_rate DOUBLE)
PARTITIONED BY (event_date);
INSERT INTO tutorial.retail_daily_product_funnel
SELECT event_date, product_id, sum(views), sum(add_to_carts), sum(purchases),
       count_if(views > 0), count_if(add_to_carts > 0), count_if(purchases > 0),
       round(count_if(add_to_carts > 0) / greatest(count_if(views > 0), 1), 4),
       round(count_if(purchases > 0) / greatest(count_if(add_to_carts > 0), 1), 4)
FROM tutorial.retail_session_products
GROUP BY event_date, product_id;

-- Per day and product: sessions that put it in the cart and did not buy it that day.
CREATE TABLE tutorial.retail_daily_product_cart_abandonment (
  event_date DATE, product_id INT, sessions_with_cart BIGINT, sessions_abandoned BIGINT,
  abandonment_rate DOUBLE)
PARTITIONED BY (event_date);
INSERT INTO tutorial.retail_daily_product_cart_abandonment
SELECT event_date, product_id, count(*), count_if(purchases = 0),
       round(count_if(purchases = 0) / count(*), 4)
FROM tutorial.retail_session_products
WHERE add_to_carts > 0
GROUP BY event_date, product_id;
