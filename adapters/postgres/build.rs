//! Rebuilds the crate when a migration is added or removed: `embed_migrations!` only tracks
//! the files that existed at the last build (diesel_migrations' documented advice).
fn main() {
    println!("cargo:rerun-if-changed=../../db/migrations");
}
