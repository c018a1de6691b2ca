//! The HTTP tests: the real server wiring against a real PostgreSQL, a database per test.
//! One binary (one link) for all of them: each area is a module, named as its file.
#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly

mod common;
mod mail_common;
mod queue_common;
mod settings_support;
mod ws_common;

mod admin_companies;
mod admin_customers;
mod admin_lookups_logs_dashboard;
mod admin_shipping;
mod admin_users;
mod auth_driver;
mod auth_staff;
mod carrier_dashboard;
mod db_outage;
mod driver_app;
mod driver_maps;
mod drivers;
mod fuzz_findings;
mod history;
mod loadings;
mod mail;
mod metrics;
mod predicted_call;
mod products_orders;
mod public_and_users;
mod public_panel;
mod queue_api;
mod queue_concurrency;
mod queue_desk;
mod queue_export;
mod queue_ops;
mod queue_overview;
mod queue_realtime;
mod realtime_ws;
mod request_ids;
mod rescue_approval;
mod rescues;
mod retention;
mod security_fixes;
mod security_round2;
mod security_sockets_exports;
mod sessions_standing;
mod sets;
mod settings_api;
mod settings_holidays;
mod terms_popups;
mod truck_catalog;
mod trucks;
mod ws_socket;
mod yard;
mod yard_day_fidelity;
mod yard_day_rules;
mod yard_realtime;
