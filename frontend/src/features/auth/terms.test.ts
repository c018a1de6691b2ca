import { describe, expect, it } from 'vitest';
import { driverAuthorization, driverContactComplete, staffAuthorization } from './terms';

const term = { id: 3, updatedAt: '2025-01-10T12:00:00Z' };

describe('terms authorization payload', () => {
  it('staff: the user and the ticked channels', () => {
    expect(staffAuthorization(9, term, { hasSMS: true, hasWhats: false, hasEmail: true })).toEqual({
      hasWhats: false,
      hasSMS: true,
      hasEmail: true,
      user: { id: 9 },
      driver: null,
      useTerm: term,
      contact: [],
    });
  });
  it('driver: the driver and the confirmed contact', () => {
    const body = driverAuthorization(4, term, { name: ' João ', fone: '(11) 9 8765-4321', email: 'j@x.com' });
    expect(body.driver).toEqual({ id: 4 });
    expect(body.user).toBeNull();
    expect(body.contact).toEqual([{ name: 'João', fone: '(11) 9 8765-4321', email: 'j@x.com' }]);
  });
  it('drivers must fill name, phone and e-mail', () => {
    expect(driverContactComplete({ name: 'a', fone: '1', email: 'e' })).toBe(true);
    expect(driverContactComplete({ name: 'a', fone: ' ', email: 'e' })).toBe(false);
    expect(driverContactComplete({ name: '', fone: '1', email: 'e' })).toBe(false);
    expect(driverContactComplete({ name: 'a', fone: '1', email: '' })).toBe(false);
  });
});
