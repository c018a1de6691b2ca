//! Rules of the administration areas (spec 1 sections 2 to 6): who may read and change
//! companies, customers, shipping companies, users and logs, and in which scope; the field
//! rules of their forms with the spec's messages; list paging and search; the date ranges of
//! the log search and the dashboard; the audit log's operation and object types and titles.

pub mod access;
pub mod audit;
pub mod dates;
pub mod forms;
pub mod listing;
pub mod party;
