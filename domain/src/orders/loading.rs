//! Adding a vehicle to an order (spec 2 section 5): the nine checks, in the spec's order, with
//! its messages. The first failing check is the answer; the dialog shows it as the server says it.

use chrono::NaiveDate;

use super::Tonnes;

/// What the order can still take. `committed` is the sum of the order's other loadings (the one
/// being edited is left out by the caller).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderBalance {
    pub enabled: bool,
    pub ordered: Tonnes,
    pub committed: Tonnes,
}

/// The dialog's fields as sent. The quantity stays text until check 5 says it is a number, so
/// that a non-number reaches check 5 (checks 1 and 2 cannot judge it and let it through).
// Stays: the checks read names and text found by lookups (three producers), not the command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadingDraft {
    pub plate: Option<String>,
    pub driver_name: Option<String>,
    pub quantity: Option<String>,
    pub expiration: Option<NaiveDate>,
    /// The chosen truck's net capacity, when a truck was chosen.
    pub truck_net_capacity: Option<Tonnes>,
    /// The driver is already on this order through another shipping company.
    pub driver_on_order_by_other_carrier: bool,
}

impl LoadingDraft {
    /// A saved loading read again by the checks when only its driver changes (the loading
    /// dialog's edit, and the expedition's driver exchange in the queue): its own plate,
    /// quantity, expiry and truck, the new driver.
    pub fn with_new_driver(
        plate: &str,
        quantity: Tonnes,
        expiration: Option<NaiveDate>,
        truck_net_capacity: Option<Tonnes>,
        driver_name: &str,
        driver_on_order_by_other_carrier: bool,
    ) -> Self {
        let h = quantity.hundredths();
        let sign = if h < 0 { "-" } else { "" };
        LoadingDraft {
            plate: Some(plate.to_owned()),
            driver_name: Some(driver_name.to_owned()),
            quantity: Some(format!(
                "{sign}{}.{:02}",
                h.unsigned_abs() / 100,
                h.unsigned_abs() % 100
            )),
            expiration,
            truck_net_capacity,
            driver_on_order_by_other_carrier,
        }
    }
}

impl LoadingDraft {
    /// The loading a missing freelancer's rescue puts on the order chosen for it (issue 22):
    /// its truck and driver, the rescued net weight as the quantity, valid until `today` (the
    /// vehicle loaded on the day it was marked missing). The nine checks then read it as the
    /// loading dialog's new row.
    pub fn for_rescue(
        plate: &str,
        driver_name: &str,
        net_weight: f64,
        today: NaiveDate,
        truck_net_capacity: Option<Tonnes>,
        driver_on_order_by_other_carrier: bool,
    ) -> Self {
        LoadingDraft {
            plate: Some(plate.to_owned()),
            driver_name: Some(driver_name.to_owned()),
            quantity: Some(format!("{net_weight:.3}")),
            expiration: Some(today),
            truck_net_capacity,
            driver_on_order_by_other_carrier,
        }
    }
}

/// A loading of an order as check 9 reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderLoading {
    pub id: i64,
    pub driver_id: i64,
    pub shipping_company_id: Option<i64>,
}

