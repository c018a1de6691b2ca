//! Unit tests of the queue rules, named after the rule (DESIGN section 4).

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};

use super::*;

// 2026-03-02 is a Monday. São Paulo is UTC-3 all year.
const MONDAY: (i32, u32, u32) = (2026, 3, 2);

fn t(h: u32, m: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(h, m, 0).unwrap()
}

fn date(offset_days: i64) -> NaiveDate {
    NaiveDate::from_ymd_opt(MONDAY.0, MONDAY.1, MONDAY.2).unwrap() + Duration::days(offset_days)
}

/// Local time (São Paulo) on Monday + `offset_days`.
fn at_on(offset_days: i64, h: u32, m: u32) -> DateTime<Utc> {
    local_to_utc(
        chrono_tz::America::Sao_Paulo,
        date(offset_days).and_time(t(h, m)),
    )
}

fn at(h: u32, m: u32) -> DateTime<Utc> {
    at_on(0, h, m)
}

/// 07:00-17:00, lunch 12:00-13:00, 30-minute slots, Monday to Friday: 18 slots a day.
fn yard() -> QueueSettings {
    QueueSettings {
        start: t(7, 0),
        end: t(17, 0),
        start_interval: t(12, 0),
        end_interval: t(13, 0),
        time_attendence: 30,
        ..QueueSettings::default()
    }
}

/// `n` waiting entries that joined on the Sunday before, a minute apart, ids 1..=n.
fn joined_sunday(n: i64) -> Vec<QueueEntry> {
    (1..=n)
        .map(|i| QueueEntry::waiting(i, at_on(-1, 10, 0) + Duration::minutes(i)))
        .collect()
}

fn plan_at(settings: &QueueSettings, now: DateTime<Utc>, entries: &[QueueEntry]) -> Plan {
    plan(&PlanInput {
        settings,
        now,
        entries,
        delays: &[],
        attendance: AttendanceToday::Started,
    })
}

fn forecasts(p: &Plan) -> Vec<Option<DateTime<Utc>>> {
    p.entries.iter().map(|e| e.forecast()).collect()
}

fn spent(id: i64, state: EntryState) -> QueueEntry {
    QueueEntry {
        state,
        ..QueueEntry::waiting(id, at_on(-1, 9, 0))
    }
}

// --- Rule 3: order ---

#[test]
fn waiting_entries_are_ranked_by_join_time_then_id() {
    let same = at_on(-1, 10, 0);
    let entries = vec![
        QueueEntry::waiting(7, same),
        QueueEntry::waiting(3, at_on(-1, 11, 0)),
        QueueEntry::waiting(5, same),
        QueueEntry::waiting(1, at_on(-1, 9, 0)),
    ];
    let p = plan_at(&yard(), at(6, 0), &entries);
    let ids: Vec<i64> = p.entries.iter().map(|e| e.id.0).collect();
    assert_eq!(ids, vec![1, 5, 7, 3]);
    let ranks: Vec<u32> = p.entries.iter().map(|e| e.rank).collect();
    assert_eq!(ranks, vec![1, 2, 3, 4]);
}

#[test]
fn rescued_entry_with_its_original_join_time_goes_back_to_its_rank() {
    let mut entries = joined_sunday(3);
    entries.push(QueueEntry::waiting(99, at_on(-1, 10, 0))); // joined first, rescued later
    let p = plan_at(&yard(), at(6, 0), &entries);
    assert_eq!(p.entries[0].id, EntryId(99));
    assert_eq!(p.entries[0].forecast(), Some(at(7, 0)));
}

// --- Rule 4: the plan ---

#[test]
fn first_entries_take_todays_first_slots() {
    let p = plan_at(&yard(), at(6, 0), &joined_sunday(3));
    assert_eq!(
        forecasts(&p),
        vec![Some(at(7, 0)), Some(at(7, 30)), Some(at(8, 0))]
    );
    assert!(p.entries.iter().all(|e| e.day() == Some(date(0))));
}

#[test]
fn entries_attended_today_or_loading_consume_todays_capacity() {
    let mut entries = joined_sunday(2);
    entries.push(spent(100, EntryState::AttendedToday));
    entries.push(spent(101, EntryState::AttendedToday));
    entries.push(spent(102, EntryState::Loading));
    let p = plan_at(&yard(), at(6, 0), &entries);
    assert_eq!(forecasts(&p), vec![Some(at(8, 30)), Some(at(9, 0))]);
    assert_eq!(p.entries.len(), 2, "only waiting entries are planned");
    assert_eq!(p.days[0].spent, 3);
    assert_eq!(p.days[0].planned, 2);
}

