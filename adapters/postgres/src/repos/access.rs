use std::collections::HashMap;

use diesel::prelude::*;
use patio_application::model::*;
use patio_application::ports::{AttendanceRepo, CompanyRepo, SettingsRepo, TermRepo, UserRepo};
use patio_application::{AppError, AppResult};
use patio_domain::roles::Role;

use crate::rows::{CompanyHeadRow, NewContactAuthorizationRow, NewUserRow, SettingsRow, UserRow};
use crate::schema::{
    attendances, companies, company_hosts, contact_authorizations, contacts, settings,
    shipping_companies, use_terms, users,
};
use crate::store::{db_error, PgRepos};

fn company_record(r: CompanyHeadRow) -> CompanyRecord {
    CompanyRecord {
        id: r.id,
        name: r.name,
        legal_name: r.company,
        logo: r.logo,
        status: r.status,
    }
}

impl CompanyRepo for PgRepos<'_> {
    fn company(&mut self, id: i64) -> AppResult<Option<CompanyRecord>> {
        companies::table
            .find(id)
            .select(CompanyHeadRow::as_select())
            .first::<CompanyHeadRow>(self.conn)
            .optional()
            .map(|c| c.map(company_record))
            .map_err(db_error)
    }

    fn company_by_host(&mut self, host: &str) -> AppResult<Option<CompanyRecord>> {
        companies::table
            .inner_join(company_hosts::table)
            .filter(company_hosts::host.eq(host))
            .select(CompanyHeadRow::as_select())
            .first::<CompanyHeadRow>(self.conn)
            .optional()
            .map(|c| c.map(company_record))
            .map_err(db_error)
    }

    fn public_companies(&mut self) -> AppResult<Vec<CompanyPublic>> {
        companies::table
            .filter(companies::status.eq(true))
            .order((companies::name.asc(), companies::id.asc()))
            .select((companies::id, companies::name, companies::logo))
            .load::<(i64, String, Option<String>)>(self.conn)
            .map(|rows| {
                rows.into_iter()
                    .map(|(id, name, logo)| CompanyPublic { id, name, logo })
                    .collect()
            })
            .map_err(db_error)
    }

    fn first_contact_phone(&mut self, company_id: i64) -> AppResult<Option<String>> {
        contacts::table
            .filter(contacts::company_id.eq(company_id))
            .filter(contacts::fone.is_not_null())
            .order(contacts::id.asc())
            .select(contacts::fone)
            .first::<Option<String>>(self.conn)
            .optional()
            .map(Option::flatten)
            .map_err(db_error)
    }
}

impl SettingsRepo for PgRepos<'_> {
    fn login_settings(&mut self, company_id: i64) -> AppResult<Option<LoginSettings>> {
        let row = settings::table
            .filter(settings::company_id.eq(company_id))
            .select(SettingsRow::as_select())
            .first::<SettingsRow>(self.conn)
            .optional()
            .map_err(db_error)?;
        Ok(row.map(|r| {
            let mut week_days = [false; 7];
            if let Some(list) = r.week_days.as_array() {
                for (slot, v) in week_days.iter_mut().zip(list) {
                    *slot = v.as_bool().unwrap_or(false);
                }
            }
            LoginSettings {
                enable_recaptcha: r.enable_recaptcha,
                recaptcha_secret: r.recaptcha_secret,
                recaptcha_site: r.recaptcha_site,
                start: Some(r.start_time),
                end: Some(r.end_time),
                week_days,
                programmed_total: r.programmed_total,
                time_zone: r.time_zone,
                google_maps: r.google_maps,
            }
        }))
    }
}

impl PgRepos<'_> {
    fn company_ref(&mut self, id: i64) -> AppResult<Option<CompanyRef>> {
        Ok(self.company(id)?.map(|c| CompanyRef {
            id: c.id,
            name: c.name,
            legal_name: c.legal_name,
            logo: c.logo,
        }))
    }

    fn user_record(&mut self, row: UserRow) -> AppResult<UserRecord> {
        self.user_record_with(row, &mut RefCache::default())
    }

    /// Users as records, with one read per distinct company and shipping company rather than
    /// two per user (a page of a company's users shares them).
    pub(crate) fn user_records(&mut self, rows: Vec<UserRow>) -> AppResult<Vec<UserRecord>> {
        let mut refs = RefCache::default();
        rows.into_iter()
            .map(|row| self.user_record_with(row, &mut refs))
            .collect()
    }

    fn user_record_with(&mut self, row: UserRow, refs: &mut RefCache) -> AppResult<UserRecord> {
        let role = Role::parse(&row.role).map_err(AppError::internal)?;
        let company = match row.company_id {
            Some(id) => once_per_id(&mut refs.companies, id, || self.company_ref(id))?,
            None => None,
        };
        let shipping_company = match row.shipping_company_id {
            Some(id) => once_per_id(&mut refs.carriers, id, || self.shipping_company_ref(id))?,
            None => None,
        };
        Ok(UserRecord {
            id: row.id,
            name: row.name,
            email: row.email,
            password_hash: row.password_hash,
            role,
            cpf: row.cpf,
            fone: row.fone,
            receives_email: row.receives_email,
            is_enabled: row.is_enabled,
            is_root: row.is_root,
            use_terms: row.use_terms,
            company,
            shipping_company,
        })
    }

    fn shipping_company_ref(&mut self, id: i64) -> AppResult<Option<ShippingCompanyRef>> {
        Ok(shipping_companies::table
            .find(id)
            .select((
                shipping_companies::id,
                shipping_companies::code,
                shipping_companies::name,
                shipping_companies::company_id,
            ))
            .first::<(i64, i32, String, i64)>(self.conn)
            .optional()
            .map_err(db_error)?
            .map(|(id, code, name, company_id)| ShippingCompanyRef {
                id,
                code: Some(i64::from(code)),
                name,
                company_id,
            }))
    }
}

