DROP TABLE queue_restores;
DROP TABLE checkins;
DROP TABLE attendances;
DROP TABLE queue_entries;
DROP TABLE queue_states;
DROP TABLE delays_in_progress;