#[test]
fn a_drop_does_not_pull_the_next_driver_into_the_past() {
    // Entry 1 had 07:00 and was dropped by tolerance: its slot stays spent.
    let mut entries = joined_sunday(3);
    entries[0].state = EntryState::MissedToday;
    let p = plan_at(&yard(), at(7, 40), &entries);
    assert_eq!(forecasts(&p), vec![Some(at(7, 30)), Some(at(8, 0))]);
}

#[test]
fn full_day_spills_to_the_next_attendance_day() {
    let p = plan_at(&yard(), at(6, 0), &joined_sunday(20));
    assert_eq!(p.entries[17].forecast(), Some(at(16, 30)));
    assert_eq!(p.entries[18].forecast(), Some(at_on(1, 7, 0)));
    assert_eq!(p.entries[19].forecast(), Some(at_on(1, 7, 30)));
    assert_eq!(
        p.days
            .iter()
            .map(|d| (d.day, d.planned))
            .collect::<Vec<_>>(),
        vec![(date(0), 18), (date(1), 2)]
    );
}

#[test]
fn blocked_date_is_skipped() {
    let s = QueueSettings {
        blocked_dates: vec![date(1)],
        ..yard()
    };
    let p = plan_at(&s, at(6, 0), &joined_sunday(19));
    assert_eq!(p.entries[18].forecast(), Some(at_on(2, 7, 0)));
}

#[test]
fn weekday_off_is_skipped() {
    // From Friday, the overflow goes to Monday.
    let now = at_on(4, 6, 0);
    let entries: Vec<QueueEntry> = (1..=19)
        .map(|i| QueueEntry::waiting(i, at_on(3, 10, 0)))
        .collect();
    let p = plan_at(&yard(), now, &entries);
    assert_eq!(p.entries[17].day(), Some(date(4)));
    assert_eq!(p.entries[18].forecast(), Some(at_on(7, 7, 0)));
}

#[test]
fn interval_is_not_a_slot() {
    let p = plan_at(&yard(), at(6, 0), &joined_sunday(12));
    assert_eq!(p.entries[9].forecast(), Some(at(11, 30)));
    assert_eq!(p.entries[10].forecast(), Some(at(13, 0)));
}

#[test]
fn programmed_total_caps_entries_per_day() {
    let s = QueueSettings {
        programmed_total: 4,
        ..yard()
    };
    let p = plan_at(&s, at(6, 0), &joined_sunday(5));
    assert_eq!(p.entries[3].forecast(), Some(at(8, 30)));
    assert_eq!(p.entries[4].forecast(), Some(at_on(1, 7, 0)));
}

#[test]
fn after_the_last_window_closes_the_plan_starts_on_the_next_day() {
    let p = plan_at(&yard(), at(17, 0), &joined_sunday(2));
    assert_eq!(
        forecasts(&p),
        vec![Some(at_on(1, 7, 0)), Some(at_on(1, 7, 30))]
    );
}

#[test]
fn ended_attendance_starts_the_plan_on_the_next_day() {
    let s = yard();
    let entries = joined_sunday(2);
    let p = plan(&PlanInput {
        settings: &s,
        now: at(10, 0),
        entries: &entries,
        delays: &[],
        attendance: AttendanceToday::Ended,
    });
    assert_eq!(p.entries[0].forecast(), Some(at_on(1, 7, 0)));
}

#[test]
fn new_entry_never_lands_in_a_slot_that_already_started() {
    let entries = vec![QueueEntry::waiting(1, at(9, 10))];
    let p = plan_at(&yard(), at(9, 10), &entries);
    assert_eq!(p.entries[0].forecast(), Some(at(9, 30)));
}

#[test]
fn new_entry_never_lands_before_join_plus_hour_entry_limit() {
    let s = QueueSettings {
        hour_entry_limit: 2,
        ..yard()
    };
    let entries = vec![QueueEntry::waiting(1, at(9, 10))];
    let p = plan_at(&s, at(9, 10), &entries);
    assert_eq!(p.entries[0].forecast(), Some(at(11, 30)));
    // A limit that passes the day's last slot goes to the next day.
    let s = QueueSettings {
        hour_entry_limit: 20,
        ..yard()
    };
    let p = plan_at(&s, at(9, 10), &entries);
    assert_eq!(p.entries[0].forecast(), Some(at_on(1, 7, 0)));
}

