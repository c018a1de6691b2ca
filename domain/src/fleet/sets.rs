//! Sets (conjuntos: a driver with the trucks bound to them) and their linking to shipping
//! companies (spec 2 "Sets and linking", sections 2, 3, 6, 7 and 9).
//!
//! - Who reads the sets, who exports them and who links them, and in which scope.
//! - The list pages by key (`from_id`): the first fetch takes 15 rows, each 'Carregar mais' 16.
//! - The queue label of a set (null, pending, tolerance, attended, fault) from the driver's
//!   newest queue entry, and whether its date shows.
//! - The export's columns and rows.
//! - The linking request's checks, and whether a truck or driver may be linked to, or unbound
//!   from, a shipping company.

use crate::admin::access::Scope;
use crate::admin::listing::escape_like;
use crate::auth::Actor;
use crate::roles::{Role, SessionKind};
use crate::text::escape_html;
use crate::values::Cpf;
use crate::{DomainError, FieldIssue};

/// Rows of the first fetch of /conjuntos (spec 2 section 9).
pub const SETS_FIRST_PAGE: u32 = 15;
/// Rows of each 'Carregar mais'.
pub const SETS_MORE_PAGE: u32 = 16;
/// The largest page of sets anyone may ask for.
pub const SETS_MAX_PAGE: u32 = 100;
/// Pending pairs per page on the linking screen.
pub const PENDING_PAIRS_PAGE: u32 = 2;
/// Linked pairs per page on the linking screen.
pub const LINKED_PAIRS_PAGE: u32 = 5;
/// The most pairs one linking call takes.
pub const MAX_LINK_PAIRS: usize = 200;
/// What the sets list and the export show for a set of no shipping company.
pub const NO_SHIPPING_COMPANY: &str = "Nenhuma";

pub const SHIPPING_REQUIRED_MESSAGE: &str = "Selecione uma transportadora!";
pub const PAIRS_REQUIRED_MESSAGE: &str = "Adicione ao menos um conjunto (caminhão e motorista)!";
pub const TRUCK_REQUIRED_MESSAGE: &str = "Selecione um caminhão!";
pub const DRIVER_REQUIRED_MESSAGE: &str = "Selecione um motorista!";
pub const TRUCK_REPEATED_MESSAGE: &str = "Este caminhão já está em outro conjunto da lista!";
pub const COMPANY_MISMATCH_MESSAGE: &str = "A transportadora não é desta empresa!";
pub const LINKED_MESSAGE: &str = "Veículos vinculados com sucesso!";
pub const NOTHING_TO_UNBIND_MESSAGE: &str = "Selecione o caminhão ou o motorista!";
pub const NOT_BOUND_MESSAGE: &str = "Não está vinculado a uma transportadora!";

fn too_many_pairs_message() -> String {
    format!("Vincule no máximo {MAX_LINK_PAIRS} conjuntos por vez!")
}

/// 'O caminhão ABC1D23 já está vinculado a outra transportadora!'
pub fn truck_bound_elsewhere_message(plate: &str) -> String {
    format!("O caminhão {plate} já está vinculado a outra transportadora!")
}

/// 'O motorista FULANO já está vinculado a outra transportadora!'
pub fn driver_bound_elsewhere_message(name: &str) -> String {
    format!("O motorista {name} já está vinculado a outra transportadora!")
}

/// What someone does with the sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetsAction {
    /// The list (`GET /driver/groups`).
    Read,
    /// CSV and XLSX of the list.
    Export,
    /// Linking and unbinding pairs, and the linking screen's reads.
    Link,
}

