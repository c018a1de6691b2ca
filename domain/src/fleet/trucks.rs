//! Trucks (spec 2 "Trucks", spec 3 section 7 "Driver trucks"): who may do what to a truck, the
//! colour, the driver app's capacity fields, the driver logs a change writes, the driver's own
//! rebind and unbind, and what the plate registry answers from what the product knows.
//!
//! The form's field rules (plate, renavam, owner, model, implement type) are
//! [`super::check_truck`]; axles and capacities always come from the implement type.

use crate::admin::access::{scope, Access, Area, Scope};
use crate::admin::listing::SearchText;
use crate::auth::Actor;
use crate::driver_log::DriverLogType;
use crate::implement::ImplementType;
use crate::{DomainError, FieldIssue};

/// The truck list's page (spec 2 section 9).
pub const TRUCK_PAGE_SIZE: u32 = 8;

/// A plate already registered (ours: the spec shows the server's 409 message as it comes).
pub const PLATE_TAKEN_MESSAGE: &str = "Placa já cadastrada!";
/// Unbinding answers (spec 2 section 8, spec 3 section 8).
pub const UNBOUND_MESSAGE: &str = "Caminhão desvinculado com sucesso";
/// Ours: a colour that is not `#rgb` / `#rrggbb`.
pub const COLOR_MESSAGE: &str = "Cor inválida";
/// Ours: the chosen shipping company or driver is not one of the truck's company.
pub const SHIPPING_COMPANY_MESSAGE: &str = "Transportadora inválida";
pub const DRIVER_MESSAGE: &str = "Motorista inválido";
/// Ours: the driver's rebind of a plate another driver holds, or another company registered.
pub const TRUCK_OF_OTHER_DRIVER_MESSAGE: &str = "Este caminhão está vinculado a outro motorista.";
pub const TRUCK_OF_OTHER_COMPANY_MESSAGE: &str = "Este caminhão está cadastrado em outra empresa.";
/// Ours: a driver cannot unbind the truck its active queue entry uses.
pub const TRUCK_IN_QUEUE_MESSAGE: &str =
    "Este caminhão está na fila. Saia da fila antes de desvinculá-lo.";

/// What someone wants to do with trucks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TruckAction {
    Read,
    /// Create or edit.
    Save,
    /// Administrators only; everyone else unbinds (spec 2 section 6).
    Delete,
    /// `PATCH /truck/unbind-shipping-company`.
    UnbindShippingCompany,
}

/// The scope in which `actor` may do `action` with staff calls: administrators everywhere, a
/// Usuario in its company, a Transportadora in its shipping company (reads, saves, unbinds),
/// Expedicao / Espectador / Portaria read their company's trucks; drivers use their own calls.
pub fn truck_scope(actor: &Actor, action: TruckAction) -> Result<Scope, DomainError> {
    match action {
        TruckAction::Read => scope(actor, Area::Trucks, Access::Read),
        TruckAction::Save | TruckAction::UnbindShippingCompany => {
            scope(actor, Area::Trucks, Access::Write)
        }
        TruckAction::Delete if actor.is_admin() => scope(actor, Area::Trucks, Access::Write),
        TruckAction::Delete => Err(DomainError::NotAllowed),
    }
}

/// Whether a truck of `company_id` bound to `shipping_id` is inside `scope`. A Transportadora
/// sees only the trucks of its shipping company (not the company's unbound ones).
pub fn truck_in_scope(scope: &Scope, company_id: i64, shipping_id: Option<i64>) -> bool {
    scope.covers_company(company_id)
        && scope
            .shipping_company()
            .is_none_or(|own| shipping_id == Some(own))
}

/// The shipping company a saved truck gets: a Transportadora's own whatever was sent, else the
/// one chosen (none: unbound).
pub fn saved_shipping_company(scope: &Scope, chosen: Option<i64>) -> Option<i64> {
    scope.shipping_company().or(chosen)
}

/// The colour picker's value: `#rgb` or `#rrggbb` (stored lower case); empty means none.
pub fn check_color(input: Option<&str>) -> Result<Option<String>, FieldIssue> {
    let Some(text) = input.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let hex = text.strip_prefix('#').unwrap_or("");
    if matches!(hex.len(), 3 | 6) && hex.chars().all(|c| c.is_ascii_hexdigit()) {
        Ok(Some(format!("#{}", hex.to_ascii_lowercase())))
    } else {
        Err(FieldIssue::new("color", COLOR_MESSAGE))
    }
}

