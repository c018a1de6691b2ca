/**
 * Whether the yard TV may make sound (issue 22). Browsers refuse speech and audio before a
 * person has touched the page; a TV left alone either runs with the kiosk flag
 * `--autoplay-policy=no-user-gesture-required` (docs/decisions.md) or someone presses
 * 'Ativar som' once. Calls that arrive before that wait for it, then are spoken in order.
 */
export type SoundState = 'checking' | 'locked' | 'on' | 'unavailable';

/** What the browser offers, injected so that the rule is unit-tested. */
export interface SoundEnvironment {
  /** Web Speech is there at all. */
  hasSpeech: boolean;
  /** A new audio context's state: 'running' when the browser lets the page play unprompted. */
  audioState: () => string | null;
  /** The page has had a user gesture (navigator.userActivation). */
  hasBeenActive: boolean;
}

/** The state of the TV's sound on arrival. */
export function initialSound(env: SoundEnvironment): SoundState {
  if (!env.hasSpeech) return 'unavailable';
  if (env.hasBeenActive) return 'on';
  return env.audioState() === 'running' ? 'on' : 'locked';
}

/**
 * What the TV shows before the second look (`autoplayAllowed`) has answered: a first 'locked'
 * reading may only mean a kiosk TV's audio had not started yet, so the TV says nothing about
 * sound until the second look settles it (no 'Ativar som' flashing on a TV that needs none).
 */
export function shownBeforeSecondLook(initial: SoundState): SoundState {
  return initial === 'locked' ? 'checking' : initial;
}

/** The state once the second look answered, unless a touch already turned the sound on. */
export function afterSecondLook(current: SoundState, allowed: boolean): SoundState {
  if (current === 'on') return 'on';
  return allowed ? 'on' : 'locked';
}

/** A gate the voice waits on until sound is allowed. */
export class SoundGate {
  private open = false;
  private waiters: (() => void)[] = [];

  constructor(initiallyOpen: boolean) {
    this.open = initiallyOpen;
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** Resolves at once when sound is allowed, else when `unlock` is called. */
  wait(): Promise<void> {
    if (this.open) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  unlock(): void {
    this.open = true;
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }
}

/** The browser's environment (a throwaway audio context tells whether autoplay is allowed). */
export function browserSound(): SoundEnvironment {
  const w = typeof window !== 'undefined' ? window : undefined;
  return {
    hasSpeech: !!w && 'speechSynthesis' in w && typeof w.SpeechSynthesisUtterance !== 'undefined',
    hasBeenActive: !!(typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive),
    audioState: () => {
      const Ctx = w?.AudioContext;
      if (!Ctx) return null;
      try {
        const ctx = new Ctx();
        const state = ctx.state;
        void ctx.close();
        return state;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Whether the browser lets the page play without a touch, asked asynchronously: a new audio
 * context may report 'suspended' at first and start running a moment later when autoplay is
 * allowed (a kiosk TV), so a 'locked' first reading is confirmed by asking it to resume.
 */
export async function autoplayAllowed(waitMs = 1500): Promise<boolean> {
  const Ctx = typeof window !== 'undefined' ? window.AudioContext : undefined;
  if (!Ctx) return false;
  let ctx: AudioContext | null = null;
  try {
    ctx = new Ctx();
    const started = ctx.resume().then(() => true, () => false);
    const timeout = new Promise<boolean>((resolve) => window.setTimeout(() => resolve(false), waitMs));
    return (await Promise.race([started, timeout])) && ctx.state === 'running';
  } catch {
    return false;
  } finally {
    void ctx?.close().catch(() => undefined);
  }
}
