CREATE TEMPORARY VIEW emp AS SELECT * FROM VALUES
  (1, 'alice', 10), (2, 'bob', 20), (3, 'carol', 10), (4, 'dave', NULL), (5, 'eve', 40)
AS t(id, name, dept_id)