//! Orders, their loadings and products (spec 2): the rules that do not need a database.

pub mod loading;
pub mod order_form;
pub mod products;
pub mod quantity;
pub mod status;

pub use loading::{check_new_loading, LoadingDraft, LoadingRefusal, OrderBalance};
pub use order_form::{check_order, OrderData, OrderInput, OrderItemData, OrderItemInput};
pub use products::{
    check_product, parse_product_csv, ProductData, ProductGroup, ProductImportIssue, ProductInput,
};
pub use quantity::Tonnes;
pub use status::status_percent;
