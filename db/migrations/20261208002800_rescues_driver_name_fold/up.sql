-- Issue 28 (search-i): a pending rescue's driver name, folded, searched on the rescue itself.
-- The administrator's search for "joão" read the 2,500 JOÃO drivers through the names'
-- trigram index (444 heap pages rechecked, ~1.1 ms) to keep the 2 of the 1,241 pending
-- rescues; by key it checked 1,198 drivers (~1.3 ms). The rescue keeps its driver's folded name
-- (set on insert and when its driver changes, updated when the driver's name changes, as an
-- erasure does), and a trigram index over the pending rescues finds them.
ALTER TABLE queue_restores ADD COLUMN driver_name_fold text;
UPDATE queue_restores r SET driver_name_fold = d.name_fold FROM drivers d WHERE d.id = r.driver_id;
ALTER TABLE queue_restores ALTER COLUMN driver_name_fold SET NOT NULL;

-- '' for a driver that does not exist: the foreign key then refuses the row, as before. The
-- driver's row is read FOR SHARE: a rename running at the same moment is waited for and its
-- name read (or waits for this row, then updates it), so no rescue keeps a name gone.
CREATE FUNCTION queue_restores_driver_name_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.driver_name_fold := COALESCE(
        (SELECT d.name_fold FROM drivers d WHERE d.id = NEW.driver_id FOR SHARE), '');
    RETURN NEW;
END
$$;
CREATE TRIGGER queue_restores_driver_name_fold
    BEFORE INSERT OR UPDATE OF driver_id ON queue_restores
    FOR EACH ROW EXECUTE FUNCTION queue_restores_driver_name_fold();

CREATE FUNCTION drivers_rescues_name_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE queue_restores SET driver_name_fold = NEW.name_fold WHERE driver_id = NEW.id;
    RETURN NULL;
END
$$;
CREATE TRIGGER drivers_rescues_name_fold
    AFTER UPDATE OF name ON drivers
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
    EXECUTE FUNCTION drivers_rescues_name_fold();

CREATE INDEX queue_restores_pending_driver_name_fold_idx
    ON queue_restores USING gin (driver_name_fold gin_trgm_ops) WHERE status = FALSE;
