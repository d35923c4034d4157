-- A TPC-DS-shaped star (TPC Benchmark DS, specification 3.2.0, section 2: the store channel's
-- tables with their columns, keys and value domains); deterministic: every value derives from
-- range() ids through hash()/pmod() arithmetic and the seed. CALL system.generate replaces
-- {{FACT_ROWS}} (about 2,880,000 x SF store_sales rows), {{ITEMS}}, {{CUSTOMERS}},
-- {{ADDRESSES}}, {{STORES}}, {{PROMOTIONS}}, {{TICKETS}} and {{SEED}}.
-- date_dim is the specification's whole calendar, 1900-01-02 .. 2100-01-01, its surrogate key
-- the Julian day number (2415022 .. 2488070); store_sales is partitioned by ss_sold_date_sk
-- over the sales period 1998-01-02 .. 2003-01-02 (1,827 days). customer_demographics and
-- household_demographics are the specification's full cross products (1,920,800 and 7,200
-- rows); the other dimensions grow with SF as dsdgen's do, roughly as SF^0.75.
-- Where the specification leaves a value to dsdgen's random streams (names, streets, prices) a
-- hash of the key stands in, with the specification's ranges. Two choices are floe's own:
-- a ticket has 1 to 20 line items (dsdgen: 8 to 16, thinned by its NULLs), so that the
-- templates' count ranges (q34: 15 to 20, q73: 1 to 5) both find tickets; and a brand is its
-- category's syllable and one of ten stems picked by (brand number + class + category) mod 10,
-- so that the brands the templates' default substitutions name (q53, q63) are in the
-- categories and classes those queries pair them with.
CREATE NAMESPACE IF NOT EXISTS tpcds;

-- dsdgen's mk_word over its "syllables": a number's decimal digits, least significant first
-- (128: 'barpriable'), for store and manufacturer names.
CREATE TEMPORARY VIEW tpcds_words AS
SELECT id AS k,
       element_at(syllables, CAST(pmod(id, 10) + 1 AS INT)) ||
       CASE WHEN id >= 10 THEN element_at(syllables, CAST(pmod(floor(id / 10), 10) + 1 AS INT)) ELSE '' END ||
       CASE WHEN id >= 100 THEN element_at(syllables, CAST(pmod(floor(id / 100), 10) + 1 AS INT)) ELSE '' END ||
       CASE WHEN id >= 1000 THEN element_at(syllables, CAST(pmod(floor(id / 1000), 10) + 1 AS INT)) ELSE '' END
         AS word
FROM (SELECT id, array('ought', 'able', 'pri', 'ese', 'anti', 'cally', 'ation', 'eing', 'bar', 'n st') AS syllables FROM range(1, 10000));

CREATE TABLE tpcds.date_dim (
  d_date_sk INT, d_date_id STRING, d_date DATE, d_month_seq INT, d_week_seq INT,
  d_quarter_seq INT, d_year INT, d_dow INT, d_moy INT, d_dom INT, d_qoy INT, d_fy_year INT,
  d_fy_quarter_seq INT, d_fy_week_seq INT, d_day_name STRING, d_quarter_name STRING,
  d_holiday STRING, d_weekend STRING, d_following_holiday STRING, d_first_dom INT,
  d_last_dom INT, d_same_day_ly INT, d_same_day_lq INT, d_current_day STRING,
  d_current_week STRING, d_current_month STRING, d_current_quarter STRING, d_current_year STRING);
INSERT INTO tpcds.date_dim
SELECT sk, 'AAAAAAAA' || bkey, d, month_seq, week_seq, quarter_seq, year(d), dayofweek(d) - 1,
       month(d), day(d), quarter(d), year(d), quarter_seq, week_seq, date_format(d, 'EEEE'),
       CAST(year(d) AS STRING) || 'Q' || CAST(quarter(d) AS STRING),
       CASE WHEN holiday THEN 'Y' ELSE 'N' END,
       CASE WHEN dayofweek(d) IN (1, 7) THEN 'Y' ELSE 'N' END,
       CASE WHEN following_holiday THEN 'Y' ELSE 'N' END,
       sk - day(d) + 1, sk - day(d) + day(last_day(d)),
       sk - datediff(d, add_months(d, -12)), sk - datediff(d, add_months(d, -3)),
       'N', 'N', 'N', 'N', 'N'
