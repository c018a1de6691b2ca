//! The fleet (spec 2): drivers, trucks, the brand and model catalog, and sets with their linking.

pub mod drivers;
pub mod ports;
pub mod sets;
pub mod sets_ports;
pub mod truck_catalog;
pub mod trucks;
