//! `/fila`'s '+ Adicionar' (spec 3 section 2 "Virtual queue admin screen", issue 13): a company
//! user puts a vehicle in the queue for an order. The loading is created by the orders' rules
//! and the entry by the queue's, each through its own service: nothing here decides either.

use patio_domain::auth::Actor;
use patio_domain::queue::QueueRefusal;
use patio_domain::roles;

use crate::error::{AppError, AppResult};
use crate::orders::loadings::LoadingService;
use crate::queue::{forbidden, JoinCommand, JoinView, QueueService};

#[derive(Debug, Clone)]
pub struct QueueDeskCommand {
    pub order_id: i64,
    pub truck_id: i64,
    pub driver_id: i64,
    pub ip: Option<String>,
}

/// Shares the queue service (and so its per-company join lanes) with `POST /queue/save`.
#[derive(Clone)]
pub struct QueueDesk {
    loadings: LoadingService,
    queue: QueueService,
}

impl QueueDesk {
    pub fn new(loadings: LoadingService, queue: QueueService) -> Self {
        Self { loadings, queue }
    }

    /// `POST /queue/add`: the loading, then the entry with it. A refused join takes the new
    /// loading back, so a refusal leaves nothing behind.
    pub fn add(&self, actor: &Actor, cmd: &QueueDeskCommand) -> AppResult<JoinView> {
        // Whoever may open /fila (spec 3 section 6: the company user).
        let role = actor.staff_role().ok_or_else(forbidden)?;
        if !roles::route_allows("/fila", role, actor.is_root) {
            return Err(forbidden());
        }
        let loading =
            self.loadings
                .save_for_queue_desk(actor, cmd.order_id, cmd.truck_id, cmd.driver_id)?;
        let join = JoinCommand {
            driver_id: cmd.driver_id,
            company_id: loading.company.id,
            scheduling_id: Some(loading.id),
            truck_id: Some(cmd.truck_id),
            ip: cmd.ip.clone(),
        };
        self.queue
            .join(actor, &join)
            .inspect_err(|_| {
                if let Err(e) = self.loadings.delete(actor, loading.id) {
                    tracing::warn!(loading = loading.id, error = %e, "queue desk: could not take back the loading");
                }
            })
            .map_err(|e| match e {
                // The office user is told about the driver, not addressed as the driver.
                AppError::Conflict(m) if m == QueueRefusal::AlreadyInQueue.message() => {
                    AppError::Conflict(QueueRefusal::AlreadyInQueue.staff_message())
                }
                other => other,
            })
    }
}
