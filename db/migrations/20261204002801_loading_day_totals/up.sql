-- The history's totals by day (issue 28): the history page shows the count and the tonnes of
-- every finished loading of its period, which for the administrator's 90 days of ten
-- companies was 61,000 index entries summed on every request (p50 62 ms, p99 170 ms on the
-- shared bench machine). Kept here per company and UTC day by a trigger on the loadings, the
-- full days of a period are a few hundred rows; only the first, partial day is read from the
-- loadings (see DashboardRepo::loading_history_page).
CREATE TABLE loading_day_totals (
    company_id   BIGINT  NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    -- UTC day of COALESCE(exped_date, updated_at), the history's day.
    day          DATE    NOT NULL,
    loadings     BIGINT  NOT NULL,
    transported  NUMERIC NOT NULL,
    PRIMARY KEY (company_id, day)
);

CREATE FUNCTION patio_loading_day_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status THEN
        UPDATE loading_day_totals
           SET loadings = loadings - 1, transported = transported - OLD.qty_transported
         WHERE company_id = OLD.company_id
           AND day = (COALESCE(OLD.exped_date, OLD.updated_at) AT TIME ZONE 'UTC')::date;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status THEN
        INSERT INTO loading_day_totals AS t (company_id, day, loadings, transported)
        VALUES (NEW.company_id, (COALESCE(NEW.exped_date, NEW.updated_at) AT TIME ZONE 'UTC')::date,
                1, NEW.qty_transported)
        ON CONFLICT (company_id, day) DO UPDATE
           SET loadings = t.loadings + 1, transported = t.transported + EXCLUDED.transported;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER schedulings_day_totals_insert_delete AFTER INSERT OR DELETE ON schedulings
    FOR EACH ROW EXECUTE FUNCTION patio_loading_day_totals();
-- Only the updates that move a finished loading's contribution (most updates of a loading
-- happen while it is open, and leave the totals alone).
CREATE TRIGGER schedulings_day_totals_update AFTER UPDATE ON schedulings
    FOR EACH ROW
    WHEN ((OLD.status OR NEW.status) AND (
          OLD.status IS DISTINCT FROM NEW.status
       OR OLD.company_id IS DISTINCT FROM NEW.company_id
       OR OLD.qty_transported IS DISTINCT FROM NEW.qty_transported
       OR COALESCE(OLD.exped_date, OLD.updated_at) IS DISTINCT FROM COALESCE(NEW.exped_date, NEW.updated_at)))
    EXECUTE FUNCTION patio_loading_day_totals();

INSERT INTO loading_day_totals (company_id, day, loadings, transported)
SELECT company_id, (COALESCE(exped_date, updated_at) AT TIME ZONE 'UTC')::date, count(*), sum(qty_transported)
  FROM schedulings WHERE status
 GROUP BY 1, 2;