#[test]
fn hour_entry_limit_does_not_move_entries_that_joined_long_ago() {
    let s = QueueSettings {
        hour_entry_limit: 6,
        ..yard()
    };
    let p = plan_at(&s, at(6, 0), &joined_sunday(1));
    assert_eq!(p.entries[0].forecast(), Some(at(7, 0)));
}

#[test]
fn late_entry_keeps_its_passed_slot() {
    let p = plan_at(&yard(), at(8, 10), &joined_sunday(3));
    assert_eq!(
        forecasts(&p),
        vec![Some(at(7, 0)), Some(at(7, 30)), Some(at(8, 0))]
    );
}

#[test]
fn pinned_entry_is_not_planned_before_its_day() {
    let mut entries = joined_sunday(2);
    entries[0].planned_day = Some(date(2));
    let p = plan_at(&yard(), at(6, 0), &entries);
    assert_eq!(p.entries[0].forecast(), Some(at_on(2, 7, 0)));
    // Plan order is rank order: the entry behind cannot pass it.
    assert_eq!(p.entries[1].forecast(), Some(at_on(2, 7, 30)));
}

#[test]
fn day_only_forecasts_are_the_first_window_start() {
    let s = QueueSettings {
        time_attendence: 0,
        programmed_total: 3,
        ..yard()
    };
    let p = plan_at(&s, at(6, 0), &joined_sunday(4));
    assert_eq!(
        forecasts(&p),
        vec![
            Some(at(7, 0)),
            Some(at(7, 0)),
            Some(at(7, 0)),
            Some(at_on(1, 7, 0))
        ]
    );
    let indices: Vec<u32> = p.entries.iter().map(|e| e.slot.unwrap().index).collect();
    assert_eq!(indices, vec![0, 1, 2, 0]);
}

#[test]
fn day_only_join_after_the_day_started_lands_on_the_next_day() {
    let s = QueueSettings {
        time_attendence: 0,
        programmed_total: 3,
        ..yard()
    };
    let entries = vec![QueueEntry::waiting(1, at(9, 0))];
    let p = plan_at(&s, at(9, 0), &entries);
    assert_eq!(p.entries[0].forecast(), Some(at_on(1, 7, 0)));
}

#[test]
fn no_slot_length_and_no_programmed_total_leave_entries_unplaced() {
    let s = QueueSettings {
        time_attendence: 0,
        programmed_total: 0,
        ..yard()
    };
    let p = plan_at(&s, at(6, 0), &joined_sunday(2));
    assert_eq!(p.unplaced().count(), 2);
    assert_eq!(
        p.entries.iter().map(|e| e.position).collect::<Vec<_>>(),
        vec![1, 2]
    );
}

#[test]
fn calendar_without_open_days_leaves_entries_unplaced() {
    let s = QueueSettings {
        week_days: [false; 7],
        ..yard()
    };
    let p = plan_at(&s, at(6, 0), &joined_sunday(2));
    assert!(p.entries.iter().all(|e| e.slot.is_none()));
}

#[test]
fn plan_is_the_same_whatever_the_input_order() {
    let entries = joined_sunday(30);
    let mut reversed = entries.clone();
    reversed.reverse();
    let s = yard();
    assert_eq!(
        plan_at(&s, at(6, 0), &entries),
        plan_at(&s, at(6, 0), &reversed)
    );
}

#[test]
fn overnight_window_keeps_planning_the_day_it_started_after_midnight() {
    let s = QueueSettings {
        start: t(22, 0),
        end: t(6, 0),
        start_interval: t(0, 0),
        end_interval: t(0, 0),
        time_attendence: 60,
        week_days: [true; 7],
        ..QueueSettings::default()
    };
    // 01:30 on Tuesday: Monday's 22:00-06:00 window is still open.
    let now = at_on(1, 1, 30);
    let entries = vec![QueueEntry::waiting(1, now)];
    let p = plan_at(&s, now, &entries);
    assert_eq!(p.today, date(0));
    assert_eq!(p.entries[0].day(), Some(date(0)));
    assert_eq!(p.entries[0].forecast(), Some(at_on(1, 2, 0)));
}

