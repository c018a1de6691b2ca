-- Queue operations (issue 4, DESIGN sections 4.5, 4.8 and 4.12): the parts of the stored plan
-- the first queue migration lacked.

-- planned_day: the end of attendance pins today's waiting entries to the next attendance day
-- (the engine's `planned_day`); the reset clears it. in_tolerance: the stored plan's
-- 'em tolerância' flag (tolerance on and forecast passed when the plan was stored), so reads
-- and the driver's position never compute the plan.
ALTER TABLE queue_entries
    ADD COLUMN planned_day  DATE,
    ADD COLUMN in_tolerance BOOLEAN NOT NULL DEFAULT FALSE;

-- Where the next join would land when the plan was stored (GET /queue/next-date).
ALTER TABLE queue_states
    ADD COLUMN next_date        DATE,
    ADD COLUMN next_forecast_at TIMESTAMPTZ;

-- The driver's own entry (GET /queue/position/driver/{id}): the newest entry of a driver.
CREATE INDEX queue_entries_driver_recent_idx ON queue_entries (driver_id, id DESC);