/// The scope in which `actor` may do `action` with the sets:
///
/// - Administrador: every company (the list filters by company).
/// - Usuario: its company, for everything.
/// - Transportadora: its shipping company; it links pairs to itself and unbinds its own, and
///   exports nothing (spec 2 section 2: export hidden for shipping-company users).
/// - Expedicao: reads and exports its company's sets; Espectador and Portaria only read them
///   (exports hidden for spectator and gate users). None of them links (spec 2 section 6: no
///   write access).
///
/// Drivers and accounts without the company their role needs get [`DomainError::NotAllowed`].
pub fn sets_scope(actor: &Actor, action: SetsAction) -> Result<Scope, DomainError> {
    if actor.kind != SessionKind::Staff {
        return Err(DomainError::NotAllowed);
    }
    let role = actor.role.ok_or(DomainError::NotAllowed)?;
    let company = actor.company_id.map(Scope::Company);
    let carrier = match (actor.company_id, actor.shipping_company_id) {
        (Some(company_id), Some(shipping_id)) => Some(Scope::ShippingCompany {
            company_id,
            shipping_id,
        }),
        _ => None,
    };
    let scope = match (role, action) {
        (Role::Administrador, _) => Some(Scope::All),
        (Role::Usuario, _) => company,
        (Role::Transportadora, SetsAction::Read | SetsAction::Link) => carrier,
        (Role::Expedicao, SetsAction::Read | SetsAction::Export) => company,
        (Role::Espectador | Role::Portaria, SetsAction::Read) => company,
        _ => None,
    };
    scope.ok_or(DomainError::NotAllowed)
}

/// Whether the sets screen offers the export buttons to `role` (spec 2 section 2).
pub fn may_export(role: Role) -> bool {
    !matches!(
        role,
        Role::Transportadora | Role::Espectador | Role::Portaria
    )
}

/// What the sets screen's row action does to a driver or truck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// Administrators delete the record (spec 2 section 6).
    Delete,
    /// Everyone else who may change sets unbinds it from its shipping company.
    Unbind,
}

/// What the sets screen offers a role (spec 2 sections 2 and 6); the screen only shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetsPermissions {
    pub can_export: bool,
    /// The linking screen ('Vincular Veículos').
    pub can_link: bool,
    /// The row action on a driver or truck, if any.
    pub removal: Option<Removal>,
    /// The confirmation's title: 'Desvincular' for a shipping-company user, else 'Excluir'.
    pub removal_title: &'static str,
    /// The unit (company) filter: administrators see every company.
    pub filters_by_company: bool,
    /// The shipping-company filter and column: not for a shipping-company user.
    pub shows_shipping_company: bool,
    /// Log in as the driver (a signed link; administrators and the company's users).
    pub can_log_in_as_driver: bool,
}

pub fn sets_permissions(role: Role) -> SetsPermissions {
    let carrier = role == Role::Transportadora;
    let admin = role == Role::Administrador;
    let links = matches!(
        role,
        Role::Administrador | Role::Usuario | Role::Transportadora
    );
    SetsPermissions {
        can_export: may_export(role),
        can_link: links,
        removal: match role {
            Role::Administrador => Some(Removal::Delete),
            _ if links => Some(Removal::Unbind),
            _ => None,
        },
        removal_title: if carrier { "Desvincular" } else { "Excluir" },
        filters_by_company: admin,
        shows_shipping_company: !carrier,
        can_log_in_as_driver: matches!(role, Role::Administrador | Role::Usuario),
    }
}

/// The page size asked for, in range: 15 by default, 1 to 100.
pub fn sets_page_size(requested: Option<i64>) -> u32 {
    requested
        .map(|n| n.clamp(1, i64::from(SETS_MAX_PAGE)))
        .and_then(|n| u32::try_from(n).ok())
        .unwrap_or(SETS_FIRST_PAGE)
}

/// The key to start after: rows with a greater id. Missing or negative: from the start.
pub fn sets_from_id(requested: Option<i64>) -> i64 {
    requested.unwrap_or(0).max(0)
}

/// The key of the next page: the last row's id when the page came back full and more rows
/// follow (`more`), else `None`.
pub fn next_from_id(last_id: Option<i64>, more: bool) -> Option<i64> {
    last_id.filter(|_| more)
}

/// A plate search as typed: letters and digits only, upper-case, as an ILIKE pattern
/// (`%ABC1%`). `None` when nothing is left.
pub fn plate_pattern(text: Option<&str>) -> Option<String> {
    let plate: String = text?
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (!plate.is_empty()).then(|| format!("%{plate}%"))
}

/// A driver search: an upper-case name pattern (names are stored upper-case, so a plain LIKE
/// finds them), and a CPF pattern when the text is only digits and separators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DriverSearch {
    pub name_pattern: String,
    pub cpf_pattern: Option<String>,
}

