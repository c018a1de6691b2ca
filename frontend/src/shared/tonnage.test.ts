import { describe, expect, it } from 'vitest';
import { maskTonnes, parseTonnes, tonnageWarnings } from './tonnage';

describe('maskTonnes (00,000, spec 3 section 5)', () => {
  it('reads a scale reading typed digit by digit', () => {
    const typed = ['1', '14', '147', '1475', '14750'].map(maskTonnes);
    expect(typed).toEqual(['1', '14', '14,7', '14,75', '14,750']);
  });
  it('re-masks what the field already shows plus the next key', () => {
    let shown = '';
    for (const key of '14750') shown = maskTonnes(shown + key);
    expect(shown).toBe('14,750');
    expect(maskTonnes(`${shown}9`)).toBe('14,750');
  });
  it('keeps at most 5 digits and 6 characters, digits only', () => {
    expect(maskTonnes('1475099')).toBe('14,750');
    expect(maskTonnes('1a4b7c5d0')).toBe('14,750');
    expect(maskTonnes('abc')).toBe('');
    expect(maskTonnes('')).toBe('');
    expect(maskTonnes('14,750').length).toBe(6);
  });
  it('takes a pasted reading with a comma or a dot', () => {
    expect(maskTonnes('14,750')).toBe('14,750');
    expect(maskTonnes('14.750')).toBe('14,750');
    expect(maskTonnes('32,5')).toBe('32,5');
  });
  it('keeps a comma typed after one digit (a weight under 10 t) and after two', () => {
    expect(maskTonnes('9,')).toBe('9,');
    expect(maskTonnes('9,5')).toBe('9,5');
    expect(maskTonnes('9,5001')).toBe('9,500');
    expect(maskTonnes('14,')).toBe('14,');
  });
  it('lets the comma go when it is erased back', () => {
    expect(maskTonnes('14')).toBe('14');
    expect(maskTonnes('1')).toBe('1');
  });
});

describe('parseTonnes', () => {
  it('is the number sent, comma as dot; null when nothing can be confirmed', () => {
    expect(parseTonnes('14,750')).toBe(14.75);
    expect(parseTonnes('9,5')).toBe(9.5);
    expect(parseTonnes('14')).toBe(14);
    expect(parseTonnes('0')).toBeNull();
    expect(parseTonnes('00,000')).toBeNull();
    expect(parseTonnes('')).toBeNull();
    expect(parseTonnes('abc')).toBeNull();
  });
  it('confirms every reading the mask produces above zero', () => {
    for (const typed of ['1', '14', '147', '1475', '14750', '99999']) {
      expect(parseTonnes(maskTonnes(typed))).toBeGreaterThan(0);
    }
  });
});

describe('tonnageWarnings', () => {
  it('warns above the truck capacity and above the order balance, with the figures in pt-BR', () => {
    expect(tonnageWarnings(14.75, { capacity: 16, balance: 20 })).toEqual([]);
    expect(tonnageWarnings(30, { capacity: 28, balance: 100 })).toEqual([
      'Acima da capacidade líquida do caminhão (28,000 t).',
    ]);
    expect(tonnageWarnings(30, { capacity: 32.5, balance: 12.5 })).toEqual(['Acima do saldo do pedido (12,500 t).']);
    expect(tonnageWarnings(40, { capacity: 32.5, balance: 12.5 })).toHaveLength(2);
  });
  it('does not warn at the limit, without limits or without a weight', () => {
    expect(tonnageWarnings(14.75, { capacity: 14.75, balance: 14.75 })).toEqual([]);
    expect(tonnageWarnings(14.75, {})).toEqual([]);
    expect(tonnageWarnings(null, { capacity: 1, balance: 1 })).toEqual([]);
    expect(tonnageWarnings(5, { capacity: 0, balance: null })).toEqual([]);
  });
});
