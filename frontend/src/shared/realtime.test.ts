import { describe, expect, it } from 'vitest';
import { EventSocket, RECONNECT_WAITS, SESSION_ENDED_CODE, eventsUrl, parseEvent, publicEventsUrl, type RealtimeSignal } from './realtime';

class FakeSocket {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onopen: (() => void) | null = null;
  onclose: ((e: { code?: number }) => void) | null = null;
  closed = false;
  close(): void {
    this.closed = true;
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const waits: number[] = [];
  const pending: Array<() => void> = [];
  const events: RealtimeSignal[] = [];
  const socket = new EventSocket(
    'ws://x/api/ws',
    (e) => events.push(e),
    () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    (fn, ms) => {
      waits.push(ms);
      pending.push(fn);
      return 0 as unknown as ReturnType<typeof setTimeout>;
    },
  );
  return { socket, sockets, waits, pending, events };
}

describe('company events', () => {
  it('builds the socket address on the page host, wss behind https', () => {
    expect(eventsUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/ws');
    expect(eventsUrl({ protocol: 'https:', host: 'patio.app' }, 3)).toBe('wss://patio.app/api/ws?companyId=3');
    expect(publicEventsUrl({ protocol: 'https:', host: 'patio.agro.com.br:8443', hostname: 'patio.agro.com.br' })).toBe(
      'wss://patio.agro.com.br:8443/api/ws?host=patio.agro.com.br',
    );
  });

  it('accepts only known events', () => {
    expect(parseEvent('{"event":"queueChanged","companyId":1}')).toEqual({ event: 'queueChanged', companyId: 1 });
    expect(parseEvent('{"event":"other","companyId":1}')).toBeNull();
    expect(parseEvent('not json')).toBeNull();
    expect(parseEvent(42)).toBeNull();
  });

  it('forwards events and reconnects with growing waits, reading again after a return', () => {
    const h = harness();
    h.sockets[0].onopen?.();
    h.sockets[0].onmessage?.({ data: '{"event":"queueChanged","companyId":7}' });
    expect(h.events).toEqual([{ event: 'queueChanged', companyId: 7 }]);

    h.sockets[0].onclose?.({ code: 1006 });
    expect(h.waits).toEqual([RECONNECT_WAITS[0]]);
    h.pending.shift()?.();
    h.sockets[1].onclose?.({ code: 1006 });
    expect(h.waits).toEqual([RECONNECT_WAITS[0], RECONNECT_WAITS[1]]);
    h.pending.shift()?.();
    h.sockets[2].onopen?.();
    // Back after missing events: one refresh.
    expect(h.events[1]).toEqual({ event: 'reconnected' });
  });

  it('after the session ended, tries once more and stops when refused', () => {
    const h = harness();
    h.sockets[0].onopen?.();
    h.sockets[0].onclose?.({ code: SESSION_ENDED_CODE });
    expect(h.waits).toEqual([RECONNECT_WAITS[0]]);
    h.pending.shift()?.();
    // The upgrade is refused (no session): the socket closes without opening.
    h.sockets[1].onclose?.({ code: 1006 });
    expect(h.waits).toEqual([RECONNECT_WAITS[0]]);
    expect(h.sockets).toHaveLength(2);
  });

  it('after the session ended, keeps going with a renewed session', () => {
    const h = harness();
    h.sockets[0].onopen?.();
    h.sockets[0].onclose?.({ code: SESSION_ENDED_CODE });
    h.pending.shift()?.();
    h.sockets[1].onopen?.();
    h.sockets[1].onclose?.({ code: 1006 });
    expect(h.waits).toEqual([RECONNECT_WAITS[0], RECONNECT_WAITS[0]]);
  });

  it('stops for good', () => {
    const h = harness();
    h.socket.stop();
    expect(h.sockets[0].closed).toBe(true);
    h.sockets[0].onclose?.({ code: 1006 });
    expect(h.waits).toEqual([]);
  });
});

describe('EventSocket reconnection (issue 22)', () => {
  it('schedules the next attempt without calling setTimeout as its own method (Illegal invocation)', () => {
    const real = globalThis.setTimeout;
    const waits: number[] = [];
    // Browsers refuse a setTimeout whose receiver is not the window; strict calls pass none.
    globalThis.setTimeout = function (this: unknown, _fn: () => void, ms?: number) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      waits.push(ms ?? 0);
      return 0 as unknown as ReturnType<typeof setTimeout>;
    } as unknown as typeof setTimeout;
    try {
      type Fake = { close(): void; onmessage: null; onopen: null; onclose: ((e: { code?: number }) => void) | null };
      let socket: Fake | null = null;
      const s = new EventSocket('ws://x', () => undefined, () => {
        socket = { close() {}, onmessage: null, onopen: null, onclose: null };
        return socket as never;
      });
      expect(() => (socket as unknown as Fake).onclose?.({ code: 1006 })).not.toThrow();
      expect(waits).toHaveLength(1);
      s.stop();
    } finally {
      globalThis.setTimeout = real;
    }
  });
});
