//! Autocomplete pickers: a few rows whose name (or code, or e-mail) matches the typed text.

use diesel::prelude::*;
use patio_application::model::LikeItem;
use patio_application::ports::LookupRepo;
use patio_application::AppResult;
use patio_domain::admin::listing::SearchText;

use super::search::{folded, folded_nullable, patio_fold};
use crate::schema::{companies, customers, shipping_companies, users};
use crate::store::{db_error, PgRepos};

/// The LIKE pattern (folded in the query) and the code of a search; no search matches
/// everything.
fn parts(search: Option<&SearchText>) -> (String, i32) {
    match search {
        Some(s) => (s.pattern.clone(), s.code.unwrap_or(-1)),
        None => ("%".to_owned(), -1),
    }
}

impl LookupRepo for PgRepos<'_> {
    fn like_companies(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>> {
        let (pattern, code) = parts(search);
        let mut q = companies::table
            .filter(
                patio_fold(companies::name)
                    .like(folded(&pattern))
                    .or(patio_fold(companies::company).like(folded(&pattern)))
                    .or(companies::id.eq(i64::from(code))),
            )
            .into_boxed();
        if let Some(id) = company_id {
            q = q.filter(companies::id.eq(id));
        }
        let rows = q
            .select((companies::id, companies::name))
            .order((companies::name.asc(), companies::id.asc()))
            .limit(limit)
            .load::<(i64, String)>(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, name)| LikeItem {
                id,
                code: Some(id),
                name,
                email: None,
            })
            .collect())
    }

    fn like_shipping_companies(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        shipping_company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>> {
        let (pattern, code) = parts(search);
        let mut q = shipping_companies::table
            .filter(
                shipping_companies::name_fold
                    .like(folded_nullable(&pattern))
                    .or(shipping_companies::code.eq(code).nullable()),
            )
            .into_boxed();
        if let Some(id) = company_id {
            q = q.filter(shipping_companies::company_id.eq(id));
        }
        if let Some(id) = shipping_company_id {
            q = q.filter(shipping_companies::id.eq(id));
        }
        let rows = q
            .select((
                shipping_companies::id,
                shipping_companies::code,
                shipping_companies::name,
            ))
            .order((shipping_companies::name.asc(), shipping_companies::id.asc()))
            .limit(limit)
            .load::<(i64, i32, String)>(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, code, name)| LikeItem {
                id,
                code: Some(i64::from(code)),
                name,
                email: None,
            })
            .collect())
    }

    fn like_customers(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>> {
        let (pattern, code) = parts(search);
        let mut q = customers::table
            .filter(
                customers::name_fold
                    .like(folded_nullable(&pattern))
                    .or(customers::code.eq(code).nullable()),
            )
            .into_boxed();
        if let Some(id) = company_id {
            q = q.filter(customers::company_id.eq(id));
        }
        let rows = q
            .select((customers::id, customers::code, customers::name))
            .order((customers::name.asc(), customers::id.asc()))
            .limit(limit)
            .load::<(i64, i32, String)>(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, code, name)| LikeItem {
                id,
                code: Some(i64::from(code)),
                name,
                email: None,
            })
            .collect())
    }

    fn like_users(
        &mut self,
        search: Option<&SearchText>,
        company_id: Option<i64>,
        limit: i64,
    ) -> AppResult<Vec<LikeItem>> {
        let (pattern, _) = parts(search);
        let mut q = users::table
            .filter(
                patio_fold(users::name)
                    .like(folded(&pattern))
                    .or(patio_fold(users::email).like(folded(&pattern))),
            )
            .into_boxed();
        if let Some(id) = company_id {
            let of_company = shipping_companies::table
                .filter(shipping_companies::company_id.eq(id))
                .select(shipping_companies::id.nullable());
            q = q.filter(
                users::company_id
                    .eq(id)
                    .or(users::shipping_company_id.eq_any(of_company)),
            );
        }
        let rows = q
            .select((users::id, users::name, users::email))
            .order((users::name.asc(), users::id.asc()))
            .limit(limit)
            .load::<(i64, String, String)>(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, name, email)| LikeItem {
                id,
                code: None,
                name,
                email: Some(email),
            })
            .collect())
    }
}
