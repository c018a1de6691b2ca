import { describe, expect, it } from 'vitest';
import { arcPath, niceScale, percent, pieArcs, sumTotals, tickValues } from './chartMath';

describe('chart arithmetic', () => {
  it('round axis maxima', () => {
    expect(niceScale(0)).toEqual({ max: 4, step: 1 });
    expect(niceScale(3)).toEqual({ max: 3, step: 1 });
    expect(niceScale(40)).toEqual({ max: 40, step: 10 });
    expect(niceScale(41)).toEqual({ max: 60, step: 20 });
    expect(niceScale(7)).toEqual({ max: 8, step: 2 });
    expect(tickValues(8, 2)).toEqual([0, 2, 4, 6, 8]);
  });
  it('empty data sums to zeros', () => {
    expect(sumTotals([], ['faulty', 'attended'])).toEqual({ faulty: 0, attended: 0 });
    expect(sumTotals(undefined, ['faulty'])).toEqual({ faulty: 0 });
    expect(sumTotals([{ faulty: 1, attended: 2 }, { faulty: 3, attended: 0 }], ['faulty', 'attended'])).toEqual({ faulty: 4, attended: 2 });
  });
  it('pie slices share the turn; nothing to draw for a total of 0', () => {
    const arcs = pieArcs([
      { label: 'a', value: 1, color: '#000' },
      { label: 'b', value: 3, color: '#fff' },
    ]);
    expect(arcs.map((a) => [a.start, a.end])).toEqual([
      [0, 0.25],
      [0.25, 1],
    ]);
    expect(pieArcs([{ label: 'a', value: 0, color: '#000' }])).toEqual([]);
    expect(arcPath(100, 90, 0, 0.25)).toBe('M 100 100 L 100.00 10.00 A 90 90 0 0 1 190.00 100.00 Z');
    expect(percent(0.256)).toBe('25,6%');
  });
});
