-- The Star Schema Benchmark (O'Neil, O'Neil, Chen: "Star Schema Benchmark", revision 3, 2009),
-- written from the specification's table layouts; deterministic: every value derives from
-- range() ids through hash()/pmod() arithmetic and the seed. CALL system.generate replaces
-- {{FACT_ROWS}} (6,000,000 x SF), {{CUSTOMERS}} (30,000 x SF), {{SUPPLIERS}} (2,000 x SF),
-- {{PARTS}} (200,000 x (1 + log2 SF), or x SF below 1), {{SEED}}, {{SKEW}}, {{BUSY_DAYS}}.
-- lineorder is partitioned by its order-date key lo_orderdate (yyyymmdd), over the
-- specification's 2,406 order dates 1992-01-01 .. 1998-08-02; date covers 1992 .. 1998.
-- Where the specification leaves a value to dbgen's random streams (names, addresses, phones,
-- colors, order totals, supply costs) a hash of the key stands in; lines per order are 4.
CREATE NAMESPACE IF NOT EXISTS ssb;

CREATE TABLE ssb.date (
  d_datekey INT, d_date STRING, d_dayofweek STRING, d_month STRING, d_year INT,
  d_yearmonthnum INT, d_yearmonth STRING, d_daynuminweek INT, d_daynuminmonth INT,
  d_daynuminyear INT, d_monthnuminyear INT, d_weeknuminyear INT, d_sellingseason STRING,
  d_lastdayinweekfl INT, d_lastdayinmonthfl INT, d_holidayfl INT, d_weekdayfl INT);
INSERT INTO ssb.date
SELECT year(d) * 10000 + month(d) * 100 + day(d), date_format(d, 'MMMM d, yyyy'),
       date_format(d, 'EEEE'), date_format(d, 'MMMM'), year(d), year(d) * 100 + month(d),
       date_format(d, 'MMM') || CAST(year(d) AS STRING), dayofweek(d), day(d), dayofyear(d),
       month(d), CAST(floor((dayofyear(d) - 1) / 7) AS INT) + 1,
       CASE WHEN month(d) = 12 THEN 'Christmas' WHEN month(d) IN (1, 2) THEN 'Winter'
            WHEN month(d) IN (3, 4, 5) THEN 'Spring' WHEN month(d) IN (6, 7, 8) THEN 'Summer'
            ELSE 'Fall' END,
       CASE WHEN dayofweek(d) = 7 THEN 1 ELSE 0 END,
       CASE WHEN d = last_day(d) THEN 1 ELSE 0 END,
       CASE WHEN (month(d) = 1 AND day(d) = 1) OR (month(d) = 7 AND day(d) = 4)
                 OR (month(d) = 12 AND day(d) = 25) THEN 1 ELSE 0 END,
       CASE WHEN dayofweek(d) IN (1, 7) THEN 0 ELSE 1 END
FROM (SELECT date_add(DATE '1992-01-01', CAST(id AS INT)) AS d FROM range(2557));

-- The 25 nations of TPC-H with their regions; a city is the nation's first 9 characters
-- (space-padded) and a digit 0-9, as in 'UNITED KI1'.
CREATE TEMPORARY VIEW ssb_nations AS
SELECT * FROM VALUES
  (0, 'ALGERIA', 'AFRICA'), (1, 'ARGENTINA', 'AMERICA'), (2, 'BRAZIL', 'AMERICA'),
  (3, 'CANADA', 'AMERICA'), (4, 'EGYPT', 'MIDDLE EAST'), (5, 'ETHIOPIA', 'AFRICA'),
  (6, 'FRANCE', 'EUROPE'), (7, 'GERMANY', 'EUROPE'), (8, 'INDIA', 'ASIA'),
  (9, 'INDONESIA', 'ASIA'), (10, 'IRAN', 'MIDDLE EAST'), (11, 'IRAQ', 'MIDDLE EAST'),
  (12, 'JAPAN', 'ASIA'), (13, 'JORDAN', 'MIDDLE EAST'), (14, 'KENYA', 'AFRICA'),
  (15, 'MOROCCO', 'AFRICA'), (16, 'MOZAMBIQUE', 'AFRICA'), (17, 'PERU', 'AMERICA'),
  (18, 'CHINA', 'ASIA'), (19, 'ROMANIA', 'EUROPE'), (20, 'SAUDI ARABIA', 'MIDDLE EAST'),
  (21, 'VIETNAM', 'ASIA'), (22, 'RUSSIA', 'EUROPE'), (23, 'UNITED KINGDOM', 'EUROPE'),
  (24, 'UNITED STATES', 'AMERICA')
AS t(nationkey, name, region);

CREATE TABLE ssb.customer (
  c_custkey INT, c_name STRING, c_address STRING, c_city STRING, c_nation STRING,
  c_region STRING, c_phone STRING, c_mktsegment STRING);