#[test]
fn dst_gap_day_is_planned_without_panics() {
    // New York, 2026-03-08: 02:00 jumps to 03:00. A break inside the gap and a window starting
    // inside it.
    let ny = chrono_tz::America::New_York;
    let s = QueueSettings {
        start: t(2, 30),
        end: t(0, 0),
        start_interval: t(2, 0),
        end_interval: t(3, 30),
        time_attendence: 30,
        week_days: [true; 7],
        time_zone: ny,
        ..QueueSettings::default()
    };
    let gap_day = NaiveDate::from_ymd_opt(2026, 3, 8).unwrap();
    let windows = s.windows(gap_day);
    // 03:30 EDT (07:30 UTC) to midnight EDT (04:00 UTC on the 9th).
    assert_eq!(
        windows,
        vec![(
            Utc.with_ymd_and_hms(2026, 3, 8, 7, 30, 0).unwrap(),
            Utc.with_ymd_and_hms(2026, 3, 9, 4, 0, 0).unwrap()
        )]
    );
    let now = Utc.with_ymd_and_hms(2026, 3, 8, 5, 0, 0).unwrap(); // 00:00 EST
    let entries: Vec<QueueEntry> = (1..=120)
        .map(|i| QueueEntry::waiting(i, now - Duration::hours(1)))
        .collect();
    let p = plan_at(&s, now, &entries);
    assert!(p.unplaced().next().is_none());
    assert_eq!(p.entries[0].forecast(), Some(windows[0].0));
    let mut previous = None;
    for e in &p.entries {
        let slot = e.slot.unwrap();
        assert!(s.day_windows(slot.day).contains(slot.start));
        assert!(previous < Some(slot.start));
        previous = Some(slot.start);
    }
    assert_eq!(s.capacity(gap_day), 41);
}

#[test]
fn dst_fall_back_day_has_an_hour_more_of_slots() {
    let s = QueueSettings {
        start: t(0, 0),
        end: t(6, 0),
        start_interval: t(0, 0),
        end_interval: t(0, 0),
        time_attendence: 60,
        week_days: [true; 7],
        time_zone: chrono_tz::America::New_York,
        ..QueueSettings::default()
    };
    let day = NaiveDate::from_ymd_opt(2026, 11, 1).unwrap();
    assert_eq!(s.capacity(day), 7);
    let now = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
    let entries: Vec<QueueEntry> = (1..=7).map(|i| QueueEntry::waiting(i, now)).collect();
    let p = plan_at(&s, now, &entries);
    let starts: Vec<DateTime<Utc>> = p.entries.iter().map(|e| e.slot.unwrap().start).collect();
    let expected: Vec<DateTime<Utc>> = (4..11)
        .map(|h| Utc.with_ymd_and_hms(2026, 11, 1, h, 0, 0).unwrap())
        .collect();
    assert_eq!(starts, expected);
}

// --- Rule 5: positions ---

#[test]
fn positions_are_index_plus_one_without_tolerance() {
    let p = plan_at(&yard(), at(8, 10), &joined_sunday(5));
    let positions: Vec<u32> = p.entries.iter().map(|e| e.position).collect();
    assert_eq!(positions, vec![1, 2, 3, 4, 5]);
    assert!(p.entries.iter().all(|e| !e.in_tolerance));
}

#[test]
fn positions_restart_at_one_after_the_entries_in_tolerance() {
    let s = QueueSettings {
        enable_tolerance: true,
        tolerance: 30,
        ..yard()
    };
    // 08:10: the 07:00, 07:30 and 08:00 forecasts have passed.
    let p = plan_at(&s, at(8, 10), &joined_sunday(5));
    let seen: Vec<(u32, bool)> = p
        .entries
        .iter()
        .map(|e| (e.position, e.in_tolerance))
        .collect();
    assert_eq!(
        seen,
        vec![(1, true), (2, true), (3, true), (1, false), (2, false)]
    );
    assert_eq!(IN_TOLERANCE_TEXT, "em tolerância");
}

// --- Rule 6: tolerance ---

#[test]
fn remaining_tolerance_counts_down_then_reads_esgotado() {
    let s = QueueSettings {
        enable_tolerance: true,
        tolerance: 30,
        ..yard()
    };
    let forecast = at(8, 0);
    assert_eq!(remaining_tolerance(forecast, at(7, 59), &s), None);
    assert_eq!(
        remaining_tolerance(forecast, at(8, 10), &s),
        Some(ToleranceLeft::Minutes(20))
    );
    assert_eq!(
        remaining_tolerance(forecast, at(8, 10) + Duration::seconds(30), &s),
        Some(ToleranceLeft::Minutes(20))
    );
    let exhausted = remaining_tolerance(forecast, at(8, 30), &s).unwrap();
    assert_eq!(exhausted, ToleranceLeft::Exhausted);
    assert_eq!(exhausted.text(), "Esgotado");
    assert_eq!(ToleranceLeft::Minutes(75).text(), "01:15");
    assert_eq!(remaining_tolerance(forecast, at(9, 0), &yard()), None);
}