FROM (
  SELECT d, CAST(datediff(d, DATE '1970-01-01') + 2440588 AS INT) AS sk,
         CAST((year(d) - 1900) * 12 + month(d) - 1 AS INT) AS month_seq,
         -- weeks start on Sunday; week 1 is the one holding 1900-01-02
         CAST(floor((datediff(d, DATE '1970-01-01') + 2440588 - 2415020) / 7) + 1 AS INT) AS week_seq,
         CAST((year(d) - 1900) * 4 + quarter(d) AS INT) AS quarter_seq,
         (month(d) = 1 AND day(d) = 1) OR (month(d) = 7 AND day(d) = 4) OR (month(d) = 12 AND day(d) = 25)
           AS holiday,
         (month(d) = 1 AND day(d) = 2) OR (month(d) = 7 AND day(d) = 5) OR (month(d) = 12 AND day(d) = 26)
           AS following_holiday,
         upper(substr(md5(CAST(d AS STRING)), 1, 8)) AS bkey
  FROM (SELECT date_add(DATE '1900-01-02', CAST(id AS INT)) AS d FROM range(73049)));

CREATE TABLE tpcds.household_demographics (
  hd_demo_sk INT, hd_income_band_sk INT, hd_buy_potential STRING, hd_dep_count INT,
  hd_vehicle_count INT);
INSERT INTO tpcds.household_demographics
SELECT CAST(id + 1 AS INT), CAST(pmod(id, 20) + 1 AS INT),
       element_at(array('0-500', '501-1000', '1001-5000', '5001-10000', '>10000', 'Unknown'),
                  CAST(pmod(floor(id / 20), 6) + 1 AS INT)),
       CAST(pmod(floor(id / 120), 10) AS INT), CAST(pmod(floor(id / 1200), 6) - 1 AS INT)
FROM range(7200);

CREATE TABLE tpcds.customer_demographics (
  cd_demo_sk INT, cd_gender STRING, cd_marital_status STRING, cd_education_status STRING,
  cd_purchase_estimate INT, cd_credit_rating STRING, cd_dep_count INT,
  cd_dep_employed_count INT, cd_dep_college_count INT);
INSERT INTO tpcds.customer_demographics
SELECT CAST(id + 1 AS INT), element_at(array('M', 'F'), CAST(pmod(id, 2) + 1 AS INT)),
       element_at(array('M', 'S', 'D', 'W', 'U'), CAST(pmod(floor(id / 2), 5) + 1 AS INT)),
       element_at(array('Primary', 'Secondary', 'College', '2 yr Degree', '4 yr Degree', 'Advanced Degree',
                        'Unknown'), CAST(pmod(floor(id / 10), 7) + 1 AS INT)),
       CAST((pmod(floor(id / 70), 20) + 1) * 500 AS INT),
       element_at(array('Good', 'High Risk', 'Low Risk', 'Unknown'), CAST(pmod(floor(id / 1400), 4) + 1 AS INT)),
       CAST(pmod(floor(id / 5600), 7) AS INT), CAST(pmod(floor(id / 39200), 7) AS INT),
       CAST(pmod(floor(id / 274400), 7) AS INT)
FROM range(1920800);

