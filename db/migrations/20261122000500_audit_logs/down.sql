DROP TABLE dropout_logs;
DROP TABLE driver_logs;
DROP TABLE staff_logs;