/// Check 9's question: is `driver_id` on the order (`loadings`, all of its loadings) through a
/// shipping company other than `carrier`, the one of the loading being written? That loading
/// itself (`except`, when it is saved already) does not count.
pub fn driver_on_order_by_other_carrier(
    loadings: &[OrderLoading],
    driver_id: i64,
    carrier: Option<i64>,
    except: Option<i64>,
) -> bool {
    loadings.iter().any(|l| {
        l.driver_id == driver_id && Some(l.id) != except && l.shipping_company_id != carrier
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadingRefusal {
    OrderDisabled,
    OverOrderBalance,
    OverTruckCapacity,
    PlateRequired,
    DriverRequired,
    QuantityNotANumber,
    QuantityNotPositive,
    ExpirationRequired,
    ExpirationInThePast,
    DriverOnOrderByOtherCarrier,
}

impl LoadingRefusal {
    /// The spec's text, verbatim.
    pub fn message(self) -> &'static str {
        match self {
            LoadingRefusal::OrderDisabled => "Pedido desativado!",
            LoadingRefusal::OverOrderBalance => {
                "A Capacidade Liquida ultrapassa o Saldo do Pedido."
            }
            LoadingRefusal::OverTruckCapacity => "A quantidade ultrapassa a capacidade do veiculo",
            LoadingRefusal::PlateRequired => "Placa do veiculo e obrigatoria!",
            LoadingRefusal::DriverRequired => "Nome do motorista e obrigatorio!",
            LoadingRefusal::QuantityNotANumber => "A quantidade deve ser um numero!",
            LoadingRefusal::QuantityNotPositive => "Precisa ser maior que zero!",
            LoadingRefusal::ExpirationRequired => "Data de validade e obrigatoria!",
            LoadingRefusal::ExpirationInThePast => {
                "A data de validade nao pode ser anterior a hoje!"
            }
            LoadingRefusal::DriverOnOrderByOtherCarrier => {
                "Motorista ja vinculado ao pedido por outra transportadora."
            }
        }
    }

    /// The field the message belongs to, as the API spells it.
    pub fn field(self) -> &'static str {
        match self {
            LoadingRefusal::OrderDisabled => "order",
            LoadingRefusal::OverOrderBalance
            | LoadingRefusal::OverTruckCapacity
            | LoadingRefusal::QuantityNotANumber
            | LoadingRefusal::QuantityNotPositive => "qtyOrdered",
            LoadingRefusal::PlateRequired => "truck",
            LoadingRefusal::DriverRequired | LoadingRefusal::DriverOnOrderByOtherCarrier => {
                "driver"
            }
            LoadingRefusal::ExpirationRequired | LoadingRefusal::ExpirationInThePast => {
                "expirationDate"
            }
        }
    }
}

fn blank(s: &Option<String>) -> bool {
    s.as_deref().is_none_or(|v| v.trim().is_empty())
}

/// The quantity of the loading that `/fila`'s '+ Adicionar' creates for the vehicle it puts in
/// the queue (spec 3 section 2: qtyOrdered 10, qtyTransported 0); the nine checks still apply.
pub const QUEUE_DESK_QUANTITY: &str = "10";

/// Runs the checks in the spec's order and returns the quantity to store. `today` is the
/// company's date.
pub fn check_new_loading(
    order: &OrderBalance,
    draft: &LoadingDraft,
    today: NaiveDate,
) -> Result<Tonnes, LoadingRefusal> {
    if !order.enabled {
        return Err(LoadingRefusal::OrderDisabled);
    }
    let quantity = draft.quantity.as_deref().and_then(Tonnes::parse);
    // 1. The order's balance.
    if let Some(q) = quantity {
        if order.committed + q > order.ordered {
            return Err(LoadingRefusal::OverOrderBalance);
        }
    }
    // 2. The vehicle's net capacity.
    if let (Some(q), Some(cap)) = (quantity, draft.truck_net_capacity) {
        if q > cap {
            return Err(LoadingRefusal::OverTruckCapacity);
        }
    }
    // 3. Plate.
    if blank(&draft.plate) {
        return Err(LoadingRefusal::PlateRequired);
    }
    // 4. Driver.
    if blank(&draft.driver_name) {
        return Err(LoadingRefusal::DriverRequired);
    }
    // 5. A number.
    let Some(q) = quantity else {
        return Err(LoadingRefusal::QuantityNotANumber);
    };
    // 6. Above zero.
    if !q.is_positive() {
        return Err(LoadingRefusal::QuantityNotPositive);
    }
    // 7. Expiry given.
    let Some(expiration) = draft.expiration else {
        return Err(LoadingRefusal::ExpirationRequired);
    };
    // 8. Expiry not before today.
    if expiration < today {
        return Err(LoadingRefusal::ExpirationInThePast);
    }
    // 9. Not on this order through another carrier.
    if draft.driver_on_order_by_other_carrier {
        return Err(LoadingRefusal::DriverOnOrderByOtherCarrier);
    }
    Ok(q)
}

/// Days left before a loading expires, as the loading list shows it ('Dia'/'Dias'; red at 3 or
/// fewer). Negative once expired.
pub fn days_left(expiration: NaiveDate, today: NaiveDate) -> i64 {
    (expiration - today).num_days()
}

pub fn days_left_label(days: i64) -> String {
    if days.abs() == 1 {
        format!("{days} Dia")
    } else {
        format!("{days} Dias")
    }
}

pub fn days_left_is_urgent(days: i64) -> bool {
    days <= 3
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(x: f64) -> Tonnes {
        Tonnes::from_f64(x).unwrap()
    }
    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }
    fn order() -> OrderBalance {
        OrderBalance {
            enabled: true,
            ordered: t(100.0),
            committed: t(60.0),
        }
    }
    fn good() -> LoadingDraft {
        LoadingDraft {
            plate: Some("ABC1D23".into()),
            driver_name: Some("JOAO".into()),
            quantity: Some("30".into()),
            expiration: Some(today()),
            truck_net_capacity: Some(t(32.5)),
            driver_on_order_by_other_carrier: false,
        }
    }

    #[test]
    fn a_rescued_freelancer_s_loading_passes_the_nine_checks_with_its_net_weight() {
        let draft =
            LoadingDraft::for_rescue("ABC1D23", "JOAO", 28.5, today(), Some(t(32.5)), false);
        assert_eq!(check_new_loading(&order(), &draft, today()), Ok(t(28.5)));
        // Check 1: the order's balance (40 t left).
        let heavy = LoadingDraft::for_rescue("ABC1D23", "JOAO", 40.01, today(), None, false);
        assert_eq!(
            check_new_loading(&order(), &heavy, today()),
            Err(LoadingRefusal::OverOrderBalance)
        );
        // Check 2: the truck's net capacity.
        let over = LoadingDraft::for_rescue("ABC1D23", "JOAO", 33.0, today(), Some(t(32.5)), false);
        assert_eq!(
            check_new_loading(&order(), &over, today()),
            Err(LoadingRefusal::OverTruckCapacity)
        );
        // Check 9: the driver is on the order through another carrier.
        let other = LoadingDraft::for_rescue("ABC1D23", "JOAO", 10.0, today(), None, true);
        assert_eq!(
            check_new_loading(&order(), &other, today()),
            Err(LoadingRefusal::DriverOnOrderByOtherCarrier)
        );
    }

    #[test]
    fn a_valid_loading_passes_with_its_quantity() {
        assert_eq!(check_new_loading(&order(), &good(), today()), Ok(t(30.0)));
    }

    #[test]
    fn a_disabled_order_takes_no_vehicle() {
        let o = OrderBalance {
            enabled: false,
            ..order()
        };
        assert_eq!(
            check_new_loading(&o, &good(), today())
                .unwrap_err()
                .message(),
            "Pedido desativado!"
        );
    }

    /// Each draft breaks its own check and every later one; the answer is always the earliest.
    #[test]
    fn checks_run_in_the_spec_order() {
        let all_bad_from = |n: u8| {
            let mut d = good();
            if n <= 1 {
                d.quantity = Some("41".into()); // over the 40 t balance
                d.truck_net_capacity = Some(t(50.0));
            }
            if n <= 2 && n != 1 {
                d.quantity = Some("35".into()); // over the truck's 32.5 t
            }
            if n <= 3 {
                d.plate = None;
            }
            if n <= 4 {
                d.driver_name = Some("  ".into());
            }
            if (3..=5).contains(&n) {
                d.quantity = Some("abc".into());
            }
            if n == 6 {
                d.quantity = Some("0".into());
            }
            if n <= 7 {
                d.expiration = None;
            }
            if n == 8 {
                d.expiration = today().pred_opt();
            }
            if n <= 9 {
                d.driver_on_order_by_other_carrier = true;
            }
            d
        };
        let expected = [
            LoadingRefusal::OverOrderBalance,
            LoadingRefusal::OverTruckCapacity,
            LoadingRefusal::PlateRequired,
            LoadingRefusal::DriverRequired,
            LoadingRefusal::QuantityNotANumber,
            LoadingRefusal::QuantityNotPositive,
            LoadingRefusal::ExpirationRequired,
            LoadingRefusal::ExpirationInThePast,
            LoadingRefusal::DriverOnOrderByOtherCarrier,
        ];
        for (i, want) in expected.iter().enumerate() {
            let n = i as u8 + 1;
            assert_eq!(
                check_new_loading(&order(), &all_bad_from(n), today()),
                Err(*want),
                "check {n}"
            );
        }
    }

    #[test]
    fn a_negative_quantity_is_not_above_zero() {
        let d = LoadingDraft {
            quantity: Some("-5".into()),
            ..good()
        };
        assert_eq!(
            check_new_loading(&order(), &d, today()),
            Err(LoadingRefusal::QuantityNotPositive)
        );
    }

    #[test]
    fn the_balance_is_reached_exactly() {
        let d = LoadingDraft {
            quantity: Some("40".into()),
            truck_net_capacity: None,
            ..good()
        };
        assert_eq!(check_new_loading(&order(), &d, today()), Ok(t(40.0)));
    }

    #[test]
    fn a_saved_loading_with_a_new_driver_keeps_its_quantity_through_the_checks() {
        let d = LoadingDraft::with_new_driver(
            "ABC1D23",
            t(30.5),
            Some(today()),
            Some(t(32.5)),
            "ANA",
            false,
        );
        assert_eq!(d.quantity.as_deref(), Some("30.50"));
        assert_eq!(check_new_loading(&order(), &d, today()), Ok(t(30.5)));
        let taken = LoadingDraft {
            driver_on_order_by_other_carrier: true,
            ..d
        };
        assert_eq!(
            check_new_loading(&order(), &taken, today()),
            Err(LoadingRefusal::DriverOnOrderByOtherCarrier)
        );
    }

    #[test]
    fn check_9_counts_other_carriers_only_and_never_the_loading_itself() {
        let on = |id, driver_id, carrier| OrderLoading {
            id,
            driver_id,
            shipping_company_id: carrier,
        };
        let order = [on(1, 10, Some(100)), on(2, 11, None)];
        // Driver 10 is on through carrier 100: through 200 or the company's own, refused.
        assert!(driver_on_order_by_other_carrier(
            &order,
            10,
            Some(200),
            None
        ));
        assert!(driver_on_order_by_other_carrier(&order, 10, None, None));
        // Through the same carrier, or when the only such loading is the one being edited.
        assert!(!driver_on_order_by_other_carrier(
            &order,
            10,
            Some(100),
            None
        ));
        assert!(!driver_on_order_by_other_carrier(
            &order,
            10,
            Some(200),
            Some(1)
        ));
        // A driver not on the order.
        assert!(!driver_on_order_by_other_carrier(
            &order,
            12,
            Some(100),
            None
        ));
    }

    #[test]
    fn days_left_reads_dia_or_dias_and_is_red_at_three_or_fewer() {
        let d = today() + chrono::Days::new(3);
        assert_eq!(days_left(d, today()), 3);
        assert_eq!(days_left_label(1), "1 Dia");
        assert_eq!(days_left_label(3), "3 Dias");
        assert!(days_left_is_urgent(3));
        assert!(!days_left_is_urgent(4));
    }
}