/// The driver app's axle and capacity fields (spec 3 section 5 "Driver truck edit"): each must
/// be sent and above 0. They are checked as the spec's form checks them; what is stored still
/// comes from the implement type.
pub fn check_app_capacities(
    shaft_quantity: Option<f64>,
    gross_capacity: Option<f64>,
    net_capacity: Option<f64>,
) -> Vec<FieldIssue> {
    [
        (
            "shaftQuantity",
            shaft_quantity,
            "Qtd de eixo é obrigatório!",
        ),
        (
            "grossCapacity",
            gross_capacity,
            "Capac. bruta é obrigatório!",
        ),
        ("netCapacity", net_capacity, "Capac. líquida é obrigatório!"),
    ]
    .into_iter()
    .filter(|(_, value, _)| !value.is_some_and(|v| v > 0.0))
    .map(|(field, _, message)| FieldIssue::new(field, message))
    .collect()
}

/// The driver logs a staff save writes, as (driver, operation): a new truck with a driver is
/// CAD_TRUCK for that driver; an edit keeping the driver is EDIT_TRUCK; a driver taken off gets
/// UNBIND_TRUCK and a driver put on BIND_TRUNCK.
pub fn save_driver_logs(
    created: bool,
    before: Option<i64>,
    after: Option<i64>,
) -> Vec<(i64, DriverLogType)> {
    if created {
        return after
            .map(|d| (d, DriverLogType::CadTruck))
            .into_iter()
            .collect();
    }
    if before == after {
        return after
            .map(|d| (d, DriverLogType::EditTruck))
            .into_iter()
            .collect();
    }
    before
        .map(|d| (d, DriverLogType::UnbindTruck))
        .into_iter()
        .chain(after.map(|d| (d, DriverLogType::BindTruck)))
        .collect()
}

/// A registered truck, as the driver's rebind sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownTruck {
    pub company_id: i64,
    pub driver_id: Option<i64>,
}

/// What the driver's `PATCH truck/rebind` does with the plate it sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rebind {
    /// The plate is new: the truck is registered, bound to the driver (CAD_TRUCK).
    Create,
    /// A truck of the driver's company that nobody drives: bound to the driver and updated
    /// (BIND_TRUNCK).
    Bind,
    /// Already the driver's: updated (EDIT_TRUCK).
    Update,
}

impl Rebind {
    pub fn log(self) -> DriverLogType {
        match self {
            Rebind::Create => DriverLogType::CadTruck,
            Rebind::Bind => DriverLogType::BindTruck,
            Rebind::Update => DriverLogType::EditTruck,
        }
    }
}

/// The driver `driver_id` of `company_id` rebinds the plate of `known` (none: a new plate).
/// Another driver's truck, or another company's, is refused with its message (409).
pub fn rebind(
    driver_id: i64,
    company_id: i64,
    known: Option<KnownTruck>,
) -> Result<Rebind, &'static str> {
    match known {
        None => Ok(Rebind::Create),
        Some(t) if t.company_id != company_id => Err(TRUCK_OF_OTHER_COMPANY_MESSAGE),
        Some(t) if t.driver_id == Some(driver_id) => Ok(Rebind::Update),
        Some(t) if t.driver_id.is_none() => Ok(Rebind::Bind),
        Some(_) => Err(TRUCK_OF_OTHER_DRIVER_MESSAGE),
    }
}

/// A registered truck named by a truck row of the staff driver form (by id or by plate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormTruck<'a> {
    pub company_id: i64,
    pub shipping_company_id: Option<i64>,
    pub driver_id: Option<i64>,
    /// An active queue entry (waiting or loading) uses the truck.
    pub in_active_queue: bool,
    pub plate: &'a str,
}

/// Why a driver-form row (or a linking pair) may not take a registered truck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakeRefusal {
    /// Outside what the truck form reaches for this person, or of another company than the
    /// driver's: answered as a truck the caller cannot see (404 by id; by plate, as any taken
    /// plate).
    OutOfReach,
    /// The row renames a registered truck's plate: the truck form changes plates.
    Renamed,
    /// Another driver drives it: it leaves that driver only by the truck form or an unbind.
    OtherDriver,
    /// It waits (or loads) in a queue with its entry: not free.
    InQueue,
}

/// Ours: a driver-form row that changes a registered truck's plate.
pub const PLATE_RENAME_MESSAGE: &str =
    "A placa de um caminhão cadastrado não pode ser alterada aqui. Use o cadastro do caminhão.";

