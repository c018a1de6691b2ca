//! An order's status percent (spec 2 section 4): derived, never typed.
//!
//! Delivered = the loadings' transported quantities plus the quantity entered at order level;
//! status = delivered / ordered, in whole percent, capped at 100 (an overload does not read 130 %).
//! An order with nothing ordered is 0 %: there is nothing to be done yet, not everything.

use super::Tonnes;

pub fn status_percent(ordered: Tonnes, delivered: Tonnes) -> u8 {
    if !ordered.is_positive() || !delivered.is_positive() {
        return 0;
    }
    let pct = (delivered.hundredths() as i128 * 100) / ordered.hundredths() as i128;
    pct.clamp(0, 100) as u8
}

/// Delivered quantity of an order: its loadings' transported tonnes plus the order-level entry.
pub fn delivered(
    loadings_transported: impl IntoIterator<Item = Tonnes>,
    at_order_level: Tonnes,
) -> Tonnes {
    loadings_transported.into_iter().sum::<Tonnes>() + at_order_level
}

/// What an order still has to deliver: ordered less delivered, never below zero.
pub fn balance(ordered: Tonnes, delivered: Tonnes) -> Tonnes {
    Tonnes::from_hundredths((ordered.hundredths() - delivered.hundredths()).max(0))
}

/// An order may be deleted while none of its loadings has transported anything (`loaded`, their
/// transported sum); the delete is refused after that (`ORDER_DELETE_TRANSPORTED`).
pub fn order_deletable(loaded: Tonnes) -> bool {
    !loaded.is_positive()
}

/// At 100 % an order is finished: no new loadings and no edit.
pub fn order_finished(status_percent: i32) -> bool {
    status_percent >= 100
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_balance_is_what_is_left_and_never_negative() {
        assert_eq!(balance(t(100.0), t(30.5)), t(69.5));
        assert_eq!(balance(t(100.0), t(130.0)), Tonnes::ZERO);
    }

    fn t(x: f64) -> Tonnes {
        Tonnes::from_f64(x).unwrap()
    }

    #[test]
    fn status_is_delivered_over_ordered_in_whole_percent() {
        assert_eq!(status_percent(t(100.0), t(0.0)), 0);
        assert_eq!(status_percent(t(100.0), t(33.33)), 33);
        assert_eq!(status_percent(t(100.0), t(99.99)), 99);
        assert_eq!(status_percent(t(100.0), t(100.0)), 100);
        assert_eq!(status_percent(t(100.0), t(130.0)), 100);
        assert_eq!(status_percent(t(0.0), t(10.0)), 0);
    }

    #[test]
    fn delivered_counts_loadings_and_the_order_level_quantity() {
        assert_eq!(delivered([t(10.0), t(2.5)], t(1.0)), t(13.5));
    }

    #[test]
    fn an_order_is_deletable_until_a_loading_transports_and_finished_at_one_hundred_percent() {
        assert!(order_deletable(Tonnes::ZERO));
        assert!(!order_deletable(t(0.01)));
        assert!(!order_finished(99));
        assert!(order_finished(100));
    }
}