-- Counties with their states and GMT offsets, and cities, from dsdgen's address
-- distributions (fips.dst, cities.dst): the names the templates' substitutions use among them.
CREATE TEMPORARY VIEW tpcds_counties AS
SELECT * FROM VALUES
  (0, 'Williamson County', 'TN', -5), (1, 'Franklin Parish', 'LA', -6), (2, 'Bronx County', 'NY', -5),
  (3, 'Orange County', 'CA', -8), (4, 'Walker County', 'GA', -5), (5, 'Ziebach County', 'SD', -6),
  (6, 'Daviess County', 'KY', -6), (7, 'Barrow County', 'GA', -5), (8, 'Luce County', 'MI', -5),
  (9, 'Richland County', 'SC', -5), (10, 'Jackson County', 'MO', -6), (11, 'Fairfield County', 'CT', -5),
  (12, 'Huron County', 'OH', -5), (13, 'Furnas County', 'NE', -6), (14, 'Dona Ana County', 'NM', -7),
  (15, 'Mesa County', 'CO', -7), (16, 'Levy County', 'FL', -5), (17, 'Raleigh County', 'WV', -5),
  (18, 'Maverick County', 'TX', -6), (19, 'Essex County', 'MA', -5)
AS t(county_id, county, state, gmt_offset);

CREATE TEMPORARY VIEW tpcds_cities AS
SELECT * FROM VALUES
  (0, 'Fairview'), (1, 'Midway'), (2, 'Oak Grove'), (3, 'Five Points'), (4, 'Pleasant Hill'),
  (5, 'Centerville'), (6, 'Riverside'), (7, 'Union'), (8, 'Greenwood'), (9, 'Salem'),
  (10, 'Mount Pleasant'), (11, 'Oakland'), (12, 'Bethel'), (13, 'Shiloh'), (14, 'Lakeview'),
  (15, 'Springdale'), (16, 'Glendale'), (17, 'Franklin'), (18, 'Clinton'), (19, 'Georgetown')
AS t(city_id, city);

CREATE TABLE tpcds.customer_address (
  ca_address_sk INT, ca_address_id STRING, ca_street_number STRING, ca_street_name STRING,
  ca_street_type STRING, ca_suite_number STRING, ca_city STRING, ca_county STRING, ca_state STRING,
  ca_zip STRING, ca_country STRING, ca_gmt_offset DECIMAL(5,2), ca_location_type STRING);
INSERT INTO tpcds.customer_address
SELECT CAST(r.id + 1 AS INT), 'AAAAAAAA' || upper(substr(md5(CAST(r.id AS STRING)), 1, 8)),
       CAST(pmod(hash(r.id, {{SEED}}, 101), 1000) + 1 AS STRING),
       element_at(array('Oak', 'Park', 'Main', 'Elm', 'Maple', 'Cedar', 'Pine', 'Lake', 'Hill', 'Walnut'),
                  CAST(pmod(hash(r.id, {{SEED}}, 102), 10) + 1 AS INT)) || ' ' ||
       element_at(array('First', 'Second', 'Third', 'Fourth', 'Fifth', '6th', '7th', '8th', '9th', '10th'),
                  CAST(pmod(hash(r.id, {{SEED}}, 103), 10) + 1 AS INT)),
       element_at(array('Street', 'Ave', 'Blvd', 'Road', 'Lane', 'Court', 'Drive', 'Way', 'Circle', 'Parkway'),
                  CAST(pmod(hash(r.id, {{SEED}}, 104), 10) + 1 AS INT)),
       'Suite ' || CAST(pmod(hash(r.id, {{SEED}}, 105), 100) * 10 AS STRING),
       c.city, n.county, n.state, lpad(CAST(pmod(hash(r.id, {{SEED}}, 106), 99990) + 10 AS STRING), 5, '0'),
       'United States', CAST(n.gmt_offset AS DECIMAL(5,2)),
       element_at(array('single family', 'condo', 'apartment'), CAST(pmod(hash(r.id, {{SEED}}, 107), 3) + 1 AS INT))
FROM range({{ADDRESSES}}) r
JOIN tpcds_counties n ON pmod(hash(r.id, {{SEED}}, 108), 20) = n.county_id
JOIN tpcds_cities c ON pmod(hash(r.id, {{SEED}}, 109), 20) = c.city_id;

