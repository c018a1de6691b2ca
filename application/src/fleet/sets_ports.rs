//! Ports of the sets (conjuntos) and their linking to shipping companies (spec 2 "Sets and
//! linking").

use chrono::{DateTime, NaiveDate, Utc};
use patio_domain::admin::listing::{PageRequest, SearchText};
use patio_domain::fleet::sets::{DriverSearch, QueueLabel};

use crate::error::AppResult;
use crate::model::Page;

/// One page of the sets list: drivers with an id above `after_id`, by id, at most `limit`.
/// Every filter is optional; the scope's company and shipping company are filters too.
#[derive(Debug, Clone)]
pub struct GroupsFilter {
    /// Only drivers of this company.
    pub company_id: Option<i64>,
    /// Only drivers bound to this shipping company.
    pub shipping_company_id: Option<i64>,
    /// Only trucks bound to this shipping company count (a Transportadora's view): the trucks
    /// shown, the plate search and 'Sem Veículo' look at them only.
    pub truck_shipping_id: Option<i64>,
    /// ILIKE pattern of a plate of one of the driver's trucks.
    pub plate_pattern: Option<String>,
    pub driver: Option<DriverSearch>,
    /// The queue label of the driver's newest entry.
    pub status: Option<QueueLabel>,
    /// 'Na Fila': the driver has an active queue entry (waiting or loading).
    pub in_queue: bool,
    /// 'Sem Veículo': the driver has no truck.
    pub without_truck: bool,
    pub after_id: i64,
    pub limit: u32,
    /// For the labels that hold only on the day they happened (attended, fault).
    pub now: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GroupContactRecord {
    pub id: i64,
    pub name: String,
    pub fone: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ShippingBrief {
    pub id: i64,
    pub code: i32,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GroupTruckRecord {
    pub id: i64,
    pub license_plate: String,
    pub is_enabled: bool,
    pub model: Option<(i64, String)>,
    pub brand: Option<(i64, String)>,
    pub implement_type: Option<String>,
    pub net_capacity: Option<f64>,
    pub shipping_company: Option<(i64, String)>,
}

/// The driver's newest queue entry (an active one before any closed one).
#[derive(Debug, Clone, PartialEq)]
pub struct GroupQueueRecord {
    pub id: i64,
    pub status: String,
    pub in_tolerance: bool,
    pub position: Option<i32>,
    pub date: Option<NaiveDate>,
    pub forecast_at: Option<DateTime<Utc>>,
    pub truck_id: i64,
    /// `closed_at`, else `attended_at`.
    pub closed_at: Option<DateTime<Utc>>,
    /// The entry's company's zone (settings).
    pub time_zone: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GroupRecord {
    pub id: i64,
    pub name: String,
    /// 11 digits.
    pub cpf: String,
    pub birth_date: NaiveDate,
    pub is_enabled: bool,
    pub cnh: Option<String>,
    pub first_contact: Option<GroupContactRecord>,
    pub company_id: i64,
    pub company_name: String,
    pub shipping_company: Option<ShippingBrief>,
    /// By id.
    pub trucks: Vec<GroupTruckRecord>,
    pub queue: Option<GroupQueueRecord>,
}

/// A shipping company as the linking reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct ShippingRecord {
    pub id: i64,
    pub company_id: i64,
    pub code: i32,
    pub name: String,
}

/// A truck as the linking checks it (read with a row lock).
#[derive(Debug, Clone, PartialEq)]
pub struct LinkTruck {
    pub id: i64,
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub license_plate: String,
}

/// A driver as the linking checks it (read with a row lock).
#[derive(Debug, Clone, PartialEq)]
pub struct LinkDriver {
    pub id: i64,
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub name: String,
}

/// A pair bound to a shipping company: a bound truck with its driver, or a bound driver with
/// no bound truck.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkedPairRecord {
    pub truck: Option<CandidateTruck>,
    pub driver: Option<CandidateDriver>,
}

/// A truck the linking screen offers (free, or bound to the chosen shipping company).
#[derive(Debug, Clone, PartialEq)]
pub struct CandidateTruck {
    pub id: i64,
    pub license_plate: String,
    pub model: Option<String>,
    pub brand: Option<String>,
    pub driver_id: Option<i64>,
}

/// A driver the linking screen offers.
#[derive(Debug, Clone, PartialEq)]
pub struct CandidateDriver {
    pub id: i64,
    pub name: String,
    /// 11 digits.
    pub cpf: String,
}

pub trait SetsRepo {
    /// One page of sets (see [`GroupsFilter`]).
    fn driver_groups(&mut self, f: &GroupsFilter) -> AppResult<Vec<GroupRecord>>;

    fn shipping_company_brief(&mut self, id: i64) -> AppResult<Option<ShippingRecord>>;
    /// The truck, its row locked until the transaction ends.
    fn truck_for_link(&mut self, id: i64) -> AppResult<Option<LinkTruck>>;
    /// The driver, its row locked until the transaction ends.
    fn driver_for_link(&mut self, id: i64) -> AppResult<Option<LinkDriver>>;
    /// Binds the truck and the driver to the shipping company and the truck to the driver.
    fn bind_pair(
        &mut self,
        truck_id: i64,
        driver_id: i64,
        shipping_id: i64,
        now: DateTime<Utc>,
    ) -> AppResult<()>;
    fn unbind_truck(&mut self, truck_id: i64, now: DateTime<Utc>) -> AppResult<()>;
    fn unbind_driver(&mut self, driver_id: i64, now: DateTime<Utc>) -> AppResult<()>;
    /// Whether the driver drives another truck than `except_truck` bound to `shipping_id`.
    fn driver_has_other_bound_truck(
        &mut self,
        driver_id: i64,
        except_truck: i64,
        shipping_id: i64,
    ) -> AppResult<bool>;

    /// The pairs bound to a shipping company, by plate then driver name; `search` matches a
    /// plate, a driver name or a CPF.
    fn linked_pairs(
        &mut self,
        shipping_id: i64,
        search: Option<&SearchText>,
        page: PageRequest,
    ) -> AppResult<Page<LinkedPairRecord>>;
    /// Trucks of `company_id`, free or bound to `shipping_id`, whose plate matches.
    fn candidate_trucks(
        &mut self,
        company_id: i64,
        shipping_id: i64,
        plate_pattern: Option<&str>,
        limit: u32,
    ) -> AppResult<Vec<CandidateTruck>>;
    /// Drivers of `company_id`, free or bound to `shipping_id`, by name or CPF.
    fn candidate_drivers(
        &mut self,
        company_id: i64,
        shipping_id: i64,
        search: Option<&DriverSearch>,
        limit: u32,
    ) -> AppResult<Vec<CandidateDriver>>;
}
