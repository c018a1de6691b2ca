//! Pure rules of Pátio: no I/O, no async, no clock. Functions that depend on the time take it as
//! an argument.
//!
//! Names are English; texts people read are pt-BR, copied from the spec.

pub mod admin;
pub mod audience;
pub mod auth;
pub mod carrier_dashboard;
pub mod driver_log;
pub mod error;
pub mod fleet;
pub mod history;
pub mod implement;
pub mod integration;
pub mod issues;
pub mod mail;
pub mod orders;
pub mod queue;
pub mod retention;
pub mod roles;
pub mod settings;
pub mod terms;
pub mod text;
pub mod values;

pub use error::DomainError;
pub use issues::FieldIssue;
