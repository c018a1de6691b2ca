//! Staff users as the user administration writes them, and their contact authorizations.

use diesel::pg::Pg;
use diesel::prelude::*;
use patio_application::model::{AuthorizationFlags, ListFilter, Page, UserRecord, UserWrite};
use patio_application::ports::UserAdminRepo;
use patio_application::{AppError, AppResult};

use super::search::{folded, patio_fold};
use crate::rows::{UserRow, UserWriteRow};
use crate::schema::{contact_authorizations, shipping_companies, users};
use crate::store::{db_error, PgRepos};

const EMAIL_TAKEN_MESSAGE: &str = "Email já cadastrado!";

fn email_taken(e: diesel::result::Error) -> AppError {
    match db_error(e) {
        AppError::Duplicate(_) => AppError::Duplicate(EMAIL_TAKEN_MESSAGE.to_owned()),
        other => other,
    }
}

fn filtered(f: &ListFilter) -> users::BoxedQuery<'static, Pg> {
    let mut q = users::table.into_boxed();
    if let Some(id) = f.company_id {
        let of_company = shipping_companies::table
            .filter(shipping_companies::company_id.eq(id))
            .select(shipping_companies::id.nullable());
        q = q.filter(
            users::company_id
                .eq(id)
                .or(users::shipping_company_id.eq_any(of_company)),
        );
    }
    if let Some(role) = f.role {
        q = q.filter(users::role.eq(role.as_str()));
    }
    if let Some(s) = &f.search {
        q = q.filter(
            patio_fold(users::name)
                .like(folded(&s.pattern))
                .or(patio_fold(users::email).like(folded(&s.pattern))),
        );
    }
    q
}

impl UserAdminRepo for PgRepos<'_> {
    fn list_users(&mut self, f: &ListFilter) -> AppResult<Page<UserRecord>> {
        let total: i64 = filtered(f)
            .count()
            .get_result(self.conn)
            .map_err(db_error)?;
        let mut q = filtered(f)
            .select(UserRow::as_select())
            .order((users::name.asc(), users::id.asc()));
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let rows = q.load::<UserRow>(self.conn).map_err(db_error)?;
        let items = self.user_records(rows)?;
        Ok(Page { items, total })
    }

    fn insert_staff_user(&mut self, u: &UserWrite) -> AppResult<i64> {
        let hash = u
            .password_hash
            .as_deref()
            .ok_or_else(|| AppError::internal("new user without password"))?;
        diesel::insert_into(users::table)
            .values((UserWriteRow::from(u), users::password_hash.eq(hash)))
            .returning(users::id)
            .get_result(self.conn)
            .map_err(email_taken)
    }

    fn update_staff_user(&mut self, id: i64, u: &UserWrite) -> AppResult<()> {
        // A new password is dated with the service's clock: it ends older sessions.
        let password = u.password_hash.as_deref().map(|hash| {
            (
                users::password_hash.eq(hash),
                users::password_changed_at.eq(u.written_at),
            )
        });
        let done = diesel::update(users::table.find(id))
            .set((
                UserWriteRow::from(u),
                password,
                users::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn);
        done.map(|_| ()).map_err(email_taken)
    }

    fn delete_user(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(users::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn user_authorization(&mut self, user_id: i64) -> AppResult<Option<AuthorizationFlags>> {
        contact_authorizations::table
            .filter(contact_authorizations::user_id.eq(user_id))
            .order((
                contact_authorizations::created_at.desc(),
                contact_authorizations::id.desc(),
            ))
            .select((
                contact_authorizations::has_email,
                contact_authorizations::has_sms,
                contact_authorizations::has_whats,
            ))
            .first::<(bool, bool, bool)>(self.conn)
            .optional()
            .map(|r| {
                r.map(|(has_email, has_sms, has_whats)| AuthorizationFlags {
                    has_email,
                    has_sms,
                    has_whats,
                })
            })
            .map_err(db_error)
    }

    fn set_user_authorization(&mut self, user_id: i64, f: AuthorizationFlags) -> AppResult<()> {
        let latest: Option<i64> = contact_authorizations::table
            .filter(contact_authorizations::user_id.eq(user_id))
            .order((
                contact_authorizations::created_at.desc(),
                contact_authorizations::id.desc(),
            ))
            .select(contact_authorizations::id)
            .first(self.conn)
            .optional()
            .map_err(db_error)?;
        let flags = (
            contact_authorizations::has_email.eq(f.has_email),
            contact_authorizations::has_sms.eq(f.has_sms),
            contact_authorizations::has_whats.eq(f.has_whats),
        );
        let done = match latest {
            Some(id) => diesel::update(contact_authorizations::table.find(id))
                .set((
                    flags,
                    contact_authorizations::updated_at.eq(diesel::dsl::now),
                ))
                .execute(self.conn),
            None => diesel::insert_into(contact_authorizations::table)
                .values((flags, contact_authorizations::user_id.eq(Some(user_id))))
                .execute(self.conn),
        };
        done.map(|_| ()).map_err(db_error)
    }
}
