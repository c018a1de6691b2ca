//! Trucks: the lists and reads (one query joining company, shipping company, driver, model
//! and brand), the saves, the binds, and the plate registry answering from the trucks table.

use bigdecimal::{BigDecimal, ToPrimitive};
use diesel::dsl::{exists, now};
use diesel::pg::Pg;
use diesel::prelude::*;
use patio_application::fleet::ports::{
    DriverChoice, PlateRegistry, ShippingRef, TruckFilter, TruckPlacement, TruckRepo,
};
use patio_application::fleet::truck_catalog::{BrandView, ModelView};
use patio_application::fleet::trucks::{
    TruckCompanyRef, TruckDriverRef, TruckShippingRef, TruckView,
};
use patio_application::model::Page;
use patio_application::AppResult;
use patio_domain::fleet::trucks::{plate_is_truck, plate_pattern};
use patio_domain::fleet::TruckData;
use patio_domain::values::{Plate, Renavam};

use super::search::{fk_named, named, Named};
use crate::pool::{checkout, PgPool};
use crate::rows::{
    DriverRefRow, TruckBrandRow, TruckModelRow, TruckRow, TruckShippingRow, TruckWriteRow,
};
use crate::schema::{
    companies, drivers, queue_entries, shipping_companies, truck_brands, truck_models, trucks,
};
use crate::store::{db_error, PgRepos};

type Source = diesel::dsl::LeftJoin<
    diesel::dsl::LeftJoin<
        diesel::dsl::LeftJoin<
            diesel::dsl::InnerJoin<trucks::table, companies::table>,
            shipping_companies::table,
        >,
        drivers::table,
    >,
    diesel::dsl::InnerJoin<truck_models::table, truck_brands::table>,
>;

fn source() -> Source {
    trucks::table
        .inner_join(companies::table)
        .left_join(shipping_companies::table)
        .left_join(drivers::table)
        .left_join(truck_models::table.inner_join(truck_brands::table))
}

/// The trucks a filter names: its company, shipping company and driver, and a search by id,
/// plate (separators ignored), renavam or model name. On trucks alone: the count and the
/// page's ids need no join (issue 28), the page's rows are joined after.
fn filtered(f: &TruckFilter, models: Option<&Named>) -> trucks::BoxedQuery<'static, Pg> {
    let mut q = trucks::table.into_boxed();
    if let Some(id) = f.company_id {
        q = q.filter(trucks::company_id.eq(id));
    }
    if let Some(id) = f.shipping_company_id {
        q = q.filter(trucks::shipping_company_id.eq(id));
    }
    if let Some(id) = f.driver_id {
        q = q.filter(trucks::driver_id.eq(id));
    }
    if let Some(s) = &f.search {
        // Plates are stored upper-case without separators, as plate_pattern makes the text;
        // the model's name goes through its id, so every arm is an index of trucks.
        let plate = plate_pattern(s).unwrap_or_else(|| s.pattern.clone());
        q = q.filter(
            trucks::id
                .eq(s.code.map_or(-1, i64::from))
                .or(trucks::license_plate.like(plate))
                .or(trucks::renavam.ilike(s.digits_pattern.clone().unwrap_or(s.pattern.clone())))
                .or(fk_named(
                    "trucks.vehicle_model_id",
                    "truck_models",
                    None,
                    models.cloned().unwrap_or(Named::Ids(Vec::new())),
                )),
        );
    }
    q
}

/// A truck with its company, shipping company, driver and model (with brand).
#[derive(Queryable, Selectable)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct JoinedTruckRow {
    #[diesel(embed)]
    truck: TruckRow,
    #[diesel(select_expression = companies::id)]
    company_id: i64,
    #[diesel(select_expression = companies::name)]
    company_name: String,
    #[diesel(embed)]
    shipping: Option<TruckShippingRow>,
    #[diesel(embed)]
    driver: Option<DriverRefRow>,
    #[diesel(embed)]
    model: Option<(TruckModelRow, TruckBrandRow)>,
}

fn tonnes(v: Option<BigDecimal>) -> Option<f64> {
    v.and_then(|d| d.to_f64())
}

/// The joined row as the truck calls answer it (contacts are read apart).
fn view(row: JoinedTruckRow) -> TruckView {
    let t = row.truck;
    TruckView {
        id: t.id,
        license_plate: t.license_plate.into(),
        renavam: t.renavam,
        owner: t.owner,
        implement_type: t.implement_type,
        shaft_quantity: t.shaft_quantity,
        gross_capacity: tonnes(t.gross_capacity),
        net_capacity: tonnes(t.net_capacity),
        color: t.color,
        is_enabled: t.is_enabled,
        company: TruckCompanyRef {
            id: row.company_id,
            name: row.company_name,
        },
        shipping_company: row.shipping.map(|s| TruckShippingRef {
            id: s.id,
            code: s.code,
            name: s.name,
        }),
        driver: row.driver.map(|d| TruckDriverRef {
            id: d.id,
            name: d.name,
        }),
        vehicle_model: row.model.map(|(m, b)| ModelView {
            id: m.id,
            name: m.name,
            truck_brand: BrandView {
                id: b.id,
                name: b.name,
            },
        }),
        created_at: t.created_at,
        contact: Vec::new(),
    }
}

fn choice(d: DriverRefRow) -> DriverChoice {
    DriverChoice {
        id: d.id,
        name: d.name,
        company_id: d.company_id,
        shipping_company_id: d.shipping_company_id,
    }
}

