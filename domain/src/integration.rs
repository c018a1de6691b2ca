//! Carriers' integration (issue 26): who an API key or a webhook speaks for, the key's format
//! and hash, the rate limit, which queue change is which webhook event and who hears it, the
//! signature of a delivery, the retry schedule and the webhook URL policy (no SSRF).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::auth::Actor;
use crate::roles::{Role, SessionKind};

pub const KEY_NOT_ALLOWED_MESSAGE: &str =
    "Chaves de API e webhooks são de uma transportadora ou de uma empresa: seu perfil não pode criá-los.";
pub const INVALID_KEY_MESSAGE: &str = "Chave de API inválida ou revogada.";
pub const KEY_OUTSIDE_INTEGRATION_MESSAGE: &str =
    "Chaves de API só acessam /api/integration/v1 e os webhooks.";
pub const RATE_LIMITED_MESSAGE: &str =
    "Limite de requisições da chave de API atingido. Tente novamente em um minuto.";
pub const KEY_NAME_MESSAGE: &str = "Informe um nome de até 60 caracteres.";
pub const EVENTS_MESSAGE: &str = "Escolha ao menos um evento válido.";
pub const URL_INVALID_MESSAGE: &str = "Informe uma URL http:// ou https:// válida.";
pub const URL_PRIVATE_MESSAGE: &str =
    "Endereços privados, locais ou de loopback não são permitidos para webhooks.";
pub const IDEMPOTENCY_REUSED_MESSAGE: &str =
    "Esta Idempotency-Key já foi usada com outro conteúdo.";
pub const IDEMPOTENCY_BUSY_MESSAGE: &str =
    "Uma requisição com esta Idempotency-Key ainda está em andamento.";
pub const IDEMPOTENCY_KEY_MESSAGE: &str =
    "Idempotency-Key deve ter de 1 a 100 caracteres visíveis.";

/// Requests one key may make per minute (shared by every instance: counted in the database).
pub const RATE_LIMIT_PER_MINUTE: i32 = 300;
/// A delivery is tried again for this long after its event, then marked failed.
pub const RETRY_FOR_HOURS: i64 = 24;
pub const MAX_KEY_NAME: usize = 60;
pub const MAX_URL: usize = 2000;

/// Whose data a key or a webhook reaches: a carrier's vehicles within one company, or one
/// company's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    ShippingCompany {
        company_id: i64,
        shipping_company_id: i64,
    },
    Company {
        company_id: i64,
    },
}

impl Scope {
    /// The scope of a session that makes keys and webhooks: a Transportadora's shipping
    /// company, a Usuario's or (non-root) administrator's company. Nobody else.
    pub fn of(actor: &Actor) -> Option<Scope> {
        if actor.kind != SessionKind::Staff {
            return None;
        }
        match (actor.role?, actor.company_id, actor.shipping_company_id) {
            (Role::Transportadora, Some(company_id), Some(shipping_company_id)) => {
                Some(Scope::ShippingCompany {
                    company_id,
                    shipping_company_id,
                })
            }
            (Role::Usuario | Role::Administrador, Some(company_id), _) => {
                Some(Scope::Company { company_id })
            }
            _ => None,
        }
    }

    pub fn company_id(&self) -> i64 {
        match *self {
            Scope::ShippingCompany { company_id, .. } | Scope::Company { company_id } => company_id,
        }
    }

    pub fn shipping_company_id(&self) -> Option<i64> {
        match *self {
            Scope::ShippingCompany {
                shipping_company_id,
                ..
            } => Some(shipping_company_id),
            Scope::Company { .. } => None,
        }
    }

    /// The actor a request made with a key acts as: the key's owner as the account is now,
    /// provided it still has the scope the key was made in. An administrator's key acts as a
    /// Usuario of its company (an administrator's session reaches every company; a key never
    /// does). `None`: the key no longer stands.
    pub fn key_actor(&self, owner_id: i64, owner: &OwnerNow) -> Option<Actor> {
        if !owner.enabled {
            return None;
        }
        let now = Scope::of(&Actor {
            kind: SessionKind::Staff,
            id: owner_id,
            role: owner.role,
            company_id: owner.company_id,
            shipping_company_id: owner.shipping_company_id,
            is_root: false,
            issued_at: None,
        })?;
        if now != *self {
            return None;
        }
        let (role, shipping) = match self {
            Scope::ShippingCompany {
                shipping_company_id,
                ..
            } => (Role::Transportadora, Some(*shipping_company_id)),
            Scope::Company { .. } => (Role::Usuario, None),
        };
        Some(Actor {
            kind: SessionKind::Staff,
            id: owner_id,
            role: Some(role),
            company_id: Some(self.company_id()),
            shipping_company_id: shipping,
            is_root: false,
            issued_at: None,
        })
    }

