//! Records the ports exchange. Plain data; rules stay in the domain crate and the services.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use patio_domain::roles::Role;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct CompanyRecord {
    pub id: i64,
    pub name: String,
    /// Legal name ("razão social").
    pub legal_name: String,
    pub logo: Option<String>,
    pub status: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct CompanyPublic {
    pub id: i64,
    pub name: String,
    pub logo: Option<String>,
}

/// The part of the company settings sign-in and the login pages need.
#[derive(Debug, Clone, PartialEq)]
pub struct LoginSettings {
    pub enable_recaptcha: bool,
    pub recaptcha_secret: Option<String>,
    pub recaptcha_site: Option<String>,
    pub start: Option<NaiveTime>,
    pub end: Option<NaiveTime>,
    /// Sunday first, as the spec's weekDays.
    pub week_days: [bool; 7],
    pub programmed_total: i32,
    pub time_zone: String,
    /// The company's map embed (`googleMaps`), shown on the public /maps.
    pub google_maps: Option<String>,
}

/// What the loading history reads (`GET /scheduling`).
#[derive(Debug, Clone, Default)]
pub struct HistoryFilter {
    pub company_id: Option<i64>,
    pub from: Option<DateTime<Utc>>,
    pub customer_id: Option<i64>,
    pub order_id: Option<i64>,
    pub truck_id: Option<i64>,
    pub driver_id: Option<i64>,
}

