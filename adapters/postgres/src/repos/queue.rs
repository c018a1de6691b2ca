use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamptz};
use patio_application::model::ActiveQueueEntry;
use patio_application::ports::QueueRepo;
use patio_application::AppResult;

use crate::schema::queue_entries;
use crate::store::{db_error, PgRepos};

/// Statuses that hold a place in the queue (the partial unique indexes use the same list).
pub const ACTIVE_STATUSES: [&str; 2] = ["waiting", "loading"];

impl QueueRepo for PgRepos<'_> {
    fn active_entry_of_driver(&mut self, driver_id: i64) -> AppResult<Option<ActiveQueueEntry>> {
        queue_entries::table
            .filter(queue_entries::driver_id.eq(driver_id))
            .filter(queue_entries::status.eq_any(ACTIVE_STATUSES))
            .order(queue_entries::joined_at.asc())
            .select((
                queue_entries::id,
                queue_entries::company_id,
                queue_entries::forecast_at,
                queue_entries::joined_at,
            ))
            .first::<(i64, i64, Option<DateTime<Utc>>, DateTime<Utc>)>(self.conn)
            .optional()
            .map(|r| {
                r.map(
                    |(id, company_id, forecast_at, joined_at)| ActiveQueueEntry {
                        id,
                        company_id,
                        forecast_at,
                        joined_at,
                    },
                )
            })
            .map_err(db_error)
    }

    fn cancel_driver_at_company(
        &mut self,
        driver_id: i64,
        company_id: i64,
        reason: &str,
        now: DateTime<Utc>,
    ) -> AppResult<u64> {
        let closed = diesel::update(
            queue_entries::table
                .filter(queue_entries::driver_id.eq(driver_id))
                .filter(queue_entries::company_id.eq(company_id))
                .filter(queue_entries::status.eq_any(ACTIVE_STATUSES)),
        )
        .set((
            queue_entries::status.eq("cancelled"),
            queue_entries::closed_at.eq(Some(now)),
        ))
        .execute(self.conn)
        .map_err(db_error)?;

        // Loadings that never started leave with the driver; the history keeps them as
        // deleted loadings with the reason, and closed queue entries stop pointing at them.
        let pending: Vec<i64> = diesel::sql_query(
            "SELECT id FROM schedulings
              WHERE driver_id = $1 AND company_id = $2
                AND exped_initial_date IS NULL AND status = FALSE",
        )
        .bind::<BigInt, _>(driver_id)
        .bind::<BigInt, _>(company_id)
        .load::<IdRow>(self.conn)
        .map_err(db_error)?
        .into_iter()
        .map(|r| r.id)
        .collect();
        if !pending.is_empty() {
            diesel::update(
                queue_entries::table.filter(queue_entries::scheduling_id.eq_any(&pending)),
            )
            .set(queue_entries::scheduling_id.eq(None::<i64>))
            .execute(self.conn)
            .map_err(db_error)?;
            diesel::sql_query(
                "WITH moved AS (
                     DELETE FROM schedulings WHERE id = ANY($1) RETURNING *)
                 INSERT INTO deleted_schedulings
                     (scheduling_id, company_id, order_id, truck_id, driver_id, shipping_company_id,
                      qty_ordered, qty_transported, expiration_date, exped_date, exped_initial_date,
                      status, reason, created_at, deleted_at)
                 SELECT id, company_id, order_id, truck_id, driver_id, shipping_company_id,
                        qty_ordered, qty_transported, expiration_date, exped_date, exped_initial_date,
                        status, $2, created_at, $3
                   FROM moved",
            )
            .bind::<diesel::sql_types::Array<BigInt>, _>(&pending)
            .bind::<Text, _>(reason)
            .bind::<Timestamptz, _>(now)
            .execute(self.conn)
            .map_err(db_error)?;
        }
        Ok(closed as u64)
    }
}

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
}
