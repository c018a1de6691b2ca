//! Roles, sign-in pages, landings, the staff sidebar and the staff route allow-lists
//! (spec 1 sections 2 and 6, spec 3 section 6).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::values::ValueError;

/// A staff role. Serialized with exactly these spellings (no accents), as the spec has them.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    Administrador,
    Usuario,
    Transportadora,
    Expedicao,
    Espectador,
    Portaria,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Administrador,
        Role::Usuario,
        Role::Transportadora,
        Role::Expedicao,
        Role::Espectador,
        Role::Portaria,
    ];

    /// The wire spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Administrador => "Administrador",
            Role::Usuario => "Usuario",
            Role::Transportadora => "Transportadora",
            Role::Expedicao => "Expedicao",
            Role::Espectador => "Espectador",
            Role::Portaria => "Portaria",
        }
    }

    /// The pt-BR text shown to people.
    pub const fn label(self) -> &'static str {
        match self {
            Role::Administrador => "Administrador",
            Role::Usuario => "Usuário",
            Role::Transportadora => "Transportadora",
            Role::Expedicao => "Expedição",
            Role::Espectador => "Espectador",
            Role::Portaria => "Portaria",
        }
    }

    /// Exactly the wire spelling (surrounding spaces ignored).
    pub fn parse(s: &str) -> Result<Self, ValueError> {
        let s = s.trim();
        Self::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or(ValueError::Role)
    }

    /// Expedicao, Espectador and Portaria: they sign in on /expedicao.
    pub const fn is_dispatch(self) -> bool {
        matches!(self, Role::Expedicao | Role::Espectador | Role::Portaria)
    }

    /// The page this role signs in on (and returns to on sign-out).
    pub const fn login_page(self) -> LoginPage {
        if self.is_dispatch() {
            LoginPage::Dispatch
        } else {
            LoginPage::Staff
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Role {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// Who a session belongs to: a staff user (with a role) or a driver (without).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SessionKind {
    Staff,
    Driver,
}

impl SessionKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            SessionKind::Staff => "staff",
            SessionKind::Driver => "driver",
        }
    }
}

/// Shown when a role signs in on the wrong page (5 s).
pub const NOT_ALLOWED_MESSAGE: &str = "Você não tem permissão de acesso!";
/// Shown to a disabled user (10 s). On the dispatch login the company's first contact phone is
/// appended by the caller.
pub const BLOCKED_MESSAGE: &str = "Usuário bloqueado, fale com o administrador do sistema!";
/// Wrong e-mail or password; also the failed-transfer-override text.
pub const INVALID_CREDENTIALS_MESSAGE: &str = "Usuário ou senha inválido";

/// The two staff sign-in pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LoginPage {
    /// /login
    Staff,
    /// /expedicao
    Dispatch,
}

impl LoginPage {
    /// Whether a user of `role` may sign in here; others get [`NOT_ALLOWED_MESSAGE`].
    pub const fn admits(self, role: Role) -> bool {
        match self {
            LoginPage::Staff => {
                matches!(
                    role,
                    Role::Administrador | Role::Usuario | Role::Transportadora
                )
            }
            LoginPage::Dispatch => role.is_dispatch(),
        }
    }

    /// The page's own path.
    pub const fn path(self) -> &'static str {
        match self {
            LoginPage::Staff => "/login",
            LoginPage::Dispatch => "/expedicao",
        }
    }

    /// Where sign-out lands: the page the user signed in on.
    pub const fn logout_route(self) -> &'static str {
        self.path()
    }
}

/// Where a driver lands after signing in (the driver home).
pub const DRIVER_LANDING: &str = "/";

/// Where a staff user lands after signing in. Dispatch roles land on /expedicao/painel: /expedicao
/// itself is their sign-in page, so the signed-in dispatch home needs a path of its own.
pub const fn landing(role: Role) -> &'static str {
    match role {
        Role::Administrador | Role::Usuario => "/dashboard",
        Role::Transportadora => "/expedicao/transportadora",
        Role::Expedicao | Role::Espectador | Role::Portaria => "/expedicao/painel",
    }
}

/// What a staff role may do on the dispatch panel (spec 3 sections 5 and 6). The session
/// carries it, so that the panel offers only what the server accepts (the server checks again).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PanelAbilities {
    /// Attendance, tolerance, delay, start, finish, cancel, exchange, weight edit, rescue.
    pub operate: bool,
    /// Call a checked-in driver from the Pátio tab.
    pub call: bool,
    /// Open a vehicle's details (spec 3 section 2: not the Espectador).
    pub details: bool,
    /// The attended count and the tonnes (not the Portaria).
    pub sees_tonnes: bool,
    /// The driver's phone and its WhatsApp link (not the Portaria).
    pub sees_phone: bool,
}

/// The panel abilities of `role`; a Transportadora reads its own read-only queue instead.
pub const fn panel_abilities(role: Role) -> PanelAbilities {
    let operate = matches!(role, Role::Administrador | Role::Usuario | Role::Expedicao);
    let dispatch_or_operator = operate || matches!(role, Role::Espectador | Role::Portaria);
    PanelAbilities {
        operate,
        call: operate || matches!(role, Role::Portaria),
        details: dispatch_or_operator && !matches!(role, Role::Espectador),
        sees_tonnes: dispatch_or_operator && !matches!(role, Role::Portaria),
        sees_phone: dispatch_or_operator && !matches!(role, Role::Portaria),
    }
}