pub const LOADING_STARTED_MESSAGE: &str =
    "Este carregamento já foi iniciado e não pode ser excluído!";
pub const LOADING_EXPIRED_FOR_CARRIER_MESSAGE: &str =
    "Agendamento sem dias restantes: apenas a empresa pode excluí-lo.";
pub const LOADING_DISPATCHED_MESSAGE: &str =
    "Este carregamento já foi expedido e não pode ser editado!";
pub const LOADING_EDIT_CARRIER_MESSAGE: &str = "A transportadora não pode editar carregamentos.";
pub const LOADING_IN_QUEUE_MESSAGE: &str =
    "O motorista está na fila com este agendamento: ele precisa sair da fila antes.";

/// Who asks to change a loading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadingEditor {
    /// Administrador or Usuario.
    Company,
    Carrier,
}

/// Delete (spec 2 section 4): only before the yard starts it; a carrier only while days remain.
pub fn may_delete_loading(
    editor: LoadingEditor,
    started: bool,
    days_left: Option<i64>,
) -> Result<(), &'static str> {
    if started {
        return Err(LOADING_STARTED_MESSAGE);
    }
    if editor == LoadingEditor::Carrier && days_left.is_none_or(|d| d <= 0) {
        return Err(LOADING_EXPIRED_FOR_CARRIER_MESSAGE);
    }
    Ok(())
}

