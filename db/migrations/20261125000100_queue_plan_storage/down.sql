DROP INDEX IF EXISTS queue_entries_driver_recent_idx;
ALTER TABLE queue_states
    DROP COLUMN IF EXISTS next_forecast_at,
    DROP COLUMN IF EXISTS next_date;
ALTER TABLE queue_entries
    DROP COLUMN IF EXISTS in_tolerance,
    DROP COLUMN IF EXISTS planned_day;