/// Key of the sign-out entry, always present in the sidebar.
pub const LOGOUT_KEY: &str = "sair";

/// One sidebar entry. `key` is stable (the client maps it to an icon); `path` is where it goes.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct MenuEntry {
    pub key: &'static str,
    pub label: &'static str,
    pub path: &'static str,
}

const fn entry(key: &'static str, label: &'static str, path: &'static str) -> MenuEntry {
    MenuEntry { key, label, path }
}

/// The staff sidebar, spec 1 section 2 "Sidebar visibility" read literally, in display order.
///
/// - "root administrator" needs both the Administrador role and `is_root`; the flag means
///   nothing for other roles.
/// - Caminhões and Motoristas: "non-administrators, plus an extra administrator copy" means every
///   role sees them, once.
/// - Dispatch roles never see this sidebar (they use the expedition views), but the rules are
///   still applied as written: they get Pedidos, Clientes, Produtos, Transportadoras, Caminhões,
///   Motoristas and Sair.
/// - The `sair` entry's path is where sign-out lands; the client clears the session.
pub fn sidebar(role: Role, is_root: bool) -> Vec<MenuEntry> {
    let admin = role == Role::Administrador;
    let root_admin = admin && is_root;
    let carrier = role == Role::Transportadora;
    let neither_carrier_nor_admin = !carrier && !admin;

    let usuario = role == Role::Usuario;
    let candidates: [(bool, MenuEntry); 23] = [
        (
            admin || usuario,
            entry("dashboard", "Dashboard", "/dashboard"),
        ),
        (admin, entry("empresas", "Empresas", "/empresas")),
        (carrier, entry("fila", "Fila", "/expedicao/transportadora")),
        // A Usuario's own queue desk and the carriers' dashboard (spec 3 section 6: routes it
        // may open, reached before only through links on /dashboard).
        (usuario, entry("fila-virtual", "Fila", "/fila")),
        (
            carrier,
            entry(
                "dashboard-transportadora",
                "Dashboard",
                "/transportadora/dashboard",
            ),
        ),
        (
            usuario,
            entry(
                "dashboard-transportadoras",
                "Dashboard Transportadoras",
                "/transportadora/dashboard",
            ),
        ),
        (true, entry("pedidos", "Pedidos", "/pedidos")),
        (
            neither_carrier_nor_admin,
            entry("clientes", "Clientes", "/clientes"),
        ),
        (
            neither_carrier_nor_admin,
            entry("produtos", "Produtos", "/produtos"),
        ),
        (
            root_admin || neither_carrier_nor_admin,
            entry("transportadoras", "Transportadoras", "/transportadoras"),
        ),
        (true, entry("caminhoes", "Caminhões", "/caminhoes")),
        (true, entry("motoristas", "Motoristas", "/motoristas")),
        (root_admin, entry("conjuntos", "Conjuntos", "/conjuntos")),
        (
            root_admin,
            entry("configuracao", "Configuração", "/settings"),
        ),
        // Rescues: root administrators (spec 1), a Usuario its company's and a Transportadora
        // its own (spec 3 section 6).
        (
            root_admin || usuario || carrier,
            entry("recuperar", "Recuperar", "/recuperar"),
        ),
        // Terms and pop-ups of the Usuario's own company (spec 3 section 6); administrators
        // keep them in /settings.
        (usuario, entry("conteudo", "Termos e Pop-ups", "/conteudo")),
        // API keys and webhooks of the carrier's or the company's systems (issue 26).
        (
            usuario || carrier,
            entry("integracoes", "Integrações", "/integracoes"),
        ),
        (admin, entry("usuarios", "Usuários", "/usuarios")),
        (admin, entry("historico", "Histórico", "/historico")),
        (admin, entry("marcas", "Marcas", "/marcas")),
        (admin, entry("modelos", "Modelos", "/modelos")),
        (admin, entry("logs", "Logs", "/logs")),
        (
            true,
            entry(LOGOUT_KEY, "Sair", role.login_page().logout_route()),
        ),
    ];
    candidates
        .into_iter()
        .filter(|(shown, _)| *shown)
        .map(|(_, e)| e)
        .collect()
}

/// [`sidebar`] keeping only entries whose key is in `built` (pages not built yet stay out) and
/// whose page the role may open (a menu entry that leads to a refusal is a trap: dispatch roles
/// would otherwise see Clientes and Transportadoras), plus the sign-out entry, always kept.
pub fn sidebar_filtered(role: Role, is_root: bool, built: &[&str]) -> Vec<MenuEntry> {
    sidebar(role, is_root)
        .into_iter()
        .filter(|e| {
            e.key == LOGOUT_KEY || (built.contains(&e.key) && route_allows(e.path, role, is_root))
        })
        .collect()
}

/// Who may open a staff route. `root_only` means an Administrador must also be root; the other
/// listed roles are admitted without it (only administrators carry the root flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteRule {
    /// Path with `:name` placeholders for single segments, e.g. `/empresa/novo/:id`.
    pub pattern: &'static str,
    pub roles: &'static [Role],
    pub root_only: bool,
}

impl RouteRule {
    /// Whether `role` (with its root flag) may open this route.
    pub fn admits(&self, role: Role, is_root: bool) -> bool {
        self.roles.contains(&role) && (!self.root_only || role != Role::Administrador || is_root)
    }

