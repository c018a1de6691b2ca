//! Privacy policy and terms of use approval (spec 1 section 4, spec 3 "Terms approval").

use crate::roles::{landing, LoginPage, Role, SessionKind, DRIVER_LANDING};

/// Whether the person must go to the terms approval page after signing in.
///
/// A shipping-company user whose `use_terms` is false always goes (the page also collects the SMS,
/// WhatsApp and e-mail authorizations, so it has a purpose without a term text); a driver whose
/// `use_terms` is false goes only when the company has a terms text. Other roles never go.
pub fn must_approve_terms(
    kind: SessionKind,
    role: Option<Role>,
    use_terms: bool,
    company_has_term: bool,
) -> bool {
    if use_terms {
        return false;
    }
    match kind {
        SessionKind::Staff => role == Some(Role::Transportadora),
        SessionKind::Driver => company_has_term,
    }
}

/// Where to go after accepting. The spec sends "other users" to /admin, which is not a route;
/// they go to their landing instead (/dashboard for Administrador and Usuario, the only other
/// roles that can reach this page). A driver goes home.
pub fn after_acceptance(kind: SessionKind, role: Option<Role>) -> &'static str {
    match (kind, role) {
        (SessionKind::Driver, _) => DRIVER_LANDING,
        (SessionKind::Staff, Some(role)) => landing(role),
        (SessionKind::Staff, None) => "/dashboard",
    }
}

/// Where to go after refusing (the person is signed out): the login they came from. The spec's
/// "/" for drivers and "/admin" for staff would only bounce to these logins.
pub fn after_refusal(kind: SessionKind) -> &'static str {
    match kind {
        SessionKind::Driver => DRIVER_LOGIN,
        SessionKind::Staff => LoginPage::Staff.path(),
    }
}

/// The driver sign-in page.
pub const DRIVER_LOGIN: &str = "/app/login";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transportadora_without_accepted_terms_must_approve() {
        let t = Some(Role::Transportadora);
        assert!(must_approve_terms(SessionKind::Staff, t, false, true));
        assert!(must_approve_terms(SessionKind::Staff, t, false, false));
        assert!(!must_approve_terms(SessionKind::Staff, t, true, true));
    }

    #[test]
    fn driver_must_approve_only_when_the_company_has_a_term() {
        assert!(must_approve_terms(SessionKind::Driver, None, false, true));
        assert!(!must_approve_terms(SessionKind::Driver, None, false, false));
        assert!(!must_approve_terms(SessionKind::Driver, None, true, true));
    }

    #[test]
    fn other_staff_roles_never_approve_terms() {
        for r in Role::ALL.into_iter().filter(|&r| r != Role::Transportadora) {
            assert!(
                !must_approve_terms(SessionKind::Staff, Some(r), false, true),
                "{r}"
            );
        }
        assert!(!must_approve_terms(SessionKind::Staff, None, false, true));
    }

    #[test]
    fn after_acceptance_goes_to_the_persons_home() {
        assert_eq!(
            after_acceptance(SessionKind::Staff, Some(Role::Transportadora)),
            "/expedicao/transportadora"
        );
        assert_eq!(after_acceptance(SessionKind::Driver, None), "/");
        assert_eq!(
            after_acceptance(SessionKind::Staff, Some(Role::Usuario)),
            "/dashboard"
        );
        assert_eq!(
            after_acceptance(SessionKind::Staff, Some(Role::Administrador)),
            "/dashboard"
        );
        assert_eq!(after_acceptance(SessionKind::Staff, None), "/dashboard");
    }

    #[test]
    fn after_refusal_goes_back_to_the_login() {
        assert_eq!(after_refusal(SessionKind::Driver), "/app/login");
        assert_eq!(after_refusal(SessionKind::Staff), "/login");
    }
}
