SELECT * FROM VALUES (1, 'x'), (1, 'x'), (1, NULL), (1, NULL), (2, NULL) AS t(k, v)
INTERSECT ALL
SELECT * FROM VALUES (1, 'x'), (1, NULL), (1, NULL), (1, NULL), (NULL, NULL) AS t(k, v)