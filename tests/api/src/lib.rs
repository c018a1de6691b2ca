//! Cross-crate API tests live in tests/.