/// `{ "id": ... }`: a reference to a record, in answers and in request bodies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct IdRef {
    pub id: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct CompanyRef {
    pub id: i64,
    pub name: String,
    pub legal_name: String,
    pub logo: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct ShippingCompanyRef {
    pub id: i64,
    pub code: Option<i64>,
    pub name: String,
    pub company_id: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UserRecord {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub password_hash: String,
    pub role: Role,
    pub cpf: Option<patio_domain::values::Stored<patio_domain::values::Cpf>>,
    pub fone: Option<String>,
    pub receives_email: bool,
    pub is_enabled: bool,
    pub is_root: bool,
    pub use_terms: bool,
    pub company: Option<CompanyRef>,
    pub shipping_company: Option<ShippingCompanyRef>,
}

impl UserRecord {
    /// The company a user acts for: its own, or its shipping company's.
    pub fn effective_company_id(&self) -> Option<i64> {
        self.company
            .as_ref()
            .map(|c| c.id)
            .or(self.shipping_company.as_ref().map(|s| s.company_id))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewUser {
    pub name: String,
    pub email: String,
    pub password_hash: String,
    pub role: Role,
    pub is_root: bool,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DriverRecord {
    pub id: i64,
    pub name: String,
    /// 11 digits.
    pub cpf: String,
    pub birth_date: NaiveDate,
    pub is_enabled: bool,
    pub use_terms: bool,
    pub company: CompanyRef,
    pub shipping_company_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ActiveQueueEntry {
    pub id: i64,
    pub company_id: i64,
    pub forecast_at: Option<DateTime<Utc>>,
    pub joined_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct AttendanceRecord {
    pub id: i64,
    pub status: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UseTermRecord {
    pub id: i64,
    pub title: String,
    pub content: String,
    pub updated_at: DateTime<Utc>,
}

/// Who a contact authorization belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    User(i64),
    Driver(i64),
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewContactAuthorization {
    pub party: Party,
    pub use_term_id: i64,
    pub has_whats: bool,
    pub has_sms: bool,
    pub has_email: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewStaffLog {
    pub operation_type: String,
    pub object_type: String,
    pub company_id: Option<i64>,
    pub user_id: Option<i64>,
    /// HTML built from escaped values.
    pub title: String,
    pub details: Vec<(String, String)>,
    pub ip: Option<String>,
}

/// A driver log row to write. Built only by `services::DriverLog` (the one writer).
#[derive(Debug, Clone, PartialEq)]
pub struct NewDriverLog {
    pub driver_id: i64,
    pub company_id: i64,
    /// Stored as its code (`IN_QUEUE`, `BIND_TRUNCK`, ...).
    pub operation: patio_domain::driver_log::DriverLogType,
    pub data: DriverLogPayload,
}

/// The `data` column of a driver log row, in the shape the spec's rows store (camelCase keys,
/// a part absent when the operation has none). `services::drivers::log_view` reads it back.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DriverLogPayload {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub company: Option<LogId>,
    /// OUT_COMPANY: the company the driver moved to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub company_to: Option<LogCompanyTo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub queue: Option<LogId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub truck: Option<LogTruck>,
    /// IN_QUEUE as a freelancer: the truck without its plate, beside `freelancer: true`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub truck_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub freelancer: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheduling: Option<LogScheduling>,
    /// IN_ORDER also keeps the order's code at the top level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shipping_company: Option<LogNamed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub popup: Option<LogPopup>,
    /// DEL_ADM: who was deleted (the row outlives the driver's name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub driver: Option<LogNamed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub use_term: Option<LogId>,
    /// When a staff member's save bound or created the truck.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<DateTime<Utc>>,
}

impl DriverLogPayload {
    /// `{company: {id}}`, the part every row has.
    pub fn at_company(company_id: i64) -> Self {
        Self {
            company: Some(LogId { id: company_id }),
            ..Self::default()
        }
    }

    /// IN_ORDER: the driver was added to an order through a loading of his truck.
    pub fn added_to_order(
        company_id: i64,
        loading_id: i64,
        order_code: &str,
        truck_id: i64,
        plate: &str,
    ) -> Self {
        Self {
            order_code: Some(order_code.to_owned()),
            ..Self::at_company(company_id)
                .scheduling(Some(loading_id), Some(order_code.to_owned()))
                .truck(truck_id, plate)
        }
    }

    pub fn queue(mut self, id: i64) -> Self {
        self.queue = Some(LogId { id });
        self
    }

    pub fn truck(mut self, id: i64, plate: impl Into<String>) -> Self {
        self.truck = Some(LogTruck {
            id,
            license_plate: plate.into(),
        });
        self
    }

    pub fn scheduling(mut self, id: Option<i64>, order_code: Option<String>) -> Self {
        self.scheduling = Some(LogScheduling {
            id,
            order: LogOrder { code: order_code },
        });
        self
    }

    pub fn shipping_company(mut self, id: i64, name: impl Into<String>) -> Self {
        self.shipping_company = Some(LogNamed {
            id,
            name: name.into(),
        });
        self
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogId {
    pub id: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogNamed {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogCompanyTo {
    pub id: i64,
    pub company: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LogTruck {
    pub id: i64,
    pub license_plate: String,
}

/// Written with its nulls, as the rows always were.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogScheduling {
    pub id: Option<i64>,
    pub order: LogOrder,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogOrder {
    pub code: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogPopup {
    pub id: i64,
    pub title: String,
    pub label: Option<String>,
}

// ---- Administration (spec 1): companies, customers, shipping companies, users, contacts,
// logs, dashboard and lookups.

/// One page of rows and how many there are in all.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: i64,
}

/// Filters of an administration list. `company_id` and `shipping_company_id` narrow to one
/// tenant; `page` `None` means every row.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListFilter {
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub search: Option<patio_domain::admin::listing::SearchText>,
    pub role: Option<Role>,
    pub page: Option<patio_domain::admin::listing::PageRequest>,
}

/// A company with every field of the company form.
#[derive(Debug, Clone, PartialEq)]
pub struct CompanyFull {
    pub id: i64,
    pub name: String,
    pub legal_name: String,
    /// As stored: 14 characters (a CNPJ when it passes its rules).
    pub cnpj: patio_domain::values::Stored<patio_domain::values::Document>,
    pub uf: String,
    pub city: String,
    pub street: String,
    pub number: Option<i32>,
    pub complement: Option<String>,
    pub district: String,
    pub zip_code: patio_domain::values::Stored<patio_domain::values::Cep>,
    pub website: Option<String>,
    /// The company's own logo, else the one of its settings.
    pub logo: Option<String>,
    pub status: bool,
}

/// What a company save writes.
#[derive(Debug, Clone, PartialEq)]
pub struct CompanyWrite {
    pub name: String,
    pub legal_name: String,
    pub cnpj: String,
    pub uf: String,
    pub city: String,
    pub street: String,
    pub number: Option<i32>,
    pub complement: Option<String>,
    pub district: String,
    pub zip_code: String,
    pub website: Option<String>,
    pub status: bool,
}

/// Whose contact a contact is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactOwner {
    Company(i64),
    Customer(i64),
    ShippingCompany(i64),
    Driver(i64),
    Truck(i64),
    User(i64),
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct ContactRecord {
    pub id: i64,
    pub name: String,
    pub fone: Option<String>,
    pub email: Option<String>,
    pub whatsapp: bool,
}

/// A contact with its owner and the tenant the owner belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnedContact {
    pub contact: ContactRecord,
    pub owner: ContactOwner,
    /// The owner's company (for a user: its own, or its shipping company's).
    pub company_id: Option<i64>,
    /// The owner's shipping company, when it has one.
    pub shipping_company_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ContactWrite {
    pub name: String,
    pub fone: Option<String>,
    pub email: Option<String>,
    pub whatsapp: bool,
}

/// Whose a customer or shipping company is and (shipping companies) its status: what a save
/// stores beside the checked form (`PartyData`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartyPlacement {
    pub company_id: i64,
    /// Shipping companies only: `None` keeps the stored value (a new one is active).
    pub is_enabled: Option<bool>,
}

/// Contact authorization flags of a user (SMS, WhatsApp, e-mail).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AuthorizationFlags {
    pub has_email: bool,
    pub has_sms: bool,
    pub has_whats: bool,
}

/// Every stored field of a staff user, as the user form saves it.
#[derive(Debug, Clone, PartialEq)]
pub struct UserWrite {
    pub name: String,
    pub email: String,
    pub role: Role,
    pub cpf: Option<String>,
    pub fone: Option<String>,
    pub receives_email: bool,
    pub is_enabled: bool,
    pub is_root: bool,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    /// `None` keeps the stored one (edit).
    pub password_hash: Option<String>,
    /// The service's clock at this write: a new password on an edit is dated with it, which
    /// ends the account's sessions issued before.
    pub written_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LogFilter {
    /// LIKE pattern of the title's text (folded: accents and case ignored).
    pub search: Option<String>,
    pub operation_type: Option<String>,
    pub object_type: Option<String>,
    pub company_id: Option<i64>,
    pub user_id: Option<i64>,
    pub from: DateTime<Utc>,
    /// Exclusive.
    pub to: DateTime<Utc>,
    pub offset: i64,
    pub limit: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StaffLogRecord {
    pub id: i64,
    pub operation_type: String,
    pub object_type: String,
    pub company: Option<(i64, String)>,
    pub user: Option<(i64, String)>,
    pub title: String,
    /// `[{key, value}]`.
    pub details: serde_json::Value,
    pub ip: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// What the dashboard needs of a company's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct CompanyCalendar {
    pub company_id: i64,
    pub name: String,
    pub programmed_total: i32,
    /// Sunday first.
    pub week_days: [bool; 7],
    pub time_zone: String,
    /// Blocked dates (holidays).
    pub blocked: Vec<NaiveDate>,
}

/// Queue entries of a company closed as attended or faulty on one attendance day.
#[derive(Debug, Clone, PartialEq)]
pub struct QueueDayCount {
    pub company_id: i64,
    pub day: NaiveDate,
    pub attended: i64,
    pub faulty: i64,
    /// Entries that were in the plan for the day (closed ones keep their day; waiting ones
    /// hold the current plan).
    pub planned: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct OrderTotals {
    pub complete: i64,
    pub process: i64,
}

/// One autocomplete answer.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LikeItem {
    pub id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<i64>,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
}

/// What a postal-code service says of a CEP.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostalAddress {
    /// `#####-###`.
    pub cep: String,
    pub street: String,
    pub complement: String,
    pub district: String,
    pub city: String,
    pub uf: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The typed payload writes exactly the JSON the rows always held (stored rows and their
    /// readers stay as they are).
    #[test]
    fn driver_log_payload_keeps_the_stored_shape() {
        let joined = DriverLogPayload::at_company(1)
            .queue(2)
            .truck(3, "ABC1D23")
            .scheduling(Some(4), Some("P-1".to_owned()));
        assert_eq!(
            serde_json::to_value(&joined).unwrap_or_default(),
            json!({
                "company": { "id": 1 }, "queue": { "id": 2 },
                "truck": { "id": 3, "licensePlate": "ABC1D23" },
                "scheduling": { "id": 4, "order": { "code": "P-1" } },
            })
        );
        let freelancer = DriverLogPayload {
            freelancer: Some(true),
            truck_id: Some(3),
            ..DriverLogPayload::at_company(1).queue(2)
        };
        assert_eq!(
            serde_json::to_value(&freelancer).unwrap_or_default(),
            json!({ "company": { "id": 1 }, "queue": { "id": 2 }, "freelancer": true, "truckId": 3 })
        );
        let attended = DriverLogPayload::at_company(1).scheduling(None, None);
        assert_eq!(
            serde_json::to_value(&attended).unwrap_or_default(),
            json!({ "company": { "id": 1 }, "scheduling": { "id": null, "order": { "code": null } } })
        );
        let bound = DriverLogPayload {
            order_code: Some("P-1".to_owned()),
            use_term: Some(LogId { id: 7 }),
            ..DriverLogPayload::at_company(1).shipping_company(5, "Transp")
        };
        assert_eq!(
            serde_json::to_value(&bound).unwrap_or_default(),
            json!({
                "company": { "id": 1 }, "orderCode": "P-1", "useTerm": { "id": 7 },
                "shippingCompany": { "id": 5, "name": "Transp" },
            })
        );
    }
}