pub fn driver_search(text: Option<&str>) -> Option<DriverSearch> {
    let text = text.map(str::trim).filter(|s| !s.is_empty())?;
    let name = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase();
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let only_document = text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | ' '));
    Some(DriverSearch {
        name_pattern: format!("%{}%", escape_like(&name)),
        cpf_pattern: (!digits.is_empty() && only_document).then(|| format!("%{digits}%")),
    })
}

/// The queue label of a set (spec 2 section 3: null, pending, tolerance, attended, fault).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueueLabel {
    /// Waiting for its slot.
    Pending,
    /// Waiting, and its forecast has passed with tolerance on.
    Tolerance,
    /// Being loaded, or attended today.
    Attended,
    /// Marked absent today (by the expedition or by tolerance).
    Fault,
}

impl QueueLabel {
    pub const ALL: [QueueLabel; 4] = [
        QueueLabel::Pending,
        QueueLabel::Tolerance,
        QueueLabel::Attended,
        QueueLabel::Fault,
    ];

    /// The wire word.
    pub const fn as_str(self) -> &'static str {
        match self {
            QueueLabel::Pending => "pending",
            QueueLabel::Tolerance => "tolerance",
            QueueLabel::Attended => "attended",
            QueueLabel::Fault => "fault",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.as_str() == s.trim())
    }

    /// The queue date shows only while the entry waits: it is hidden when attended or none
    /// (spec 2 section 2), and a fault has no slot any more.
    pub const fn shows_date(self) -> bool {
        matches!(self, QueueLabel::Pending | QueueLabel::Tolerance)
    }
}

/// The label of a driver's newest queue entry: `status` is the stored entry status
/// (`waiting`, `loading`, `attended`, `faulty`, `tolerance_dropped`, `left`, `cancelled`),
/// `in_tolerance` the stored plan's flag, `closed_today` whether it closed on today's date in
/// the company's zone ([`crate::queue::closed_on_local_day`]). Attended and fault show only
/// on the day they happened; anything else is no label.
pub fn queue_label(status: &str, in_tolerance: bool, closed_today: bool) -> Option<QueueLabel> {
    match status {
        "waiting" if in_tolerance => Some(QueueLabel::Tolerance),
        "waiting" => Some(QueueLabel::Pending),
        "loading" => Some(QueueLabel::Attended),
        "attended" if closed_today => Some(QueueLabel::Attended),
        "faulty" | "tolerance_dropped" if closed_today => Some(QueueLabel::Fault),
        _ => None,
    }
}

/// Where the driver's newest entry stands, for the phone's one state at a time (issue 22):
/// waiting in the queue (checked in and called are the check-in's part), being loaded, or
/// attended today. Anything else (closed, faulty, an old attendance) is no stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueStage {
    Waiting,
    Loading,
    Done,
}

impl QueueStage {
    /// The wire word.
    pub const fn as_str(self) -> &'static str {
        match self {
            QueueStage::Waiting => "waiting",
            QueueStage::Loading => "loading",
            QueueStage::Done => "done",
        }
    }
}

/// The stage of an entry from its stored status; attended counts on the day it happened.
pub fn queue_stage(status: &str, closed_today: bool) -> Option<QueueStage> {
    match status {
        "waiting" => Some(QueueStage::Waiting),
        "loading" => Some(QueueStage::Loading),
        "attended" if closed_today => Some(QueueStage::Done),
        _ => None,
    }
}

/// The export's header (spec 2 section 2).
pub const EXPORT_HEADER: [&str; 6] = ["Id", "Nome", "CPF", "Caminhão", "Transportadora", "Unidade"];

/// One set as the export reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportSet<'a> {
    pub id: i64,
    pub name: &'a str,
    /// As stored: 11 digits.
    pub cpf: &'a str,
    /// The plates of the set's trucks, in the list's order.
    pub plates: Vec<&'a str>,
    pub shipping_company: Option<&'a str>,
    /// The company (unidade).
    pub unit: &'a str,
}

/// One export line: the CPF masked, the plates joined by ", ", 'Nenhuma' without a shipping
/// company.
pub fn export_row(s: &ExportSet<'_>) -> [String; 6] {
    let cpf = Cpf::parse(s.cpf)
        .map(|c| c.masked())
        .unwrap_or_else(|_| s.cpf.to_owned());
    [
        s.id.to_string(),
        s.name.to_owned(),
        cpf,
        s.plates.join(", "),
        s.shipping_company
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(NO_SHIPPING_COMPANY)
            .to_owned(),
        s.unit.to_owned(),
    ]
}