CREATE TABLE tpcds.customer (
  c_customer_sk INT, c_customer_id STRING, c_current_cdemo_sk INT, c_current_hdemo_sk INT,
  c_current_addr_sk INT, c_first_shipto_date_sk INT, c_first_sales_date_sk INT, c_salutation STRING,
  c_first_name STRING, c_last_name STRING, c_preferred_cust_flag STRING, c_birth_day INT,
  c_birth_month INT, c_birth_year INT, c_birth_country STRING, c_login STRING,
  c_email_address STRING, c_last_review_date_sk INT);
INSERT INTO tpcds.customer
SELECT CAST(id + 1 AS INT), 'AAAAAAAA' || upper(substr(md5(CAST(id + 7 AS STRING)), 1, 8)),
       CAST(pmod(hash(id, {{SEED}}, 111), 1920800) + 1 AS INT), CAST(pmod(hash(id, {{SEED}}, 112), 7200) + 1 AS INT),
       CAST(pmod(hash(id, {{SEED}}, 113), {{ADDRESSES}}) + 1 AS INT),
       first_sales + 30, first_sales,
       element_at(array('Mr.', 'Mrs.', 'Ms.', 'Miss', 'Sir', 'Dr.'), CAST(pmod(hash(id, {{SEED}}, 114), 6) + 1 AS INT)),
       first_name, last_name, CASE WHEN pmod(hash(id, {{SEED}}, 115), 2) = 0 THEN 'Y' ELSE 'N' END,
       CAST(pmod(hash(id, {{SEED}}, 116), 28) + 1 AS INT), CAST(pmod(hash(id, {{SEED}}, 117), 12) + 1 AS INT),
       CAST(pmod(hash(id, {{SEED}}, 118), 69) + 1924 AS INT),
       element_at(array('UNITED STATES', 'CANADA', 'MEXICO', 'GERMANY', 'JAPAN', 'BRAZIL', 'INDIA', 'FRANCE'),
                  CAST(pmod(hash(id, {{SEED}}, 119), 8) + 1 AS INT)),
       CAST(NULL AS STRING), first_name || '.' || last_name || '@' ||
       element_at(array('example.com', 'mail.net', 'post.org'), CAST(pmod(hash(id, {{SEED}}, 120), 3) + 1 AS INT)),
       first_sales + CAST(pmod(hash(id, {{SEED}}, 121), 1000) AS INT)
FROM (
  SELECT id, CAST(2450816 + pmod(hash(id, {{SEED}}, 122), 1827) AS INT) AS first_sales,
         element_at(array('James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda',
                          'William', 'Elizabeth', 'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica',
                          'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa',
                          'Anthony', 'Betty', 'Mark', 'Dorothy', 'Donald', 'Sandra'),
                    CAST(pmod(hash(id, {{SEED}}, 123), 30) + 1 AS INT)) AS first_name,
         element_at(array('Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis',
                          'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson',
                          'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White',
                          'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson'),
                    CAST(pmod(hash(id, {{SEED}}, 124), 30) + 1 AS INT)) AS last_name
  FROM range({{CUSTOMERS}}));

-- Half the stores (at least one) are in Williamson County, TN, in Midway or Fairview, as every
-- store of dsdgen's scale 1 is; the others spread over the counties and cities.
CREATE TABLE tpcds.store (
  s_store_sk INT, s_store_id STRING, s_rec_start_date DATE, s_rec_end_date DATE,
  s_closed_date_sk INT, s_store_name STRING, s_number_employees INT, s_floor_space INT,
  s_hours STRING, s_manager STRING, s_market_id INT, s_geography_class STRING,
  s_market_desc STRING, s_market_manager STRING, s_division_id INT, s_division_name STRING,
  s_company_id INT, s_company_name STRING, s_street_number STRING, s_street_name STRING,
  s_street_type STRING, s_suite_number STRING, s_city STRING, s_county STRING, s_state STRING,
  s_zip STRING, s_country STRING, s_gmt_offset DECIMAL(5,2), s_tax_precentage DECIMAL(5,2));