impl PgRepos<'_> {
    fn load_trucks(
        &mut self,
        q: diesel::dsl::IntoBoxed<'static, Source, Pg>,
    ) -> AppResult<Vec<TruckView>> {
        let rows: Vec<JoinedTruckRow> = q
            .select(JoinedTruckRow::as_select())
            .load(self.conn)
            .map_err(db_error)?;
        Ok(rows.into_iter().map(view).collect())
    }
}

impl TruckRepo for PgRepos<'_> {
    fn list_trucks(&mut self, f: &TruckFilter) -> AppResult<Page<TruckView>> {
        let models = match &f.search {
            Some(s) => Some(named(self.conn, "truck_models", None, &s.pattern).map_err(db_error)?),
            None => None,
        };
        let total: i64 = filtered(f, models.as_ref())
            .count()
            .get_result(self.conn)
            .map_err(db_error)?;
        let mut q = filtered(f, models.as_ref())
            .select(trucks::id)
            .order((trucks::license_plate.asc(), trucks::id.asc()));
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let ids: Vec<i64> = q.load(self.conn).map_err(db_error)?;
        let page = source()
            .into_boxed()
            .filter(trucks::id.eq_any(ids))
            .order((trucks::license_plate.asc(), trucks::id.asc()));
        Ok(Page {
            items: self.load_trucks(page)?,
            total,
        })
    }

    fn truck(&mut self, id: i64) -> AppResult<Option<TruckView>> {
        let q = source().into_boxed().filter(trucks::id.eq(id));
        Ok(self.load_trucks(q)?.pop())
    }

    fn truck_by_plate(&mut self, plate: &str) -> AppResult<Option<TruckView>> {
        let q = source()
            .into_boxed()
            .filter(trucks::license_plate.eq(plate.to_owned()));
        Ok(self.load_trucks(q)?.pop())
    }

    fn insert_truck(&mut self, truck: &TruckData, place: &TruckPlacement) -> AppResult<i64> {
        diesel::insert_into(trucks::table)
            .values(TruckWriteRow::of(truck, place))
            .returning(trucks::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_truck(
        &mut self,
        id: i64,
        truck: &TruckData,
        place: &TruckPlacement,
    ) -> AppResult<()> {
        diesel::update(trucks::table.find(id))
            .set((TruckWriteRow::of(truck, place), trucks::updated_at.eq(now)))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn bind_truck_row(
        &mut self,
        id: i64,
        company_id: i64,
        driver_id: i64,
        plate: &Plate,
        renavam: &Renavam,
    ) -> AppResult<()> {
        diesel::update(trucks::table.find(id))
            .set((
                trucks::company_id.eq(company_id),
                trucks::driver_id.eq(Some(driver_id)),
                trucks::license_plate.eq(plate.as_str()),
                trucks::renavam.eq(Some(renavam.as_str())),
                trucks::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn set_truck_shipping_company(&mut self, id: i64, shipping: Option<i64>) -> AppResult<()> {
        diesel::update(trucks::table.find(id))
            .set((
                trucks::shipping_company_id.eq(shipping),
                trucks::updated_at.eq(now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn set_truck_driver(&mut self, id: i64, driver: Option<i64>) -> AppResult<()> {
        diesel::update(trucks::table.find(id))
            .set((trucks::driver_id.eq(driver), trucks::updated_at.eq(now)))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn truck_in_active_queue(&mut self, id: i64) -> AppResult<bool> {
        diesel::select(exists(
            queue_entries::table
                .filter(queue_entries::truck_id.eq(id))
                .filter(queue_entries::status.eq_any(["waiting", "loading"])),
        ))
        .get_result(self.conn)
        .map_err(db_error)
    }

    fn delete_truck(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(trucks::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn shipping_company_ref(&mut self, id: i64) -> AppResult<Option<ShippingRef>> {
        shipping_companies::table
            .find(id)
            .select(TruckShippingRow::as_select())
            .first(self.conn)
            .optional()
            .map(|s| {
                s.map(|s| ShippingRef {
                    id: s.id,
                    company_id: s.company_id,
                    code: s.code,
                    name: s.name,
                })
            })
            .map_err(db_error)
    }

    fn driver_choice(&mut self, id: i64) -> AppResult<Option<DriverChoice>> {
        drivers::table
            .find(id)
            .select(DriverRefRow::as_select())
            .first(self.conn)
            .optional()
            .map(|d| d.map(choice))
            .map_err(db_error)
    }

    fn driver_choices(
        &mut self,
        company_id: i64,
        shipping_company_id: Option<i64>,
    ) -> AppResult<Vec<DriverChoice>> {
        let mut q = drivers::table
            .filter(drivers::company_id.eq(company_id))
            .into_boxed();
        if let Some(s) = shipping_company_id {
            q = q.filter(drivers::shipping_company_id.eq(s));
        }
        q.select(DriverRefRow::as_select())
            .order((drivers::name.asc(), drivers::id.asc()))
            .load(self.conn)
            .map(|rows| rows.into_iter().map(choice).collect())
            .map_err(db_error)
    }
}

/// The plate registry of `patio serve`: what the product knows of a plate (its trucks table),
/// judged by `patio_domain::fleet::trucks::plate_is_truck`. Read on a connection of its own,
/// outside any transaction.
pub struct PgPlateRegistry {
    pool: PgPool,
}

impl PgPlateRegistry {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }
}

impl PlateRegistry for PgPlateRegistry {
    fn is_truck(&self, plate: &Plate) -> AppResult<bool> {
        let mut conn = checkout(&self.pool)?;
        let registered: Option<Option<String>> = trucks::table
            .filter(trucks::license_plate.eq(plate.as_str()))
            .select(trucks::implement_type)
            .first(&mut conn)
            .optional()
            .map_err(db_error)?;
        Ok(plate_is_truck(registered.as_ref().map(Option::as_deref)))
    }
}