#[test]
fn waiting_entry_drops_once_forecast_plus_tolerance_passed() {
    let s = QueueSettings {
        enable_tolerance: true,
        tolerance: 30,
        ..yard()
    };
    let p = plan_at(&s, at(8, 0), &joined_sunday(3));
    // 07:00 + 30 passed; 07:30 + 30 reached exactly at 08:00; 08:00 not passed.
    assert_eq!(
        tolerance_drops(&p, &s, at(8, 0)),
        vec![EntryId(1), EntryId(2)]
    );
    assert!(
        tolerance_drops(&p, &yard(), at(8, 0)).is_empty(),
        "tolerance off"
    );
}

#[test]
fn checked_in_driver_is_never_dropped_by_tolerance() {
    let s = QueueSettings {
        enable_tolerance: true,
        tolerance: 10,
        ..yard()
    };
    let mut entries = joined_sunday(2);
    entries[0].state = EntryState::CheckedIn;
    let p = plan_at(&s, at(12, 0), &entries);
    assert!(p.entries[0].in_tolerance && p.entries[0].checked_in);
    assert_eq!(tolerance_drops(&p, &s, at(12, 0)), vec![EntryId(2)]);
}

// --- Rule 7: delay ---

#[test]
fn delay_shifts_todays_not_started_forecasts() {
    let s = yard();
    let entries = joined_sunday(20);
    let delays = [Delay {
        started_at: at(8, 45),
        minutes: 30,
    }];
    let p = plan(&PlanInput {
        settings: &s,
        now: at(8, 50),
        entries: &entries,
        delays: &delays,
        attendance: AttendanceToday::Started,
    });
    assert_eq!(
        p.entries[3].forecast(),
        Some(at(8, 30)),
        "started before the delay"
    );
    assert_eq!(p.entries[4].forecast(), Some(at(9, 30)));
    assert_eq!(p.entries[4].slot.unwrap().start, at(9, 0));
    assert_eq!(
        p.entries[18].forecast(),
        Some(at_on(1, 7, 0)),
        "tomorrow is not delayed"
    );
}

#[test]
fn ending_a_delay_early_gives_back_the_unused_part() {
    let delay = Delay {
        started_at: at(9, 0),
        minutes: 30,
    };
    assert_eq!(end_delay_early(&delay, at(9, 10)), -20);
    assert_eq!(
        end_delay_early(&delay, at(9, 10) + Duration::seconds(1)),
        -19
    );
    assert_eq!(end_delay_early(&delay, at(9, 45)), 0);
    assert_eq!(end_delay_early(&delay, at(8, 0)), -30);
    // The net delay (30 - 20) shifts forecasts by 10 minutes.
    let s = yard();
    let entries = joined_sunday(6);
    let delays = [Delay {
        started_at: at(9, 0),
        minutes: 30 + end_delay_early(&delay, at(9, 10)),
    }];
    let p = plan(&PlanInput {
        settings: &s,
        now: at(9, 10),
        entries: &entries,
        delays: &delays,
        attendance: AttendanceToday::Started,
    });
    assert_eq!(p.entries[4].forecast(), Some(at(9, 10)));
    assert_eq!(p.entries[5].forecast(), Some(at(9, 40)));
}

#[test]
fn a_second_delay_shifts_forecasts_the_first_one_already_pushed() {
    let s = yard();
    let entries = joined_sunday(6);
    let delays = [
        Delay {
            started_at: at(9, 0),
            minutes: 30,
        },
        Delay {
            started_at: at(9, 20),
            minutes: 10,
        },
    ];
    let p = plan(&PlanInput {
        settings: &s,
        now: at(9, 20),
        entries: &entries,
        delays: &delays,
        attendance: AttendanceToday::Started,
    });
    // Slot 09:00 was pushed to 09:30, which had not started at 09:20.
    assert_eq!(p.entries[4].forecast(), Some(at(9, 40)));
}

// --- Rule 8: end of attendance and reset ---