/// Edit of a saved row (truck, driver, quantity): not by a carrier, not once dispatched.
pub fn may_edit_loading(editor: LoadingEditor, dispatched: bool) -> Result<(), &'static str> {
    if editor == LoadingEditor::Carrier {
        return Err(LOADING_EDIT_CARRIER_MESSAGE);
    }
    if dispatched {
        return Err(LOADING_DISPATCHED_MESSAGE);
    }
    Ok(())
}

#[cfg(test)]
mod rule_tests {
    use super::*;

    #[test]
    fn a_started_loading_is_never_deleted() {
        for editor in [LoadingEditor::Company, LoadingEditor::Carrier] {
            assert_eq!(
                may_delete_loading(editor, true, Some(5)),
                Err(LOADING_STARTED_MESSAGE)
            );
        }
    }

    #[test]
    fn a_carrier_deletes_only_while_days_remain() {
        assert_eq!(
            may_delete_loading(LoadingEditor::Carrier, false, Some(1)),
            Ok(())
        );
        for days in [Some(0), Some(-2), None] {
            assert_eq!(
                may_delete_loading(LoadingEditor::Carrier, false, days),
                Err(LOADING_EXPIRED_FOR_CARRIER_MESSAGE)
            );
            assert_eq!(
                may_delete_loading(LoadingEditor::Company, false, days),
                Ok(())
            );
        }
    }

    #[test]
    fn only_the_company_edits_and_only_before_dispatch() {
        assert_eq!(may_edit_loading(LoadingEditor::Company, false), Ok(()));
        assert_eq!(
            may_edit_loading(LoadingEditor::Company, true),
            Err(LOADING_DISPATCHED_MESSAGE)
        );
        assert_eq!(
            may_edit_loading(LoadingEditor::Carrier, false),
            Err(LOADING_EDIT_CARRIER_MESSAGE)
        );
    }
}
