//! Blocked dates: a title and a JSON list of `YYYY-MM-DD` days per entry.

use chrono::NaiveDate;
use diesel::prelude::*;
use patio_application::settings::ports::{HolidayRecord, HolidayRepo, HolidayWrite};
use patio_application::AppResult;

use crate::rows::HolidayRow;
use crate::schema::holidays;
use crate::store::{db_error, PgRepos};

fn record(r: HolidayRow) -> HolidayRecord {
    let dates = r
        .dates
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|v| v.as_str())
                .filter_map(|s| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok())
                .collect()
        })
        .unwrap_or_default();
    HolidayRecord {
        id: r.id,
        company_id: r.company_id,
        title: r.title,
        dates,
        created_at: r.created_at,
    }
}

fn dates_json(dates: &[NaiveDate]) -> serde_json::Value {
    serde_json::Value::Array(
        dates
            .iter()
            .map(|d| serde_json::Value::String(d.format("%Y-%m-%d").to_string()))
            .collect(),
    )
}

impl HolidayRepo for PgRepos<'_> {
    fn holidays_of_company(&mut self, company_id: i64) -> AppResult<Vec<HolidayRecord>> {
        holidays::table
            .filter(holidays::company_id.eq(company_id))
            .order((holidays::created_at.desc(), holidays::id.desc()))
            .select(HolidayRow::as_select())
            .load::<HolidayRow>(self.conn)
            .map(|rows| rows.into_iter().map(record).collect())
            .map_err(db_error)
    }

    fn all_holidays(&mut self) -> AppResult<Vec<HolidayRecord>> {
        holidays::table
            .order((holidays::created_at.desc(), holidays::id.desc()))
            .select(HolidayRow::as_select())
            .load::<HolidayRow>(self.conn)
            .map(|rows| rows.into_iter().map(record).collect())
            .map_err(db_error)
    }

    fn holiday_by_id(&mut self, id: i64) -> AppResult<Option<HolidayRecord>> {
        holidays::table
            .find(id)
            .select(HolidayRow::as_select())
            .first::<HolidayRow>(self.conn)
            .optional()
            .map(|r| r.map(record))
            .map_err(db_error)
    }

    fn insert_holiday(&mut self, company_id: i64, h: &HolidayWrite) -> AppResult<i64> {
        diesel::insert_into(holidays::table)
            .values((
                holidays::company_id.eq(company_id),
                holidays::title.eq(&h.title),
                holidays::dates.eq(dates_json(&h.dates)),
            ))
            .returning(holidays::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_holiday(&mut self, id: i64, h: &HolidayWrite) -> AppResult<()> {
        diesel::update(holidays::table.find(id))
            .set((
                holidays::title.eq(&h.title),
                holidays::dates.eq(dates_json(&h.dates)),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn delete_holiday_by_id(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(holidays::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
