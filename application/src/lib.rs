//! Use cases of Pátio and the ports they need, one folder per area as in the domain crate: each
//! holds its ports (what its services need from the outside) and its services (the use cases).
//! Services are synchronous (diesel is) and run each use case in one database transaction;
//! adapters call them from blocking threads.

pub mod admin;
pub mod auth;
pub mod consistency;
pub mod error;
pub mod fleet;
pub mod integration;
pub mod mail;
pub mod metrics_ports;
pub mod model;
pub mod orders;
pub mod ports;
pub mod queue;
pub mod services;
pub mod settings;
pub mod yard;

pub use error::{AppError, AppResult, FieldError};