/// 'O caminhão ABC1D23 está vinculado a outro motorista.'
pub fn truck_of_other_driver_message(plate: &str) -> String {
    format!("O caminhão {plate} está vinculado a outro motorista.")
}

/// 'O caminhão ABC1D23 está na fila e não pode ser vinculado agora.'
pub fn truck_in_queue_message(plate: &str) -> String {
    format!("O caminhão {plate} está na fila e não pode ser vinculado agora.")
}

/// Whether a truck row of the staff driver form may bind the registered truck `t` to the
/// driver `driver_id` of `driver_company` (issue 21): exactly the truck form's reach (`scope`
/// is [`truck_scope`] for [`TruckAction::Save`]) within the driver's company; the row never
/// renames the truck's plate (`row_plate`); a truck another driver drives, or one in a queue
/// that is not already this driver's, is not free. Neither form moves a truck between drivers
/// silently: the truck form (its driver field) or an unbind does it deliberately.
pub fn driver_form_truck(
    scope: &Scope,
    driver_company: i64,
    driver_id: i64,
    row_plate: &str,
    t: &FormTruck<'_>,
) -> Result<Rebind, TakeRefusal> {
    if t.company_id != driver_company || !truck_in_scope(scope, t.company_id, t.shipping_company_id)
    {
        return Err(TakeRefusal::OutOfReach);
    }
    if row_plate != t.plate {
        return Err(TakeRefusal::Renamed);
    }
    match t.driver_id {
        Some(d) if d == driver_id => Ok(Rebind::Update),
        Some(_) => Err(TakeRefusal::OtherDriver),
        None if t.in_active_queue => Err(TakeRefusal::InQueue),
        None => Ok(Rebind::Bind),
    }
}

/// Whether a linking pair (`POST /shipping-company/bind`) may take the truck for `driver_id`:
/// a truck in a queue, or driven by another driver, is not free (issue 21).
pub fn truck_free_for(
    driver_id: i64,
    truck_driver: Option<i64>,
    in_active_queue: bool,
) -> Result<(), TakeRefusal> {
    if in_active_queue {
        Err(TakeRefusal::InQueue)
    } else if truck_driver.is_some_and(|d| d != driver_id) {
        Err(TakeRefusal::OtherDriver)
    } else {
        Ok(())
    }
}

/// The plate registry's answer from what the product knows (`GET truck/isTruck/{plate}`): the
/// caller has already refused a plate that is not 7 letters or digits. A plate the product has
/// never registered is taken as a truck (nothing says otherwise, and a new driver must be able
/// to register one); a registered plate is a truck when its implement type is one of the
/// spec's table, so a record without a known implement type is not confirmed.
/// `registered` is `None` for an unknown plate, else the stored implement type.
pub fn plate_is_truck(registered: Option<Option<&str>>) -> bool {
    match registered {
        None => true,
        Some(implement_type) => implement_type.is_some_and(|t| ImplementType::parse(t).is_ok()),
    }
}