INSERT INTO tpcds.store
SELECT CAST(r.id + 1 AS INT), 'AAAAAAAA' || upper(substr(md5(CAST(r.id + 3 AS STRING)), 1, 8)),
       DATE '1997-03-13', CAST(NULL AS DATE), CAST(NULL AS INT), w.word,
       CAST(pmod(hash(r.id, {{SEED}}, 131), 101) + 200 AS INT),
       CAST(pmod(hash(r.id, {{SEED}}, 132), 4000000) + 5000000 AS INT),
       element_at(array('8AM-4PM', '8AM-8AM', '8AM-12AM'), CAST(pmod(hash(r.id, {{SEED}}, 133), 3) + 1 AS INT)),
       'Manager ' || CAST(r.id + 1 AS STRING), CAST(pmod(hash(r.id, {{SEED}}, 134), 10) + 1 AS INT), 'Unknown',
       'A store of the ' || w.word || ' market', 'Market manager ' || CAST(r.id + 1 AS STRING), 1, 'Unknown', 1,
       'Unknown', CAST(pmod(hash(r.id, {{SEED}}, 135), 1000) + 1 AS STRING), 'Main', 'Street', 'Suite 100',
       CASE WHEN in_tn THEN CASE WHEN pmod(r.id, 2) = 0 THEN 'Midway' ELSE 'Fairview' END ELSE c.city END,
       n.county, n.state, lpad(CAST(pmod(hash(r.id, {{SEED}}, 136), 99990) + 10 AS STRING), 5, '0'),
       'United States', CAST(n.gmt_offset AS DECIMAL(5,2)),
       CAST(pmod(hash(r.id, {{SEED}}, 137), 12) / 100.0 AS DECIMAL(5,2))
FROM (SELECT id, id < greatest(1, CAST(ceil({{STORES}} / 2) AS BIGINT)) AS in_tn FROM range({{STORES}})) r
JOIN tpcds_counties n ON CASE WHEN r.in_tn THEN 0 ELSE pmod(hash(r.id, {{SEED}}, 138), 20) END = n.county_id
JOIN tpcds_cities c ON pmod(hash(r.id, {{SEED}}, 139), 20) = c.city_id
JOIN tpcds_words w ON w.k = r.id + 1;

