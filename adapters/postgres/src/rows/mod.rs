//! Row structs: one `*Row` (read: `Queryable` + `Selectable`) and one `New*Row` (write:
//! `Insertable`) per table. `Option` fields of a `New*Row` for NOT NULL columns insert the
//! column's DEFAULT when `None` (diesel's rule), e.g. `created_at` = now().
//!
//! Types: BIGINT -> i64, timestamptz -> `DateTime<Utc>`, date -> `NaiveDate`,
//! time -> `NaiveTime`, numeric(12,3) -> `BigDecimal`, jsonb -> `serde_json::Value`.

pub mod access;
pub mod calendar;
pub mod fleet;
pub mod loadings;
pub mod logs;
pub mod mail;
pub mod orders;
pub mod parties;
pub mod queue;
pub mod tenancy;
pub mod trucks;

pub use access::*;
pub use calendar::*;
pub use fleet::*;
pub use loadings::*;
pub use logs::*;
pub use mail::*;
pub use orders::*;
pub use parties::*;
pub use queue::*;
pub use tenancy::*;
pub use trucks::*;