#[test]
fn end_of_day_moves_waiting_entries_to_front_of_next_day() {
    let s = yard();
    let now = at(15, 0);
    let mut entries = joined_sunday(20); // 18 today, 2 on Tuesday
    for e in entries.iter_mut().take(10) {
        e.state = EntryState::AttendedToday;
    }
    let input = PlanInput {
        settings: &s,
        now,
        entries: &entries,
        delays: &[],
        attendance: AttendanceToday::Started,
    };
    let pins = end_of_day(&input);
    let pinned: Vec<i64> = pins.iter().map(|p| p.id.0).collect();
    assert_eq!(pinned, (11..=18).collect::<Vec<_>>());
    assert!(pins.iter().all(|p| p.day == date(1)));

    apply_pins(&mut entries, &pins);
    let after = plan(&PlanInput {
        settings: &s,
        now,
        entries: &entries,
        delays: &[],
        attendance: AttendanceToday::Ended,
    });
    let ids: Vec<i64> = after.entries.iter().map(|e| e.id.0).collect();
    assert_eq!(ids, (11..=20).collect::<Vec<_>>());
    assert_eq!(after.entries[0].forecast(), Some(at_on(1, 7, 0)));
    assert_eq!(after.entries[8].forecast(), Some(at_on(1, 11, 0)));
    assert_eq!(after.entries[9].forecast(), Some(at_on(1, 11, 30)));
}

#[test]
fn end_of_day_pins_hold_the_moved_entries_on_the_next_day_the_day_after() {
    // Tuesday 06:00, a new day: the pinned entries are Tuesday's first.
    let s = yard();
    let mut entries = joined_sunday(3);
    for e in &mut entries {
        e.planned_day = Some(date(1));
    }
    let p = plan_at(&s, at_on(1, 6, 0), &entries);
    assert_eq!(p.entries[0].forecast(), Some(at_on(1, 7, 0)));
}

#[test]
fn reset_forgets_pins_and_replans_from_the_current_period() {
    let s = yard();
    let mut entries = joined_sunday(3);
    for e in &mut entries {
        e.planned_day = Some(date(3));
    }
    let pinned = plan_at(&s, at(6, 0), &entries);
    assert_eq!(pinned.entries[0].day(), Some(date(3)));
    reset(&mut entries);
    let again = plan_at(&s, at(6, 0), &entries);
    assert_eq!(
        forecasts(&again),
        vec![Some(at(7, 0)), Some(at(7, 30)), Some(at(8, 0))]
    );
}

// --- Rule 9: missing-limit ---

fn strict() -> QueueSettings {
    QueueSettings {
        missing: MissingValidation {
            enabled: true,
            limit: 2,
            block_days: 7,
            period_days: 30,
        },
        ..yard()
    }
}

#[test]
fn missing_limit_blocks_joining_until_days_after_the_last_fault() {
    let s = strict();
    let now = at(10, 0);
    let faults = [now - Duration::days(20), now - Duration::days(2)];
    assert_eq!(
        missing_block(&faults, &s, now),
        Some(now + Duration::days(5))
    );
    assert_eq!(missing_block(&faults[..1], &s, now), None, "one fault");
    // The block ends 7 days after the last fault.
    assert_eq!(missing_block(&faults, &s, now + Duration::days(5)), None);
}

#[test]
fn missing_limit_counts_only_faults_within_the_period() {
    let s = strict();
    let now = at(10, 0);
    let faults = [now - Duration::days(31), now - Duration::days(1)];
    assert_eq!(missing_block(&faults, &s, now), None);
}

#[test]
fn missing_limit_off_never_blocks() {
    let mut s = strict();
    s.missing.enabled = false;
    let now = at(10, 0);
    let faults = [now - Duration::days(1); 5];
    assert_eq!(missing_block(&faults, &s, now), None);
    let mut s = strict();
    s.missing.limit = 0;
    assert_eq!(missing_block(&faults, &s, now), None);
}

// --- Rule 10: leaving ---

#[test]
fn driver_cannot_leave_queue_within_six_hours_of_forecast() {
    let s = yard();
    let forecast = at(16, 0);
    assert_eq!(
        can_leave(forecast, at(10, 0), &s),
        Err(QueueRefusal::LeaveWindow { hours: 6 })
    );
    assert!(can_leave(forecast, at(12, 0), &s).is_err());
    assert!(
        can_leave(forecast, at(17, 0), &s).is_err(),
        "forecast passed"
    );
    assert_eq!(can_leave(forecast, at(9, 59), &s), Ok(()));
    assert_eq!(
        can_leave(forecast, at(10, 0), &s).unwrap_err().message(),
        "Não é possível sair da fila a menos de 6 horas da previsão de carregamento."
    );
}

#[test]
fn leave_window_follows_queue_edit_hours_limit() {
    let s = QueueSettings {
        queue_edit_hours_limit: 2,
        ..yard()
    };
    assert_eq!(can_leave(at(16, 0), at(13, 59), &s), Ok(()));
    assert_eq!(
        can_leave(at(16, 0), at(14, 0), &s),
        Err(QueueRefusal::LeaveWindow { hours: 2 })
    );
}