    /// Whether a subscriber of this scope hears about a vehicle of `company_id` that belongs
    /// to `shipping_company_ids` (its truck's, its driver's, its loading's carrier).
    pub fn hears(&self, company_id: i64, shipping_company_ids: &[i64]) -> bool {
        match *self {
            Scope::Company { company_id: own } => own == company_id,
            Scope::ShippingCompany {
                company_id: own,
                shipping_company_id,
            } => own == company_id && shipping_company_ids.contains(&shipping_company_id),
        }
    }
}

/// A key owner's account as it is now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnerNow {
    pub enabled: bool,
    pub role: Option<Role>,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
}

/// Every key starts so (secret scanners and people recognise it).
pub const KEY_MARK: &str = "patio_";
/// Characters of the key shown in lists: the mark and 8 hex digits.
pub const PREFIX_LEN: usize = KEY_MARK.len() + 8;

/// A key made of 32 random bytes: its text (shown once), its visible prefix and its hash (the
/// only thing stored).
pub fn new_key(random: [u8; 32]) -> (String, String, String) {
    let key = format!("{KEY_MARK}{}", to_hex(&random));
    let prefix = key[..PREFIX_LEN].to_owned();
    let hash = key_hash(&key);
    (key, prefix, hash)
}

/// SHA-256 of the key's text, hex. A 256-bit random secret needs no slow hash: nobody can
/// guess it, and a fast one keeps every request cheap.
pub fn key_hash(key: &str) -> String {
    to_hex(&Sha256::digest(key.as_bytes()))
}

/// Whether `text` has a key's shape (checked before any database read).
pub fn looks_like_key(text: &str) -> bool {
    text.len() == KEY_MARK.len() + 64
        && text.starts_with(KEY_MARK)
        && text[KEY_MARK.len()..]
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The name a key is given: 1 to 60 characters once trimmed.
pub fn key_name(name: &str) -> Result<String, &'static str> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_KEY_NAME || name.chars().any(char::is_control)
    {
        return Err(KEY_NAME_MESSAGE);
    }
    Ok(name.to_owned())
}

/// Whether the `count`th request of the current minute goes over the limit.
pub fn over_limit(count: i32) -> bool {
    count > RATE_LIMIT_PER_MINUTE
}

/// An `Idempotency-Key`: 1 to 100 visible ASCII characters.
pub fn idempotency_key(text: &str) -> Result<&str, &'static str> {
    if text.is_empty() || text.len() > 100 || !text.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(IDEMPOTENCY_KEY_MESSAGE);
    }
    Ok(text)
}

/// What a webhook may subscribe to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WebhookEvent {
    QueueJoined,
    QueueLeft,
    YardCalled,
    LoadingStarted,
    LoadingFinished,
    QueueMissing,
}

impl WebhookEvent {
    pub const ALL: [WebhookEvent; 6] = [
        WebhookEvent::QueueJoined,
        WebhookEvent::QueueLeft,
        WebhookEvent::YardCalled,
        WebhookEvent::LoadingStarted,
        WebhookEvent::LoadingFinished,
        WebhookEvent::QueueMissing,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            WebhookEvent::QueueJoined => "queue.joined",
            WebhookEvent::QueueLeft => "queue.left",
            WebhookEvent::YardCalled => "yard.called",
            WebhookEvent::LoadingStarted => "loading.started",
            WebhookEvent::LoadingFinished => "loading.finished",
            WebhookEvent::QueueMissing => "queue.missing",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.as_str() == text)
    }
}