/// A pair of the linking call as sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairInput {
    pub truck_id: Option<i64>,
    pub driver_id: Option<i64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    pub truck_id: i64,
    pub driver_id: i64,
}

/// The linking call's form: a shipping company and at least one complete pair, no truck twice
/// (a driver may come with several trucks). Every refused field, named `shippingCompany`,
/// `groups` or `groups[i].truck` / `groups[i].driver`.
pub fn check_link(
    shipping_id: Option<i64>,
    pairs: &[PairInput],
) -> Result<(i64, Vec<Pair>), Vec<FieldIssue>> {
    let mut issues = Vec::new();
    let shipping = shipping_id.filter(|id| *id > 0);
    if shipping.is_none() {
        issues.push(FieldIssue::new(
            "shippingCompany",
            SHIPPING_REQUIRED_MESSAGE,
        ));
    }
    if pairs.is_empty() {
        issues.push(FieldIssue::new("groups", PAIRS_REQUIRED_MESSAGE));
    } else if pairs.len() > MAX_LINK_PAIRS {
        issues.push(FieldIssue::new("groups", too_many_pairs_message()));
    }
    let mut checked = Vec::with_capacity(pairs.len());
    let mut seen = std::collections::HashSet::new();
    for (i, p) in pairs.iter().enumerate() {
        let truck = p.truck_id.filter(|id| *id > 0);
        let driver = p.driver_id.filter(|id| *id > 0);
        if truck.is_none() {
            issues.push(FieldIssue::new(
                format!("groups[{i}].truck"),
                TRUCK_REQUIRED_MESSAGE,
            ));
        }
        if driver.is_none() {
            issues.push(FieldIssue::new(
                format!("groups[{i}].driver"),
                DRIVER_REQUIRED_MESSAGE,
            ));
        }
        if let Some(t) = truck {
            if !seen.insert(t) {
                issues.push(FieldIssue::new(
                    format!("groups[{i}].truck"),
                    TRUCK_REPEATED_MESSAGE,
                ));
            }
        }
        if let (Some(truck_id), Some(driver_id)) = (truck, driver) {
            checked.push(Pair {
                truck_id,
                driver_id,
            });
        }
    }
    match (shipping, issues.is_empty()) {
        (Some(s), true) => Ok((s, checked)),
        _ => Err(issues),
    }
}

/// Why a truck or driver may not be linked, or unbound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkRefusal {
    /// Outside the caller's scope, or of another company than the shipping company: answered
    /// as if it did not exist.
    NotFound,
    /// Bound to another shipping company (unbind it first).
    BoundElsewhere,
    /// Not bound to any shipping company (nothing to unbind).
    NotBound,
}

/// Whether the shipping company `shipping_id` of `company_id` may receive pairs from someone of
/// `scope`: administrators any, a Usuario its company's, a Transportadora only itself.
pub fn may_link_to(scope: &Scope, company_id: i64, shipping_id: i64) -> bool {
    scope.covers_shipping(company_id, shipping_id)
}

/// Whether a truck or driver (of `company_id`, now bound to `bound_to`) may be linked to the
/// shipping company `target_shipping` of `target_company` by someone of `scope`. Already bound
/// to the same shipping company is fine (linking again pairs it anew). A Transportadora does
/// not see what is bound to another shipping company (not found); administrators and users are
/// told it is bound elsewhere.
pub fn may_link(
    scope: &Scope,
    target_company: i64,
    target_shipping: i64,
    company_id: i64,
    bound_to: Option<i64>,
) -> Result<(), LinkRefusal> {
    if company_id != target_company || !scope.covers_company(company_id) {
        return Err(LinkRefusal::NotFound);
    }
    match bound_to {
        Some(s) if s != target_shipping => {
            if scope.shipping_company().is_some() {
                Err(LinkRefusal::NotFound)
            } else {
                Err(LinkRefusal::BoundElsewhere)
            }
        }
        _ => Ok(()),
    }
}

