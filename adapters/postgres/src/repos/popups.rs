//! Pop-ups and their reads (views = rows of `popup_reads`, viewsUnique = distinct drivers).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use patio_application::settings::ports::{PopupRecord, PopupRepo, PopupWrite};
use patio_application::AppResult;

use crate::schema::{popup_reads, popups};
use crate::store::{db_error, PgRepos};

#[derive(Queryable, Selectable)]
#[diesel(table_name = popups, check_for_backend(diesel::pg::Pg))]
struct PopupRow {
    id: i64,
    company_id: i64,
    start_at: Option<DateTime<Utc>>,
    end_at: Option<DateTime<Utc>>,
    active: bool,
    title: String,
    label: Option<String>,
    image_url: Option<String>,
    content: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

/// What a save writes; `None` writes NULL.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = popups, treat_none_as_null = true)]
struct PopupChanges<'a> {
    start_at: Option<DateTime<Utc>>,
    end_at: Option<DateTime<Utc>>,
    active: bool,
    title: &'a str,
    label: Option<&'a str>,
    image_url: Option<&'a str>,
    content: Option<&'a str>,
}

fn changes(p: &PopupWrite) -> PopupChanges<'_> {
    PopupChanges {
        start_at: p.start_at,
        end_at: p.end_at,
        active: p.active,
        title: &p.title,
        label: p.label.as_deref(),
        image_url: p.image_url.as_deref(),
        content: p.content.as_deref(),
    }
}

impl PgRepos<'_> {
    /// The rows with their read counts.
    fn with_counts(&mut self, rows: Vec<PopupRow>) -> AppResult<Vec<PopupRecord>> {
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let counts: HashMap<i64, (i64, i64)> = if ids.is_empty() {
            HashMap::new()
        } else {
            popup_reads::table
                .filter(popup_reads::popup_id.eq_any(&ids))
                .group_by(popup_reads::popup_id)
                .select((
                    popup_reads::popup_id,
                    diesel::dsl::count_star(),
                    diesel::dsl::count(popup_reads::driver_id).aggregate_distinct(),
                ))
                .load::<(i64, i64, i64)>(self.conn)
                .map_err(db_error)?
                .into_iter()
                .map(|(id, views, unique)| (id, (views, unique)))
                .collect()
        };
        Ok(rows
            .into_iter()
            .map(|r| {
                let (views, views_unique) = counts.get(&r.id).copied().unwrap_or((0, 0));
                PopupRecord {
                    id: r.id,
                    company_id: r.company_id,
                    start_at: r.start_at,
                    end_at: r.end_at,
                    active: r.active,
                    title: r.title,
                    label: r.label,
                    image_url: r.image_url,
                    content: r.content,
                    created_at: r.created_at,
                    updated_at: r.updated_at,
                    views,
                    views_unique,
                }
            })
            .collect())
    }
}

impl PopupRepo for PgRepos<'_> {
    fn popups_of_company(&mut self, company_id: i64) -> AppResult<Vec<PopupRecord>> {
        let rows = popups::table
            .filter(popups::company_id.eq(company_id))
            .order((popups::created_at.desc(), popups::id.desc()))
            .select(PopupRow::as_select())
            .load(self.conn)
            .map_err(db_error)?;
        self.with_counts(rows)
    }

    fn active_popups_of_company(&mut self, company_id: i64) -> AppResult<Vec<PopupRecord>> {
        let rows = popups::table
            .filter(popups::company_id.eq(company_id))
            .filter(popups::active.eq(true))
            .order((popups::created_at.desc(), popups::id.desc()))
            .select(PopupRow::as_select())
            .load(self.conn)
            .map_err(db_error)?;
        self.with_counts(rows)
    }

    fn popup_by_id(&mut self, id: i64) -> AppResult<Option<PopupRecord>> {
        let row = popups::table
            .find(id)
            .select(PopupRow::as_select())
            .first(self.conn)
            .optional()
            .map_err(db_error)?;
        Ok(self.with_counts(row.into_iter().collect())?.pop())
    }

    fn insert_popup(&mut self, company_id: i64, p: &PopupWrite) -> AppResult<i64> {
        diesel::insert_into(popups::table)
            .values((popups::company_id.eq(company_id), changes(p)))
            .returning(popups::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_popup(&mut self, id: i64, p: &PopupWrite) -> AppResult<()> {
        diesel::update(popups::table.find(id))
            .set((changes(p), popups::updated_at.eq(diesel::dsl::now)))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn write_popup_image(&mut self, id: i64, url: &str) -> AppResult<Option<String>> {
        let previous = popups::table
            .find(id)
            .select(popups::image_url)
            .first::<Option<String>>(self.conn)
            .optional()
            .map_err(db_error)?
            .flatten();
        diesel::update(popups::table.find(id))
            .set((
                popups::image_url.eq(url),
                popups::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map_err(db_error)?;
        Ok(previous)
    }

    fn delete_popup_by_id(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(popups::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn insert_popup_read(
        &mut self,
        popup_id: i64,
        driver_id: i64,
        at: DateTime<Utc>,
    ) -> AppResult<()> {
        diesel::insert_into(popup_reads::table)
            .values((
                popup_reads::popup_id.eq(popup_id),
                popup_reads::driver_id.eq(driver_id),
                popup_reads::read_at.eq(at),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
