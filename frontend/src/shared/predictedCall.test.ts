import { describe, expect, it } from 'vitest';
import { predictedCallText, predictedCallWhen, queueEndText } from './predictedCall';

// 2026-03-02 10:00 in São Paulo (UTC-3).
const now = Date.parse('2026-03-02T13:00:00Z');
const at = (iso: string) => `2026-03-${iso}`;

describe('predictedCallWhen', () => {
  it('says today at a time rounded to five minutes when the spread is narrow', () => {
    const p = {
      predictedCallAt: at('02T17:21:40Z'),
      predictedCallFrom: at('02T17:13:00Z'),
      predictedCallTo: at('02T17:30:00Z'),
    };
    expect(predictedCallWhen(p, now)).toBe('hoje às 14:20');
    expect(predictedCallText(p, now)).toBe('Previsão de chamada: hoje às 14:20');
  });

  it('is honest when unsure: a range in ten minutes when the spread is wide', () => {
    const p = {
      predictedCallAt: at('02T17:20:00Z'),
      predictedCallFrom: at('02T17:04:00Z'),
      predictedCallTo: at('02T17:36:00Z'),
    };
    expect(predictedCallWhen(p, now)).toBe('hoje entre 14:00 e 14:40');
  });

  it('names another day', () => {
    expect(predictedCallWhen({ predictedCallAt: at('03T10:32:00Z') }, now)).toBe('amanhã às 07:30');
    expect(predictedCallWhen({ predictedCallAt: at('05T11:10:00Z') }, now)).toBe('em 05/03 às 08:10');
    // 23:30 in São Paulo is already the next day in UTC: still today.
    expect(predictedCallWhen({ predictedCallAt: at('03T02:30:00Z') }, now)).toBe('hoje às 23:30');
  });

  it('tells the time in the yard’s zone, not the phone’s', () => {
    const p = { predictedCallAt: at('02T17:20:00Z') };
    // A yard in Cuiabá (UTC-4) is an hour behind São Paulo; one in Rio Branco (UTC-5), two.
    expect(predictedCallWhen(p, now, 'America/Cuiaba')).toBe('hoje às 13:20');
    expect(predictedCallWhen(p, now, 'America/Rio_Branco')).toBe('hoje às 12:20');
    expect(predictedCallWhen(p, now, null)).toBe('hoje às 14:20');
    expect(queueEndText(at('02T21:38:00Z'), now, 'America/Cuiaba')).toBe('fila termina por volta das 17:40');
  });

  it('says a call that is due can come at any moment', () => {
    expect(predictedCallWhen({ predictedCallAt: at('02T13:01:00Z') }, now)).toBe('a qualquer momento');
    expect(predictedCallWhen({ predictedCallAt: at('02T12:00:00Z') }, now)).toBe('a qualquer momento');
  });

  it('shows nothing without a prediction', () => {
    expect(predictedCallText(null, now)).toBeNull();
    expect(predictedCallText({ predictedCallAt: null }, now)).toBeNull();
    expect(predictedCallText({ predictedCallAt: 'not a date' }, now)).toBeNull();
  });

  it('never starts a range in the past', () => {
    const p = {
      predictedCallAt: at('02T13:20:00Z'),
      predictedCallFrom: at('02T13:00:00Z'),
      predictedCallTo: at('02T13:48:00Z'),
    };
    expect(predictedCallWhen(p, now)).toBe('hoje entre 10:00 e 10:50');
  });
});

describe('queueEndText', () => {
  it('says when the day is expected to end, to ten minutes', () => {
    expect(queueEndText(at('02T21:37:00Z'), now)).toBe('fila termina por volta das 18:40');
    expect(queueEndText(at('03T12:02:00Z'), now)).toBe('fila termina amanhã por volta das 09:00');
    expect(queueEndText(null, now)).toBeNull();
  });
});
