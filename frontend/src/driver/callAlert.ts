/**
 * The yard's call on the phone: a short beep (Web Audio, no sound file to download) and a
 * vibration, each only where the phone offers it. Nothing here may throw: a phone without
 * sound or vibration still shows the call on screen.
 */

/** The vibration pattern (ms): three pulses. */
export const CALL_VIBRATION = [400, 200, 400, 200, 400];
/** The beeps: frequency (Hz), start and length (s). */
export const CALL_BEEPS: readonly { hz: number; at: number; length: number }[] = [
  { hz: 880, at: 0, length: 0.25 },
  { hz: 660, at: 0.35, length: 0.25 },
  { hz: 880, at: 0.7, length: 0.4 },
];

interface OscillatorLike {
  type: string;
  frequency: { value: number };
  connect(node: unknown): unknown;
  start(when?: number): void;
  stop(when?: number): void;
}

interface GainLike {
  gain: { value: number };
  connect(node: unknown): unknown;
}

export interface AudioContextLike {
  currentTime: number;
  state?: string;
  destination: unknown;
  resume?: () => Promise<void>;
  createOscillator(): OscillatorLike;
  createGain(): GainLike;
}

export interface CallAlertEnv {
  /** Makes an AudioContext, or undefined where Web Audio is missing. */
  audio?: () => AudioContextLike | undefined;
  vibrate?: (pattern: number[]) => boolean;
}

let shared: AudioContextLike | undefined;

function browserEnv(): CallAlertEnv {
  const w = typeof window === 'undefined' ? undefined : (window as unknown as Record<string, unknown>);
  const Ctor = (w?.AudioContext ?? w?.webkitAudioContext) as (new () => AudioContextLike) | undefined;
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    audio: Ctor
      ? () => {
          shared ??= new Ctor();
          return shared;
        }
      : undefined,
    vibrate: nav && typeof nav.vibrate === 'function' ? (p) => nav.vibrate(p) : undefined,
  };
}

/** Plays the call's beeps; false when the phone has no Web Audio (or it failed). */
export function beep(env: CallAlertEnv = browserEnv()): boolean {
  try {
    const ctx = env.audio?.();
    if (!ctx) return false;
    if (ctx.state === 'suspended') void ctx.resume?.().catch(() => undefined);
    const gain = ctx.createGain();
    gain.gain.value = 0.3;
    gain.connect(ctx.destination);
    for (const b of CALL_BEEPS) {
      const osc = ctx.createOscillator();
      osc.type = 'square';
      osc.frequency.value = b.hz;
      osc.connect(gain);
      osc.start(ctx.currentTime + b.at);
      osc.stop(ctx.currentTime + b.at + b.length);
    }
    return true;
  } catch {
    return false;
  }
}

/** Vibrates the phone; false where it cannot. */
export function vibrate(env: CallAlertEnv = browserEnv()): boolean {
  try {
    return env.vibrate ? env.vibrate(CALL_VIBRATION) : false;
  } catch {
    return false;
  }
}

/** Sound and vibration together: what the phone could do. */
export function alertCall(env: CallAlertEnv = browserEnv()): { sound: boolean; vibration: boolean } {
  return { sound: beep(env), vibration: vibrate(env) };
}
