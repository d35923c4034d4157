CREATE TEMPORARY VIEW s_files AS
SELECT partition, sort_order_id,
       CAST(regexp_extract(lower_bounds, '1 -> (-?[0-9]+)', 1) AS BIGINT) AS lo,
       CAST(regexp_extract(upper_bounds, '1 -> (-?[0-9]+)', 1) AS BIGINT) AS hi
FROM db.s.files