/// The events a subscription asks for: at least one, each known, without repeats.
pub fn webhook_events(names: &[String]) -> Result<Vec<WebhookEvent>, &'static str> {
    let mut out = Vec::new();
    for n in names {
        let e = WebhookEvent::parse(n.trim()).ok_or(EVENTS_MESSAGE)?;
        if !out.contains(&e) {
            out.push(e);
        }
    }
    if out.is_empty() {
        return Err(EVENTS_MESSAGE);
    }
    out.sort();
    Ok(out)
}

/// A change of a queue entry, as the database records it in the transaction that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueueFact<'a> {
    /// Its stored status went from `from` (`None`: the entry was created) to `to`.
    Status { from: Option<&'a str>, to: &'a str },
    /// The yard called its driver.
    Called,
}

/// Which event a fact is. A rescued entry back in the queue is a join again; a status change
/// no subscriber is told about (an entry closed by a reset) is `None`.
pub fn event_of(fact: &QueueFact<'_>) -> Option<WebhookEvent> {
    match fact {
        QueueFact::Called => Some(WebhookEvent::YardCalled),
        QueueFact::Status { from, to } => match (*from, *to) {
            (Some("waiting"), "waiting") | (Some("loading"), "loading") => None,
            (_, "waiting") => Some(WebhookEvent::QueueJoined),
            (_, "loading") => Some(WebhookEvent::LoadingStarted),
            (_, "attended") => Some(WebhookEvent::LoadingFinished),
            (_, "left" | "cancelled") => Some(WebhookEvent::QueueLeft),
            (_, "faulty" | "tolerance_dropped") => Some(WebhookEvent::QueueMissing),
            _ => None,
        },
    }
}

/// `X-Patio-Signature`: `sha256=` and the hex HMAC-SHA256 of the raw body with the secret.
pub fn signature(secret: &str, body: &[u8]) -> String {
    // HMAC takes a key of any length: `new_from_slice` cannot fail.
    let mut mac = match Hmac::<Sha256>::new_from_slice(secret.as_bytes()) {
        Ok(m) => m,
        Err(_) => return String::new(),
    };
    mac.update(body);
    format!("sha256={}", to_hex(&mac.finalize().into_bytes()))
}

/// A webhook's secret from 32 random bytes.
pub fn new_secret(random: [u8; 32]) -> String {
    format!("whsec_{}", to_hex(&random))
}

/// When a delivery that failed `attempts` times is tried again: 30 s, 1, 2, 5, 10, 30 min,
/// then every hour; `None` once a day has passed since its event (the delivery has failed).
pub fn next_attempt(
    attempts: i32,
    created_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let wait = match attempts {
        i32::MIN..=1 => Duration::seconds(30),
        2 => Duration::minutes(1),
        3 => Duration::minutes(2),
        4 => Duration::minutes(5),
        5 => Duration::minutes(10),
        6 => Duration::minutes(30),
        _ => Duration::hours(1),
    };
    let next = now + wait;
    (next <= created_at + Duration::hours(RETRY_FOR_HOURS)).then_some(next)
}

/// A webhook URL, checked: `http(s)://host[:port]/...` without credentials; its host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookUrl {
    pub host: String,
    pub port: Option<u16>,
}

/// Checks a webhook URL. Without `allow_private`, hosts that are IP literals must be public,
/// and local names (`localhost`, `.local`, `.internal`, names without a dot) are refused; the
/// sender checks the addresses a name resolves to as well.
pub fn check_url(url: &str, allow_private: bool) -> Result<WebhookUrl, &'static str> {
    if url.len() > MAX_URL || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(URL_INVALID_MESSAGE);
    }
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or(URL_INVALID_MESSAGE)?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if authority.is_empty() || authority.contains('@') {
        return Err(URL_INVALID_MESSAGE);
    }
    let (host, port) = if let Some(v6) = authority.strip_prefix('[') {
        let (h, after) = v6.split_once(']').ok_or(URL_INVALID_MESSAGE)?;
        (h.to_owned(), after.strip_prefix(':'))
    } else {
        match authority.split_once(':') {
            Some((h, p)) => (h.to_owned(), Some(p)),
            None => (authority.to_owned(), None),
        }
    };
    let port = match port {
        Some(p) => Some(p.parse::<u16>().map_err(|_| URL_INVALID_MESSAGE)?),
        None => None,
    };
    let host = host.to_ascii_lowercase();
    if host.is_empty()
        || !host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'))
    {
        return Err(URL_INVALID_MESSAGE);
    }
    if !allow_private {
        match host.parse::<IpAddr>() {
            Ok(ip) if !is_public_ip(ip) => return Err(URL_PRIVATE_MESSAGE),
            Ok(_) => {}
            Err(_) => {
                let local = host == "localhost"
                    || [".localhost", ".local", ".internal", ".lan", ".home.arpa"]
                        .iter()
                        .any(|s| host.ends_with(s))
                    || !host.trim_end_matches('.').contains('.');
                if local {
                    return Err(URL_PRIVATE_MESSAGE);
                }
            }
        }
    }
    Ok(WebhookUrl { host, port })
}

