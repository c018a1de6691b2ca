//! The predicted call time of a company with 2,500 waiting vehicles (issue 25, target under
//! 5 ms), beside the plan's bench.
//!
//! Criterion measures it; then the median of our own timed runs is written to
//! `tests/load/results/predict.json` and printed (only under `cargo bench`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::Instant;

use chrono::{Duration, NaiveTime, TimeZone, Utc};
use criterion::Criterion;
use patio_domain::implement::ImplementType;
use patio_domain::queue::{
    plan, predict, AttendanceToday, Delay, EntryId, EntryState, Loading, Pace, PlanInput,
    PredictInput, QueueEntry, QueueSettings, Queued, Spread, Vehicle,
};

const WAITING: i64 = 2_500;
const NAME: &str = "predict_2500_waiting";
const TARGET_MS: f64 = 5.0;

fn settings() -> QueueSettings {
    let t = |h| NaiveTime::from_hms_opt(h, 0, 0).unwrap();
    QueueSettings {
        start: t(6),
        end: t(21),
        start_interval: t(12),
        end_interval: t(13),
        time_attendence: 5,
        week_days: [true; 7],
        ..QueueSettings::default()
    }
}

/// A measured pace: three bays, a figure per implement type, slower afternoons.
fn pace() -> Pace {
    let s = |m: f64| Spread {
        p25: m * 0.85,
        p50: m,
        p75: m * 1.25,
        mean: m * 1.05,
    };
    let mut hour_factor = [1.0; 24];
    for f in hour_factor.iter_mut().skip(13) {
        *f = 1.1;
    }
    Pace {
        bays: 3,
        overall: s(40.0),
        by_implement: ImplementType::ALL
            .iter()
            .enumerate()
            .map(|(i, t)| (*t, s(20.0 + 5.0 * i as f64)))
            .collect(),
        by_axles: (3..12).map(|a| (a, s(10.0 + 6.0 * f64::from(a)))).collect(),
        turnaround_minutes: 3.0,
        start_lag: s(15.0),
        no_show: 0.06,
        no_show_checked_in: 0.02,
        // Most reach the yard 20 minutes to 3 hours before their call, a few only as called.
        check_in_leads: (0..=100)
            .map(|k| {
                if k < 10 {
                    0.0
                } else {
                    20.0 + 1.8 * f64::from(k - 10)
                }
            })
            .collect(),
        hour_factor,
        weekday_factor: [1.0; 7],
        samples: 1_000,
        // Lengths against the median: a log-normal's percentiles, a few far longer.
        length_shape: (0..=100)
            .map(|k| {
                let q = f64::from(k) / 100.0;
                if q > 0.96 {
                    2.0 + (q - 0.96) * 10.0
                } else {
                    0.6 + 0.8 * q
                }
            })
            .collect(),
        lag_shape: (0..=100).map(|k| f64::from(k) * 0.6).collect(),
    }
}

struct Fixture {
    settings: QueueSettings,
    pace: Pace,
    now: chrono::DateTime<Utc>,
    queue: Vec<Queued>,
    loading: Vec<Loading>,
    delays: Vec<Delay>,
}

impl Fixture {
    fn new() -> Fixture {
        // Monday 2026-03-02, 09:00 in São Paulo (12:00 UTC).
        let now = Utc.with_ymd_and_hms(2026, 3, 2, 12, 0, 0).unwrap();
        let settings = settings();
        let entries: Vec<QueueEntry> = (1..=WAITING)
            .map(|i| {
                let mut e = QueueEntry::waiting(i, now - Duration::minutes(2 * (WAITING + 60 - i)));
                if i % 7 == 0 {
                    e.state = EntryState::CheckedIn;
                }
                e
            })
            .collect();
        let delays = vec![Delay {
            started_at: now - Duration::minutes(10),
            minutes: 30,
        }];
        // The days the stored plan gave them.
        let p = plan(&PlanInput {
            settings: &settings,
            now,
            entries: &entries,
            delays: &delays,
            attendance: AttendanceToday::Started,
        });
        let mut queue: Vec<Queued> = entries
            .iter()
            .map(|e| Queued {
                id: e.id,
                joined_at: e.joined_at,
                checked_in: e.state == EntryState::CheckedIn,
                day: p.get(e.id).and_then(|x| x.day()),
                vehicle: Vehicle {
                    implement: Some(ImplementType::ALL[(e.id.0 % 11) as usize]),
                    axles: None,
                },
            })
            .collect();
        // The database hands them over in no useful order.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for i in (1..queue.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            queue.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        let loading = (0..3)
            .map(|i| Loading {
                started_at: now - Duration::minutes(10 * i),
                vehicle: Vehicle {
                    implement: Some(ImplementType::ALL[i as usize * 3]),
                    axles: None,
                },
            })
            .collect();
        Fixture {
            settings,
            pace: pace(),
            now,
            queue,
            loading,
            delays,
        }
    }

    fn input(&self) -> PredictInput<'_> {
        PredictInput {
            settings: &self.settings,
            now: self.now,
            attendance: AttendanceToday::Started,
            delays: &self.delays,
            queue: &self.queue,
            loading: &self.loading,
            spent_today: 12,
            pace: &self.pace,
        }
    }
}

/// The 1, 5 and 15-minute load averages (Linux), as `uptime` shows them.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

fn median_ms(fixture: &Fixture) -> f64 {
    for _ in 0..20 {
        black_box(predict(black_box(&fixture.input())));
    }
    let mut runs: Vec<f64> = (0..201)
        .map(|_| {
            let started = Instant::now();
            black_box(predict(black_box(&fixture.input())));
            started.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

fn main() {
    let fixture = Fixture::new();
    // The fixture is what the name says: every vehicle predicted, over several days.
    let p = predict(&fixture.input());
    assert_eq!(p.entries.len(), WAITING as usize);
    let last = p.entries.last().unwrap();
    assert!(last.at > fixture.now + Duration::days(3));
    assert!(p.get(EntryId(1)).is_some());

    let mut c = Criterion::default().configure_from_args();
    c.bench_function(NAME, |b| b.iter(|| predict(black_box(&fixture.input()))));
    c.final_summary();

    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let load_before = load_average();
    let median = median_ms(&fixture);
    let figure = serde_json::json!({
        "benchmark": NAME,
        "median_ms": (median * 1000.0).round() / 1000.0,
        "target_ms": TARGET_MS as u32,
        // The machine's 1, 5 and 15-minute load average around the timed runs.
        "load_average_before": load_before,
        "load_average_after": load_average(),
    });
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/load/results");
    std::fs::create_dir_all(&dir).expect("create tests/load/results");
    let path = dir.canonicalize().unwrap_or(dir).join("predict.json");
    std::fs::write(&path, format!("{figure}\n")).expect("write predict.json");
    println!("{figure}");
    println!(
        "predicted calls of {WAITING} waiting vehicles: median {median:.3} ms (target {TARGET_MS} ms) -> {}",
        path.display()
    );
}
