//! Starting a loading from the dispatch panel (spec 3 sections 4 and 5): the checks run in
//! the spec's order and the first that fails is the one the dispatcher reads.

/// What the panel's 'Iniciar' is checked against, read in the company's locked transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartCheck {
    /// Today's attendance was started ('Iniciar atendimento').
    pub attendance_started: bool,
    pub delay_running: bool,
    /// The entry is waiting (not loading, attended or closed).
    pub waiting: bool,
    /// Vehicles attended or loading today.
    pub served_today: usize,
    /// The day's cap (`programmedTotal`); 0 means no cap.
    pub programmed_total: u32,
    /// The entry came with a loading of an order (freelancers cannot be started).
    pub has_order: bool,
    pub checkin_required: bool,
    pub checked_in: bool,
}

/// Why a loading may not start, in the order the checks run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartRefusal {
    AttendanceNotStarted,
    DelayRunning,
    NotWaiting,
    LimitReached,
    NoOrder,
    NeedsCheckin,
}

pub fn may_start_loading(c: &StartCheck) -> Result<(), StartRefusal> {
    if !c.attendance_started {
        return Err(StartRefusal::AttendanceNotStarted);
    }
    if c.delay_running {
        return Err(StartRefusal::DelayRunning);
    }
    if !c.waiting {
        return Err(StartRefusal::NotWaiting);
    }
    if c.programmed_total > 0 && c.served_today >= c.programmed_total as usize {
        return Err(StartRefusal::LimitReached);
    }
    if !c.has_order {
        return Err(StartRefusal::NoOrder);
    }
    if c.checkin_required && !c.checked_in {
        return Err(StartRefusal::NeedsCheckin);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const READY: StartCheck = StartCheck {
        attendance_started: true,
        delay_running: false,
        waiting: true,
        served_today: 0,
        programmed_total: 10,
        has_order: true,
        checkin_required: true,
        checked_in: true,
    };

    #[test]
    fn a_ready_vehicle_starts() {
        assert_eq!(may_start_loading(&READY), Ok(()));
        // No cap, and check-in off.
        let open = StartCheck {
            programmed_total: 0,
            served_today: 99,
            checkin_required: false,
            checked_in: false,
            ..READY
        };
        assert_eq!(may_start_loading(&open), Ok(()));
    }

    #[test]
    fn each_check_comes_before_the_next_in_the_spec_s_order() {
        // Everything wrong at once: the attendance is named first, then each in turn.
        let mut c = StartCheck {
            attendance_started: false,
            delay_running: true,
            waiting: false,
            served_today: 10,
            programmed_total: 10,
            has_order: false,
            checkin_required: true,
            checked_in: false,
        };
        let mut seen = Vec::new();
        loop {
            match may_start_loading(&c) {
                Ok(()) => break,
                Err(r) => {
                    seen.push(r);
                    match r {
                        StartRefusal::AttendanceNotStarted => c.attendance_started = true,
                        StartRefusal::DelayRunning => c.delay_running = false,
                        StartRefusal::NotWaiting => c.waiting = true,
                        StartRefusal::LimitReached => c.served_today = 9,
                        StartRefusal::NoOrder => c.has_order = true,
                        StartRefusal::NeedsCheckin => c.checked_in = true,
                    }
                }
            }
        }
        assert_eq!(
            seen,
            vec![
                StartRefusal::AttendanceNotStarted,
                StartRefusal::DelayRunning,
                StartRefusal::NotWaiting,
                StartRefusal::LimitReached,
                StartRefusal::NoOrder,
                StartRefusal::NeedsCheckin,
            ]
        );
    }
}
