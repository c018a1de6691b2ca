import { describe, expect, it } from 'vitest';
import { afterSecondLook, initialSound, shownBeforeSecondLook, SoundGate } from './soundGate';

describe("the yard TV's sound (issue 22)", () => {
  it('is unavailable without Web Speech, on when the browser allows it, locked otherwise', () => {
    expect(initialSound({ hasSpeech: false, hasBeenActive: true, audioState: () => 'running' })).toBe('unavailable');
    expect(initialSound({ hasSpeech: true, hasBeenActive: false, audioState: () => 'running' })).toBe('on');
    expect(initialSound({ hasSpeech: true, hasBeenActive: true, audioState: () => 'suspended' })).toBe('on');
    expect(initialSound({ hasSpeech: true, hasBeenActive: false, audioState: () => 'suspended' })).toBe('locked');
    expect(initialSound({ hasSpeech: true, hasBeenActive: false, audioState: () => null })).toBe('locked');
  });

  it('holds what waits on it until it is unlocked, then lets everything through in order', async () => {
    const gate = new SoundGate(false);
    const heard: string[] = [];
    const a = gate.wait().then(() => heard.push('a'));
    const b = gate.wait().then(() => heard.push('b'));
    await Promise.resolve();
    expect(heard).toEqual([]);
    gate.unlock();
    await Promise.all([a, b]);
    expect(heard).toEqual(['a', 'b']);
    await gate.wait();
    expect(gate.isOpen).toBe(true);
  });

  it("shows nothing about sound until the second look settles a 'locked' first reading", () => {
    expect(shownBeforeSecondLook('locked')).toBe('checking');
    expect(shownBeforeSecondLook('on')).toBe('on');
    expect(shownBeforeSecondLook('unavailable')).toBe('unavailable');
    expect(afterSecondLook('checking', false)).toBe('locked');
    expect(afterSecondLook('checking', true)).toBe('on');
    // A touch during the second look already turned the sound on: a late refusal keeps it.
    expect(afterSecondLook('on', false)).toBe('on');
  });
});
