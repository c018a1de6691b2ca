DROP INDEX queue_restores_pending_driver_name_fold_idx;
DROP TRIGGER drivers_rescues_name_fold ON drivers;
DROP FUNCTION drivers_rescues_name_fold();
DROP TRIGGER queue_restores_driver_name_fold ON queue_restores;
DROP FUNCTION queue_restores_driver_name_fold();
ALTER TABLE queue_restores DROP COLUMN driver_name_fold;