// --- Rule 11: expiry ---

#[test]
fn loading_expires_the_day_after_its_expiration_date() {
    assert!(!is_expired(date(0), date(0)));
    assert!(is_expired(date(0), date(1)));
    assert!(!is_expired(date(1), date(0)));
    assert_eq!(remaining_days(date(3), date(0)), 3);
    assert_eq!(EXPIRED_REASON, "TEMPO EXPIRADO");
}

// --- Joining ---

fn join_input<'a>(s: &'a QueueSettings, entries: &'a [QueueEntry]) -> PlanInput<'a> {
    PlanInput {
        settings: s,
        now: at(6, 0),
        entries,
        delays: &[],
        attendance: AttendanceToday::NotStarted,
    }
}

const SCHEDULED: JoinRequest<'static> = JoinRequest {
    already_in_queue: false,
    freelancer: false,
    faults: &[],
};

#[test]
fn join_lands_on_the_next_free_slot() {
    let s = yard();
    let entries = joined_sunday(3);
    let landing = check_join(&join_input(&s, &entries), &SCHEDULED).unwrap();
    assert_eq!(landing.slot.forecast, at(8, 30));
    assert_eq!(landing.position, 4);
}

#[test]
fn join_refused_when_the_queue_is_closed() {
    let s = QueueSettings {
        enable_queue_save: false,
        ..yard()
    };
    assert_eq!(
        check_join(&join_input(&s, &[]), &SCHEDULED),
        Err(QueueRefusal::QueueClosed)
    );
}

#[test]
fn join_refused_when_already_in_the_queue() {
    let s = yard();
    let join = JoinRequest {
        already_in_queue: true,
        ..SCHEDULED
    };
    assert_eq!(
        check_join(&join_input(&s, &[]), &join),
        Err(QueueRefusal::AlreadyInQueue)
    );
}

#[test]
fn freelancer_join_refused_unless_the_company_allows_it() {
    let join = JoinRequest {
        freelancer: true,
        ..SCHEDULED
    };
    let s = yard();
    assert_eq!(
        check_join(&join_input(&s, &[]), &join),
        Err(QueueRefusal::FreelancerNotAllowed)
    );
    let s = QueueSettings {
        enable_queue_without_scheduling: true,
        ..yard()
    };
    assert!(check_join(&join_input(&s, &[]), &join).is_ok());
}

#[test]
fn join_refused_while_blocked_by_the_missing_limit() {
    let s = strict();
    let now = at(6, 0);
    let faults = [now - Duration::days(3), now - Duration::days(1)];
    let join = JoinRequest {
        faults: &faults,
        ..SCHEDULED
    };
    let refusal = check_join(&join_input(&s, &[]), &join).unwrap_err();
    assert_eq!(refusal, QueueRefusal::MissingLimit { until: date(6) });
    assert_eq!(
        refusal.message(),
        "Você atingiu o limite de faltas e poderá entrar na fila novamente em 08/03/2026."
    );
}

#[test]
fn join_refused_beyond_the_scheduling_day_limit() {
    let s = QueueSettings {
        scheduling_day_limit: Some(1),
        ..yard()
    };
    // 36 entries fill Monday and Tuesday: the join would land on Wednesday.
    let entries = joined_sunday(36);
    assert_eq!(
        check_join(&join_input(&s, &entries), &SCHEDULED),
        Err(QueueRefusal::BeyondDayLimit)
    );
    let entries = joined_sunday(35);
    let landing = check_join(&join_input(&s, &entries), &SCHEDULED).unwrap();
    assert_eq!(landing.slot.day, date(1));
}

#[test]
fn join_refused_when_no_attendance_is_configured() {
    let s = QueueSettings::default();
    assert_eq!(
        check_join(&join_input(&s, &[]), &SCHEDULED),
        Err(QueueRefusal::NoCapacity)
    );
    let s = QueueSettings {
        week_days: [false; 7],
        ..yard()
    };
    assert_eq!(
        check_join(&join_input(&s, &[]), &SCHEDULED),
        Err(QueueRefusal::NoCapacity)
    );
}

#[test]
fn check_join_changes_nothing_and_matches_the_plan_after_joining() {
    let s = yard();
    let mut entries = joined_sunday(5);
    let landing = check_join(&join_input(&s, &entries), &SCHEDULED).unwrap();
    entries.push(QueueEntry::waiting(6, at(6, 0)));
    let p = plan(&join_input(&s, &entries));
    assert_eq!(p.get(EntryId(6)).unwrap().slot, Some(landing.slot));
}

