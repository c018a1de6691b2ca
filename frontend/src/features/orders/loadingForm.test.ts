import { describe, expect, it } from 'vitest';
import { quantityProblem } from './NewLoadingDialog';

describe('quantityProblem (check 5, issue 22)', () => {
  it('answers letters with the number message, not the range one', () => {
    expect(quantityProblem('abc')).toBe('A quantidade deve ser um numero!');
    expect(quantityProblem('1a')).toBe('A quantidade deve ser um numero!');
    expect(quantityProblem('')).toBe('A quantidade deve ser um numero!');
  });
  it('takes a pt-BR decimal comma and refuses zero', () => {
    expect(quantityProblem('12,5')).toBeNull();
    expect(quantityProblem('15')).toBeNull();
    expect(quantityProblem('0')).toBe('Precisa ser maior que zero!');
    expect(quantityProblem('0,00')).toBe('Precisa ser maior que zero!');
  });
});
