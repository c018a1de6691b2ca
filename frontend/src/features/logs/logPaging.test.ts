import { describe, expect, it } from 'vitest';
import { logParams } from './api';
import { canLoadMore, gridPages, nextServerPage, shouldLoadMore } from './logPaging';

describe('log paging (grid of 10, server pages of 30)', () => {
  it('more pages may come while the count is a multiple of 30', () => {
    expect(canLoadMore(0)).toBe(false);
    expect(canLoadMore(29)).toBe(false);
    expect(canLoadMore(30)).toBe(true);
    expect(canLoadMore(45)).toBe(false);
    expect(canLoadMore(60)).toBe(true);
  });
  it('the next server page follows the entries loaded', () => {
    expect(nextServerPage(30)).toBe(2);
    expect(nextServerPage(60)).toBe(3);
  });
  it('reaching the last grid page loads more', () => {
    expect(gridPages(0)).toBe(1);
    expect(gridPages(30)).toBe(3);
    expect(shouldLoadMore(2, 30)).toBe(false);
    expect(shouldLoadMore(3, 30)).toBe(true);
    expect(shouldLoadMore(3, 25)).toBe(false);
  });
  it('sends only the filters given', () => {
    expect(logParams({ startDate: '2025-01-01', endDate: '2025-01-02', page: 1, pageSize: 30, operation_type: '', companyId: 4 })).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-01-02',
      page: 1,
      pageSize: 30,
      companyId: 4,
    });
  });
});
