//! Company settings and their delay reasons (spec 3 section 3).

use chrono::NaiveTime;
use diesel::prelude::*;
use patio_application::settings::ports::{
    CompanySettingsRepo, DelayRecord, DelayRepo, DelayWrite, SettingsRecord, SettingsWrite,
};
use patio_application::AppResult;

use crate::rows::{DelayRow, SettingsRow};
use crate::schema::{companies, delays, queue_states, settings};
use crate::store::{db_error, PgRepos};

/// Seven booleans, Sunday first, from the stored JSON array (missing entries are off).
fn week_days(json: &serde_json::Value) -> [bool; 7] {
    let mut days = [false; 7];
    if let Some(list) = json.as_array() {
        for (slot, v) in days.iter_mut().zip(list) {
            *slot = v.as_bool().unwrap_or(false);
        }
    }
    days
}

fn record(r: SettingsRow) -> SettingsRecord {
    SettingsRecord {
        id: r.id,
        company_id: r.company_id,
        checkin_ip: r.checkin_ip,
        enable_checkin: r.enable_checkin,
        programmed_total: r.programmed_total,
        queue_edit_hours_limit: r.queue_edit_hours_limit,
        time_attendence: r.time_attendence,
        start: r.start_time,
        end: r.end_time,
        start_interval: r.start_interval,
        end_interval: r.end_interval,
        google_maps: r.google_maps,
        week_days: week_days(&r.week_days),
        scheduling_day_limit: r.scheduling_day_limit,
        hour_entry_limit: r.hour_entry_limit,
        enable_tolerance: r.enable_tolerance,
        tolerance: r.tolerance,
        enable_recaptcha: r.enable_recaptcha,
        recaptcha_secret: r.recaptcha_secret,
        recaptcha_site: r.recaptcha_site,
        enable_missing_validation: r.enable_missing_validation,
        missing_limit: r.missing_limit,
        missing_limit_after_block: r.missing_limit_after_block,
        missing_validation_period: r.missing_validation_period,
        enable_queue_save: r.enable_queue_save,
        enable_queue_without_scheduling: r.enable_queue_without_scheduling,
        logo: r.logo,
        time_zone: r.time_zone,
    }
}

/// The columns a settings save writes; `None` writes NULL (no map, no day limit...).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = settings, treat_none_as_null = true)]
struct SettingsChanges<'a> {
    company_id: i64,
    checkin_ip: Option<&'a str>,
    enable_checkin: bool,
    programmed_total: i32,
    queue_edit_hours_limit: i32,
    time_attendence: NaiveTime,
    start_time: NaiveTime,
    end_time: NaiveTime,
    start_interval: NaiveTime,
    end_interval: NaiveTime,
    google_maps: Option<&'a str>,
    week_days: serde_json::Value,
    scheduling_day_limit: Option<i32>,
    hour_entry_limit: i32,
    enable_tolerance: bool,
    tolerance: NaiveTime,
    enable_recaptcha: bool,
    recaptcha_site: Option<&'a str>,
    enable_missing_validation: bool,
    missing_limit: i32,
    missing_limit_after_block: i32,
    missing_validation_period: i32,
    enable_queue_save: bool,
    enable_queue_without_scheduling: bool,
    time_zone: &'a str,
}

