import { describe, expect, it } from 'vitest';
import {
  dayInZone,
  daysBetween,
  formatDayInZone,
  isHHmm,
  isIp,
  isIPv4,
  isIPv6,
  isIsoDay,
  maskHHmm,
  minutesToHHmm,
  parseDelayMinutes,
  parseHHmm,
} from './time';

describe('HH:mm', () => {
  it('accepts 00:00 to 23:59 (and HH:mm:00, as time inputs send)', () => {
    for (const ok of ['00:00', '07:30', '23:59', ' 12:05 ', '07:30:00']) expect(isHHmm(ok), ok).toBe(true);
    expect(parseHHmm('07:30')).toBe(450);
    expect(parseHHmm('00:00')).toBe(0);
  });

  it('refuses what the server refuses', () => {
    for (const bad of ['7:30', '24:00', '12:60', '07:30:15', 'ab:cd', '', '0730', '07-30', '+7:30', '123é:00', null, undefined]) {
      expect(isHHmm(bad), String(bad)).toBe(false);
    }
  });

  it('masks what is typed without losing it', () => {
    expect(maskHHmm('0730')).toBe('07:30');
    expect(maskHHmm('07:3')).toBe('07:3');
    expect(maskHHmm('7')).toBe('7');
    expect(maskHHmm('07')).toBe('07');
    expect(maskHHmm('073')).toBe('07:3');
    expect(maskHHmm('07h30min')).toBe('07:30');
    expect(maskHHmm('123456')).toBe('12:34');
    expect(maskHHmm('')).toBe('');
  });

  it('writes minutes as HH:mm', () => {
    expect(minutesToHHmm(30)).toBe('00:30');
    expect(minutesToHHmm(90)).toBe('01:30');
    expect(minutesToHHmm(1440)).toBe('24:00');
  });
});

describe('delay durations', () => {
  it('are HH:mm or minutes, from 1 minute to a day', () => {
    expect(parseDelayMinutes('00:45')).toBe(45);
    expect(parseDelayMinutes('90')).toBe(90);
    expect(parseDelayMinutes('01:30')).toBe(90);
    for (const bad of ['0', '00:00', '-5', '1441', 'abc', '']) expect(parseDelayMinutes(bad), bad).toBeNull();
  });
});

describe('IP addresses', () => {
  it('reads IPv4 as the server does (no leading zeros)', () => {
    expect(isIPv4('200.10.20.30')).toBe(true);
    expect(isIPv4('0.0.0.0')).toBe(true);
    for (const bad of ['300.1.1.1', '1.1.1', '01.1.1.1', '1.1.1.1.1', 'a.b.c.d', '']) expect(isIPv4(bad), bad).toBe(false);
  });

  it('reads IPv6 with :: and an IPv4 tail', () => {
    for (const ok of ['2001:db8::1', '::1', '::', 'fe80::1:2:3:4', '1:2:3:4:5:6:7:8', '::ffff:192.168.0.1', '1:2:3:4:5:6:1.2.3.4']) {
      expect(isIPv6(ok), ok).toBe(true);
    }
    for (const bad of ['1:2:3:4:5:6:7:8:9', '1::2::3', '12345::1', 'fe80::1%eth0', '1:2:3:4:5:6:7', ':1:2:3:4:5:6:7', 'g::1', '::300.1.1.1']) {
      expect(isIPv6(bad), bad).toBe(false);
    }
    expect(isIp(' 2001:db8::1 ')).toBe(true);
  });
});

describe('days', () => {
  it('checks real calendar days', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-2-1')).toBe(false);
  });

  it('lists every day of a range, across months and years', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysBetween('2026-03-05', '2026-03-05')).toEqual(['2026-03-05']);
    expect(daysBetween('2026-03-05', '2026-03-04')).toEqual([]);
    expect(daysBetween('2028-01-01', '2028-12-31')).toHaveLength(366);
  });

  it('reads an instant as a day in São Paulo', () => {
    // 02:59:59 UTC is still the day before in São Paulo (UTC-3).
    expect(dayInZone('2026-03-06T02:59:59Z')).toBe('2026-03-05');
    expect(dayInZone('2026-03-01T03:00:00Z')).toBe('2026-03-01');
    expect(formatDayInZone('2026-03-01T03:00:00Z')).toBe('01/03/2026');
    expect(formatDayInZone(null)).toBe('');
    expect(dayInZone('not a date')).toBeNull();
  });
});