/// The plate part of a list search: its letters and digits, upper case (`abc-1d23` finds
/// `ABC1D23`); `None` when the text has none.
pub fn plate_pattern(search: &SearchText) -> Option<String> {
    let plate: String = search
        .text
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (!plate.is_empty()).then(|| format!("%{plate}%"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roles::{Role, SessionKind};

    fn staff(role: Role, company: Option<i64>, shipping: Option<i64>) -> Actor {
        Actor {
            kind: SessionKind::Staff,
            id: 10,
            role: Some(role),
            company_id: company,
            shipping_company_id: shipping,
            is_root: false,
            issued_at: None,
        }
    }

    const ACTIONS: [TruckAction; 4] = [
        TruckAction::Read,
        TruckAction::Save,
        TruckAction::Delete,
        TruckAction::UnbindShippingCompany,
    ];

    #[test]
    fn who_may_do_what_with_trucks() {
        use TruckAction::*;
        let admin = staff(Role::Administrador, None, None);
        let usuario = staff(Role::Usuario, Some(3), None);
        let carrier = staff(Role::Transportadora, Some(3), Some(7));
        let carrier_scope = Scope::ShippingCompany {
            company_id: 3,
            shipping_id: 7,
        };
        for action in ACTIONS {
            assert_eq!(truck_scope(&admin, action), Ok(Scope::All), "{action:?}");
            let expected = |s| {
                if action == Delete {
                    Err(DomainError::NotAllowed)
                } else {
                    Ok(s)
                }
            };
            assert_eq!(truck_scope(&usuario, action), expected(Scope::Company(3)));
            assert_eq!(truck_scope(&carrier, action), expected(carrier_scope));
        }
        for role in [Role::Expedicao, Role::Espectador, Role::Portaria] {
            let a = staff(role, Some(3), None);
            assert_eq!(truck_scope(&a, Read), Ok(Scope::Company(3)));
            for action in [Save, Delete, UnbindShippingCompany] {
                assert_eq!(truck_scope(&a, action), Err(DomainError::NotAllowed));
            }
        }
        let driver = Actor {
            kind: SessionKind::Driver,
            role: None,
            ..usuario
        };
        for action in ACTIONS {
            assert_eq!(truck_scope(&driver, action), Err(DomainError::NotAllowed));
        }
        // A Transportadora without its shipping company is a broken account: nothing.
        let orphan = staff(Role::Transportadora, Some(3), None);
        assert_eq!(truck_scope(&orphan, Read), Err(DomainError::NotAllowed));
    }

    #[test]
    fn a_transportadora_sees_only_its_shipping_companys_trucks() {
        let s = Scope::ShippingCompany {
            company_id: 3,
            shipping_id: 7,
        };
        assert!(truck_in_scope(&s, 3, Some(7)));
        assert!(!truck_in_scope(&s, 3, Some(8)));
        assert!(!truck_in_scope(&s, 3, None));
        assert!(!truck_in_scope(&s, 4, Some(7)));
        assert!(truck_in_scope(&Scope::Company(3), 3, None));
        assert!(!truck_in_scope(&Scope::Company(3), 4, None));
        assert!(truck_in_scope(&Scope::All, 4, Some(9)));
        assert_eq!(saved_shipping_company(&s, Some(9)), Some(7));
        assert_eq!(saved_shipping_company(&s, None), Some(7));
        assert_eq!(saved_shipping_company(&Scope::Company(3), Some(9)), Some(9));
        assert_eq!(saved_shipping_company(&Scope::All, None), None);
    }

    #[test]
    fn colours_are_hex() {
        assert_eq!(check_color(None), Ok(None));
        assert_eq!(check_color(Some("  ")), Ok(None));
        assert_eq!(check_color(Some("#1F6FEB")), Ok(Some("#1f6feb".to_owned())));
        assert_eq!(check_color(Some("#abc")), Ok(Some("#abc".to_owned())));
        for bad in ["1f6feb", "#1f6fe", "#ggg", "red", "#1f6feb00"] {
            assert_eq!(
                check_color(Some(bad)).unwrap_err().message,
                COLOR_MESSAGE,
                "{bad}"
            );
        }
    }

    #[test]
    fn the_driver_apps_capacities_must_be_above_zero() {
        assert!(check_app_capacities(Some(3.0), Some(23.0), Some(16.0)).is_empty());
        let issues: Vec<(String, String)> = check_app_capacities(None, Some(0.0), Some(-1.0))
            .into_iter()
            .map(|i| (i.field, i.message))
            .collect();
        assert_eq!(
            issues,
            [
                ("shaftQuantity".into(), "Qtd de eixo é obrigatório!".into()),
                ("grossCapacity".into(), "Capac. bruta é obrigatório!".into()),
                ("netCapacity".into(), "Capac. líquida é obrigatório!".into()),
            ]
        );
    }

    #[test]
    fn a_save_logs_registration_edit_bind_and_unbind_for_the_drivers_concerned() {
        use DriverLogType::*;
        assert_eq!(save_driver_logs(true, None, Some(5)), [(5, CadTruck)]);
        assert_eq!(save_driver_logs(true, None, None), []);
        assert_eq!(save_driver_logs(false, Some(5), Some(5)), [(5, EditTruck)]);
        assert_eq!(save_driver_logs(false, None, None), []);
        assert_eq!(save_driver_logs(false, None, Some(6)), [(6, BindTruck)]);
        assert_eq!(save_driver_logs(false, Some(5), None), [(5, UnbindTruck)]);
        assert_eq!(
            save_driver_logs(false, Some(5), Some(6)),
            [(5, UnbindTruck), (6, BindTruck)]
        );
    }

    #[test]
    fn a_driver_rebinds_new_free_or_own_trucks_of_its_company() {
        let known = |company_id, driver_id| {
            Some(KnownTruck {
                company_id,
                driver_id,
            })
        };
        assert_eq!(rebind(5, 3, None), Ok(Rebind::Create));
        assert_eq!(rebind(5, 3, known(3, None)), Ok(Rebind::Bind));
        assert_eq!(rebind(5, 3, known(3, Some(5))), Ok(Rebind::Update));
        assert_eq!(
            rebind(5, 3, known(3, Some(6))),
            Err(TRUCK_OF_OTHER_DRIVER_MESSAGE)
        );
        assert_eq!(
            rebind(5, 3, known(4, None)),
            Err(TRUCK_OF_OTHER_COMPANY_MESSAGE)
        );
        assert_eq!(Rebind::Create.log(), DriverLogType::CadTruck);
        assert_eq!(Rebind::Bind.log(), DriverLogType::BindTruck);
        assert_eq!(Rebind::Update.log(), DriverLogType::EditTruck);
    }

    #[test]
    fn the_driver_forms_truck_rows_reach_exactly_what_the_truck_form_reaches() {
        let carrier = Scope::ShippingCompany {
            company_id: 3,
            shipping_id: 7,
        };
        let truck = |shipping, driver, in_queue| FormTruck {
            company_id: 3,
            shipping_company_id: shipping,
            driver_id: driver,
            in_active_queue: in_queue,
            plate: "ABC1D23",
        };
        let take = |s: &Scope, t: FormTruck<'_>| driver_form_truck(s, 3, 5, "ABC1D23", &t);
        // Another carrier's truck, or an independent one: out of the carrier's reach.
        assert_eq!(
            take(&carrier, truck(Some(8), None, false)),
            Err(TakeRefusal::OutOfReach)
        );
        assert_eq!(
            take(&carrier, truck(None, Some(9), true)),
            Err(TakeRefusal::OutOfReach)
        );
        assert_eq!(
            take(&carrier, truck(Some(7), None, false)),
            Ok(Rebind::Bind)
        );
        assert_eq!(
            take(&carrier, truck(Some(7), Some(5), true)),
            Ok(Rebind::Update)
        );
        // Within reach, another driver's truck or one waiting in the queue is not free.
        let company = Scope::Company(3);
        assert_eq!(
            take(&company, truck(None, Some(9), false)),
            Err(TakeRefusal::OtherDriver)
        );
        assert_eq!(
            take(&company, truck(None, None, true)),
            Err(TakeRefusal::InQueue)
        );
        // Another company's truck, even for an administrator.
        let other = FormTruck {
            company_id: 4,
            ..truck(None, None, false)
        };
        assert_eq!(take(&Scope::All, other), Err(TakeRefusal::OutOfReach));
        // A row never renames the truck.
        assert_eq!(
            driver_form_truck(&company, 3, 5, "XYZ9K88", &truck(None, Some(5), false)),
            Err(TakeRefusal::Renamed)
        );
    }

    #[test]
    fn a_linking_pair_takes_only_a_free_truck() {
        assert_eq!(truck_free_for(5, None, false), Ok(()));
        assert_eq!(truck_free_for(5, Some(5), false), Ok(()));
        assert_eq!(
            truck_free_for(5, Some(6), false),
            Err(TakeRefusal::OtherDriver)
        );
        assert_eq!(truck_free_for(5, Some(5), true), Err(TakeRefusal::InQueue));
        assert_eq!(
            truck_of_other_driver_message("ABC1D23"),
            "O caminhão ABC1D23 está vinculado a outro motorista."
        );
    }

    #[test]
    fn plate_searches_ignore_separators_and_case() {
        use crate::admin::listing::search_text;
        let pattern = |t: &str| plate_pattern(&search_text(Some(t)).unwrap());
        assert_eq!(pattern("abc-1d23"), Some("%ABC1D23%".to_owned()));
        assert_eq!(pattern(" 1d "), Some("%1D%".to_owned()));
        assert_eq!(pattern("%_"), None);
    }

    #[test]
    fn the_plate_registry_trusts_new_plates_and_checks_registered_implement_types() {
        assert!(plate_is_truck(None));
        assert!(plate_is_truck(Some(Some("BITREM 7 EIXOS"))));
        assert!(plate_is_truck(Some(Some("rodotrem 9 eixos"))));
        assert!(!plate_is_truck(Some(Some("MOTO"))));
        assert!(!plate_is_truck(Some(None)));
    }
}