INSERT INTO ssb.customer
SELECT CAST(r.id + 1 AS INT), 'Customer#' || lpad(CAST(r.id + 1 AS STRING), 9, '0'),
       md5(CAST(hash(r.id, {{SEED}}, 53) AS STRING)),
       rpad(n.name, 9, ' ') || CAST(pmod(hash(r.id, {{SEED}}, 52), 10) AS STRING),
       n.name, n.region,
       CAST(n.nationkey + 10 AS STRING) || '-' || CAST(pmod(hash(r.id, {{SEED}}, 54), 900) + 100 AS STRING)
         || '-' || CAST(pmod(hash(r.id, {{SEED}}, 55), 900) + 100 AS STRING)
         || '-' || CAST(pmod(hash(r.id, {{SEED}}, 56), 9000) + 1000 AS STRING),
       CASE pmod(hash(r.id, {{SEED}}, 57), 5) WHEN 0 THEN 'AUTOMOBILE' WHEN 1 THEN 'BUILDING'
            WHEN 2 THEN 'FURNITURE' WHEN 3 THEN 'MACHINERY' ELSE 'HOUSEHOLD' END
FROM range({{CUSTOMERS}}) r
JOIN ssb_nations n ON pmod(hash(r.id, {{SEED}}, 51), 25) = n.nationkey;

CREATE TABLE ssb.supplier (
  s_suppkey INT, s_name STRING, s_address STRING, s_city STRING, s_nation STRING,
  s_region STRING, s_phone STRING);
INSERT INTO ssb.supplier
SELECT CAST(r.id + 1 AS INT), 'Supplier#' || lpad(CAST(r.id + 1 AS STRING), 9, '0'),
       md5(CAST(hash(r.id, {{SEED}}, 63) AS STRING)),
       rpad(n.name, 9, ' ') || CAST(pmod(hash(r.id, {{SEED}}, 62), 10) AS STRING),
       n.name, n.region,
       CAST(n.nationkey + 10 AS STRING) || '-' || CAST(pmod(hash(r.id, {{SEED}}, 64), 900) + 100 AS STRING)
         || '-' || CAST(pmod(hash(r.id, {{SEED}}, 65), 900) + 100 AS STRING)
         || '-' || CAST(pmod(hash(r.id, {{SEED}}, 66), 9000) + 1000 AS STRING)
FROM range({{SUPPLIERS}}) r
JOIN ssb_nations n ON pmod(hash(r.id, {{SEED}}, 61), 25) = n.nationkey;

-- p_mfgr MFGR#1-5, p_category MFGR#11-55, p_brand1 the category and 1-40 (MFGR#2239);
-- p_type is one of 6 x 5 x 5 = 150 words, p_container one of 5 x 8 = 40.
CREATE TABLE ssb.part (
  p_partkey INT, p_name STRING, p_mfgr STRING, p_category STRING, p_brand1 STRING,
  p_color STRING, p_type STRING, p_size INT, p_container STRING);
INSERT INTO ssb.part
SELECT CAST(id + 1 AS INT), color || ' ' || color2,
       'MFGR#' || CAST(m AS STRING), 'MFGR#' || CAST(m AS STRING) || CAST(c AS STRING),
       'MFGR#' || CAST(m AS STRING) || CAST(c AS STRING) || CAST(b AS STRING),
       color,
       CASE pmod(hash(id, {{SEED}}, 75), 6) WHEN 0 THEN 'STANDARD' WHEN 1 THEN 'SMALL'
            WHEN 2 THEN 'MEDIUM' WHEN 3 THEN 'LARGE' WHEN 4 THEN 'ECONOMY' ELSE 'PROMO' END || ' ' ||
       CASE pmod(hash(id, {{SEED}}, 76), 5) WHEN 0 THEN 'ANODIZED' WHEN 1 THEN 'BURNISHED'
            WHEN 2 THEN 'PLATED' WHEN 3 THEN 'POLISHED' ELSE 'BRUSHED' END || ' ' ||
       CASE pmod(hash(id, {{SEED}}, 77), 5) WHEN 0 THEN 'TIN' WHEN 1 THEN 'NICKEL'
            WHEN 2 THEN 'BRASS' WHEN 3 THEN 'STEEL' ELSE 'COPPER' END,
       CAST(pmod(hash(id, {{SEED}}, 78), 50) + 1 AS INT),
       CASE pmod(hash(id, {{SEED}}, 79), 5) WHEN 0 THEN 'SM' WHEN 1 THEN 'LG' WHEN 2 THEN 'MED'
            WHEN 3 THEN 'JUMBO' ELSE 'WRAP' END || ' ' ||
       CASE pmod(hash(id, {{SEED}}, 80), 8) WHEN 0 THEN 'CASE' WHEN 1 THEN 'BOX' WHEN 2 THEN 'BAG'
            WHEN 3 THEN 'JAR' WHEN 4 THEN 'PKG' WHEN 5 THEN 'PACK' WHEN 6 THEN 'CAN' ELSE 'DRUM' END
