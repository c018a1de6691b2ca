//! Login throttling per account and per address: after too many failures in a window, further
//! attempts are refused until the oldest failure leaves the window. Kept in memory per
//! instance (docs/decisions.md).

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

#[derive(Debug, Clone, Copy)]
pub struct ThrottlePolicy {
    pub per_account: usize,
    pub per_address: usize,
    pub window: Duration,
}

impl Default for ThrottlePolicy {
    fn default() -> Self {
        Self {
            per_account: 5,
            per_address: 30,
            window: Duration::minutes(15),
        }
    }
}

pub const RATE_LIMITED_MESSAGE: &str =
    "Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.";

#[derive(Debug, Default)]
pub struct LoginThrottle {
    policy: ThrottlePolicy,
    failures: Mutex<HashMap<String, VecDeque<DateTime<Utc>>>>,
}

impl LoginThrottle {
    pub fn new(policy: ThrottlePolicy) -> Self {
        Self {
            policy,
            failures: Mutex::new(HashMap::new()),
        }
    }

    fn keys(account: &str, address: Option<&str>) -> [(String, bool); 2] {
        [
            (format!("a:{}", account.trim().to_lowercase()), true),
            (format!("ip:{}", address.unwrap_or("-")), false),
        ]
    }

    /// True when either the account or the address has used up its attempts.
    pub fn is_blocked(&self, account: &str, address: Option<&str>, now: DateTime<Utc>) -> bool {
        let Ok(mut map) = self.failures.lock() else {
            return false;
        };
        Self::keys(account, address)
            .iter()
            .any(|(key, is_account)| {
                let limit = if *is_account {
                    self.policy.per_account
                } else {
                    self.policy.per_address
                };
                match map.get_mut(key) {
                    Some(q) => {
                        while q.front().is_some_and(|t| *t <= now - self.policy.window) {
                            q.pop_front();
                        }
                        q.len() >= limit
                    }
                    None => false,
                }
            })
    }

    pub fn record_failure(&self, account: &str, address: Option<&str>, now: DateTime<Utc>) {
        if let Ok(mut map) = self.failures.lock() {
            for (key, _) in Self::keys(account, address) {
                map.entry(key).or_default().push_back(now);
            }
            // Keeps memory bounded under a flood of distinct keys.
            if map.len() > 100_000 {
                let horizon = now - self.policy.window;
                map.retain(|_, q| q.back().is_some_and(|t| *t > horizon));
            }
        }
    }

    /// A successful sign-in forgives the account, not the address.
    pub fn record_success(&self, account: &str) {
        if let Ok(mut map) = self.failures.lock() {
            map.remove(&format!("a:{}", account.trim().to_lowercase()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t0() -> DateTime<Utc> {
        DateTime::from_timestamp(1_700_000_000, 0).unwrap()
    }

    #[test]
    fn account_is_blocked_after_five_failures_in_fifteen_minutes() {
        let th = LoginThrottle::new(ThrottlePolicy::default());
        for i in 0..5 {
            assert!(!th.is_blocked("a@x.com", Some("1.1.1.1"), t0()));
            th.record_failure("A@x.com", Some(&format!("10.0.0.{i}")), t0());
        }
        assert!(th.is_blocked("a@x.com", Some("9.9.9.9"), t0()));
        assert!(!th.is_blocked("a@x.com", None, t0() + Duration::minutes(16)));
    }

    #[test]
    fn address_is_blocked_after_thirty_failures_across_accounts() {
        let th = LoginThrottle::new(ThrottlePolicy::default());
        for i in 0..30 {
            th.record_failure(&format!("u{i}@x.com"), Some("1.1.1.1"), t0());
        }
        assert!(th.is_blocked("new@x.com", Some("1.1.1.1"), t0()));
        assert!(!th.is_blocked("new@x.com", Some("2.2.2.2"), t0()));
    }

    #[test]
    fn success_clears_the_account_failures() {
        let th = LoginThrottle::new(ThrottlePolicy::default());
        for _ in 0..4 {
            th.record_failure("a@x.com", None, t0());
        }
        th.record_success("a@x.com");
        th.record_failure("a@x.com", None, t0());
        assert!(!th.is_blocked("a@x.com", Some("3.3.3.3"), t0()));
    }
}
