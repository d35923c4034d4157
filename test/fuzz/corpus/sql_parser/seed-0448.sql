SELECT region, item, grouping(region), grouping(item), grouping_id(), sum(qty)
FROM sales GROUP BY CUBE(region, item)