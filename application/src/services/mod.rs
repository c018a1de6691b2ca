//! One service per area. Each holds the shared dependencies and runs each use case in one
//! transaction, checking the actor's role and scope first.

use std::sync::Arc;

use crate::ports::{CaptchaVerifier, Clock, PasswordHasher, Store, TokenService};
use crate::throttle::LoginThrottle;

pub mod auth;
pub mod public;
pub mod terms;
pub mod users;

/// What every service needs from the outside.
pub struct Deps {
    pub store: Arc<dyn Store>,
    pub clock: Arc<dyn Clock>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenService>,
    pub captcha: Arc<dyn CaptchaVerifier>,
    pub throttle: LoginThrottle,
}

/// All services, built once at start-up and shared by the adapters.
#[derive(Clone)]
pub struct Services {
    pub auth: auth::AuthService,
    pub public: public::PublicService,
    pub users: users::UserService,
    pub terms: terms::TermsService,
}

impl Services {
    pub fn new(deps: Deps) -> Self {
        let deps = Arc::new(deps);
        Self {
            auth: auth::AuthService::new(deps.clone()),
            public: public::PublicService::new(deps.clone()),
            users: users::UserService::new(deps.clone()),
            terms: terms::TermsService::new(deps),
        }
    }
}
