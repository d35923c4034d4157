#!/usr/bin/env bash
# Writes the seed inputs of the fuzz targets with floe itself: Parquet files of every type,
# each codec, dictionary and plain, several pages and row groups (COPY ... TO); the
# metadata JSON, manifest lists and manifests of Iceberg tables floe writes (partitioned,
# evolved, with deletes and with more than one block of the partition block index); and
# the statements of the SQL logic tests; the Puffin files of deletion vectors floe writes. The committed corpus (test/fuzz/corpus/<target>/
# seed-*) came from it; findings are kept beside them as regression-*, and files other
# writers made as external-* (parquet/external-duckdb-nested-*: DuckDB 1.5's lists, structs
# and maps nested in each other, v1 and v2 pages, written as test/interop does).
#   test/fuzz/make_seeds.sh build/release/tools/floe/floe test/fuzz/corpus
set -euo pipefail
floe=$(realpath "$1")
out=$(realpath "$2")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"/{parquet,avro_manifest,table_metadata,sql_parser,puffin}
rm -f "$out"/*/seed-*

# Parquet: one table of every type with NULLs, NaN and extremes, 60 rows.
types_table="CREATE TEMPORARY TABLE t AS SELECT CAST(id AS INT) AS id, id % 3 = 0 AS b,
  CAST(CASE WHEN id % 7 = 0 THEN NULL ELSE id * 1000003 % 65536 END AS INT) AS i, id * 1234567891 AS l,
  CAST(CASE WHEN id = 5 THEN 'NaN' ELSE CAST(id / 3.0 AS STRING) END AS FLOAT) AS f, id * 1.5e100 AS d,
  CAST(id / 7.0 AS DECIMAL(4,2)) AS d4, CAST(id * 1001 AS DECIMAL(9,2)) AS d9,
  CAST(id * 123456789 AS DECIMAL(18,4)) AS d18, CAST(id AS DECIMAL(38,10)) * 1234567890123 AS d38,
  CASE WHEN id % 5 = 0 THEN NULL ELSE repeat(chr(97 + id % 26), id % 9) END AS s, CAST(repeat('x', id % 4) AS BINARY) AS bin,
  date_add(DATE '1969-12-25', id * 40) AS dt, CAST(-86400 + id * 86400 * 37 AS TIMESTAMP) AS ts,
  CAST(TIMESTAMP '2026-01-01 00:00:00' AS TIMESTAMP_NTZ) AS tn
  FROM range(60)"
copy=""
for codec in uncompressed snappy gzip zstd lz4 brotli; do
  for dictionary in true false; do
    copy+="COPY t TO '$work/$codec-dict-$dictionary.parquet' WITH (compression '$codec', dictionary $dictionary, page_size '512B', row_group_size '4KB');"
  done
done
copy+="COPY (SELECT id, s FROM t) TO '$work/one-page.parquet' WITH (compression 'uncompressed');"
# nested columns: lists, structs and maps in each other, NULL and empty at every level
copy+="COPY (SELECT id, CASE WHEN id % 5 = 0 THEN NULL WHEN id % 3 = 0 THEN array() ELSE array(id, NULL) END AS l,
  CASE WHEN id % 7 = 0 THEN NULL ELSE named_struct('a', i, 's', s) END AS st,
  CASE WHEN id % 4 = 0 THEN NULL ELSE map(s, array(l)) END AS m,
  array(named_struct('p', d4, 'q', array(dt)), NULL) AS ls FROM t WHERE s IS NOT NULL)
  TO '$work/nested.parquet' WITH (compression 'uncompressed', page_size '512B');"
copy+="COPY (SELECT * FROM t WHERE false) TO '$work/empty.parquet';"
"$floe" --warehouse "$work/wh" -c "$types_table" -c "$copy" >/dev/null
for f in "$work"/*.parquet; do cp "$f" "$out/parquet/seed-$(basename "$f")"; done

# Iceberg tables: partitioned by day and bucket, evolved, deleted from; one with over 64
# data files in a manifest (two blocks of the partition block index).
"$floe" --warehouse "$work/wh" -c "
CREATE NAMESPACE n;
CREATE TABLE n.events (id BIGINT, s STRING, ts TIMESTAMP, amount DECIMAL(10,2)) USING iceberg
  PARTITIONED BY (days(ts), bucket(4, id));
INSERT INTO n.events SELECT id, 'e' || id, CAST(1767225600 + id * 7200 AS TIMESTAMP), id / 4.0 FROM range(40);
DELETE FROM n.events WHERE id % 10 = 3;
ALTER TABLE n.events ADD COLUMN note STRING;
ALTER TABLE n.events ADD PARTITION FIELD truncate(2, s);
INSERT INTO n.events SELECT id, 'f' || id, CAST(1767225600 + id * 7200 AS TIMESTAMP), id / 4.0, 'n' FROM range(40, 50);
CREATE TABLE n.wide (k INT, v STRING) USING iceberg PARTITIONED BY (k);
INSERT INTO n.wide SELECT CAST(id AS INT), 'v' FROM range(70);
CREATE TABLE n.plain (b BOOLEAN, f FLOAT, d DATE, bin BINARY) USING iceberg;
INSERT INTO n.plain VALUES (true, 1.5, DATE '2026-01-01', X'00FF'), (NULL, CAST('NaN' AS FLOAT), NULL, NULL);
" >/dev/null
for table in events wide plain; do
  for f in "$work/wh/n/$table/metadata/"*.metadata.json; do
    cp "$f" "$out/table_metadata/seed-$table-$(basename "$f" | cut -c1-5).json"
  done
  n=0
  for f in "$work/wh/n/$table/metadata/"*.avro; do
    kind=manifest
    [[ $(basename "$f") == snap-* ]] && kind=list
    cp "$f" "$out/avro_manifest/seed-$table-$kind-$n.avro"
    n=$((n + 1))
  done
done

# Puffin: the deletion vectors of merge-on-read DELETEs on a v3 table: sparse positions
# (array containers), dense ones (a bitmap container), runs, several files in one Puffin
# file and a vector merged with an earlier one.
"$floe" --warehouse "$work/dv" -c "
CREATE NAMESPACE n;
CREATE TABLE n.t (id BIGINT, p INT) USING iceberg PARTITIONED BY (p) TBLPROPERTIES ('format-version' = '3', 'write.delete.mode' = 'merge-on-read');
INSERT INTO n.t SELECT id, CAST(id % 2 AS INT) FROM range(200000);
DELETE FROM n.t WHERE id % 97 = 0;
DELETE FROM n.t WHERE id % 3 = 0 AND id < 100000;
DELETE FROM n.t WHERE id BETWEEN 150000 AND 190000;
" >/dev/null
n=0
for f in "$work/dv/n/t/data/"*.puffin; do
  cp "$f" "$out/puffin/seed-dv-$n.puffin"
  n=$((n + 1))
done

# SQL: every sixth distinct statement or query of the SQL logic tests (the lines after
# `statement ...` or `query ...` up to a blank line or ----), about 500 of their 3,000.
find "$root/test/sql" -name '*.test' | sort | xargs awk '
  /^(statement|query)/ { take = 1; text = ""; next }
  take && (/^----/ || /^$/) { if (text != "") print text; take = 0; next }
  take { text = text (text == "" ? "" : "\n") $0 }
  END { if (take && text != "") print text }
' RS='\n' ORS='\0' | sort -zu | (
  n=0
  while IFS= read -r -d '' statement; do
    if ((n % 6 == 0)); then printf '%s' "$statement" > "$out/sql_parser/seed-$(printf '%04d' $((n / 6))).sql"; fi
    n=$((n + 1))
  done
)
