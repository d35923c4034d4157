CREATE TEMPORARY VIEW people AS SELECT * FROM VALUES
  (1, 'Alice', 34, 'Paris'),
  (2, 'bob', 27, 'London'),
  (3, 'Carol', 45, NULL),
  (4, 'dave_x', 19, 'Paris'),
  (5, 'Eve', NULL, 'Berlin')
AS t(id, name, age, city)