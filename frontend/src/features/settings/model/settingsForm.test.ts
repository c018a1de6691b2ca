import { describe, expect, it } from 'vitest';
import { sm } from '../messages';
import {
  checkCheckinIps,
  checkGoogleMaps,
  checkWholeNumber,
  delaysToRows,
  formFieldOfApi,
  formToPayload,
  settingsToForm,
  tabOfField,
  validateSettings,
  weekDaysText,
  weekDaysToBooleans,
  type DelayRow,
  type SettingsFormValues,
  type SettingsView,
} from './settingsForm';

const view: SettingsView = {
  id: 3,
  company: { id: 1 },
  checkinIp: '200.10.20.30,2001:db8::1',
  enableCheckin: true,
  programmedTotal: 40,
  queue_edit_hours_limit: 6,
  timeAttendence: '00:30',
  start: '07:00',
  end: '17:00',
  startInterval: '12:00',
  endInterval: '13:00',
  googleMaps: 'https://www.google.com/maps/embed?pb=1',
  weekDays: [false, true, true, true, true, true, false],
  delay: [{ id: 9, reason: 'Chuva', time: 45, icon: '🌧️' }],
  scheduling_day_limit: null,
  hour_entry_Limit: 2,
  enableTolerance: true,
  tolerance: '00:15',
  enableRecaptcha: false,
  recaptchaSecret: null,
  recaptchaSite: null,
  enable_missing_validation: false,
  missing_limit: 0,
  missing_limit_after_block: 0,
  missing_validation_period: 30,
  enableQueueSave: true,
  enableQueueWithoutScheduling: false,
  logo: null,
  timeZone: 'America/Sao_Paulo',
};

const form = (over: Partial<SettingsFormValues> = {}): SettingsFormValues => ({ ...settingsToForm(view), ...over });
const fields = (v: SettingsFormValues, delays: DelayRow[] = []) => validateSettings(v, delays).map((i) => [i.field, i.message]);

describe('settings view -> form', () => {
  it('keeps times, turns numbers into text and the weekdays into indexes', () => {
    const f = settingsToForm(view);
    expect(f.start).toBe('07:00');
    expect(f.programmedTotal).toBe('40');
    expect(f.scheduling_day_limit).toBe('');
    expect(f.weekDays).toEqual([1, 2, 3, 4, 5]);
    expect(f.checkinIps).toEqual(['200.10.20.30', '2001:db8::1']);
    expect(f.googleMaps).toBe('https://www.google.com/maps/embed?pb=1');
    expect(f.recaptchaSecret).toBe('');
  });

  it('shows one empty IP field when none is stored, and at most two', () => {
    expect(settingsToForm({ ...view, checkinIp: '' }).checkinIps).toEqual(['']);
    expect(settingsToForm({ ...view, checkinIp: 'a, b, c' }).checkinIps).toEqual(['a', 'b']);
  });

  it('shows the delays with their time as HH:mm', () => {
    expect(delaysToRows(view.delay)).toEqual([{ key: 'id-9', id: 9, reason: 'Chuva', time: '00:45', icon: '🌧️' }]);
  });
});

describe('form -> POST /api/settings/save', () => {
  it('sends weekDays as the JSON text of seven booleans, Sunday first', () => {
    expect(weekDaysText([1, 2, 3, 4, 5])).toBe('[false,true,true,true,true,true,false]');
    expect(weekDaysText([])).toBe('[false,false,false,false,false,false,false]');
    expect(weekDaysToBooleans([0, 6])).toEqual([true, false, false, false, false, false, true]);
    const body = formToPayload(1, form({ weekDays: [0, 6] }), []);
    expect(JSON.parse(body.weekDays)).toEqual([true, false, false, false, false, false, true]);
  });

  it('sends numbers, the day limit as null when empty, the IPs joined, and no tolerance switch', () => {
    const body = formToPayload(1, form({ programmedTotal: ' 12 ', checkinIps: [' 1.1.1.1 ', ''], scheduling_day_limit: '5' }), []);
    expect(body.company).toEqual({ id: 1 });
    expect(body.programmedTotal).toBe(12);
    expect(body.scheduling_day_limit).toBe(5);
    expect(body.checkinIp).toBe('1.1.1.1');
    expect(body.hour_entry_Limit).toBe(2);
    expect(body.missing_validation_period).toBe(30);
    expect('enableTolerance' in body).toBe(false);
    expect(formToPayload(1, form(), []).scheduling_day_limit).toBeNull();
  });

  it('sends only the new delay reasons', () => {
    const rows: DelayRow[] = [
      ...delaysToRows(view.delay),
      { key: 'new-0', id: null, reason: ' Obras ', time: '01:00', icon: null },
    ];
    expect(formToPayload(1, form(), rows).delay).toEqual([{ reason: 'Obras', time: '01:00', icon: null }]);
  });
});

