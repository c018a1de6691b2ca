use diesel::prelude::*;
use patio_application::model::{NewDriverLog, NewStaffLog};
use patio_application::ports::LogRepo;
use patio_application::{AppError, AppResult};
use serde::Serialize;

use crate::rows::{NewDriverLogRow, NewStaffLogRow};
use crate::schema::{driver_logs, staff_logs};
use crate::store::{db_error, PgRepos};

/// One line of a staff log's details panel, as the rows store it.
#[derive(Serialize)]
struct Detail<'a> {
    key: &'a str,
    value: &'a str,
}

fn staff_row(log: &NewStaffLog) -> AppResult<NewStaffLogRow> {
    let details: Vec<Detail<'_>> = log
        .details
        .iter()
        .map(|(key, value)| Detail { key, value })
        .collect();
    let details = serde_json::to_value(details)
        .map_err(|e| AppError::internal(format!("staff log details: {e}")))?;
    Ok(NewStaffLogRow {
        operation_type: log.operation_type.clone(),
        object_type: log.object_type.clone(),
        company_id: log.company_id,
        user_id: log.user_id,
        title: log.title.clone(),
        details,
        ip: log.ip.clone(),
        created_at: None,
    })
}

fn driver_row(log: &NewDriverLog) -> AppResult<NewDriverLogRow> {
    let data = serde_json::to_value(&log.data)
        .map_err(|e| AppError::internal(format!("driver log data: {e}")))?;
    Ok(NewDriverLogRow {
        driver_id: Some(log.driver_id),
        company_id: Some(log.company_id),
        operation_type: log.operation.as_str().to_owned(),
        data,
        created_at: None,
    })
}

impl LogRepo for PgRepos<'_> {
    fn insert_staff_log(&mut self, log: &NewStaffLog) -> AppResult<()> {
        diesel::insert_into(staff_logs::table)
            .values(staff_row(log)?)
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn insert_driver_log(&mut self, log: &NewDriverLog) -> AppResult<()> {
        diesel::insert_into(driver_logs::table)
            .values(driver_row(log)?)
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn insert_staff_logs(&mut self, logs: &[NewStaffLog]) -> AppResult<()> {
        if logs.is_empty() {
            return Ok(());
        }
        let rows = logs.iter().map(staff_row).collect::<AppResult<Vec<_>>>()?;
        diesel::insert_into(staff_logs::table)
            .values(&rows)
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn insert_driver_logs(&mut self, logs: &[NewDriverLog]) -> AppResult<()> {
        if logs.is_empty() {
            return Ok(());
        }
        let rows = logs.iter().map(driver_row).collect::<AppResult<Vec<_>>>()?;
        diesel::insert_into(driver_logs::table)
            .values(&rows)
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