FROM (
  SELECT id, pmod(hash(id, {{SEED}}, 71), 5) + 1 AS m, pmod(hash(id, {{SEED}}, 72), 5) + 1 AS c,
         pmod(hash(id, {{SEED}}, 73), 40) + 1 AS b,
         CASE pmod(hash(id, {{SEED}}, 74), 12) WHEN 0 THEN 'almond' WHEN 1 THEN 'azure'
              WHEN 2 THEN 'blush' WHEN 3 THEN 'chartreuse' WHEN 4 THEN 'forest' WHEN 5 THEN 'ivory'
              WHEN 6 THEN 'lavender' WHEN 7 THEN 'maroon' WHEN 8 THEN 'navy' WHEN 9 THEN 'peach'
              WHEN 10 THEN 'salmon' ELSE 'turquoise' END AS color,
         CASE pmod(hash(id, {{SEED}}, 81), 6) WHEN 0 THEN 'black' WHEN 1 THEN 'coral'
              WHEN 2 THEN 'khaki' WHEN 3 THEN 'orchid' WHEN 4 THEN 'sienna' ELSE 'wheat' END AS color2
  FROM range({{PARTS}}));

-- Four lines per order; an order's customer and date come from its key. Order dates are
-- uniform over the 2,406 days, or with skew => true half the orders fall on every 20th day
-- (those days about 21x busier). Prices follow TPC-H's retail price formula, in cents.
CREATE TABLE ssb.lineorder (
  lo_orderkey BIGINT, lo_linenumber INT, lo_custkey INT, lo_partkey INT, lo_suppkey INT,
  lo_orderdate INT, lo_orderpriority STRING, lo_shippriority STRING, lo_quantity INT,
  lo_extendedprice BIGINT, lo_ordtotalprice BIGINT, lo_discount INT, lo_revenue BIGINT,
  lo_supplycost BIGINT, lo_tax INT, lo_commitdate INT, lo_shipmode STRING)
PARTITIONED BY (lo_orderdate);
INSERT INTO ssb.lineorder
SELECT orderkey, linenumber, custkey, partkey, suppkey,
       year(orderdate) * 10000 + month(orderdate) * 100 + day(orderdate),
       CASE pmod(hash(orderkey, {{SEED}}, 84), 5) WHEN 0 THEN '1-URGENT' WHEN 1 THEN '2-HIGH'
            WHEN 2 THEN '3-MEDIUM' WHEN 3 THEN '4-NOT SPECI' ELSE '5-LOW' END,
       '0', quantity, quantity * price,
       CAST(pmod(hash(orderkey, {{SEED}}, 85), 38800000) + 100000 AS BIGINT),
       discount, CAST(floor(quantity * price * (100 - discount) / 100) AS BIGINT),
       CAST(pmod(hash(partkey, suppkey, {{SEED}}), 99901) + 100 AS BIGINT),
       CAST(pmod(hash(id, {{SEED}}, 86), 9) AS INT),
       year(commitdate) * 10000 + month(commitdate) * 100 + day(commitdate),
       CASE pmod(hash(id, {{SEED}}, 87), 7) WHEN 0 THEN 'REG AIR' WHEN 1 THEN 'AIR'
            WHEN 2 THEN 'RAIL' WHEN 3 THEN 'SHIP' WHEN 4 THEN 'TRUCK' WHEN 5 THEN 'MAIL' ELSE 'FOB' END
FROM (
  SELECT id, orderkey, linenumber, custkey, partkey, suppkey, quantity, discount, orderdate,
         date_add(orderdate, CAST(pmod(hash(id, {{SEED}}, 88), 61) + 30 AS INT)) AS commitdate,
         CAST(90000 + pmod(CAST(floor(partkey / 10) AS INT), 20001) + 100 * pmod(partkey, 1000) AS BIGINT) AS price
  FROM (
    SELECT id, orderkey, linenumber,
           CAST(pmod(hash(orderkey, {{SEED}}, 89), {{CUSTOMERS}}) + 1 AS INT) AS custkey,
           CAST(pmod(hash(id, {{SEED}}, 90), {{PARTS}}) + 1 AS INT) AS partkey,
           CAST(pmod(hash(id, {{SEED}}, 91), {{SUPPLIERS}}) + 1 AS INT) AS suppkey,
           CAST(pmod(hash(id, {{SEED}}, 92), 50) + 1 AS INT) AS quantity,
           CAST(pmod(hash(id, {{SEED}}, 93), 11) AS INT) AS discount,
           date_add(DATE '1992-01-01', CAST(
             CASE WHEN {{SKEW}} = 1 AND pmod(hash(orderkey, {{SEED}}, 94), 2) = 0
                  THEN pmod(hash(orderkey, {{SEED}}, 95), {{BUSY_DAYS}}) * 20
                  ELSE pmod(hash(orderkey, {{SEED}}, 96), 2406) END AS INT)) AS orderdate
    FROM (SELECT id, CAST(floor(id / 4) AS BIGINT) + 1 AS orderkey,
                 CAST(id % 4 + 1 AS INT) AS linenumber
          FROM range({{FACT_ROWS}}))));

DROP VIEW ssb_nations;
