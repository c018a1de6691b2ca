-- The log screen's filters list the operations and objects found in the staff log (issue 28).
-- Walked value by value through the monthly partitions, each step merged 41 partitions'
-- indexes: 8 ms of execution and 4-20 ms of planning per list, growing with every month
-- (bench: 0.3 ms before the partitions, 33-36 ms p50 after). The few distinct words are kept
-- here by a statement trigger as the log is written: the lists read a few rows.
CREATE TABLE staff_log_words (
    kind text NOT NULL CHECK (kind IN ('operation', 'object')),
    word text NOT NULL,
    PRIMARY KEY (kind, word)
);

-- A statement trigger with a transition table: a bulk insert adds its distinct words once,
-- a single log row costs two primary-key probes. Words stay after their rows are pruned (the
-- filter then finds nothing, as for a known word never used).
CREATE FUNCTION patio_staff_log_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO staff_log_words (kind, word)
    SELECT 'operation', operation_type FROM new_rows
    UNION
    SELECT 'object', object_type FROM new_rows
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;

CREATE TRIGGER staff_log_words_kept AFTER INSERT ON staff_logs
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION patio_staff_log_words();

INSERT INTO staff_log_words (kind, word)
SELECT DISTINCT 'operation', operation_type FROM staff_logs
UNION
SELECT DISTINCT 'object', object_type FROM staff_logs;
