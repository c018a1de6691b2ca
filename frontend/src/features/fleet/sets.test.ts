import { describe, expect, it } from 'vitest';
import { exportUrl, setsParams } from './setsApi';
import { QUEUE_STATUS, twoWords } from './setsText';

describe('sets filters', () => {
  it('leave empty filters out of the query', () => {
    expect(setsParams({})).toEqual({});
    expect(setsParams({ truckSearch: '  ', driverSearch: '', companyId: null, inQueue: false })).toEqual({});
    expect(
      setsParams({
        truckSearch: ' abc1 ',
        driverSearch: 'joão',
        companyId: 3,
        shippingCompanyId: 7,
        status: 'pending',
        inQueue: true,
        withoutTruck: true,
      }),
    ).toEqual({
      truck_search: 'abc1',
      driver_search: 'joão',
      companyId: 3,
      shippingCompanyId: 7,
      status: 'pending',
      inQueue: true,
      withoutTruck: true,
    });
  });

  it('build the export links with the same filters', () => {
    expect(exportUrl('csv', {})).toBe('/api/driver/groups/export.csv');
    expect(exportUrl('xlsx', { driverSearch: 'da silva', status: 'fault' })).toBe(
      '/api/driver/groups/export.xlsx?driver_search=da+silva&status=fault',
    );
  });
});

describe('sets texts', () => {
  it('show the first two words of a name', () => {
    expect(twoWords('  JOÃO   DA SILVA SAURO ')).toBe('JOÃO DA');
    expect(twoWords('ANA')).toBe('ANA');
  });

  it('label every queue status', () => {
    expect(Object.keys(QUEUE_STATUS).sort()).toEqual(['attended', 'fault', 'pending', 'tolerance']);
  });
});