    /// Whether `path` (a concrete path or the pattern itself) matches this rule.
    pub fn matches(&self, path: &str) -> bool {
        let path = normalize(path);
        if path == self.pattern {
            return true;
        }
        let mut want = self.pattern.split('/');
        let mut got = path.split('/');
        loop {
            match (want.next(), got.next()) {
                (None, None) => return true,
                (Some(w), Some(g)) if w.starts_with(':') && !g.is_empty() => {}
                (Some(w), Some(g)) if w == g => {}
                _ => return false,
            }
        }
    }
}

fn normalize(path: &str) -> &str {
    let end = path.find(['?', '#']).unwrap_or(path.len());
    let path = &path[..end];
    match path.strip_suffix('/') {
        Some(p) if !p.is_empty() => p,
        _ => path,
    }
}

const ADMIN: &[Role] = &[Role::Administrador];
const ADMIN_USER: &[Role] = &[Role::Administrador, Role::Usuario];
const ADMIN_USER_CARRIER: &[Role] = &[Role::Administrador, Role::Usuario, Role::Transportadora];
const USER_CARRIER: &[Role] = &[Role::Usuario, Role::Transportadora];
const CARRIER: &[Role] = &[Role::Transportadora];
const USER: &[Role] = &[Role::Usuario];
const DISPATCH: &[Role] = &[Role::Expedicao, Role::Espectador, Role::Portaria];

const fn rule(pattern: &'static str, roles: &'static [Role], root_only: bool) -> RouteRule {
    RouteRule {
        pattern,
        roles,
        root_only,
    }
}

/// Staff routes and who may open them. Consistent with [`sidebar`] for the roles that sign in on
/// /login (every sidebar path is allowed), and wider where the spec grants access without a menu
/// entry: administrators open /clientes and /produtos (spec 1 section 6, spec 2 section 6),
/// Usuario opens /recuperar, /fila, the term form and /transportadora/dashboard (spec 3
/// section 6). Dispatch roles are admitted only to their own panel: spec 2 says they touch these
/// areas only through the expedition views. A path that matches no rule is refused.
pub const STAFF_ROUTES: &[RouteRule] = &[
    rule("/dashboard", ADMIN_USER, false),
    // Companies
    rule("/empresas", ADMIN, false),
    rule("/empresa/novo", ADMIN, false),
    rule("/empresa/novo/:id", ADMIN, false),
    // Customers
    rule("/clientes", ADMIN_USER, false),
    rule("/cliente/novo", ADMIN_USER, false),
    rule("/cliente/novo/:id", ADMIN_USER, false),
    // Shipping companies: root administrators or company users (sidebar rule)
    rule("/transportadoras", ADMIN_USER, true),
    rule("/transportadora/novo", ADMIN_USER, true),
    rule("/transportadora/novo/:id", ADMIN_USER, true),
    // Users and profiles
    rule("/usuarios", ADMIN, false),
    rule("/usuario/novo", ADMIN, false),
    rule("/usuario/novo/:id", ADMIN, false),
    rule("/user/edit", USER_CARRIER, false),
    rule("/admin/edit", ADMIN, false),
    // The simple own-profile form (name, phone, password) for every staff role.
    rule("/perfil", &Role::ALL, false),
    rule("/logs", ADMIN, false),
    // Orders and loadings; shipping-company users read orders but do not create or edit them
    rule("/pedidos", ADMIN_USER_CARRIER, false),
    rule("/pedido/novo", ADMIN_USER, false),
    rule("/pedido/novo/:id", ADMIN_USER, false),
    rule("/agendamento/novo/:id", ADMIN_USER_CARRIER, false),
    // Fleet
    rule("/caminhoes", ADMIN_USER_CARRIER, false),
    rule("/caminhao/novo", ADMIN_USER_CARRIER, false),
    rule("/caminhao/novo/:id", ADMIN_USER_CARRIER, false),
    rule("/motoristas", ADMIN_USER_CARRIER, false),
    rule("/motorista/novo", ADMIN_USER_CARRIER, false),
    rule("/motorista/novo/:id", ADMIN_USER_CARRIER, false),
    rule("/motoristas/logs/:id", ADMIN_USER_CARRIER, false),
    // Products
    rule("/produtos", ADMIN_USER, false),
    rule("/produto/novo", ADMIN_USER, false),
    rule("/produto/novo/:id", ADMIN_USER, false),
    // Sets: the sidebar shows them to root administrators (spec 1); spec 2 has company and
    // shipping-company users work on them too (a Transportadora links vehicles to itself and
    // sees 'Desvincular'), so their routes admit them. Dispatch roles only read sets through
    // the API.
    rule("/conjuntos", ADMIN_USER_CARRIER, true),
    rule(
        "/conjuntos/vincular/transportadora",
        ADMIN_USER_CARRIER,
        true,
    ),
    // Loading history, brands, models
    rule("/historico", ADMIN, false),
    rule("/marcas", ADMIN, false),
    rule("/marca/novo", ADMIN, false),
    rule("/marca/:id", ADMIN, false),
    rule("/modelos", ADMIN, false),
    rule("/modelo/novo", ADMIN, false),
    rule("/modelo/:id", ADMIN, false),
    // Settings (root administrators); terms also for company users (spec 3 section 6)
    rule("/settings", ADMIN, true),
    rule(
        "/termos-de-acesso/:companyId/novo/:termId",
        ADMIN_USER,
        true,
    ),
    // Rescues: root administrators (sidebar), company users and shipping-company users, each
    // in its scope (spec 3 section 6)
    rule("/recuperar", ADMIN_USER_CARRIER, true),
    // Terms and pop-ups of the company user's own company (spec 3 section 6)
    rule("/conteudo", USER, false),
    // API keys and webhooks (issue 26): a company's or a carrier's.
    rule("/integracoes", USER_CARRIER, false),
    // Queue views
    rule("/expedicao/transportadora", CARRIER, false),
    rule("/expedicao/painel", DISPATCH, false),
    // The expedition panel for the yard's screens (spec 3 section 2, "Public expedition panel").
    rule("/elemidia", DISPATCH, false),
    rule("/fila", USER, false),
    rule("/transportadora/dashboard", ADMIN_USER_CARRIER, false),
];

