CREATE TABLE db.p (id BIGINT, k INT, h STRING) PARTITIONED BY (k)
TBLPROPERTIES ('write.target-file-size-bytes' = '262144', 'write.parquet.compression-codec' = 'snappy')