/// Companies and shipping companies already read while building a list of users.
#[derive(Default)]
struct RefCache {
    companies: HashMap<i64, Option<CompanyRef>>,
    carriers: HashMap<i64, Option<ShippingCompanyRef>>,
}

fn once_per_id<T: Clone>(
    seen: &mut HashMap<i64, Option<T>>,
    id: i64,
    read: impl FnOnce() -> AppResult<Option<T>>,
) -> AppResult<Option<T>> {
    if let Some(found) = seen.get(&id) {
        return Ok(found.clone());
    }
    let found = read()?;
    seen.insert(id, found.clone());
    Ok(found)
}

impl UserRepo for PgRepos<'_> {
    fn user(&mut self, id: i64) -> AppResult<Option<UserRecord>> {
        let row = users::table
            .find(id)
            .select(UserRow::as_select())
            .first(self.conn)
            .optional()
            .map_err(db_error)?;
        row.map(|r| self.user_record(r)).transpose()
    }

    fn user_by_email(&mut self, email: &str) -> AppResult<Option<UserRecord>> {
        let row = users::table
            .filter(
                diesel::dsl::sql::<diesel::sql_types::Bool>("lower(email) = ")
                    .bind::<diesel::sql_types::Text, _>(email.trim().to_lowercase()),
            )
            .select(UserRow::as_select())
            .first(self.conn)
            .optional()
            .map_err(db_error)?;
        row.map(|r| self.user_record(r)).transpose()
    }

    fn insert_user(&mut self, user: &NewUser) -> AppResult<i64> {
        diesel::insert_into(users::table)
            .values(NewUserRow {
                name: user.name.clone(),
                email: user.email.clone(),
                password_hash: user.password_hash.clone(),
                role: user.role.as_str().to_owned(),
                is_root: user.is_root,
                company_id: user.company_id,
                shipping_company_id: user.shipping_company_id,
                // The columns' defaults, spelled out: the struct has no "leave it" value.
                is_enabled: true,
                receives_email: false,
                use_terms: false,
                ..NewUserRow::default()
            })
            .returning(users::id)
            .get_result(self.conn)
            .map_err(|e| match db_error(e) {
                AppError::Duplicate(_) => AppError::Duplicate("Email já cadastrado!".to_owned()),
                other => other,
            })
    }

    fn set_user_use_terms(&mut self, user_id: i64, accepted: bool) -> AppResult<()> {
        diesel::update(users::table.find(user_id))
            .set((
                users::use_terms.eq(accepted),
                users::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}

impl AttendanceRepo for PgRepos<'_> {
    fn attendance_on(
        &mut self,
        company_id: i64,
        day: chrono::NaiveDate,
    ) -> AppResult<Option<AttendanceRecord>> {
        attendances::table
            .filter(attendances::company_id.eq(company_id))
            .filter(attendances::day.eq(day))
            .select((attendances::id, attendances::status))
            .first::<(i64, bool)>(self.conn)
            .optional()
            .map(|r| r.map(|(id, status)| AttendanceRecord { id, status }))
            .map_err(db_error)
    }
}

impl TermRepo for PgRepos<'_> {
    fn active_term(&mut self, company_id: i64) -> AppResult<Option<UseTermRecord>> {
        use_terms::table
            .filter(use_terms::company_id.eq(company_id))
            .filter(use_terms::active.eq(true))
            .order((use_terms::updated_at.desc(), use_terms::id.desc()))
            .select((
                use_terms::id,
                use_terms::title,
                use_terms::content,
                use_terms::updated_at,
            ))
            .first::<(i64, String, String, chrono::DateTime<chrono::Utc>)>(self.conn)
            .optional()
            .map(|r| {
                r.map(|(id, title, content, updated_at)| UseTermRecord {
                    id,
                    title,
                    content,
                    updated_at,
                })
            })
            .map_err(db_error)
    }

    fn insert_contact_authorization(&mut self, auth: &NewContactAuthorization) -> AppResult<i64> {
        let (user_id, driver_id) = match auth.party {
            Party::User(id) => (Some(id), None),
            Party::Driver(id) => (None, Some(id)),
        };
        diesel::insert_into(contact_authorizations::table)
            .values(NewContactAuthorizationRow {
                has_whats: auth.has_whats,
                has_sms: auth.has_sms,
                has_email: auth.has_email,
                user_id,
                driver_id,
                use_term_id: Some(auth.use_term_id),
                ..NewContactAuthorizationRow::default()
            })
            .returning(contact_authorizations::id)
            .get_result(self.conn)
            .map_err(db_error)
    }
}
