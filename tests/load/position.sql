-- pgbench ceiling of GET /api/queue/position/driver/{driverId} (make bench): the statement the
-- endpoint prepares (driver_position_sql() in adapters/postgres/src/repos/queue_reads.rs), with
-- pgbench's named parameters for its binds; -D waiting=waiting -D loading=loading -D one=1.
\set driver random(100001, 110000)
SELECT "queue_entries"."id", "queue_entries"."company_id", "queue_entries"."status",
       "queue_entries"."position", "queue_entries"."forecast_at", "queue_entries"."date",
       "queue_entries"."in_tolerance", "queue_entries"."truck_id", "trucks"."license_plate",
       ("queue_entries"."scheduling_id" IS NULL), "queue_entries"."closed_at",
       "queue_entries"."attended_at", "settings"."time_zone"
  FROM (("queue_entries" INNER JOIN "trucks" ON ("trucks"."id" = "queue_entries"."truck_id"))
       LEFT OUTER JOIN "settings" ON ("settings"."company_id" = "queue_entries"."company_id"))
 WHERE ("queue_entries"."driver_id" = :driver)
 ORDER BY (("queue_entries"."status" = :waiting) OR ("queue_entries"."status" = :loading)) DESC,
          "queue_entries"."id" DESC
 LIMIT :one;