/// Whether an address is on the public internet: not loopback, private, link-local, shared
/// (CGNAT), unspecified, multicast, documentation or unique-local.
pub fn is_public_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => public_v4(v4),
            None => public_v6(v6),
        },
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (b == 18 || b == 19))
        || a >= 240)
}

fn public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || first == 0x2001 && ip.segments()[1] == 0x0db8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn staff(role: Role, company: Option<i64>, shipping: Option<i64>) -> Actor {
        Actor {
            kind: SessionKind::Staff,
            id: 9,
            role: Some(role),
            company_id: company,
            shipping_company_id: shipping,
            is_root: false,
            issued_at: None,
        }
    }

    #[test]
    fn a_transportadora_key_speaks_for_its_shipping_company_a_usuario_for_its_company() {
        assert_eq!(
            Scope::of(&staff(Role::Transportadora, Some(1), Some(4))),
            Some(Scope::ShippingCompany {
                company_id: 1,
                shipping_company_id: 4
            })
        );
        assert_eq!(
            Scope::of(&staff(Role::Usuario, Some(1), None)),
            Some(Scope::Company { company_id: 1 })
        );
        assert_eq!(
            Scope::of(&staff(Role::Administrador, Some(2), None)),
            Some(Scope::Company { company_id: 2 })
        );
        for role in [Role::Expedicao, Role::Espectador, Role::Portaria] {
            assert_eq!(Scope::of(&staff(role, Some(1), None)), None);
        }
        assert_eq!(Scope::of(&staff(Role::Administrador, None, None)), None);
        assert_eq!(Scope::of(&staff(Role::Transportadora, Some(1), None)), None);
    }

    #[test]
    fn an_administrators_key_acts_as_a_usuario_of_its_company_and_falls_with_its_owner() {
        let scope = Scope::Company { company_id: 2 };
        let owner = OwnerNow {
            enabled: true,
            role: Some(Role::Administrador),
            company_id: Some(2),
            shipping_company_id: None,
        };
        let actor = scope.key_actor(9, &owner);
        assert_eq!(actor.as_ref().and_then(|a| a.role), Some(Role::Usuario));
        assert!(!actor.is_some_and(|a| a.is_admin() || a.is_root));
        let disabled = OwnerNow {
            enabled: false,
            ..owner.clone()
        };
        assert_eq!(scope.key_actor(9, &disabled), None);
        let moved = OwnerNow {
            company_id: Some(3),
            ..owner
        };
        assert_eq!(scope.key_actor(9, &moved), None);
    }

    #[test]
    fn a_carrier_hears_only_its_vehicles_of_its_company() {
        let carrier = Scope::ShippingCompany {
            company_id: 1,
            shipping_company_id: 4,
        };
        assert!(carrier.hears(1, &[4]));
        assert!(!carrier.hears(1, &[5]));
        assert!(!carrier.hears(1, &[]));
        assert!(!carrier.hears(2, &[4]));
        let company = Scope::Company { company_id: 1 };
        assert!(company.hears(1, &[]));
        assert!(!company.hears(2, &[]));
    }

    #[test]
    fn keys_are_random_text_with_a_visible_prefix_and_only_their_hash_is_kept() {
        let (key, prefix, hash) = new_key([0xab; 32]);
        assert!(looks_like_key(&key));
        assert!(key.starts_with(&prefix));
        assert_eq!(prefix, "patio_abababab");
        assert_eq!(hash, key_hash(&key));
        assert_eq!(hash.len(), 64);
        assert!(!hash.contains("abababab"));
        assert!(!looks_like_key("patio_xyz"));
        assert!(!looks_like_key(&key.to_uppercase()));
    }

    #[test]
    fn the_signature_is_the_hmac_sha256_of_the_body() {
        // RFC 4231 test case 2.
        assert_eq!(
            signature("Jefe", b"what do ya want for nothing?"),
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn each_queue_change_is_its_event() {
        let s = |from, to| event_of(&QueueFact::Status { from, to });
        assert_eq!(s(None, "waiting"), Some(WebhookEvent::QueueJoined));
        assert_eq!(
            s(Some("faulty"), "waiting"),
            Some(WebhookEvent::QueueJoined)
        );
        assert_eq!(
            s(Some("waiting"), "loading"),
            Some(WebhookEvent::LoadingStarted)
        );
        assert_eq!(
            s(Some("loading"), "attended"),
            Some(WebhookEvent::LoadingFinished)
        );
        assert_eq!(s(Some("waiting"), "left"), Some(WebhookEvent::QueueLeft));
        assert_eq!(
            s(Some("waiting"), "cancelled"),
            Some(WebhookEvent::QueueLeft)
        );
        assert_eq!(
            s(Some("waiting"), "faulty"),
            Some(WebhookEvent::QueueMissing)
        );
        assert_eq!(
            s(Some("waiting"), "tolerance_dropped"),
            Some(WebhookEvent::QueueMissing)
        );
        assert_eq!(s(Some("waiting"), "waiting"), None);
        assert_eq!(event_of(&QueueFact::Called), Some(WebhookEvent::YardCalled));
        for e in WebhookEvent::ALL {
            assert_eq!(WebhookEvent::parse(e.as_str()), Some(e));
        }
    }

    #[test]
    fn subscriptions_name_known_events() {
        let names = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            webhook_events(&names(&["queue.left", "queue.joined", "queue.left"])),
            Ok(vec![WebhookEvent::QueueJoined, WebhookEvent::QueueLeft])
        );
        assert_eq!(webhook_events(&[]), Err(EVENTS_MESSAGE));
        assert_eq!(
            webhook_events(&names(&["queue.eaten"])),
            Err(EVENTS_MESSAGE)
        );
    }

    #[test]
    fn deliveries_are_retried_with_backoff_for_a_day() {
        let t0 = DateTime::<Utc>::from_timestamp(1_700_000_000, 0).unwrap_or_default();
        assert_eq!(next_attempt(1, t0, t0), Some(t0 + Duration::seconds(30)));
        assert_eq!(next_attempt(4, t0, t0), Some(t0 + Duration::minutes(5)));
        let late = t0 + Duration::hours(23) + Duration::minutes(30);
        assert_eq!(next_attempt(20, t0, late), None);
        assert_eq!(
            next_attempt(20, t0, t0 + Duration::hours(22)),
            Some(t0 + Duration::hours(23))
        );
    }

    #[test]
    fn private_and_loopback_urls_are_refused_unless_allowed() {
        for url in [
            "http://127.0.0.1:9000/hook",
            "http://localhost/hook",
            "https://10.0.0.5/x",
            "https://192.168.1.1",
            "http://[::1]:8080/",
            "http://169.254.169.254/latest/meta-data",
            "http://[::ffff:127.0.0.1]/",
            "http://100.64.0.1/",
            "http://printer.local/",
            "http://intranet/",
            "http://0.0.0.0/",
        ] {
            assert_eq!(check_url(url, false), Err(URL_PRIVATE_MESSAGE), "{url}");
        }
        assert!(check_url("http://127.0.0.1:9000/hook", true).is_ok());
        assert_eq!(
            check_url("https://tms.example.com.br/patio?x=1", false),
            Ok(WebhookUrl {
                host: "tms.example.com.br".to_owned(),
                port: None
            })
        );
        assert!(check_url("https://8.8.8.8:8443/", false).is_ok());
        for bad in [
            "ftp://x.com/",
            "https://user:pw@x.com/",
            "https://",
            "javascript:alert(1)",
            "https://x.com:99999/",
            "https://exa mple.com/",
        ] {
            assert_eq!(check_url(bad, false), Err(URL_INVALID_MESSAGE), "{bad}");
        }
    }
}
