//! Who may do what in the settings area (spec 3 section 6), and for which company.
//!
//! - The settings page (settings, delay reasons, blocked dates, the logo) is for root
//!   administrators: "Settings ... root only".
//! - Terms and pop-ups are managed by administrators (root or not: the spec makes only settings
//!   and recover root-only) and by the company's Usuario ("Popup management roles and terms
//!   creation: administrators and company users").
//! - Tolerance is switched from the settings page and from the expedition panel: root
//!   administrators and the company's Expedicao.
//! - Settings, blocked dates and showing pop-ups are read by the company's people: its staff,
//!   and its drivers (settings and pop-ups only); administrators read every company's.
//!
//! A role that may never do the action is refused (403); a role that may, acting on another
//! company's record, is answered as if the record did not exist (404).

use crate::auth::Actor;
use crate::roles::{Role, SessionKind};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsAction {
    /// `GET /settings/company/{id}`.
    ReadSettings,
    /// Settings save, logo upload, delay delete, blocked-dates writes.
    ManageSettings,
    /// `POST /settings/toggle-tolerance`.
    ToggleTolerance,
    /// `GET /holidays...`.
    ReadHolidays,
    /// Terms and pop-ups: lists, reads, counts and writes.
    ManageContent,
    /// `GET /popups/company/active/{id}`.
    ReadShowingPopups,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// 403: the role may not do this anywhere.
    Forbidden,
    /// 404: not for this company.
    NotFound,
}

fn role_may(actor: &Actor, action: SettingsAction) -> bool {
    let staff = actor.staff_role();
    let root_admin = actor.is_root_admin();
    match action {
        SettingsAction::ManageSettings => root_admin,
        SettingsAction::ToggleTolerance => root_admin || staff == Some(Role::Expedicao),
        SettingsAction::ManageContent => {
            matches!(staff, Some(Role::Administrador | Role::Usuario))
        }
        SettingsAction::ReadHolidays => staff.is_some(),
        SettingsAction::ReadSettings | SettingsAction::ReadShowingPopups => {
            staff.is_some() || actor.kind == SessionKind::Driver
        }
    }
}

/// Whether `actor` may do `action` on records of `company_id`.
pub fn check(actor: &Actor, action: SettingsAction, company_id: i64) -> Result<(), Refusal> {
    check_role(actor, action)?;
    if actor.can_see_company(company_id) {
        Ok(())
    } else {
        Err(Refusal::NotFound)
    }
}

/// Whether `actor`'s role may do `action` at all (before the record's company is known).
pub fn check_role(actor: &Actor, action: SettingsAction) -> Result<(), Refusal> {
    if role_may(actor, action) {
        Ok(())
    } else {
        Err(Refusal::Forbidden)
    }
}

/// Whether `actor` may read the reCAPTCHA secret of the settings.
pub fn sees_recaptcha_secret(actor: &Actor) -> bool {
    actor.is_root_admin()
}

#[cfg(test)]
mod tests {
    use super::*;
    use SettingsAction::*;

    fn staff(role: Role, root: bool, company: Option<i64>) -> Actor {
        Actor {
            kind: SessionKind::Staff,
            id: 1,
            role: Some(role),
            company_id: company,
            shipping_company_id: None,
            is_root: root,
            issued_at: None,
        }
    }

    fn driver(company: i64) -> Actor {
        Actor {
            kind: SessionKind::Driver,
            id: 2,
            role: None,
            company_id: Some(company),
            shipping_company_id: None,
            is_root: false,
            issued_at: None,
        }
    }

    const ALL: [SettingsAction; 6] = [
        ReadSettings,
        ManageSettings,
        ToggleTolerance,
        ReadHolidays,
        ManageContent,
        ReadShowingPopups,
    ];

    #[test]
    fn root_administrators_do_everything_everywhere() {
        let root = staff(Role::Administrador, true, None);
        for a in ALL {
            assert_eq!(check(&root, a, 7), Ok(()), "{a:?}");
        }
        assert!(sees_recaptcha_secret(&root));
    }

    #[test]
    fn other_administrators_manage_content_but_not_settings() {
        let admin = staff(Role::Administrador, false, None);
        assert_eq!(check(&admin, ManageSettings, 7), Err(Refusal::Forbidden));
        assert_eq!(check(&admin, ToggleTolerance, 7), Err(Refusal::Forbidden));
        assert_eq!(check(&admin, ManageContent, 7), Ok(()));
        assert_eq!(check(&admin, ReadSettings, 7), Ok(()));
        assert!(!sees_recaptcha_secret(&admin));
    }

    #[test]
    fn usuario_manages_its_own_company_content_only() {
        let u = staff(Role::Usuario, false, Some(3));
        assert_eq!(check(&u, ManageContent, 3), Ok(()));
        assert_eq!(check(&u, ManageContent, 4), Err(Refusal::NotFound));
        assert_eq!(check(&u, ManageSettings, 3), Err(Refusal::Forbidden));
        assert_eq!(check(&u, ToggleTolerance, 3), Err(Refusal::Forbidden));
        assert_eq!(check(&u, ReadSettings, 4), Err(Refusal::NotFound));
        // The root flag means nothing outside the Administrador role.
        let forged = staff(Role::Usuario, true, Some(3));
        assert_eq!(check(&forged, ManageSettings, 3), Err(Refusal::Forbidden));
    }

    #[test]
    fn expedicao_toggles_tolerance_of_its_company() {
        let e = staff(Role::Expedicao, false, Some(3));
        assert_eq!(check(&e, ToggleTolerance, 3), Ok(()));
        assert_eq!(check(&e, ToggleTolerance, 4), Err(Refusal::NotFound));
        assert_eq!(check(&e, ManageContent, 3), Err(Refusal::Forbidden));
        for r in [Role::Espectador, Role::Portaria, Role::Transportadora] {
            assert_eq!(
                check(&staff(r, false, Some(3)), ToggleTolerance, 3),
                Err(Refusal::Forbidden),
                "{r}"
            );
        }
    }

    #[test]
    fn drivers_read_their_company_settings_and_popups_only() {
        let d = driver(3);
        assert_eq!(check(&d, ReadSettings, 3), Ok(()));
        assert_eq!(check(&d, ReadShowingPopups, 3), Ok(()));
        assert_eq!(check(&d, ReadShowingPopups, 4), Err(Refusal::NotFound));
        for a in [ManageSettings, ToggleTolerance, ReadHolidays, ManageContent] {
            assert_eq!(check(&d, a, 3), Err(Refusal::Forbidden), "{a:?}");
        }
        assert!(!sees_recaptcha_secret(&d));
    }

    #[test]
    fn company_staff_read_settings_and_blocked_dates() {
        for r in [
            Role::Usuario,
            Role::Expedicao,
            Role::Espectador,
            Role::Portaria,
            Role::Transportadora,
        ] {
            let s = staff(r, false, Some(3));
            assert_eq!(check(&s, ReadSettings, 3), Ok(()), "{r}");
            assert_eq!(check(&s, ReadHolidays, 3), Ok(()), "{r}");
            assert_eq!(check(&s, ReadHolidays, 4), Err(Refusal::NotFound), "{r}");
        }
    }
}