describe('the server checks, before sending', () => {
  it('passes the stored settings and the defaults', () => {
    expect(fields(form())).toEqual([]);
    expect(
      fields(form({ start: '00:00', end: '00:00', startInterval: '00:00', endInterval: '00:00', timeAttendence: '00:00' })),
    ).toEqual([]);
  });

  it('wants HH:mm times', () => {
    expect(fields(form({ start: '7h' }))).toEqual([['start', sm.timeFormat]]);
    expect(fields(form({ tolerance: '1:5' }))).toEqual([['tolerance', sm.timeFormat]]);
    expect(fields(form({ timeAttendence: '' }))).toEqual([['timeAttendence', sm.timeFormat]]);
  });

  it('wants the end after the start, 00:00 being midnight', () => {
    for (const [start, end] of [['17:00', '07:00'], ['08:00', '08:00'], ['22:00', '06:00']]) {
      expect(fields(form({ start, end, startInterval: '00:00', endInterval: '00:00' }))).toEqual([['end', sm.endBeforeStart]]);
    }
    for (const [start, end] of [['07:00', '00:00'], ['00:00', '23:59']]) {
      expect(fields(form({ start, end, startInterval: '00:00', endInterval: '00:00' }))).toEqual([]);
    }
  });

  it('wants the interval ordered and inside the window', () => {
    expect(fields(form({ startInterval: '13:00', endInterval: '12:00' }))).toEqual([['endInterval', sm.intervalOrder]]);
    for (const [si, ei] of [['06:00', '08:00'], ['16:30', '17:30']]) {
      expect(fields(form({ startInterval: si, endInterval: ei }))).toEqual([['startInterval', sm.intervalOutside]]);
    }
    for (const [si, ei] of [['07:00', '08:00'], ['16:00', '17:00'], ['03:00', '03:00']]) {
      expect(fields(form({ startInterval: si, endInterval: ei }))).toEqual([]);
    }
    expect(fields(form({ end: '00:00', startInterval: '23:00', endInterval: '00:00' }))).toEqual([]);
  });

  it('allows at most 2 valid check-in IPs', () => {
    expect(checkCheckinIps(['1.1.1.1', '2.2.2.2'])).toBeNull();
    expect(checkCheckinIps(['1.1.1.1', '2.2.2.2', '3.3.3.3'])).toBe(sm.tooManyIps);
    expect(checkCheckinIps(['1.1.1.1', '300.1.1.1'])).toBe('IP inválido: 300.1.1.1');
    expect(fields(form({ checkinIps: ['1.1.1.1', '2.2.2.2', '3.3.3.3'] }))).toEqual([[['checkinIps', 0], sm.tooManyIps]]);
    expect(fields(form({ checkinIps: ['1.1.1.1', '300.1.1.1'] }))).toEqual([[['checkinIps', 1], 'IP inválido: 300.1.1.1']]);
    expect(fields(form({ checkinIps: ['', ''] }))).toEqual([]);
  });

  it('wants whole numbers in range', () => {
    expect(checkWholeNumber('-1', 10)).toBe(sm.negative);
    expect(checkWholeNumber('1.5', 10)).toBe(sm.notANumber);
    expect(checkWholeNumber('11', 10)).toBe('Informe no máximo 10.');
    expect(checkWholeNumber(' 7 ', 10)).toBeNull();
    expect(fields(form({ scheduling_day_limit: '366' }))).toEqual([['scheduling_day_limit', 'Informe no máximo 365.']]);
    expect(fields(form({ queue_edit_hours_limit: 'abc' }))).toEqual([['queue_edit_hours_limit', sm.notANumber]]);
  });

  it('wants a missing limit when missing validation is on, and a period of the list', () => {
    expect(fields(form({ enable_missing_validation: true }))).toEqual([['missing_limit', sm.missingLimitRequired]]);
    expect(fields(form({ enable_missing_validation: true, missing_limit: '3', missing_validation_period: 60 }))).toEqual([]);
    expect(fields(form({ missing_validation_period: 45 }))).toEqual([['missing_validation_period', sm.period]]);
  });

  it('wants both reCAPTCHA keys when it is on', () => {
    expect(fields(form({ enableRecaptcha: true }))).toEqual([
      ['recaptchaSite', sm.recaptchaSiteRequired],
      ['recaptchaSecret', sm.recaptchaSecretRequired],
    ]);
    expect(fields(form({ enableRecaptcha: true, recaptchaSite: 'site', recaptchaSecret: 'secret' }))).toEqual([]);
  });

  it('wants an https embed address or a pasted iframe', () => {
    expect(checkGoogleMaps('')).toBeNull();
    expect(checkGoogleMaps('<iframe src="https://www.google.com/maps/embed?pb=1&amp;x=2" width="600"></iframe>')).toBeNull();
    for (const bad of ['javascript:alert(1)', 'http://maps.google.com', 'https://', 'https://x.com/"onload="x', '<iframe src=javascript:alert(1)>']) {
      expect(checkGoogleMaps(bad), bad).toBe(sm.googleMapsInvalid);
    }
  });

  it('checks the new delay reasons', () => {
    const bad: DelayRow = { key: 'new-1', id: null, reason: 'Chuva', time: 'x', icon: null };
    expect(fields(form(), [bad])).toEqual([['delay', `Chuva: ${sm.delayTimeInvalid}`]]);
  });
});

describe('422 fields', () => {
  it('map onto the form and their tab', () => {
    expect(formFieldOfApi('checkinIp')).toEqual(['checkinIps', 0]);
    expect(formFieldOfApi('hour_entry_Limit')).toBe('hour_entry_Limit');
    expect(formFieldOfApi('delay[1].time')).toBe('delay');
    expect(formFieldOfApi('timeZone')).toBeNull();
    expect(tabOfField('enableQueueSave')).toBe('sistema');
    expect(tabOfField('delay')).toBe('atraso');
    expect(tabOfField('end')).toBe('informacoes');
  });
});
