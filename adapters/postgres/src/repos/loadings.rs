//! The loadings of orders and the ones that left them.

use chrono::NaiveDate;
use diesel::prelude::*;
use patio_application::model::Page;
use patio_application::orders::loading_ports::{
    DeletedLoadingRecord, LoadingDriver, LoadingFilter, LoadingRecord, LoadingRepo, LoadingTruck,
    LoadingWrite,
};
use patio_application::{AppError, AppResult};

use super::orders::{decimal, tonnes};
use super::queue::ACTIVE_STATUSES;
use crate::rows::{DeletedSchedulingRow, DriverRow, NewSchedulingRow, SchedulingRow, TruckRow};
use crate::schema::{
    customers, deleted_schedulings, drivers, orders, queue_entries, schedulings,
    shipping_companies, truck_brands, truck_models, trucks,
};
use crate::store::{db_error, PgRepos};

/// A loading with the names its list shows (order code, plate, driver, carrier).
#[derive(Queryable, Selectable)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct NamedLoadingRow {
    #[diesel(embed)]
    loading: SchedulingRow,
    #[diesel(select_expression = orders::code)]
    order_code: String,
    #[diesel(select_expression = trucks::license_plate)]
    license_plate: String,
    #[diesel(select_expression = drivers::name)]
    driver_name: String,
    #[diesel(select_expression = shipping_companies::name.nullable())]
    shipping_company_name: Option<String>,
}

fn record(row: NamedLoadingRow) -> AppResult<LoadingRecord> {
    let s = row.loading;
    Ok(LoadingRecord {
        id: s.id,
        company_id: s.company_id,
        order_id: s.order_id,
        order_code: row.order_code,
        truck_id: s.truck_id,
        license_plate: row.license_plate,
        driver_id: s.driver_id,
        driver_name: row.driver_name,
        shipping_company_id: s.shipping_company_id,
        shipping_company_name: row.shipping_company_name,
        qty_ordered: tonnes(&s.qty_ordered)?,
        qty_transported: tonnes(&s.qty_transported)?,
        expiration_date: s.expiration_date,
        exped_date: s.exped_date,
        exped_initial_date: s.exped_initial_date,
        status: s.status,
        created_at: s.created_at,
    })
}

/// A loading that left its order, with the names still found (truck, driver and carrier may
/// be gone).
#[derive(Queryable, Selectable)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct NamedDeletedRow {
    #[diesel(embed)]
    deleted: DeletedSchedulingRow,
    #[diesel(select_expression = orders::code)]
    order_code: String,
    #[diesel(select_expression = customers::name)]
    customer_name: String,
    #[diesel(select_expression = trucks::license_plate.nullable())]
    license_plate: Option<String>,
    #[diesel(select_expression = drivers::name.nullable())]
    driver_name: Option<String>,
    #[diesel(select_expression = shipping_companies::name.nullable())]
    shipping_company_name: Option<String>,
}

fn deleted_record(row: NamedDeletedRow) -> AppResult<DeletedLoadingRecord> {
    let d = row.deleted;
    Ok(DeletedLoadingRecord {
        loading: LoadingRecord {
            id: d.scheduling_id,
            company_id: d.company_id,
            order_id: d.order_id,
            order_code: row.order_code,
            truck_id: d.truck_id.unwrap_or_default(),
            license_plate: row.license_plate.unwrap_or_default(),
            driver_id: d.driver_id.unwrap_or_default(),
            driver_name: row.driver_name.unwrap_or_default(),
            shipping_company_id: d.shipping_company_id,
            shipping_company_name: row.shipping_company_name,
            qty_ordered: tonnes(&d.qty_ordered)?,
            qty_transported: tonnes(&d.qty_transported)?,
            expiration_date: d.expiration_date,
            exped_date: d.exped_date,
            exped_initial_date: d.exped_initial_date,
            status: d.status,
            created_at: d.created_at,
        },
        customer_name: Some(row.customer_name),
        reason: d.reason,
        deleted_at: d.deleted_at,
    })
}

