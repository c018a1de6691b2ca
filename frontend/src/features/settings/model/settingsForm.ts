/**
 * The settings form (tabs Sistema, Atraso and Informações) and the API: the server's view ->
 * form values, form values -> the body of POST /api/settings/save, and the checks the server
 * makes (domain::settings::form), run before sending with the same messages.
 */
import { sm } from '../messages';
import { isHHmm, isIp, minutesToHHmm, parseDelayMinutes, parseHHmm } from './time';
import type { Schema } from '../../../shared/api/types';

/** A configured delay reason as the API shows it (`time` in minutes). */
export type DelayView = Schema<'DelayView'>;

/** GET /api/settings/company/{companyId} (docs/api.md). */
export type SettingsView = Schema<'SettingsView'>;

/** A delay row of the Atraso tab: saved ones have an id, new ones are sent with the save. */
export interface DelayRow {
  /** A row key (the id of a saved one, a local key of a new one). */
  key: string;
  id: number | null;
  reason: string;
  /** `HH:mm` or minutes, as typed. */
  time: string;
  icon: string | null;
}

/** The form's values. Numbers stay text while typed: a wrong entry is shown, never lost. */
export interface SettingsFormValues {
  enableQueueSave: boolean;
  enableCheckin: boolean;
  enableQueueWithoutScheduling: boolean;
  start: string;
  end: string;
  startInterval: string;
  endInterval: string;
  timeAttendence: string;
  /** Indexes of the days on, 0 = Sunday. */
  weekDays: number[];
  programmedTotal: string;
  scheduling_day_limit: string;
  hour_entry_Limit: string;
  queue_edit_hours_limit: string;
  tolerance: string;
  enable_missing_validation: boolean;
  missing_limit: string;
  missing_limit_after_block: string;
  missing_validation_period: number;
  /** One or two fields. */
  checkinIps: string[];
  googleMaps: string;
  enableRecaptcha: boolean;
  recaptchaSite: string;
  recaptchaSecret: string;
}

/** The body of POST /api/settings/save. `enableTolerance` is left out: its switch saves itself. */
export interface SettingsPayload {
  company: { id: number };
  enableQueueSave: boolean;
  enableCheckin: boolean;
  enableQueueWithoutScheduling: boolean;
  start: string;
  end: string;
  startInterval: string;
  endInterval: string;
  timeAttendence: string;
  /** JSON text of seven booleans, Sunday first (as the spec sends it). */
  weekDays: string;
  programmedTotal: number;
  scheduling_day_limit: number | null;
  hour_entry_Limit: number;
  queue_edit_hours_limit: number;
  tolerance: string;
  enable_missing_validation: boolean;
  missing_limit: number;
  missing_limit_after_block: number;
  missing_validation_period: number;
  /** Up to two addresses joined by a comma. */
  checkinIp: string;
  googleMaps: string;
  enableRecaptcha: boolean;
  recaptchaSite: string;
  recaptchaSecret: string;
  /** New delay reasons (saved ones are kept by the server). */
  delay: { reason: string; time: string; icon: string | null }[];
}

/** The missing-validation periods offered, in days (spec 3 section 5). */
export const VALIDATION_PERIODS = [30, 60, 90, 120, 150, 180] as const;
/** At most two check-in addresses (spec 3 section 5). */
export const MAX_CHECKIN_IPS = 2;

/** Upper bounds of the whole-number fields (the server's). */
export const NUMBER_LIMITS = {
  programmedTotal: 10_000,
  queue_edit_hours_limit: 720,
  scheduling_day_limit: 365,
  hour_entry_Limit: 720,
  missing_limit: 1_000,
  missing_limit_after_block: 365,
} as const;
export type NumberField = keyof typeof NUMBER_LIMITS;

