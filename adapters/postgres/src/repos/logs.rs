use diesel::prelude::*;
use patio_application::model::{NewDriverLog, NewStaffLog};
use patio_application::ports::LogRepo;
use patio_application::AppResult;
use serde_json::json;

use crate::schema::{driver_logs, staff_logs};
use crate::store::{db_error, PgRepos};

impl LogRepo for PgRepos<'_> {
    fn insert_staff_log(&mut self, log: &NewStaffLog) -> AppResult<()> {
        let details: Vec<_> = log
            .details
            .iter()
            .map(|(k, v)| json!({ "key": k, "value": v }))
            .collect();
        diesel::insert_into(staff_logs::table)
            .values((
                staff_logs::operation_type.eq(&log.operation_type),
                staff_logs::object_type.eq(&log.object_type),
                staff_logs::company_id.eq(log.company_id),
                staff_logs::user_id.eq(log.user_id),
                staff_logs::title.eq(&log.title),
                staff_logs::details.eq(serde_json::Value::Array(details)),
                staff_logs::ip.eq(log.ip.as_deref()),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn insert_driver_log(&mut self, log: &NewDriverLog) -> AppResult<()> {
        diesel::insert_into(driver_logs::table)
            .values((
                driver_logs::driver_id.eq(Some(log.driver_id)),
                driver_logs::company_id.eq(Some(log.company_id)),
                driver_logs::operation_type.eq(&log.operation_type),
                driver_logs::data.eq(&log.data),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