macro_rules! named_loadings {
    () => {
        schedulings::table
            .inner_join(orders::table.on(orders::id.eq(schedulings::order_id)))
            .inner_join(trucks::table.on(trucks::id.eq(schedulings::truck_id)))
            .inner_join(drivers::table.on(drivers::id.eq(schedulings::driver_id)))
            .left_join(
                shipping_companies::table.on(shipping_companies::id
                    .nullable()
                    .eq(schedulings::shipping_company_id)),
            )
            .select(NamedLoadingRow::as_select())
    };
}

macro_rules! named_deleted {
    () => {
        deleted_schedulings::table
            .inner_join(orders::table.on(orders::id.eq(deleted_schedulings::order_id)))
            .inner_join(customers::table.on(customers::id.eq(orders::customer_id)))
            .left_join(trucks::table.on(trucks::id.nullable().eq(deleted_schedulings::truck_id)))
            .left_join(drivers::table.on(drivers::id.nullable().eq(deleted_schedulings::driver_id)))
            .left_join(
                shipping_companies::table.on(shipping_companies::id
                    .nullable()
                    .eq(deleted_schedulings::shipping_company_id)),
            )
            .select(NamedDeletedRow::as_select())
    };
}

/// The day a loading left its order, in the yards' time zone.
fn deleted_day() -> diesel::expression::SqlLiteral<diesel::sql_types::Date> {
    diesel::dsl::sql::<diesel::sql_types::Date>(
        "(deleted_schedulings.deleted_at AT TIME ZONE 'America/Sao_Paulo')::date",
    )
}

fn write_row(w: &LoadingWrite) -> NewSchedulingRow {
    NewSchedulingRow {
        company_id: w.company_id,
        order_id: w.order_id,
        truck_id: w.truck_id,
        driver_id: w.driver_id,
        shipping_company_id: w.shipping_company_id,
        qty_ordered: decimal(w.qty_ordered),
        expiration_date: Some(w.expiration_date),
    }
}

