-- Seed 000's star schema, deterministic: every value derives from range() ids and the seed
-- through hash()/pmod() arithmetic. CALL system.generate(workload => 'star', ...) replaces
-- {{FACT_ROWS}} (scale x 1,000,000), {{SEED}}, {{SKEW}}, {{DAYS}} (history, default 1,096),
-- {{FIRST_DAY}} (1,096 - DAYS) and {{BUSY_DAYS}} (DAYS / 20, rounded up).
-- sales is partitioned by date_id (an INT yyyymmdd); dim_date covers 2023-01-01 .. 2025-12-31
-- (1,096 days) and sales the last DAYS of them.
CREATE NAMESPACE IF NOT EXISTS star;

CREATE TABLE star.dim_date (
  date_id INT, date DATE, day_of_week INT, day_name STRING, month INT,
  quarter STRING, year INT, is_weekend BOOLEAN, is_holiday BOOLEAN);
INSERT INTO star.dim_date
SELECT CAST(date_format(d, 'yyyyMMdd') AS INT), d, dayofweek(d), date_format(d, 'EEEE'),
       month(d), 'Q' || CAST(quarter(d) AS STRING), year(d), dayofweek(d) IN (1, 7),
       (month(d) = 1 AND day(d) = 1) OR (month(d) = 7 AND day(d) = 4)
         OR (month(d) = 12 AND day(d) = 25)
FROM (SELECT date_add(DATE '2023-01-01', CAST(id AS INT)) AS d FROM range(1096));

CREATE TABLE star.dim_product (product_id INT, name STRING, category STRING, price DECIMAL(10,2));
INSERT INTO star.dim_product
SELECT CAST(id + 1 AS INT), 'product ' || CAST(id + 1 AS STRING),
       'category ' || CAST(pmod(hash(id, {{SEED}}, 11), 20) AS STRING),
       CAST(pmod(hash(id, {{SEED}}, 12), 20000) / 100.0 AS DECIMAL(10,2))
FROM range(1000);

CREATE TABLE star.dim_store (store_id INT, name STRING, region STRING, city STRING);
INSERT INTO star.dim_store
SELECT CAST(id + 1 AS INT), 'store ' || CAST(id + 1 AS STRING),
       CASE pmod(id, 4) WHEN 0 THEN 'North' WHEN 1 THEN 'South' WHEN 2 THEN 'East' ELSE 'West' END,
       'city ' || CAST(pmod(hash(id, {{SEED}}, 21), 25) AS STRING)
FROM range(50);

CREATE TABLE star.dim_customer (customer_id INT, name STRING, segment STRING, country STRING);
INSERT INTO star.dim_customer
SELECT CAST(id + 1 AS INT), 'customer ' || CAST(id + 1 AS STRING),
       CASE pmod(hash(id, {{SEED}}, 31), 3) WHEN 0 THEN 'consumer' WHEN 1 THEN 'corporate' ELSE 'home office' END,
       'country ' || CAST(pmod(hash(id, {{SEED}}, 32), 30) AS STRING)
FROM range(10000);

-- Fact rows are spread evenly over the days of the history: row id lands on day id % DAYS;
-- with skew => true half of them land on every 20th day instead (those days ~21x busier).
CREATE TABLE star.sales (
  sale_id BIGINT, date_id INT, product_id INT, store_id INT, customer_id INT,
  quantity INT, amount DECIMAL(10,2))
PARTITIONED BY (date_id);
INSERT INTO star.sales
SELECT id,
       CAST(date_format(date_add(DATE '2023-01-01', CAST({{FIRST_DAY}} +
         CASE WHEN {{SKEW}} = 1 AND pmod(hash(id, {{SEED}}, 6), 2) = 0
              THEN pmod(hash(id, {{SEED}}, 7), {{BUSY_DAYS}}) * 20
              ELSE id % {{DAYS}} END AS INT)), 'yyyyMMdd') AS INT),
       pmod(hash(id, {{SEED}}, 1), 1000) + 1, pmod(hash(id, {{SEED}}, 2), 50) + 1, pmod(hash(id, {{SEED}}, 3), 10000) + 1,
       pmod(hash(id, {{SEED}}, 4), 10) + 1, CAST(pmod(hash(id, {{SEED}}, 5), 100000) / 100.0 AS DECIMAL(10,2))
FROM range({{FACT_ROWS}});
