import { describe, expect, it, vi } from 'vitest';
import { alertCall, beep, CALL_BEEPS, CALL_VIBRATION, vibrate, type AudioContextLike } from './callAlert';

function fakeAudio(state = 'running') {
  const started: { hz: number; start: number; stop: number }[] = [];
  const resume = vi.fn(() => Promise.resolve());
  const ctx: AudioContextLike = {
    currentTime: 10,
    state,
    destination: {},
    resume,
    createGain: () => ({ gain: { value: 1 }, connect: () => undefined }),
    createOscillator: () => {
      const o = {
        type: 'sine',
        frequency: { value: 0 },
        at: 0,
        connect: () => undefined,
        start(when?: number) {
          o.at = when ?? 0;
        },
        stop(when?: number) {
          started.push({ hz: o.frequency.value, start: o.at, stop: when ?? 0 });
        },
      };
      return o;
    },
  };
  return { ctx, started, resume };
}

describe('beep', () => {
  it('plays each beep at its time', () => {
    const { ctx, started } = fakeAudio();
    expect(beep({ audio: () => ctx })).toBe(true);
    expect(started).toEqual(CALL_BEEPS.map((b) => ({ hz: b.hz, start: 10 + b.at, stop: 10 + b.at + b.length })));
  });

  it('resumes a suspended context (phones start it suspended)', () => {
    const { ctx, resume } = fakeAudio('suspended');
    beep({ audio: () => ctx });
    expect(resume).toHaveBeenCalled();
  });

  it('is false without Web Audio, or when it throws', () => {
    expect(beep({})).toBe(false);
    expect(beep({ audio: () => undefined })).toBe(false);
    expect(
      beep({
        audio: () => {
          throw new Error('no');
        },
      }),
    ).toBe(false);
  });
});

describe('vibrate', () => {
  it('vibrates with the pattern where the phone can', () => {
    const v = vi.fn(() => true);
    expect(vibrate({ vibrate: v })).toBe(true);
    expect(v).toHaveBeenCalledWith(CALL_VIBRATION);
    expect(vibrate({})).toBe(false);
  });
});

describe('alertCall', () => {
  it('reports what the phone could do', () => {
    const { ctx } = fakeAudio();
    expect(alertCall({ audio: () => ctx })).toEqual({ sound: true, vibration: false });
    expect(alertCall({ vibrate: () => true })).toEqual({ sound: false, vibration: true });
  });
});
