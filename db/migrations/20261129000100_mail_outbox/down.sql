DROP TABLE daily_reports;
DROP TABLE outbox;