impl LoadingRepo for PgRepos<'_> {
    fn loadings_of_order(&mut self, order_id: i64) -> AppResult<Vec<LoadingRecord>> {
        named_loadings!()
            .filter(schedulings::order_id.eq(order_id))
            .order(schedulings::id.asc())
            .load::<NamedLoadingRow>(self.conn)
            .map_err(db_error)?
            .into_iter()
            .map(record)
            .collect()
    }

    fn list_loadings(&mut self, f: &LoadingFilter) -> AppResult<Page<LoadingRecord>> {
        // The page's ids first, from the scope's (company or carrier, id) index alone; the
        // names are joined for those ids only.
        let matching = || {
            let mut q = schedulings::table.into_boxed();
            if let Some(c) = f.company_id {
                q = q.filter(schedulings::company_id.eq(c));
            }
            if let Some(s) = f.shipping_company_id {
                q = q.filter(schedulings::shipping_company_id.eq(s));
            }
            if let Some(o) = f.order_id {
                q = q.filter(schedulings::order_id.eq(o));
            }
            q
        };
        let total: i64 = matching().count().get_result(self.conn).map_err(db_error)?;
        let ids: Vec<i64> = matching()
            .select(schedulings::id)
            .order(schedulings::id.desc())
            .offset(f.page.offset())
            .limit(f.page.limit())
            .load(self.conn)
            .map_err(db_error)?;
        let items = named_loadings!()
            .filter(schedulings::id.eq_any(ids))
            .order(schedulings::id.desc())
            .load::<NamedLoadingRow>(self.conn)
            .map_err(db_error)?
            .into_iter()
            .map(record)
            .collect::<AppResult<Vec<_>>>()?;
        Ok(Page { items, total })
    }

    fn deleted_loadings_of_order(&mut self, order_id: i64) -> AppResult<Vec<DeletedLoadingRecord>> {
        named_deleted!()
            .filter(deleted_schedulings::order_id.eq(order_id))
            .order(deleted_schedulings::deleted_at.desc())
            .load::<NamedDeletedRow>(self.conn)
            .map_err(db_error)?
            .into_iter()
            .map(deleted_record)
            .collect()
    }

    fn loading(&mut self, id: i64) -> AppResult<Option<LoadingRecord>> {
        named_loadings!()
            .filter(schedulings::id.eq(id))
            .first::<NamedLoadingRow>(self.conn)
            .optional()
            .map_err(db_error)?
            .map(record)
            .transpose()
    }

    fn loadings_of_driver(
        &mut self,
        driver_id: i64,
        plate: Option<&str>,
    ) -> AppResult<Vec<LoadingRecord>> {
        let mut q = named_loadings!()
            .filter(schedulings::driver_id.eq(driver_id))
            .into_boxed();
        if let Some(p) = plate {
            q = q.filter(trucks::license_plate.eq(p.to_owned()));
        }
        q.order((
            schedulings::status.asc(),
            schedulings::expiration_date.asc(),
            schedulings::id.asc(),
        ))
        .load::<NamedLoadingRow>(self.conn)
        .map_err(db_error)?
        .into_iter()
        .map(record)
        .collect()
    }

    fn deleted_loadings_of_driver(
        &mut self,
        driver_id: i64,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
    ) -> AppResult<Vec<DeletedLoadingRecord>> {
        let mut q = named_deleted!()
            .filter(deleted_schedulings::driver_id.eq(driver_id))
            .into_boxed();
        if let Some(f) = from {
            q = q.filter(deleted_day().ge(f));
        }
        if let Some(t) = to {
            q = q.filter(deleted_day().le(t));
        }
        q.order(deleted_schedulings::deleted_at.desc())
            .load::<NamedDeletedRow>(self.conn)
            .map_err(db_error)?
            .into_iter()
            .map(deleted_record)
            .collect()
    }

    fn insert_loading(&mut self, w: &LoadingWrite) -> AppResult<i64> {
        diesel::insert_into(schedulings::table)
            .values(write_row(w))
            .returning(schedulings::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_loading(&mut self, id: i64, w: &LoadingWrite) -> AppResult<()> {
        diesel::update(schedulings::table.find(id))
            .set((write_row(w), schedulings::updated_at.eq(diesel::dsl::now)))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn delete_loading(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(schedulings::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(|e| match db_error(e) {
                AppError::Referenced(_) => AppError::Referenced(
                    "Este agendamento já foi usado na fila e não pode ser excluído.".to_owned(),
                ),
                other => other,
            })
    }

    fn loading_in_queue(&mut self, id: i64) -> AppResult<bool> {
        diesel::select(diesel::dsl::exists(
            queue_entries::table
                .filter(queue_entries::scheduling_id.eq(id))
                .filter(queue_entries::status.eq_any(ACTIVE_STATUSES)),
        ))
        .get_result(self.conn)
        .map_err(db_error)
    }

    fn loading_truck(
        &mut self,
        id: Option<i64>,
        company_id: i64,
        plate: Option<&str>,
    ) -> AppResult<Option<LoadingTruck>> {
        let mut q = trucks::table.select(TruckRow::as_select()).into_boxed();
        q = match (id, plate) {
            (Some(id), _) => q.filter(trucks::id.eq(id)),
            (None, Some(p)) => q
                .filter(trucks::company_id.eq(company_id))
                .filter(trucks::license_plate.eq(p.to_owned())),
            (None, None) => return Ok(None),
        };
        let row: Option<TruckRow> = q.first(self.conn).optional().map_err(db_error)?;
        let model = match row.as_ref().and_then(|t| t.vehicle_model_id) {
            Some(model_id) => truck_models::table
                .inner_join(truck_brands::table)
                .filter(truck_models::id.eq(model_id))
                .select((truck_brands::name, truck_models::name))
                .first::<(String, String)>(self.conn)
                .optional()
                .map_err(db_error)?
                .map(|(brand, model)| format!("{brand} {model}")),
            None => None,
        };
        row.map(|t| {
            Ok(LoadingTruck {
                model,
                id: t.id,
                company_id: t.company_id,
                shipping_company_id: t.shipping_company_id,
                net_capacity: t.net_capacity.as_ref().map(tonnes).transpose()?,
                license_plate: t.license_plate,
            })
        })
        .transpose()
    }

    fn loading_driver(&mut self, id: i64) -> AppResult<Option<LoadingDriver>> {
        let row: Option<DriverRow> = drivers::table
            .find(id)
            .select(DriverRow::as_select())
            .first(self.conn)
            .optional()
            .map_err(db_error)?;
        Ok(row.map(|d| LoadingDriver {
            id: d.id,
            company_id: d.company_id,
            shipping_company_id: d.shipping_company_id,
            name: d.name,
        }))
    }
}
