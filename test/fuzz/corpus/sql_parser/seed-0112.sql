INSERT INTO oleander.tutorial.retail_daily_traffic_summary
SELECT CAST(event_time AS DATE), event_type, count(*) FROM oleander.tutorial.retail_clickstream_events
GROUP BY CAST(event_time AS DATE), event_type