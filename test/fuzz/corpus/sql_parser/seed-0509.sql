WITH t AS (SELECT customer, amount FROM orders WHERE amount >= 25)
SELECT a.customer, b.customer, a.amount + b.amount FROM t a JOIN t b ON a.amount < b.amount