/** The form values of the server's view. */
export function settingsToForm(v: SettingsView): SettingsFormValues {
  const ips = (v.checkinIp ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, MAX_CHECKIN_IPS);
  return {
    enableQueueSave: v.enableQueueSave,
    enableCheckin: v.enableCheckin,
    enableQueueWithoutScheduling: v.enableQueueWithoutScheduling,
    start: v.start,
    end: v.end,
    startInterval: v.startInterval,
    endInterval: v.endInterval,
    timeAttendence: v.timeAttendence,
    weekDays: (v.weekDays ?? []).flatMap((on, i) => (on ? [i] : [])),
    programmedTotal: String(v.programmedTotal ?? 0),
    scheduling_day_limit: v.scheduling_day_limit === null || v.scheduling_day_limit === undefined ? '' : String(v.scheduling_day_limit),
    hour_entry_Limit: String(v.hour_entry_Limit ?? 0),
    queue_edit_hours_limit: String(v.queue_edit_hours_limit ?? 6),
    tolerance: v.tolerance,
    enable_missing_validation: v.enable_missing_validation,
    missing_limit: String(v.missing_limit ?? 0),
    missing_limit_after_block: String(v.missing_limit_after_block ?? 0),
    missing_validation_period: v.missing_validation_period,
    checkinIps: ips.length ? ips : [''],
    googleMaps: v.googleMaps ?? '',
    enableRecaptcha: v.enableRecaptcha,
    recaptchaSite: v.recaptchaSite ?? '',
    recaptchaSecret: v.recaptchaSecret ?? '',
  };
}

/** The delay rows of the server's view. */
export function delaysToRows(delays: readonly DelayView[] | null | undefined): DelayRow[] {
  return (delays ?? []).map((d) => ({
    key: `id-${d.id}`,
    id: d.id,
    reason: d.reason,
    time: minutesToHHmm(d.time),
    icon: d.icon ?? null,
  }));
}

/** Seven booleans, Sunday first, from the indexes of the days on. */
export function weekDaysToBooleans(days: readonly number[] | null | undefined): boolean[] {
  const on = new Set(days ?? []);
  return Array.from({ length: 7 }, (_, i) => on.has(i));
}

/** `weekDays` as the spec sends it: the JSON text of seven booleans. */
export function weekDaysText(days: readonly number[] | null | undefined): string {
  return JSON.stringify(weekDaysToBooleans(days));
}

/** The check-in addresses as sent: the filled fields, trimmed, joined by a comma. */
export function checkinIpText(ips: readonly string[] | null | undefined): string {
  return (ips ?? [])
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(',');
}

const int = (text: string): number => Number((text ?? '').trim());

/** The body of POST /api/settings/save, from checked values. */
export function formToPayload(companyId: number, v: SettingsFormValues, delays: readonly DelayRow[]): SettingsPayload {
  const dayLimit = (v.scheduling_day_limit ?? '').trim();
  return {
    company: { id: companyId },
    enableQueueSave: !!v.enableQueueSave,
    enableCheckin: !!v.enableCheckin,
    enableQueueWithoutScheduling: !!v.enableQueueWithoutScheduling,
    start: v.start.trim(),
    end: v.end.trim(),
    startInterval: v.startInterval.trim(),
    endInterval: v.endInterval.trim(),
    timeAttendence: v.timeAttendence.trim(),
    weekDays: weekDaysText(v.weekDays),
    programmedTotal: int(v.programmedTotal),
    scheduling_day_limit: dayLimit === '' ? null : int(dayLimit),
    hour_entry_Limit: int(v.hour_entry_Limit),
    queue_edit_hours_limit: int(v.queue_edit_hours_limit),
    tolerance: v.tolerance.trim(),
    enable_missing_validation: !!v.enable_missing_validation,
    missing_limit: int(v.missing_limit),
    missing_limit_after_block: int(v.missing_limit_after_block),
    missing_validation_period: Number(v.missing_validation_period),
    checkinIp: checkinIpText(v.checkinIps),
    googleMaps: (v.googleMaps ?? '').trim(),
    enableRecaptcha: !!v.enableRecaptcha,
    recaptchaSite: (v.recaptchaSite ?? '').trim(),
    recaptchaSecret: (v.recaptchaSecret ?? '').trim(),
    delay: delays
      .filter((d) => d.id === null)
      .map((d) => ({ reason: d.reason.trim(), time: d.time.trim(), icon: d.icon || null })),
  };
}