/// The rule for `path` (a concrete path such as `/empresa/novo/12`, or a pattern).
/// An exact pattern wins over a placeholder match (`/marca/novo` before `/marca/:id`).
pub fn route_rule(path: &str) -> Option<&'static RouteRule> {
    let normalized = normalize(path);
    STAFF_ROUTES
        .iter()
        .find(|r| r.pattern == normalized)
        .or_else(|| STAFF_ROUTES.iter().find(|r| r.matches(normalized)))
}

/// Whether a staff user of `role` may open `path_pattern`. Unknown paths are refused.
pub fn route_allows(path_pattern: &str, role: Role, is_root: bool) -> bool {
    route_rule(path_pattern).is_some_and(|r| r.admits(role, is_root))
}

/// The route patterns `role` may open, in [`STAFF_ROUTES`] order (for the browser's guards).
pub fn allowed_routes(role: Role, is_root: bool) -> Vec<&'static str> {
    STAFF_ROUTES
        .iter()
        .filter(|r| r.admits(role, is_root))
        .map(|r| r.pattern)
        .collect()
}

/// Pages that send a role elsewhere instead of refusing it: (role, pattern, target).
const REDIRECTS: [(Role, &str, &str); 1] = [(Role::Transportadora, "/dashboard", "/pedidos")];

/// A page that sends a role elsewhere instead of refusing it: shipping-company users who open
/// /dashboard go to /pedidos (spec 1 section 2). Checked before [`route_allows`].
pub fn route_redirect(path: &str, role: Role) -> Option<&'static str> {
    let path = normalize(path);
    REDIRECTS
        .iter()
        .find(|(r, from, _)| *r == role && *from == path)
        .map(|(_, _, to)| *to)
}

/// Every redirect of `role` (pattern -> target), for the browser's guards.
pub fn route_redirects(role: Role) -> BTreeMap<&'static str, &'static str> {
    REDIRECTS
        .iter()
        .filter(|(r, _, _)| *r == role)
        .map(|(_, from, to)| (*from, *to))
        .collect()
}

/// What the office screens offer a staff role (spec 1 sections 2 and 6, spec 2 sections 2 to 6).
/// The session carries it, so that a screen shows only what the server allows; the server
/// checks again on every read and write.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScreenAbilities {
    /// Every company's records: the company column and filter on the drivers, trucks, history
    /// and rescues lists, the company field on the driver and truck forms (administrators).
    pub sees_every_company: bool,
    /// Kept to its own shipping company (the Transportadora): no shipping-company filter,
    /// column or field; the link screen's shipping company is fixed; the profile shows it.
    pub own_shipping_company: bool,
    /// Creates, edits and deletes orders (everyone but the Transportadora, who reads them).
    pub edits_orders: bool,
    /// The customers list is kept to the user's company (a Usuario; administrators see all).
    pub customers_of_own_company: bool,
    /// The carriers' dashboard offers a company choice (a root administrator).
    pub chooses_dashboard_company: bool,
    /// The window title's prefix (spec 1 section 2).
    pub title_prefix: &'static str,
    /// The profile page opened from the avatar and from 'Perfil'; dispatch roles have only the
    /// simple own-profile form.
    pub profile_path: &'static str,
    /// What the user form lets this user set on a new user (administrators); absent for those
    /// who create no users.
    pub new_user: Option<crate::admin::access::UserEditRights>,
}

/// The office screens' abilities of `role` (`is_root` for an administrator).
pub const fn screen_abilities(role: Role, is_root: bool) -> ScreenAbilities {
    let admin = matches!(role, Role::Administrador);
    let carrier = matches!(role, Role::Transportadora);
    ScreenAbilities {
        sees_every_company: admin,
        own_shipping_company: carrier,
        edits_orders: !carrier,
        customers_of_own_company: matches!(role, Role::Usuario),
        chooses_dashboard_company: admin && is_root,
        title_prefix: if carrier {
            "Transportadora - "
        } else {
            "Admin - "
        },
        profile_path: match role {
            Role::Administrador => "/admin/edit",
            Role::Usuario | Role::Transportadora => "/user/edit",
            Role::Expedicao | Role::Espectador | Role::Portaria => "/perfil",
        },
        new_user: crate::admin::access::new_user_rights(role, is_root),
    }
}

/// Which fields the user form offers for a user of a role (spec 1 sections 5 and 6). Only the
/// form's shape: the server decides again what is stored.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserFormFields {
    /// The company picker: every role but Administrador.
    pub company: bool,
    /// Whether the company must be chosen (a Transportadora's comes from its shipping company).
    pub company_required: bool,
    /// The shipping-company picker: the Transportadora.
    pub shipping_company: bool,
    /// The daily loading report: Usuario and Expedicao.
    pub daily_report: bool,
    /// The root switch: administrators.
    pub root_switch: bool,
    /// SMS / WhatsApp / e-mail authorisations, in the Transportadora's own profile.
    pub contact_flags: bool,
}

