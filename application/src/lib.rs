//! Use cases of Pátio and the ports they need. Services are synchronous (diesel is) and run
//! each use case in one database transaction; adapters call them from blocking threads.

pub mod account_check;
pub mod call_forecast;
pub mod error;
pub mod fleet_ports;
pub mod integration_ports;
pub mod join_lanes;
pub mod loading_ports;
pub mod mail_ports;
pub mod metrics_ports;
pub mod model;
pub mod orders_ports;
pub mod ports;
pub mod position_cache;
pub mod predict_ports;
pub mod queue_ports;
pub mod rescue_ports;
pub mod services;
pub mod sets_ports;
pub mod settings_ports;
pub mod throttle;
pub mod yard_ports;

pub use error::{AppError, AppResult, FieldError};