/// Whether a truck or driver (of `company_id`, bound to `bound_to`) may be unbound by someone
/// of `scope`: a Transportadora only from itself.
pub fn may_unbind(
    scope: &Scope,
    company_id: i64,
    bound_to: Option<i64>,
) -> Result<(), LinkRefusal> {
    if !scope.covers_company(company_id) {
        return Err(LinkRefusal::NotFound);
    }
    match (scope.shipping_company(), bound_to) {
        (Some(own), Some(s)) if s != own => Err(LinkRefusal::NotFound),
        (Some(_), None) => Err(LinkRefusal::NotFound),
        (None, None) => Err(LinkRefusal::NotBound),
        _ => Ok(()),
    }
}

/// What an unbind call names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnbindTarget {
    /// A linked pair: the truck, and its driver with it.
    Pair,
    Driver,
    Truck,
}

impl UnbindTarget {
    /// `None` when the call names neither.
    pub fn of(truck: Option<i64>, driver: Option<i64>) -> Option<Self> {
        match (truck.is_some(), driver.is_some()) {
            (true, true) => Some(UnbindTarget::Pair),
            (true, false) => Some(UnbindTarget::Truck),
            (false, true) => Some(UnbindTarget::Driver),
            (false, false) => None,
        }
    }

    /// The success message (spec 2 section 8 for driver and truck).
    pub const fn message(self) -> &'static str {
        match self {
            UnbindTarget::Pair => "Conjunto desvinculado com sucesso",
            UnbindTarget::Driver => "Motorista desvinculado com sucesso",
            UnbindTarget::Truck => "Caminhão desvinculado com sucesso",
        }
    }
}

/// When a pair is unbound, its driver leaves the shipping company with the truck only if the
/// driver is bound to that same shipping company and drives no other truck still bound to it.
pub fn driver_leaves_with_truck(
    driver_bound_to: Option<i64>,
    truck_bound_to: i64,
    other_trucks_bound_there: bool,
) -> bool {
    driver_bound_to == Some(truck_bound_to) && !other_trucks_bound_there
}

/// The staff log title of a linking: `Transportadora <b>X</b>: 2 conjunto(s) vinculado(s)`.
pub fn link_title(shipping_name: &str, pairs: usize) -> String {
    format!(
        "Transportadora <b>{}</b>: {pairs} conjunto(s) vinculado(s)",
        escape_html(shipping_name)
    )
}