// --- One walk for the stored plan and the next landing ---

/// Every kind of yard the walk must agree on: tolerance, day cap only, capped, closed,
/// limited days, no slots at all.
fn varied_settings() -> [QueueSettings; 7] {
    [
        yard(),
        QueueSettings {
            enable_tolerance: true,
            tolerance: 30,
            ..yard()
        },
        QueueSettings {
            time_attendence: 0,
            programmed_total: 3,
            ..yard()
        },
        QueueSettings {
            programmed_total: 4,
            ..yard()
        },
        QueueSettings {
            enable_queue_save: false,
            ..yard()
        },
        QueueSettings {
            scheduling_day_limit: Some(1),
            ..yard()
        },
        QueueSettings {
            time_attendence: 0,
            programmed_total: 0,
            ..yard()
        },
    ]
}

/// A queue with every state in it, and one joined after `now` (a clock that went back: the
/// probe would not rank last).
fn mixed_and_future_queues() -> (Vec<QueueEntry>, Vec<QueueEntry>) {
    let mut mixed = joined_sunday(30);
    mixed.push(spent(100, EntryState::Loading));
    mixed.push(spent(101, EntryState::AttendedToday));
    mixed.push(spent(102, EntryState::MissedToday));
    mixed[4].planned_day = Some(date(2));
    mixed[7].state = EntryState::CheckedIn;
    let mut future = joined_sunday(5);
    future.push(QueueEntry::waiting(50, at_on(3, 10, 0)));
    (mixed, future)
}

/// A batch's answers, and its stored plan once the admitted ones are in; true when the batch
/// admitted someone (so its plan was checked).
fn batch_agrees_with_one_by_one(input: &PlanInput) -> bool {
    let batch = [SCHEDULED, FREELANCER, IN_QUEUE, SCHEDULED, SCHEDULED];
    let admission = check_joins_and_plan(input, &batch);
    assert_eq!(admission.answers, check_joins(input, &batch));
    let Some((stored, next)) = admission.plan else {
        return false;
    };
    let mut after = input.entries.to_vec();
    after.extend(
        admission
            .answers
            .iter()
            .enumerate()
            .filter(|(_, a)| a.is_ok())
            .map(|(i, _)| QueueEntry {
                id: batch_entry_id(i, batch.len()),
                ..QueueEntry::waiting(0, input.now)
            }),
    );
    let input = PlanInput {
        entries: &after,
        ..*input
    };
    assert_eq!(stored, plan(&input), "batch plan at {}", input.now);
    assert_eq!(next, check_join(&input, &SCHEDULED));
    true
}

#[test]
fn plan_with_next_is_the_plan_and_the_landing_of_check_join() {
    let (mixed, future) = mixed_and_future_queues();
    let delays = [Delay {
        started_at: at(8, 45),
        minutes: 30,
    }];
    let queues: [&[QueueEntry]; 4] = [&[], &joined_sunday(3), &mixed, &future];
    let instants = [at(6, 0), at(8, 10), at(9, 0), at(16, 50), at(18, 0)];
    let attendances = [
        AttendanceToday::NotStarted,
        AttendanceToday::Started,
        AttendanceToday::Ended,
    ];
    let (mut cases, mut batches) = (0, 0);
    for s in &varied_settings() {
        for entries in queues {
            for now in instants {
                for attendance in attendances {
                    for delays in [&delays[..], &[]] {
                        let input = PlanInput {
                            settings: s,
                            now,
                            entries,
                            delays,
                            attendance,
                        };
                        let (p, next) = plan_with_next(&input);
                        assert_eq!(p, plan(&input), "plan at {now} ({attendance:?})");
                        assert_eq!(next, check_join(&input, &SCHEDULED), "landing at {now}");
                        batches += usize::from(batch_agrees_with_one_by_one(&input));
                        cases += 1;
                    }
                }
            }
        }
    }
    assert_eq!(cases, 7 * 4 * 5 * 3 * 2);
    assert!(
        batches > 100,
        "the batch plan was used in {batches} cases only"
    );
}

const FREELANCER: JoinRequest<'static> = JoinRequest {
    already_in_queue: false,
    freelancer: true,
    faults: &[],
};

const IN_QUEUE: JoinRequest<'static> = JoinRequest {
    already_in_queue: true,
    freelancer: false,
    faults: &[],
};
