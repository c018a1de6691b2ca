//! Repository implementations, one file per area, all on [`crate::store::PgRepos`].

mod access;
mod drivers;
mod logs;
mod queue;