impl CompanySettingsRepo for PgRepos<'_> {
    fn settings_of_company(&mut self, company_id: i64) -> AppResult<Option<SettingsRecord>> {
        settings::table
            .filter(settings::company_id.eq(company_id))
            .select(SettingsRow::as_select())
            .first(self.conn)
            .optional()
            .map(|r| r.map(record))
            .map_err(db_error)
    }

    fn write_settings_of_company(&mut self, company_id: i64, s: &SettingsWrite) -> AppResult<()> {
        let changes = SettingsChanges {
            company_id,
            checkin_ip: s.checkin_ip.as_deref(),
            enable_checkin: s.enable_checkin,
            programmed_total: s.programmed_total,
            queue_edit_hours_limit: s.queue_edit_hours_limit,
            time_attendence: s.time_attendence,
            start_time: s.start,
            end_time: s.end,
            start_interval: s.start_interval,
            end_interval: s.end_interval,
            google_maps: s.google_maps.as_deref(),
            week_days: serde_json::Value::Array(
                s.week_days
                    .iter()
                    .map(|b| serde_json::Value::Bool(*b))
                    .collect(),
            ),
            scheduling_day_limit: s.scheduling_day_limit,
            hour_entry_limit: s.hour_entry_limit,
            enable_tolerance: s.enable_tolerance,
            tolerance: s.tolerance,
            enable_recaptcha: s.enable_recaptcha,
            recaptcha_site: s.recaptcha_site.as_deref(),
            enable_missing_validation: s.enable_missing_validation,
            missing_limit: s.missing_limit,
            missing_limit_after_block: s.missing_limit_after_block,
            missing_validation_period: s.missing_validation_period,
            enable_queue_save: s.enable_queue_save,
            enable_queue_without_scheduling: s.enable_queue_without_scheduling,
            time_zone: &s.time_zone,
        };
        diesel::insert_into(settings::table)
            .values(&changes)
            .on_conflict(settings::company_id)
            .do_update()
            .set((&changes, settings::updated_at.eq(diesel::dsl::now)))
            .execute(self.conn)
            .map_err(db_error)?;
        if let Some(secret) = &s.recaptcha_secret {
            diesel::update(settings::table.filter(settings::company_id.eq(company_id)))
                .set(settings::recaptcha_secret.eq(secret.as_deref()))
                .execute(self.conn)
                .map_err(db_error)?;
        }
        Ok(())
    }

    fn write_company_logo(&mut self, company_id: i64, path: &str) -> AppResult<Option<String>> {
        let previous_settings: Option<String> = settings::table
            .filter(settings::company_id.eq(company_id))
            .select(settings::logo)
            .first::<Option<String>>(self.conn)
            .optional()
            .map_err(db_error)?
            .flatten();
        let previous_company: Option<String> = companies::table
            .find(company_id)
            .select(companies::logo)
            .first::<Option<String>>(self.conn)
            .optional()
            .map_err(db_error)?
            .flatten();
        diesel::insert_into(settings::table)
            .values((settings::company_id.eq(company_id), settings::logo.eq(path)))
            .on_conflict(settings::company_id)
            .do_update()
            .set((
                settings::logo.eq(path),
                settings::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::update(companies::table.find(company_id))
            .set((
                companies::logo.eq(path),
                companies::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map_err(db_error)?;
        Ok(previous_settings.or(previous_company))
    }

    fn write_tolerance_enabled(&mut self, company_id: i64, enabled: bool) -> AppResult<()> {
        diesel::insert_into(settings::table)
            .values((
                settings::company_id.eq(company_id),
                settings::enable_tolerance.eq(enabled),
            ))
            .on_conflict(settings::company_id)
            .do_update()
            .set((
                settings::enable_tolerance.eq(enabled),
                settings::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn lock_queue_for_settings(&mut self, company_id: i64) -> AppResult<()> {
        diesel::insert_into(queue_states::table)
            .values(queue_states::company_id.eq(company_id))
            .on_conflict_do_nothing()
            .execute(self.conn)
            .map_err(db_error)?;
        queue_states::table
            .find(company_id)
            .select(queue_states::company_id)
            .for_update()
            .first::<i64>(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}

fn delay(r: DelayRow) -> DelayRecord {
    DelayRecord {
        id: r.id,
        company_id: r.company_id,
        reason: r.reason,
        minutes: r.time_minutes,
        icon: r.icon,
    }
}

impl DelayRepo for PgRepos<'_> {
    fn delays_of_company(&mut self, company_id: i64) -> AppResult<Vec<DelayRecord>> {
        delays::table
            .filter(delays::company_id.eq(company_id))
            .order(delays::id.asc())
            .select(DelayRow::as_select())
            .load::<DelayRow>(self.conn)
            .map(|rows| rows.into_iter().map(delay).collect())
            .map_err(db_error)
    }

    fn delay_by_id(&mut self, id: i64) -> AppResult<Option<DelayRecord>> {
        delays::table
            .find(id)
            .select(DelayRow::as_select())
            .first::<DelayRow>(self.conn)
            .optional()
            .map(|r| r.map(delay))
            .map_err(db_error)
    }

    fn insert_delay(&mut self, company_id: i64, d: &DelayWrite) -> AppResult<i64> {
        diesel::insert_into(delays::table)
            .values((
                delays::company_id.eq(company_id),
                delays::reason.eq(&d.reason),
                delays::time_minutes.eq(d.minutes),
                delays::icon.eq(d.icon.as_deref()),
            ))
            .returning(delays::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_delay(&mut self, id: i64, d: &DelayWrite) -> AppResult<()> {
        diesel::update(delays::table.find(id))
            .set((
                delays::reason.eq(&d.reason),
                delays::time_minutes.eq(d.minutes),
                delays::icon.eq(d.icon.as_deref()),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn delete_delay_by_id(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(delays::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
