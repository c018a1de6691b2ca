//! Repository implementations, one file per area, all on [`crate::store::PgRepos`].

mod access;
mod admin_users;
mod attendance;
mod companies;
mod contacts;
mod customers;
mod dashboard;
mod drivers;
pub mod events;
mod holidays;
mod jobs;
mod log_search;
mod logs;
mod lookup;
mod orders;
mod parties;
mod popups;
mod products;
mod queue;
mod queue_engine;
pub mod queue_reads;
mod settings;
mod shipping_companies;
pub mod throttle;
mod truck_catalog;
pub mod trucks;
mod use_terms;