-- i_category_id 1..10 with its classes (dsdgen's categories.dst and classes); a class id is its
-- position in its category's list. A brand is <category syllable><stem> #<1..16>.
CREATE TEMPORARY VIEW tpcds_classes AS
SELECT category_id, category, prefix, class_pos, class
FROM VALUES
  (1, 'Women', 'amalg', array('dresses', 'fragrances', 'maternity', 'swimwear')),
  (2, 'Men', 'importo', array('accessories', 'pants', 'shirts', 'sports-apparel')),
  (3, 'Children', 'corp', array('infants', 'newborn', 'school-uniforms', 'toddlers')),
  (4, 'Shoes', 'maxi', array('athletic', 'kids', 'mens', 'womens')),
  (5, 'Music', 'edu pack', array('classical', 'country', 'pop', 'rock')),
  (6, 'Jewelry', 'brand', array('birdal', 'bracelets', 'consignment', 'costume', 'custom', 'diamonds',
                                 'earings', 'estate', 'gold', 'jewelry boxes', 'loose stones', 'mens watch',
                                 'pendants', 'rings', 'semi-precious', 'womens watch')),
  (7, 'Home', 'nameless', array('accent', 'bathroom', 'bedding', 'blinds/shades', 'curtains/drapes', 'decor',
                                 'flatware', 'furniture', 'glassware', 'kids', 'lighting', 'mattresses', 'paint',
                                 'rugs', 'tables', 'wallpaper')),
  (8, 'Sports', 'univ', array('archery', 'athletic shoes', 'baseball', 'basketball', 'camping', 'fishing',
                               'fitness', 'football', 'golf', 'guns', 'hockey', 'optics', 'outdoor', 'pools',
                               'sailing', 'tennis')),
  (9, 'Books', 'scholar', array('arts', 'business', 'computers', 'cooking', 'entertainments', 'fiction',
                                 'history', 'home repair', 'mystery', 'parenting', 'reference', 'romance',
                                 'science', 'self-help', 'sports', 'travel')),
  (10, 'Electronics', 'exporti', array('audio', 'automotive', 'camcorders', 'cameras', 'disk drives',
                                        'dvd/vcr players', 'karoke', 'memory', 'monitors', 'musical', 'personal',
                                        'portable', 'scanners', 'stereo', 'televisions', 'wireless'))
AS t(category_id, category, prefix, classes)
LATERAL VIEW posexplode(classes) c AS class_pos, class;

CREATE TABLE tpcds.item (
  i_item_sk INT, i_item_id STRING, i_rec_start_date DATE, i_rec_end_date DATE, i_item_desc STRING,
  i_current_price DECIMAL(7,2), i_wholesale_cost DECIMAL(7,2), i_brand_id INT, i_brand STRING,
  i_class_id INT, i_class STRING, i_category_id INT, i_category STRING, i_manufact_id INT,
  i_manufact STRING, i_size STRING, i_formulation STRING, i_color STRING, i_units STRING,
  i_container STRING, i_manager_id INT, i_product_name STRING);
INSERT INTO tpcds.item
SELECT k, 'AAAAAAAA' || upper(substr(md5(CAST(k AS STRING)), 1, 8)), DATE '1997-10-27', CAST(NULL AS DATE),
       'Item ' || CAST(k AS STRING) || ': ' || color || ' ' || class || ' for ' || category,
       price, CAST(price * 0.6 AS DECIMAL(7,2)),
       CAST(category_id * 1000000 + class_id * 1000 + brand_no AS INT),
       prefix || element_at(array('univamalg', 'corp', 'maxi', 'brand', 'importo', 'amalg', 'nameless',
                                  'scholar', 'exporti', 'amalgamalg'),
                            CAST(pmod(brand_no + class_id + category_id, 10) + 1 AS INT)) || ' #' ||
         CAST(brand_no AS STRING),
       class_id, class, category_id, category, manufact_id, manufact,
       element_at(array('small', 'medium', 'large', 'extra large', 'petite', 'economy', 'N/A'),
                  CAST(pmod(hash(k, {{SEED}}, 141), 7) + 1 AS INT)),
       lpad(CAST(pmod(hash(k, {{SEED}}, 142), 100000000) AS STRING), 20, '0'), color,
       element_at(array('Each', 'Dozen', 'Case', 'Pallet', 'Gross', 'Box', 'Bunch', 'Pound', 'Ounce', 'Oz'),
                  CAST(pmod(hash(k, {{SEED}}, 143), 10) + 1 AS INT)),
       'Unknown', CAST(pmod(hash(k, {{SEED}}, 144), 100) + 1 AS INT), manufact || ' ' || color
FROM (
  SELECT CAST(i.id + 1 AS INT) AS k, c.category_id, c.category, c.prefix, c.class,
         CAST(c.class_pos + 1 AS INT) AS class_id,
         CAST(pmod(hash(i.id, {{SEED}}, 145), 16) + 1 AS INT) AS brand_no,
         CAST(pmod(hash(i.id, {{SEED}}, 146), 1000) + 1 AS INT) AS manufact_id, m.word AS manufact,
         CAST((pmod(hash(i.id, {{SEED}}, 147), 9991) + 9) / 100.0 AS DECIMAL(7,2)) AS price,
         element_at(array('almond', 'azure', 'blush', 'chartreuse', 'forest', 'ivory', 'lavender', 'maroon',
                          'navy', 'peach', 'salmon', 'turquoise', 'wheat', 'khaki', 'orchid', 'sienna'),
                    CAST(pmod(hash(i.id, {{SEED}}, 148), 16) + 1 AS INT)) AS color
  FROM range({{ITEMS}}) i
  JOIN (SELECT *, row_number() OVER (ORDER BY category_id, class_pos) - 1 AS class_no FROM tpcds_classes) c
    ON pmod(hash(i.id, {{SEED}}, 149), 100) = c.class_no
  JOIN tpcds_words m ON m.k = pmod(hash(i.id, {{SEED}}, 146), 1000) + 1);

CREATE TABLE tpcds.promotion (
  p_promo_sk INT, p_promo_id STRING, p_start_date_sk INT, p_end_date_sk INT, p_item_sk INT,
  p_cost DECIMAL(15,2), p_response_target INT, p_promo_name STRING, p_channel_dmail STRING,
  p_channel_email STRING, p_channel_catalog STRING, p_channel_tv STRING, p_channel_radio STRING,
  p_channel_press STRING, p_channel_event STRING, p_channel_demo STRING, p_channel_details STRING,
  p_purpose STRING, p_discount_active STRING);
INSERT INTO tpcds.promotion
SELECT CAST(id + 1 AS INT), 'AAAAAAAA' || upper(substr(md5(CAST(id + 11 AS STRING)), 1, 8)), start_sk,
       start_sk + CAST(pmod(hash(id, {{SEED}}, 151), 60) + 1 AS INT),
       CAST(pmod(hash(id, {{SEED}}, 152), {{ITEMS}}) + 1 AS INT), CAST(1000 AS DECIMAL(15,2)), 1, w.word,
       -- dmail, email, catalog, tv, radio, press, event, demo: one bit each of `channels`
       substr(flags, 1, 1), substr(flags, 2, 1), substr(flags, 3, 1), substr(flags, 4, 1),
       substr(flags, 5, 1), substr(flags, 6, 1), substr(flags, 7, 1), substr(flags, 8, 1),
       'Promotion ' || CAST(id + 1 AS STRING), 'Unknown', substr(flags, 9, 1)
FROM (
  SELECT id, CAST(2450816 + pmod(hash(id, {{SEED}}, 162), 1827) AS INT) AS start_sk,
         concat_ws('', transform(sequence(0, 8),
                                 i -> CASE WHEN pmod(hash(id, {{SEED}}, 153 + i), 2) = 0 THEN 'Y' ELSE 'N' END))
           AS flags
  FROM range({{PROMOTIONS}})) p
JOIN tpcds_words w ON w.k = p.id + 1;

-- Tickets of 1 to 20 line items; a ticket's date, store, customer, demographics and address
-- come from its number, uniform over the sales period's 1,827 days. Prices follow dsdgen's
-- pricing (set_pricing): wholesale cost 1.00 .. 100.00, list price its markup of 0 .. 200%,
-- sales price a discount of 0 .. 100% off, a coupon on half the promoted lines, tax 0 .. 9%.
CREATE TABLE tpcds.store_sales (
  ss_sold_date_sk INT, ss_sold_time_sk INT, ss_item_sk INT, ss_customer_sk INT, ss_cdemo_sk INT,
  ss_hdemo_sk INT, ss_addr_sk INT, ss_store_sk INT, ss_promo_sk INT, ss_ticket_number INT,
  ss_quantity INT, ss_wholesale_cost DECIMAL(7,2), ss_list_price DECIMAL(7,2),
  ss_sales_price DECIMAL(7,2), ss_ext_discount_amt DECIMAL(7,2), ss_ext_sales_price DECIMAL(7,2),
  ss_ext_wholesale_cost DECIMAL(7,2), ss_ext_list_price DECIMAL(7,2), ss_ext_tax DECIMAL(7,2),
  ss_coupon_amt DECIMAL(7,2), ss_net_paid DECIMAL(7,2), ss_net_paid_inc_tax DECIMAL(7,2),
  ss_net_profit DECIMAL(7,2))
PARTITIONED BY (ss_sold_date_sk);
INSERT INTO tpcds.store_sales
SELECT date_sk, time_sk, item_sk, customer_sk, cdemo_sk, hdemo_sk, addr_sk, store_sk, promo_sk, ticket,
       quantity, wholesale, list, sales, CAST((list - sales) * quantity AS DECIMAL(7,2)), ext_sales,
       ext_wholesale, CAST(list * quantity AS DECIMAL(7,2)), CAST(net_paid * tax AS DECIMAL(7,2)), coupon,
       net_paid, CAST(net_paid + net_paid * tax AS DECIMAL(7,2)), CAST(net_paid - ext_wholesale AS DECIMAL(7,2))
FROM (
  SELECT *, CAST(ext_sales - coupon AS DECIMAL(7,2)) AS net_paid
  FROM (
    SELECT *, CAST(sales * quantity AS DECIMAL(7,2)) AS ext_sales,
           CAST(wholesale * quantity AS DECIMAL(7,2)) AS ext_wholesale,
           CASE WHEN promo_sk IS NOT NULL AND pmod(hash(line, {{SEED}}, 171), 2) = 0
                THEN CAST(sales * quantity * pmod(hash(line, {{SEED}}, 172), 101) / 100 AS DECIMAL(7,2))
                ELSE CAST(0 AS DECIMAL(7,2)) END AS coupon
    FROM (
      SELECT *, CAST(list * (100 - pmod(hash(line, {{SEED}}, 173), 101)) / 100 AS DECIMAL(7,2)) AS sales
      FROM (
        SELECT *, CAST(wholesale * (100 + pmod(hash(line, {{SEED}}, 174), 201)) / 100 AS DECIMAL(7,2)) AS list
        FROM (
          SELECT t.id * 20 + l.id AS line, CAST(t.id + 1 AS INT) AS ticket,
                 CAST(2450816 + pmod(hash(t.id, {{SEED}}, 175), 1827) AS INT) AS date_sk,
                 CAST(pmod(hash(t.id, {{SEED}}, 176), 86400) AS INT) AS time_sk,
                 CAST(pmod(hash(t.id, l.id, {{SEED}}, 177), {{ITEMS}}) + 1 AS INT) AS item_sk,
                 CAST(pmod(hash(t.id, {{SEED}}, 178), {{CUSTOMERS}}) + 1 AS INT) AS customer_sk,
                 CAST(pmod(hash(t.id, {{SEED}}, 179), 1920800) + 1 AS INT) AS cdemo_sk,
                 CAST(pmod(hash(t.id, {{SEED}}, 180), 7200) + 1 AS INT) AS hdemo_sk,
                 CAST(pmod(hash(t.id, {{SEED}}, 181), {{ADDRESSES}}) + 1 AS INT) AS addr_sk,
                 CAST(pmod(hash(t.id, {{SEED}}, 182), {{STORES}}) + 1 AS INT) AS store_sk,
                 CASE WHEN pmod(hash(t.id, l.id, {{SEED}}, 183), 4) = 0 THEN CAST(NULL AS INT)
                      ELSE CAST(pmod(hash(t.id, l.id, {{SEED}}, 184), {{PROMOTIONS}}) + 1 AS INT) END AS promo_sk,
                 CAST(pmod(hash(t.id, l.id, {{SEED}}, 185), 100) + 1 AS INT) AS quantity,
                 CAST((pmod(hash(t.id, l.id, {{SEED}}, 186), 9901) + 100) / 100.0 AS DECIMAL(7,2)) AS wholesale,
                 CAST(pmod(hash(t.id, l.id, {{SEED}}, 187), 10) / 100.0 AS DECIMAL(7,2)) AS tax
          FROM range({{TICKETS}}) t
          JOIN range(20) l ON l.id <= pmod(hash(t.id, {{SEED}}, 188), 20))))));

DROP VIEW tpcds_classes;
DROP VIEW tpcds_cities;
DROP VIEW tpcds_counties;
DROP VIEW tpcds_words;
