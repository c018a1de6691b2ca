//! Administration (spec 1): companies, customers, shipping companies, users, contacts, the
//! staff log, the dashboard, pickers and the retention job. Their repositories are in
//! [`crate::ports`] with the shared ones.

pub mod admin_users;
pub mod companies;
pub mod contacts;
pub mod customers;
pub mod dashboard;
pub mod logs;
pub mod lookup;
pub mod party;
pub mod retention;
pub mod shipping_companies;
pub mod users;
