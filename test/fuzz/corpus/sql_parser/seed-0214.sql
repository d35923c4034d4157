SELECT count(*) >= 18, sum(record_count), count_if(file_size_in_bytes > 1153433),
       count_if(file_size_in_bytes < 943718) <= 1, sum(file_size_in_bytes) > 18000000
FROM db.u1.files