pub const fn user_form_fields(role: Role) -> UserFormFields {
    let carrier = matches!(role, Role::Transportadora);
    let admin = matches!(role, Role::Administrador);
    UserFormFields {
        company: !admin,
        company_required: !admin && !carrier,
        shipping_company: carrier,
        daily_report: matches!(role, Role::Usuario | Role::Expedicao),
        root_switch: admin,
        contact_flags: carrier,
    }
}

/// Spec 3 section 6: Portaria sees no tonnes (the ordered and transported quantities, the
/// trucks' capacities, the day's tonnage); every other reader of the queue does.
pub fn sees_tonnes(role: Role) -> bool {
    role != Role::Portaria
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_administrators_see_every_company_and_only_the_root_chooses_the_dashboard_company() {
        for role in Role::ALL {
            let a = super::screen_abilities(role, false);
            assert_eq!(
                a.sees_every_company,
                role == Role::Administrador,
                "{role:?}"
            );
            assert!(!a.chooses_dashboard_company, "{role:?}");
            let root = super::screen_abilities(role, true);
            assert_eq!(
                root.chooses_dashboard_company,
                role == Role::Administrador,
                "{role:?}"
            );
        }
    }

    #[test]
    fn the_transportadora_keeps_to_its_shipping_company_and_reads_orders() {
        for role in Role::ALL {
            let a = super::screen_abilities(role, false);
            let carrier = role == Role::Transportadora;
            assert_eq!(a.own_shipping_company, carrier, "{role:?}");
            assert_eq!(a.edits_orders, !carrier, "{role:?}");
            assert_eq!(
                a.title_prefix,
                if carrier {
                    "Transportadora - "
                } else {
                    "Admin - "
                }
            );
            assert_eq!(
                super::route_redirect("/dashboard/", role),
                carrier.then_some("/pedidos")
            );
            assert_eq!(
                super::route_redirects(role).is_empty(),
                !carrier,
                "{role:?}"
            );
        }
    }

    #[test]
    fn the_user_form_offers_the_fields_of_the_role() {
        let f = super::user_form_fields;
        assert!(!f(Role::Administrador).company && f(Role::Administrador).root_switch);
        assert!(f(Role::Transportadora).company && !f(Role::Transportadora).company_required);
        assert!(f(Role::Transportadora).shipping_company && f(Role::Transportadora).contact_flags);
        assert!(f(Role::Usuario).company_required && f(Role::Usuario).daily_report);
        assert!(f(Role::Expedicao).daily_report && !f(Role::Portaria).daily_report);
        assert!(!f(Role::Usuario).shipping_company && !f(Role::Usuario).root_switch);
    }

    #[test]
    fn portaria_alone_sees_no_tonnes() {
        for role in Role::ALL {
            assert_eq!(super::sees_tonnes(role), role != Role::Portaria, "{role:?}");
        }
    }

    use super::*;

    fn keys(role: Role, is_root: bool) -> Vec<&'static str> {
        sidebar(role, is_root).iter().map(|e| e.key).collect()
    }

    #[test]
    fn panel_abilities_follow_spec_three_section_six() {
        let expedicao = panel_abilities(Role::Expedicao);
        assert!(expedicao.operate && expedicao.call && expedicao.details && expedicao.sees_phone);
        let espectador = panel_abilities(Role::Espectador);
        assert!(!espectador.operate && !espectador.call && !espectador.details);
        assert!(espectador.sees_tonnes);
        let portaria = panel_abilities(Role::Portaria);
        assert!(!portaria.operate && portaria.call && portaria.details);
        assert!(!portaria.sees_tonnes && !portaria.sees_phone);
        let carrier = panel_abilities(Role::Transportadora);
        assert!(!carrier.operate && !carrier.call && !carrier.details && !carrier.sees_phone);
    }

    #[test]
    fn roles_have_exact_wire_spellings() {
        let names: Vec<&str> = Role::ALL.iter().map(|r| r.as_str()).collect();
        assert_eq!(
            names,
            [
                "Administrador",
                "Usuario",
                "Transportadora",
                "Expedicao",
                "Espectador",
                "Portaria"
            ]
        );
        for r in Role::ALL {
            assert_eq!(Role::parse(r.as_str()), Ok(r));
            assert_eq!(
                serde_json::to_string(&r).unwrap(),
                format!("\"{}\"", r.as_str())
            );
            assert_eq!(
                serde_json::from_str::<Role>(&format!("\"{r}\"")).unwrap(),
                r
            );
        }
    }

    #[test]
    fn role_parse_refuses_other_spellings() {
        assert_eq!(Role::parse("Usuário"), Err(ValueError::Role));
        assert_eq!(Role::parse("administrador"), Err(ValueError::Role));
        assert_eq!(Role::parse("Login"), Err(ValueError::Role));
        assert_eq!(Role::parse(" Portaria "), Ok(Role::Portaria));
    }

    #[test]
    fn role_labels_are_pt_br_with_accents() {
        let labels: Vec<&str> = Role::ALL.iter().map(|r| r.label()).collect();
        assert_eq!(
            labels,
            [
                "Administrador",
                "Usuário",
                "Transportadora",
                "Expedição",
                "Espectador",
                "Portaria"
            ]
        );
    }

    #[test]
    fn session_kind_serializes_lowercase() {
        assert_eq!(
            serde_json::to_string(&SessionKind::Staff).unwrap(),
            "\"staff\""
        );
        assert_eq!(
            serde_json::to_string(&SessionKind::Driver).unwrap(),
            "\"driver\""
        );
        assert_eq!(SessionKind::Driver.as_str(), "driver");
    }

    #[test]
    fn staff_login_admits_administrador_usuario_and_transportadora_only() {
        use Role::*;
        let admitted: Vec<Role> = Role::ALL
            .into_iter()
            .filter(|&r| LoginPage::Staff.admits(r))
            .collect();
        assert_eq!(admitted, [Administrador, Usuario, Transportadora]);
    }

    #[test]
    fn dispatch_login_admits_expedicao_espectador_and_portaria_only() {
        use Role::*;
        let admitted: Vec<Role> = Role::ALL
            .into_iter()
            .filter(|&r| LoginPage::Dispatch.admits(r))
            .collect();
        assert_eq!(admitted, [Expedicao, Espectador, Portaria]);
    }

    #[test]
    fn every_role_is_admitted_by_exactly_its_own_login_page() {
        for r in Role::ALL {
            assert!(r.login_page().admits(r));
            let other = match r.login_page() {
                LoginPage::Staff => LoginPage::Dispatch,
                LoginPage::Dispatch => LoginPage::Staff,
            };
            assert!(!other.admits(r));
        }
    }

    #[test]
    fn logout_returns_to_the_page_signed_in_on() {
        assert_eq!(LoginPage::Staff.logout_route(), "/login");
        assert_eq!(LoginPage::Dispatch.logout_route(), "/expedicao");
    }

    #[test]
    fn login_messages_are_the_spec_texts() {
        assert_eq!(NOT_ALLOWED_MESSAGE, "Você não tem permissão de acesso!");
        assert_eq!(
            BLOCKED_MESSAGE,
            "Usuário bloqueado, fale com o administrador do sistema!"
        );
        assert_eq!(INVALID_CREDENTIALS_MESSAGE, "Usuário ou senha inválido");
    }

    #[test]
    fn landing_depends_on_role() {
        assert_eq!(landing(Role::Administrador), "/dashboard");
        assert_eq!(landing(Role::Usuario), "/dashboard");
        assert_eq!(landing(Role::Transportadora), "/expedicao/transportadora");
        assert_eq!(landing(Role::Expedicao), "/expedicao/painel");
        assert_eq!(landing(Role::Espectador), "/expedicao/painel");
        assert_eq!(landing(Role::Portaria), "/expedicao/painel");
        assert_eq!(DRIVER_LANDING, "/");
    }

    #[test]
    fn every_role_may_open_its_landing() {
        for r in Role::ALL {
            assert!(route_allows(landing(r), r, false), "{r}");
        }
    }

    #[test]
    fn sidebar_of_root_administrator() {
        assert_eq!(
            keys(Role::Administrador, true),
            [
                "dashboard",
                "empresas",
                "pedidos",
                "transportadoras",
                "caminhoes",
                "motoristas",
                "conjuntos",
                "configuracao",
                "recuperar",
                "usuarios",
                "historico",
                "marcas",
                "modelos",
                "logs",
                "sair"
            ]
        );
    }

    #[test]
    fn sidebar_of_administrator_without_root() {
        assert_eq!(
            keys(Role::Administrador, false),
            [
                "dashboard",
                "empresas",
                "pedidos",
                "caminhoes",
                "motoristas",
                "usuarios",
                "historico",
                "marcas",
                "modelos",
                "logs",
                "sair"
            ]
        );
    }

    #[test]
    fn sidebar_of_usuario_ignores_the_root_flag() {
        // Issue 22: /fila, /transportadora/dashboard, /recuperar and the company's terms and
        // pop-ups, the routes spec 3 section 6 gives the Usuario, are in its menu.
        let expected = [
            "dashboard",
            "fila-virtual",
            "dashboard-transportadoras",
            "pedidos",
            "clientes",
            "produtos",
            "transportadoras",
            "caminhoes",
            "motoristas",
            "recuperar",
            "conteudo",
            "integracoes",
            "sair",
        ];
        assert_eq!(keys(Role::Usuario, false), expected);
        assert_eq!(keys(Role::Usuario, true), expected);
    }

    #[test]
    fn sidebar_of_transportadora() {
        let expected = [
            "fila",
            "dashboard-transportadora",
            "pedidos",
            "caminhoes",
            "motoristas",
            "recuperar",
            "integracoes",
            "sair",
        ];
        assert_eq!(keys(Role::Transportadora, false), expected);
        assert_eq!(keys(Role::Transportadora, true), expected);
    }

    #[test]
    fn sidebar_of_dispatch_roles_follows_the_rules_literally() {
        for r in [Role::Expedicao, Role::Espectador, Role::Portaria] {
            for root in [false, true] {
                assert_eq!(
                    keys(r, root),
                    [
                        "pedidos",
                        "clientes",
                        "produtos",
                        "transportadoras",
                        "caminhoes",
                        "motoristas",
                        "sair"
                    ]
                );
            }
            assert_eq!(sidebar(r, false).last().map(|e| e.path), Some("/expedicao"));
        }
    }

    #[test]
    fn sidebar_labels_and_paths_are_the_spec_ones() {
        let all: Vec<(&str, &str)> = sidebar(Role::Administrador, true)
            .iter()
            .map(|e| (e.label, e.path))
            .collect();
        assert_eq!(
            all,
            [
                ("Dashboard", "/dashboard"),
                ("Empresas", "/empresas"),
                ("Pedidos", "/pedidos"),
                ("Transportadoras", "/transportadoras"),
                ("Caminhões", "/caminhoes"),
                ("Motoristas", "/motoristas"),
                ("Conjuntos", "/conjuntos"),
                ("Configuração", "/settings"),
                ("Recuperar", "/recuperar"),
                ("Usuários", "/usuarios"),
                ("Histórico", "/historico"),
                ("Marcas", "/marcas"),
                ("Modelos", "/modelos"),
                ("Logs", "/logs"),
                ("Sair", "/login"),
            ]
        );
        let carrier = sidebar(Role::Transportadora, false);
        assert_eq!(
            carrier[0],
            entry("fila", "Fila", "/expedicao/transportadora")
        );
        assert_eq!(
            carrier[1],
            entry(
                "dashboard-transportadora",
                "Dashboard",
                "/transportadora/dashboard"
            )
        );
        let user = sidebar(Role::Usuario, false);
        assert!(user.contains(&entry("clientes", "Clientes", "/clientes")));
        assert!(user.contains(&entry("produtos", "Produtos", "/produtos")));
    }

    #[test]
    fn sidebar_always_ends_with_logout() {
        for r in Role::ALL {
            for root in [false, true] {
                assert_eq!(sidebar(r, root).last().map(|e| e.key), Some(LOGOUT_KEY));
            }
        }
    }

    #[test]
    fn sidebar_filtered_keeps_built_pages_and_logout() {
        let got: Vec<&str> =
            sidebar_filtered(Role::Administrador, true, &["empresas", "logs", "fila"])
                .iter()
                .map(|e| e.key)
                .collect();
        assert_eq!(got, ["empresas", "logs", "sair"]);
        let none: Vec<&str> = sidebar_filtered(Role::Usuario, false, &[])
            .iter()
            .map(|e| e.key)
            .collect();
        assert_eq!(none, ["sair"]);
    }

    #[test]
    fn sidebar_filtered_shows_dispatch_roles_only_entries_they_may_open() {
        let all: Vec<&str> = sidebar(Role::Expedicao, false)
            .iter()
            .map(|e| e.key)
            .collect();
        for r in [Role::Expedicao, Role::Espectador, Role::Portaria] {
            let got: Vec<&str> = sidebar_filtered(r, false, &all)
                .iter()
                .map(|e| e.key)
                .collect();
            assert_eq!(got, ["sair"], "{r}");
        }
        for r in Role::ALL {
            for root in [false, true] {
                let keys: Vec<&str> = sidebar(r, root).iter().map(|e| e.key).collect();
                for e in sidebar_filtered(r, root, &keys)
                    .iter()
                    .filter(|e| e.key != LOGOUT_KEY)
                {
                    assert!(route_allows(e.path, r, root), "{r} root={root} {}", e.path);
                }
            }
        }
    }

    #[test]
    fn every_sidebar_path_is_an_allowed_route_for_roles_signing_in_on_login() {
        for r in [Role::Administrador, Role::Usuario, Role::Transportadora] {
            for root in [false, true] {
                for e in sidebar(r, root).iter().filter(|e| e.key != LOGOUT_KEY) {
                    assert!(route_allows(e.path, r, root), "{r} root={root} {}", e.path);
                }
            }
        }
    }

    #[test]
    fn root_only_routes_refuse_administrators_without_root() {
        for p in ["/conjuntos", "/settings", "/recuperar", "/transportadoras"] {
            assert!(route_allows(p, Role::Administrador, true), "{p}");
            assert!(!route_allows(p, Role::Administrador, false), "{p}");
        }
    }

    #[test]
    fn sets_open_to_company_and_shipping_company_users_too() {
        for p in ["/conjuntos", "/conjuntos/vincular/transportadora"] {
            assert!(route_allows(p, Role::Usuario, false), "{p}");
            assert!(route_allows(p, Role::Transportadora, false), "{p}");
            for r in [Role::Expedicao, Role::Espectador, Role::Portaria] {
                assert!(!route_allows(p, r, false), "{p} {r}");
            }
        }
        // The sidebar entry stays the root administrator's (spec 1 section 2).
        assert!(!sidebar(Role::Transportadora, false)
            .iter()
            .any(|e| e.key == "conjuntos"));
    }

    #[test]
    fn fila_is_for_usuario_only() {
        for r in Role::ALL {
            for root in [false, true] {
                assert_eq!(route_allows("/fila", r, root), r == Role::Usuario, "{r}");
            }
        }
    }

    #[test]
    fn user_edit_is_for_usuario_and_transportadora_and_admin_edit_for_administrador() {
        for r in Role::ALL {
            assert_eq!(
                route_allows("/user/edit", r, false),
                matches!(r, Role::Usuario | Role::Transportadora),
                "{r}"
            );
            assert_eq!(
                route_allows("/admin/edit", r, true),
                r == Role::Administrador,
                "{r}"
            );
        }
    }

    #[test]
    fn transportadora_dashboard_is_for_administrador_transportadora_and_usuario() {
        for r in Role::ALL {
            assert_eq!(
                route_allows("/transportadora/dashboard", r, false),
                matches!(
                    r,
                    Role::Administrador | Role::Transportadora | Role::Usuario
                ),
                "{r}"
            );
        }
    }

    #[test]
    fn expedicao_painel_is_for_dispatch_roles_only() {
        for r in Role::ALL {
            assert_eq!(
                route_allows("/expedicao/painel", r, true),
                r.is_dispatch(),
                "{r}"
            );
        }
    }

    #[test]
    fn dispatch_roles_open_only_their_panel_and_own_profile() {
        for r in [Role::Expedicao, Role::Espectador, Role::Portaria] {
            let mut routes = allowed_routes(r, true);
            routes.sort_unstable();
            assert_eq!(routes, ["/elemidia", "/expedicao/painel", "/perfil"]);
        }
    }

    #[test]
    fn administration_routes_are_for_administrators() {
        for p in [
            "/empresas",
            "/empresa/novo",
            "/empresa/novo/:id",
            "/usuarios",
            "/logs",
            "/marcas",
        ] {
            for r in Role::ALL {
                assert_eq!(
                    route_allows(p, r, false),
                    r == Role::Administrador,
                    "{p} {r}"
                );
            }
        }
    }

    #[test]
    fn transportadora_reads_orders_but_cannot_open_the_order_form() {
        assert!(route_allows("/pedidos", Role::Transportadora, false));
        assert!(!route_allows("/pedido/novo", Role::Transportadora, false));
        assert!(!route_allows("/pedido/novo/7", Role::Transportadora, false));
        assert!(route_allows(
            "/agendamento/novo/7",
            Role::Transportadora,
            false
        ));
    }

    #[test]
    fn recuperar_is_for_root_administrators_usuario_and_transportadora() {
        assert!(route_allows("/recuperar", Role::Usuario, false));
        // Spec 3 section 6: "rescues limited to its company" for the Transportadora.
        assert!(route_allows("/recuperar", Role::Transportadora, false));
        assert!(!route_allows("/recuperar", Role::Expedicao, false));
        assert!(route_allows("/conteudo", Role::Usuario, false));
        assert!(!route_allows("/conteudo", Role::Transportadora, false));
    }

    #[test]
    fn concrete_paths_match_placeholder_patterns() {
        assert!(route_allows("/empresa/novo/12", Role::Administrador, false));
        assert!(route_allows("/cliente/novo/0", Role::Usuario, false));
        assert!(route_allows("/clientes/", Role::Usuario, false));
        assert!(route_allows(
            "/caminhoes?plate=ABC1D23",
            Role::Usuario,
            false
        ));
        assert!(!route_allows(
            "/empresa/novo/12/extra",
            Role::Administrador,
            false
        ));
        assert!(!route_allows("/empresa/novo/", Role::Usuario, false));
        assert_eq!(
            route_rule("/marca/novo").map(|r| r.pattern),
            Some("/marca/novo")
        );
        assert_eq!(
            route_rule("/marca/3").map(|r| r.pattern),
            Some("/marca/:id")
        );
        assert_eq!(
            route_rule("/termos-de-acesso/1/novo/undefined").map(|r| r.pattern),
            Some("/termos-de-acesso/:companyId/novo/:termId")
        );
    }

    #[test]
    fn unknown_routes_are_refused() {
        for r in Role::ALL {
            assert!(!route_allows("/nao-existe", r, true));
            assert!(!route_allows("", r, true));
            assert!(!route_allows("/", r, true));
        }
    }

    #[test]
    fn staff_route_patterns_are_unique() {
        let mut patterns: Vec<&str> = STAFF_ROUTES.iter().map(|r| r.pattern).collect();
        patterns.sort_unstable();
        let before = patterns.len();
        patterns.dedup();
        assert_eq!(before, patterns.len());
    }

    #[test]
    fn the_spec_staff_routes_are_all_covered() {
        for p in [
            "/dashboard",
            "/empresas",
            "/empresa/novo",
            "/empresa/novo/:id",
            "/clientes",
            "/cliente/novo",
            "/cliente/novo/:id",
            "/transportadoras",
            "/transportadora/novo",
            "/transportadora/novo/:id",
            "/usuarios",
            "/usuario/novo",
            "/usuario/novo/:id",
            "/user/edit",
            "/admin/edit",
            "/logs",
            "/pedidos",
            "/caminhoes",
            "/motoristas",
            "/produtos",
            "/conjuntos",
            "/historico",
            "/marcas",
            "/modelos",
            "/settings",
            "/recuperar",
            "/expedicao/transportadora",
            "/expedicao/painel",
            "/fila",
            "/transportadora/dashboard",
        ] {
            assert!(STAFF_ROUTES.iter().any(|r| r.pattern == p), "{p}");
        }
    }

    #[test]
    fn transportadora_is_redirected_from_dashboard_to_pedidos() {
        assert_eq!(
            route_redirect("/dashboard", Role::Transportadora),
            Some("/pedidos")
        );
        assert_eq!(route_redirect("/dashboard", Role::Usuario), None);
        assert_eq!(route_redirect("/pedidos", Role::Transportadora), None);
        assert!(route_allows("/pedidos", Role::Transportadora, false));
    }

    #[test]
    fn route_rules_serialize_for_the_browser() {
        let json = serde_json::to_value(route_rule("/settings").unwrap()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"pattern": "/settings", "roles": ["Administrador"], "rootOnly": true})
        );
        let menu = serde_json::to_value(sidebar(Role::Transportadora, false)[0]).unwrap();
        assert_eq!(
            menu,
            serde_json::json!({"key": "fila", "label": "Fila", "path": "/expedicao/transportadora"})
        );
    }
}