/// The staff log title of an unbind: `Transportadora <b>X</b>: caminhão <b>ABC1D23</b> e
/// motorista <b>FULANO</b> desvinculados`, or one of them.
pub fn unbind_title(shipping_name: &str, plate: Option<&str>, driver: Option<&str>) -> String {
    let what = match (plate, driver) {
        (Some(p), Some(d)) => format!(
            "caminhão <b>{}</b> e motorista <b>{}</b> desvinculados",
            escape_html(p),
            escape_html(d)
        ),
        (Some(p), None) => format!("caminhão <b>{}</b> desvinculado", escape_html(p)),
        (None, Some(d)) => format!("motorista <b>{}</b> desvinculado", escape_html(d)),
        (None, None) => "nada desvinculado".to_owned(),
    };
    format!(
        "Transportadora <b>{}</b>: {what}",
        escape_html(shipping_name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn who_reads_exports_and_links_the_sets() {
        use SetsAction::*;
        let admin = staff(Role::Administrador, None, None);
        for a in [Read, Export, Link] {
            assert_eq!(sets_scope(&admin, a), Ok(Scope::All));
        }
        let usuario = staff(Role::Usuario, Some(3), None);
        for a in [Read, Export, Link] {
            assert_eq!(sets_scope(&usuario, a), Ok(Scope::Company(3)));
        }
        let carrier = staff(Role::Transportadora, Some(3), Some(7));
        let own = Ok(Scope::ShippingCompany {
            company_id: 3,
            shipping_id: 7,
        });
        assert_eq!(sets_scope(&carrier, Read), own);
        assert_eq!(sets_scope(&carrier, Link), own);
        assert_eq!(sets_scope(&carrier, Export), Err(DomainError::NotAllowed));
        let exp = staff(Role::Expedicao, Some(3), None);
        assert_eq!(sets_scope(&exp, Read), Ok(Scope::Company(3)));
        assert_eq!(sets_scope(&exp, Export), Ok(Scope::Company(3)));
        assert_eq!(sets_scope(&exp, Link), Err(DomainError::NotAllowed));
        for role in [Role::Espectador, Role::Portaria] {
            let a = staff(role, Some(3), None);
            assert_eq!(sets_scope(&a, Read), Ok(Scope::Company(3)));
            assert_eq!(sets_scope(&a, Export), Err(DomainError::NotAllowed));
            assert_eq!(sets_scope(&a, Link), Err(DomainError::NotAllowed));
        }
        // Broken accounts and drivers get nothing.
        assert!(sets_scope(&staff(Role::Usuario, None, None), Read).is_err());
        assert!(sets_scope(&staff(Role::Transportadora, Some(3), None), Read).is_err());
        let driver = Actor {
            kind: SessionKind::Driver,
            ..staff(Role::Administrador, Some(3), None)
        };
        assert!(sets_scope(&driver, Read).is_err());
    }

    #[test]
    fn export_buttons_follow_the_export_rule() {
        for role in Role::ALL {
            let actor = staff(role, Some(3), Some(7));
            assert_eq!(
                may_export(role),
                sets_scope(&actor, SetsAction::Export).is_ok(),
                "{role:?}"
            );
        }
    }

    #[test]
    fn what_the_screen_offers_each_role() {
        use Role::*;
        for role in Role::ALL {
            let p = sets_permissions(role);
            let actor = staff(role, Some(3), Some(7));
            assert_eq!(
                p.can_link,
                sets_scope(&actor, SetsAction::Link).is_ok(),
                "{role:?}"
            );
            assert_eq!(p.can_export, may_export(role));
            assert_eq!(p.removal.is_some(), p.can_link, "{role:?}");
        }
        assert_eq!(
            sets_permissions(Administrador).removal,
            Some(Removal::Delete)
        );
        assert_eq!(sets_permissions(Usuario).removal, Some(Removal::Unbind));
        assert_eq!(sets_permissions(Usuario).removal_title, "Excluir");
        let carrier = sets_permissions(Transportadora);
        assert_eq!(carrier.removal, Some(Removal::Unbind));
        assert_eq!(carrier.removal_title, "Desvincular");
        assert!(!carrier.shows_shipping_company && !carrier.can_export);
        assert!(sets_permissions(Administrador).filters_by_company);
        assert!(!sets_permissions(Usuario).filters_by_company);
        assert!(sets_permissions(Usuario).can_log_in_as_driver);
        assert!(!sets_permissions(Transportadora).can_log_in_as_driver);
        assert!(!sets_permissions(Espectador).can_export);
    }

    #[test]
    fn pages_are_15_by_default_within_1_to_100() {
        assert_eq!(sets_page_size(None), 15);
        assert_eq!(sets_page_size(Some(16)), 16);
        assert_eq!(sets_page_size(Some(0)), 1);
        assert_eq!(sets_page_size(Some(-4)), 1);
        assert_eq!(sets_page_size(Some(5000)), 100);
        assert_eq!(sets_from_id(None), 0);
        assert_eq!(sets_from_id(Some(-1)), 0);
        assert_eq!(sets_from_id(Some(42)), 42);
        assert_eq!(next_from_id(Some(42), true), Some(42));
        assert_eq!(next_from_id(Some(42), false), None);
        assert_eq!(next_from_id(None, true), None);
    }

    #[test]
    fn searches() {
        assert_eq!(plate_pattern(Some(" abc-1d2 ")), Some("%ABC1D2%".into()));
        assert_eq!(plate_pattern(Some(" - ")), None);
        assert_eq!(plate_pattern(None), None);
        let s = driver_search(Some("  joão   da silva ")).unwrap();
        assert_eq!(s.name_pattern, "%JOÃO DA SILVA%");
        assert_eq!(s.cpf_pattern, None);
        let s = driver_search(Some("529.982")).unwrap();
        assert_eq!(s.cpf_pattern.as_deref(), Some("%529982%"));
        assert_eq!(
            driver_search(Some("50%_")).unwrap().name_pattern,
            "%50\\%\\_%"
        );
        assert_eq!(driver_search(Some("   ")), None);
    }

    #[test]
    fn queue_stages_tell_waiting_loading_and_done_apart() {
        assert_eq!(queue_stage("waiting", false), Some(QueueStage::Waiting));
        assert_eq!(queue_stage("loading", false), Some(QueueStage::Loading));
        assert_eq!(queue_stage("attended", true), Some(QueueStage::Done));
        assert_eq!(queue_stage("attended", false), None);
        assert_eq!(queue_stage("faulty", true), None);
        assert_eq!(queue_stage("left", true), None);
        assert_eq!(QueueStage::Loading.as_str(), "loading");
    }

    #[test]
    fn queue_labels() {
        assert_eq!(
            queue_label("waiting", false, false),
            Some(QueueLabel::Pending)
        );
        assert_eq!(
            queue_label("waiting", true, false),
            Some(QueueLabel::Tolerance)
        );
        assert_eq!(
            queue_label("loading", false, false),
            Some(QueueLabel::Attended)
        );
        assert_eq!(
            queue_label("attended", false, true),
            Some(QueueLabel::Attended)
        );
        assert_eq!(queue_label("attended", false, false), None);
        assert_eq!(queue_label("faulty", false, true), Some(QueueLabel::Fault));
        assert_eq!(
            queue_label("tolerance_dropped", false, true),
            Some(QueueLabel::Fault)
        );
        assert_eq!(queue_label("faulty", false, false), None);
        assert_eq!(queue_label("left", false, true), None);
        assert_eq!(queue_label("cancelled", false, true), None);
        for l in QueueLabel::ALL {
            assert_eq!(QueueLabel::parse(l.as_str()), Some(l));
        }
        assert_eq!(QueueLabel::parse("none"), None);
        assert!(QueueLabel::Pending.shows_date() && QueueLabel::Tolerance.shows_date());
        assert!(!QueueLabel::Attended.shows_date() && !QueueLabel::Fault.shows_date());
    }

    #[test]
    fn export_rows() {
        assert_eq!(
            EXPORT_HEADER,
            ["Id", "Nome", "CPF", "Caminhão", "Transportadora", "Unidade"]
        );
        let row = export_row(&ExportSet {
            id: 7,
            name: "MOTORISTA DEMO",
            cpf: "52998224725",
            plates: vec!["DEM0A12", "ABC1234"],
            shipping_company: None,
            unit: "Demo Agro",
        });
        assert_eq!(
            row,
            [
                "7",
                "MOTORISTA DEMO",
                "529.982.247-25",
                "DEM0A12, ABC1234",
                "Nenhuma",
                "Demo Agro"
            ]
        );
        let row = export_row(&ExportSet {
            id: 8,
            name: "X",
            cpf: "123",
            plates: vec![],
            shipping_company: Some("Transportadora Demo"),
            unit: "U",
        });
        assert_eq!(row[2], "123");
        assert_eq!(row[3], "");
        assert_eq!(row[4], "Transportadora Demo");
    }

    #[test]
    fn link_form() {
        let pair = |t, d| PairInput {
            truck_id: t,
            driver_id: d,
        };
        assert_eq!(
            check_link(Some(5), &[pair(Some(1), Some(2)), pair(Some(3), Some(2))]),
            Ok((
                5,
                vec![
                    Pair {
                        truck_id: 1,
                        driver_id: 2
                    },
                    Pair {
                        truck_id: 3,
                        driver_id: 2
                    }
                ]
            ))
        );
        let issues = check_link(None, &[]).unwrap_err();
        assert_eq!(
            issues,
            vec![
                FieldIssue::new("shippingCompany", SHIPPING_REQUIRED_MESSAGE),
                FieldIssue::new("groups", PAIRS_REQUIRED_MESSAGE),
            ]
        );
        let issues = check_link(
            Some(5),
            &[
                pair(Some(1), None),
                pair(None, Some(2)),
                pair(Some(1), Some(4)),
            ],
        )
        .unwrap_err();
        assert_eq!(
            issues,
            vec![
                FieldIssue::new("groups[0].driver", DRIVER_REQUIRED_MESSAGE),
                FieldIssue::new("groups[1].truck", TRUCK_REQUIRED_MESSAGE),
                FieldIssue::new("groups[2].truck", TRUCK_REPEATED_MESSAGE),
            ]
        );
        let many = vec![pair(Some(1), Some(1)); MAX_LINK_PAIRS + 1];
        let issues = check_link(Some(5), &many).unwrap_err();
        assert_eq!(issues[0].field, "groups");
        assert_eq!(
            issues[0].message,
            "Vincule no máximo 200 conjuntos por vez!"
        );
    }

    #[test]
    fn who_may_link_what() {
        let carrier = Scope::ShippingCompany {
            company_id: 3,
            shipping_id: 7,
        };
        assert!(may_link_to(&carrier, 3, 7));
        assert!(!may_link_to(&carrier, 3, 8));
        assert!(may_link_to(&Scope::Company(3), 3, 8));
        assert!(!may_link_to(&Scope::Company(3), 4, 8));
        assert!(may_link_to(&Scope::All, 4, 8));

        // Free, or already its own: fine.
        assert_eq!(may_link(&carrier, 3, 7, 3, None), Ok(()));
        assert_eq!(may_link(&carrier, 3, 7, 3, Some(7)), Ok(()));
        // Bound to another: a carrier does not see it; a company user is told.
        assert_eq!(
            may_link(&carrier, 3, 7, 3, Some(8)),
            Err(LinkRefusal::NotFound)
        );
        assert_eq!(
            may_link(&Scope::Company(3), 3, 7, 3, Some(8)),
            Err(LinkRefusal::BoundElsewhere)
        );
        // Another company's record: not found, even for administrators.
        assert_eq!(
            may_link(&Scope::All, 3, 7, 4, None),
            Err(LinkRefusal::NotFound)
        );
        assert_eq!(
            may_link(&Scope::Company(3), 3, 7, 4, None),
            Err(LinkRefusal::NotFound)
        );
    }

    #[test]
    fn who_may_unbind_what() {
        let carrier = Scope::ShippingCompany {
            company_id: 3,
            shipping_id: 7,
        };
        assert_eq!(may_unbind(&carrier, 3, Some(7)), Ok(()));
        assert_eq!(may_unbind(&carrier, 3, Some(8)), Err(LinkRefusal::NotFound));
        assert_eq!(may_unbind(&carrier, 3, None), Err(LinkRefusal::NotFound));
        assert_eq!(may_unbind(&carrier, 4, Some(7)), Err(LinkRefusal::NotFound));
        assert_eq!(may_unbind(&Scope::Company(3), 3, Some(8)), Ok(()));
        assert_eq!(
            may_unbind(&Scope::Company(3), 3, None),
            Err(LinkRefusal::NotBound)
        );
        assert_eq!(
            may_unbind(&Scope::Company(3), 4, Some(8)),
            Err(LinkRefusal::NotFound)
        );
        assert_eq!(may_unbind(&Scope::All, 4, Some(8)), Ok(()));
    }

    #[test]
    fn titles_escape_their_values() {
        assert_eq!(
            link_title("<T>", 2),
            "Transportadora <b>&lt;T&gt;</b>: 2 conjunto(s) vinculado(s)"
        );
        assert_eq!(
            unbind_title("T", Some("ABC1D23"), Some("A&B")),
            "Transportadora <b>T</b>: caminhão <b>ABC1D23</b> e motorista <b>A&amp;B</b> desvinculados"
        );
        assert_eq!(
            unbind_title("T", None, Some("X")),
            "Transportadora <b>T</b>: motorista <b>X</b> desvinculado"
        );
    }

    #[test]
    fn unbinding() {
        assert_eq!(UnbindTarget::of(Some(1), Some(2)), Some(UnbindTarget::Pair));
        assert_eq!(UnbindTarget::of(Some(1), None), Some(UnbindTarget::Truck));
        assert_eq!(UnbindTarget::of(None, Some(2)), Some(UnbindTarget::Driver));
        assert_eq!(UnbindTarget::of(None, None), None);
        assert_eq!(
            UnbindTarget::Driver.message(),
            "Motorista desvinculado com sucesso"
        );
        assert_eq!(
            UnbindTarget::Truck.message(),
            "Caminhão desvinculado com sucesso"
        );
        assert!(driver_leaves_with_truck(Some(7), 7, false));
        assert!(!driver_leaves_with_truck(Some(7), 7, true));
        assert!(!driver_leaves_with_truck(Some(8), 7, false));
        assert!(!driver_leaves_with_truck(None, 7, false));
    }
}