// ---- Checks (the server's rules and texts).

/** A whole number between 0 and `max`; the message otherwise, null when fine. */
export function checkWholeNumber(text: string | null | undefined, max: number): string | null {
  const t = (text ?? '').trim();
  if (!/^[+-]?\d+$/.test(t)) return sm.notANumber;
  const n = Number(t);
  if (n < 0) return sm.negative;
  if (n > max) return sm.tooHigh(max);
  return null;
}

export function checkTime(text: string | null | undefined): string | null {
  return isHHmm(text) ? null : sm.timeFormat;
}

/** The embed address of the map: empty, an https:// address, or a pasted <iframe> snippet. */
export function checkGoogleMaps(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  let url = t;
  if (t.toLowerCase().includes('<iframe')) {
    const m = /src=(["'])(.*?)\1/i.exec(t);
    if (!m) return sm.googleMapsInvalid;
    url = m[2].replace(/&amp;/g, '&');
  }
  const ok =
    url.length > 'https://'.length &&
    url.slice(0, 8).toLowerCase() === 'https://' &&
    Array.from(url).length <= 2000 &&
    !/[\s"'<>\p{Cc}]/u.test(url);
  return ok ? null : sm.googleMapsInvalid;
}

/** At most two valid addresses; the message of the first problem, null when fine. */
export function checkCheckinIps(ips: readonly string[] | null | undefined): string | null {
  const filled = (ips ?? []).map((s) => (s ?? '').trim()).filter(Boolean);
  if (filled.length > MAX_CHECKIN_IPS) return sm.tooManyIps;
  const bad = filled.find((ip) => !isIp(ip));
  return bad === undefined ? null : sm.invalidIp(bad);
}

/** The message of a check-in address field, null when fine (empty is fine). */
export function checkIp(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  return !t || isIp(t) ? null : sm.invalidIp(t);
}

/** A delay reason about to be added or saved: every problem by field. */
export function checkDelay(d: { reason: string; time: string }): { reason?: string; time?: string } {
  const out: { reason?: string; time?: string } = {};
  const reason = (d.reason ?? '').trim();
  if (!reason) out.reason = sm.delayReasonRequired;
  else if (Array.from(reason).length > 80) out.reason = sm.delayReasonTooLong;
  if (parseDelayMinutes(d.time) === null) out.time = sm.delayTimeInvalid;
  return out;
}

/** A field of the settings form, as antd names it. */
export type SettingsField = keyof SettingsFormValues | ['checkinIps', number] | 'delay';

export interface SettingsIssue {
  field: SettingsField;
  message: string;
}

/**
 * Every problem of the settings form, in form order, as the server would report it (one per
 * field). The time window: `end` after `start`, `end` 00:00 meaning midnight and
 * 00:00-00:00 the whole day; the interval ordered and inside the window.
 */
export function validateSettings(v: SettingsFormValues, delays: readonly DelayRow[] = []): SettingsIssue[] {
  const issues: SettingsIssue[] = [];
  const push = (field: SettingsField, message: string | null) => {
    if (message) issues.push({ field, message });
  };

  const ips = v.checkinIps ?? [];
  const filled = ips.map((s) => (s ?? '').trim()).filter(Boolean);
  if (filled.length > MAX_CHECKIN_IPS) push(['checkinIps', 0], sm.tooManyIps);
  else ips.forEach((ip, i) => push(['checkinIps', i], checkIp(ip)));

  push('programmedTotal', checkWholeNumber(v.programmedTotal, NUMBER_LIMITS.programmedTotal));
  push('queue_edit_hours_limit', checkWholeNumber(v.queue_edit_hours_limit, NUMBER_LIMITS.queue_edit_hours_limit));
  for (const f of ['timeAttendence', 'start', 'end', 'startInterval', 'endInterval'] as const) push(f, checkTime(v[f]));

  const s = parseHHmm(v.start);
  const e = parseHHmm(v.end);
  if (s !== null && e !== null) {
    const endM = e === 0 ? 24 * 60 : e;
    const wholeDay = s === 0 && e === 0;
    if (!wholeDay && endM <= s) {
      push('end', sm.endBeforeStart);
    } else {
      const si = parseHHmm(v.startInterval);
      const ei = parseHHmm(v.endInterval);
      if (si !== null && ei !== null && si !== ei) {
        const eiM = ei === 0 ? 24 * 60 : ei;
        if (eiM <= si) push('endInterval', sm.intervalOrder);
        else if (si < s || eiM > endM) push('startInterval', sm.intervalOutside);
      }
    }
  }

  push('googleMaps', checkGoogleMaps(v.googleMaps));
  if ((v.scheduling_day_limit ?? '').trim() !== '') {
    push('scheduling_day_limit', checkWholeNumber(v.scheduling_day_limit, NUMBER_LIMITS.scheduling_day_limit));
  }
  push('hour_entry_Limit', checkWholeNumber(v.hour_entry_Limit, NUMBER_LIMITS.hour_entry_Limit));
  push('tolerance', checkTime(v.tolerance));

  if (v.enableRecaptcha) {
    if (!(v.recaptchaSite ?? '').trim()) push('recaptchaSite', sm.recaptchaSiteRequired);
    if (!(v.recaptchaSecret ?? '').trim()) push('recaptchaSecret', sm.recaptchaSecretRequired);
  }

  const missingLimit = checkWholeNumber(v.missing_limit, NUMBER_LIMITS.missing_limit);
  push('missing_limit', missingLimit);
  if (!missingLimit && v.enable_missing_validation && Number(v.missing_limit.trim()) === 0) {
    push('missing_limit', sm.missingLimitRequired);
  }
  push('missing_limit_after_block', checkWholeNumber(v.missing_limit_after_block, NUMBER_LIMITS.missing_limit_after_block));
  if (!(VALIDATION_PERIODS as readonly number[]).includes(Number(v.missing_validation_period))) {
    push('missing_validation_period', sm.period);
  }

  for (const d of delays.filter((row) => row.id === null)) {
    const p = checkDelay(d);
    if (p.reason || p.time) {
      push('delay', `${d.reason || '—'}: ${p.reason ?? p.time}`);
      break;
    }
  }
  return issues;
}

/** The tab that holds a field, so a refused save can show it. */
export type SettingsTabKey = 'sistema' | 'atraso' | 'informacoes' | 'bloqueios' | 'termos' | 'popups';

const SYSTEM_FIELDS = new Set(['enableQueueSave', 'enableCheckin', 'enableQueueWithoutScheduling', 'enableTolerance']);

export function tabOfField(field: string): SettingsTabKey {
  if (SYSTEM_FIELDS.has(field)) return 'sistema';
  if (field === 'delay' || field.startsWith('delay[')) return 'atraso';
  return 'informacoes';
}

/**
 * A field named by a 422 answer (`checkinIp`, `end`, `delay[0].reason`...) as the form names
 * it; null for one the form does not show.
 */
export function formFieldOfApi(field: string): SettingsField | null {
  if (field === 'checkinIp') return ['checkinIps', 0];
  if (field === 'delay' || field.startsWith('delay[')) return 'delay';
  const known: readonly string[] = [
    'enableQueueSave',
    'enableCheckin',
    'enableQueueWithoutScheduling',
    'start',
    'end',
    'startInterval',
    'endInterval',
    'timeAttendence',
    'weekDays',
    'programmedTotal',
    'scheduling_day_limit',
    'hour_entry_Limit',
    'queue_edit_hours_limit',
    'tolerance',
    'enable_missing_validation',
    'missing_limit',
    'missing_limit_after_block',
    'missing_validation_period',
    'googleMaps',
    'enableRecaptcha',
    'recaptchaSite',
    'recaptchaSecret',
  ];
  return known.includes(field) ? (field as keyof SettingsFormValues) : null;
}
