//! What the driver app needs beyond the shared calls (spec 3 section 2, "Driver app"): the
//! driver refusing one of its authorised orders ('Recusado com sucesso!').

use std::sync::Arc;

use serde::Serialize;

use super::orders::refresh_status;
use super::{forbidden, Deps};
use crate::error::{AppError, AppResult};
use crate::ports::{Repos, StoreExt};
use patio_domain::auth::Actor;
use patio_domain::DomainError;

/// The reason a refused loading carries among the deleted loadings (Desistentes).
pub const REFUSED_REASON: &str = "RECUSADO PELO MOTORISTA";
/// The driver app's toast (spec 3 section 8).
pub const REFUSED_MESSAGE: &str = "Recusado com sucesso!";
/// A loading the yard started or finished, or one a queue entry holds.
pub const REFUSE_STARTED_MESSAGE: &str = "Este pedido já foi iniciado e não pode ser recusado.";
pub const REFUSE_IN_QUEUE_MESSAGE: &str =
    "Este pedido está na fila. Saia da fila antes de recusá-lo.";

/// The answer to a refusal.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RefusedLoadingView {
    pub id: i64,
    pub message: &'static str,
}

#[derive(Clone)]
pub struct DriverAppService {
    deps: Arc<Deps>,
}

impl DriverAppService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// `POST /scheduling/refuse/{id}`: the signed-in driver refuses one of its own authorised
    /// orders. The loading leaves the order for the deleted loadings with reason
    /// 'RECUSADO PELO MOTORISTA' and the order's status is computed again. Staff: 403; another
    /// driver's loading: 404; started, finished or held by a queue entry: 409.
    pub fn refuse(&self, actor: &Actor, id: i64) -> AppResult<RefusedLoadingView> {
        if !actor.is_driver() {
            return Err(forbidden(DomainError::NotAllowed));
        }
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos: &mut dyn Repos| {
            let l = repos
                .loading(id)?
                .filter(|l| l.driver_id == actor.id)
                .ok_or_else(AppError::not_found)?;
            if l.status || l.exped_initial_date.is_some() {
                return Err(AppError::Conflict(REFUSE_STARTED_MESSAGE.to_owned()));
            }
            if repos.loading_in_queue(id)? {
                return Err(AppError::Conflict(REFUSE_IN_QUEUE_MESSAGE.to_owned()));
            }
            if repos.delete_loadings(&[id], REFUSED_REASON, now)? == 0 {
                return Err(AppError::Conflict(REFUSE_STARTED_MESSAGE.to_owned()));
            }
            refresh_status(repos, l.order_id)?;
            Ok(RefusedLoadingView {
                id,
                message: REFUSED_MESSAGE,
            })
        })
    }
}
