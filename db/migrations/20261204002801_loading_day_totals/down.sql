DROP TRIGGER schedulings_day_totals_update ON schedulings;
DROP TRIGGER schedulings_day_totals_insert_delete ON schedulings;
DROP FUNCTION patio_loading_day_totals();
DROP TABLE loading_day_totals;
