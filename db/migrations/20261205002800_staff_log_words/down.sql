DROP TRIGGER staff_log_words_kept ON staff_logs;
DROP FUNCTION patio_staff_log_words();
DROP TABLE staff_log_words;
