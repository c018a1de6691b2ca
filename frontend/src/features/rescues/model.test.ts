import { describe, expect, it } from 'vitest';
import { shortName, tonnes } from './model';

describe('shortName', () => {
  it('keeps two words, three when the second is a particle', () => {
    expect(shortName('JOAO CARLOS DA SILVA')).toBe('JOAO CARLOS');
    expect(shortName('MARIA DA SILVA SOUZA')).toBe('MARIA DA SILVA');
    expect(shortName('  PEDRO  ')).toBe('PEDRO');
  });
});

describe('tonnes', () => {
  it('reads three decimals with a comma', () => {
    expect(tonnes(28.5)).toBe('28,500 t');
  });
});
