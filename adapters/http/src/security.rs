//! Password hashing (argon2id) and the signed tokens: sessions and expiring link tokens.

use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use jsonwebtoken::{
    decode, encode, Algorithm as JwtAlg, DecodingKey, EncodingKey, Header, Validation,
};
use patio_application::ports::{Clock, PasswordHasher, TokenService};
use patio_application::{AppError, AppResult};
use patio_domain::auth::{Actor, Issue};
use patio_domain::roles::{Role, SessionKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

/// argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane).
pub struct Argon2Hasher {
    params: Params,
}

impl Argon2Hasher {
    pub fn owasp() -> Self {
        Self {
            params: Params::new(19 * 1024, 2, 1, None).unwrap_or_default(),
        }
    }

    /// Cheap parameters for tests only; hashes stay verifiable by the production hasher.
    pub fn fast_for_tests() -> Self {
        Self {
            params: Params::new(256, 1, 1, None).unwrap_or_default(),
        }
    }

    fn argon(&self) -> Argon2<'_> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }
}

impl PasswordHasher for Argon2Hasher {
    fn hash(&self, password: &str) -> AppResult<String> {
        let salt = SaltString::generate(&mut OsRng);
        self.argon()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(AppError::internal)
    }

    fn verify(&self, password: &str, hash: &str) -> bool {
        // Parameters come from the stored hash, so old and new hashes both verify.
        PasswordHash::new(hash)
            .map(|parsed| {
                self.argon()
                    .verify_password(password.as_bytes(), &parsed)
                    .is_ok()
            })
            .unwrap_or(false)
    }
}

#[derive(Serialize, Deserialize)]
struct SessionClaims {
    sub: String,
    kind: SessionKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    role: Option<Role>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    company: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shipping: Option<i64>,
    #[serde(default)]
    root: bool,
    iat: i64,
    /// `iat` to the microsecond (absent from tokens issued before it existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    iat_us: Option<i64>,
    /// The token's random id, what a sign-out revokes.
    #[serde(default)]
    jti: String,
    exp: i64,
    /// Keeps session and link tokens from standing in for each other.
    typ: String,
}

#[derive(Serialize, Deserialize)]
struct LinkClaims {
    typ: String,
    purpose: String,
    data: Value,
    exp: i64,
}

/// 128 random bits in hex: unguessable, and unique enough to revoke one token.
fn token_id() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// HS256 tokens signed with `PATIO_SECRET`.
pub struct JwtTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    clock: Arc<dyn Clock>,
    staff_seconds: i64,
    driver_seconds: i64,
}

impl JwtTokens {
    pub fn new(
        secret: &[u8],
        clock: Arc<dyn Clock>,
        staff_seconds: i64,
        driver_seconds: i64,
    ) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            clock,
            staff_seconds,
            driver_seconds,
        }
    }

    fn validation(&self) -> Validation {
        let mut v = Validation::new(JwtAlg::HS256);
        v.leeway = 0;
        v.validate_exp = false; // checked against our clock below
        v.required_spec_claims.clear();
        v
    }
}

impl TokenService for JwtTokens {
    fn issue_session(&self, actor: &Actor) -> AppResult<String> {
        let issued = self.clock.now();
        let now = issued.timestamp();
        let ttl = match actor.kind {
            SessionKind::Staff => self.staff_seconds,
            SessionKind::Driver => self.driver_seconds,
        };
        let claims = SessionClaims {
            sub: actor.id.to_string(),
            kind: actor.kind,
            role: actor.role,
            company: actor.company_id,
            shipping: actor.shipping_company_id,
            root: actor.is_root,
            iat: now,
            iat_us: Some(issued.timestamp_micros()),
            jti: token_id(),
            exp: now + ttl,
            typ: "session".to_owned(),
        };
        encode(&Header::new(JwtAlg::HS256), &claims, &self.encoding).map_err(AppError::internal)
    }

    fn verify_session(&self, token: &str) -> Option<Actor> {
        let data = decode::<SessionClaims>(token, &self.decoding, &self.validation()).ok()?;
        let c = data.claims;
        if c.typ != "session" || c.exp <= self.clock.now().timestamp() {
            return None;
        }
        Some(Actor {
            kind: c.kind,
            id: c.sub.parse().ok()?,
            role: c.role,
            company_id: c.company,
            shipping_company_id: c.shipping,
            is_root: c.root,
            issued_at: Some(Issue {
                at_micros: c.iat_us.unwrap_or(c.iat.saturating_mul(1_000_000)),
                token_id: c.jti,
                expires_at: c.exp,
            }),
        })
    }

    fn sign_link(&self, purpose: &str, payload: &Value, ttl_seconds: i64) -> AppResult<String> {
        let claims = LinkClaims {
            typ: "link".to_owned(),
            purpose: purpose.to_owned(),
            data: payload.clone(),
            exp: self.clock.now().timestamp() + ttl_seconds,
        };
        encode(&Header::new(JwtAlg::HS256), &claims, &self.encoding).map_err(AppError::internal)
    }

    fn verify_link(&self, purpose: &str, token: &str) -> Option<Value> {
        let data = decode::<LinkClaims>(token, &self.decoding, &self.validation()).ok()?;
        let c = data.claims;
        (c.typ == "link" && c.purpose == purpose && c.exp > self.clock.now().timestamp())
            .then_some(c.data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Duration, Utc};
    use std::sync::Mutex;

    struct FixedClock(Mutex<DateTime<Utc>>);
    impl Clock for FixedClock {
        fn now(&self) -> DateTime<Utc> {
            *self.0.lock().unwrap()
        }
    }

    fn tokens() -> (JwtTokens, Arc<FixedClock>) {
        let clock = Arc::new(FixedClock(Mutex::new(Utc::now())));
        (
            JwtTokens::new(b"test-secret", clock.clone(), 3600, 7200),
            clock,
        )
    }

    fn staff() -> Actor {
        Actor {
            kind: SessionKind::Staff,
            id: 7,
            role: Some(Role::Usuario),
            company_id: Some(3),
            shipping_company_id: None,
            is_root: false,
            issued_at: None,
        }
    }

    #[test]
    fn session_token_round_trips_and_expires() {
        let (t, clock) = tokens();
        let token = t.issue_session(&staff()).unwrap();
        let actor = t.verify_session(&token).unwrap();
        assert_eq!(actor.id, 7);
        assert_eq!(actor.company_id, Some(3));
        *clock.0.lock().unwrap() += Duration::seconds(3601);
        assert!(t.verify_session(&token).is_none());
    }

    #[test]
    fn each_session_token_has_its_own_id_and_a_microsecond_issue() {
        let (t, clock) = tokens();
        let a = t
            .verify_session(&t.issue_session(&staff()).unwrap())
            .unwrap();
        let b = t
            .verify_session(&t.issue_session(&staff()).unwrap())
            .unwrap();
        let (a, b) = (a.issued_at.unwrap(), b.issued_at.unwrap());
        assert_ne!(a.token_id, b.token_id);
        assert_eq!(a.token_id.len(), 32);
        assert_eq!(a.at_micros, clock.0.lock().unwrap().timestamp_micros());
    }

    #[test]
    fn tampered_or_foreign_tokens_are_refused() {
        let (t, clock) = tokens();
        let token = t.issue_session(&staff()).unwrap();
        let other = JwtTokens::new(b"another-secret", clock, 3600, 7200);
        assert!(other.verify_session(&token).is_none());
        let mut bad = token.clone();
        bad.push('x');
        assert!(t.verify_session(&bad).is_none());
    }

    #[test]
    fn link_token_is_bound_to_its_purpose_and_is_not_a_session() {
        let (t, clock) = tokens();
        let link = t
            .sign_link("driver-login", &serde_json::json!({"cpf": "1"}), 60)
            .unwrap();
        assert_eq!(t.verify_link("driver-login", &link).unwrap()["cpf"], "1");
        assert!(t.verify_link("driver-transfer", &link).is_none());
        assert!(t.verify_session(&link).is_none());
        *clock.0.lock().unwrap() += Duration::seconds(61);
        assert!(t.verify_link("driver-login", &link).is_none());
    }

    #[test]
    fn argon2_hash_verifies_only_the_right_password() {
        let h = Argon2Hasher::fast_for_tests();
        let hash = h.hash("patio123").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(h.verify("patio123", &hash));
        assert!(!h.verify("patio124", &hash));
        assert!(Argon2Hasher::owasp().verify("patio123", &hash));
        assert!(!h.verify("x", "not a hash"));
    }
}

#[cfg(test)]
mod dummy_hash_tests {
    use argon2::password_hash::PasswordHash;

    #[test]
    fn the_timing_dummy_hash_is_a_real_argon2id_hash() {
        // If it did not parse, unknown e-mails would answer faster than wrong passwords.
        let parsed = PasswordHash::new(patio_application::auth::DUMMY_HASH).unwrap();
        assert_eq!(parsed.algorithm.as_str(), "argon2id");
    }
}
