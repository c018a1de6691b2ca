/**
 * The yard TV's voice (spec 3 section 9): each call is announced 3 times, the first one of the
 * TV 4 times, 2 s before speaking and 6 s between repeats; calls that arrive while one is
 * spoken wait their turn. Speaking and waiting are injected (Web Speech in the page, fakes in
 * the tests).
 */
export const FIRST_TIMES = 4;
export const LATER_TIMES = 3;
export const BEFORE_MS = 2_000;
export const BETWEEN_MS = 6_000;

export interface Voice {
  speak(text: string): Promise<void>;
  sleep(ms: number): Promise<void>;
}

/** What the TV says for a call: the name and the plate, letter by letter. */
export function announcement(driverName: string, licensePlate: string): string {
  const plate = licensePlate.split('').join(' ');
  return `Motorista ${driverName}, placa ${plate}, dirija-se ao carregamento.`;
}

export class Announcer {
  private readonly waiting: string[] = [];
  private running = false;
  private spoken = 0;

  constructor(private readonly voice: Voice) {}

  /** Queues a call; resolves when the queue it joined is spoken. */
  announce(text: string): Promise<void> {
    this.waiting.push(text);
    return this.run();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let text = this.waiting.shift(); text !== undefined; text = this.waiting.shift()) {
        const times = this.spoken === 0 ? FIRST_TIMES : LATER_TIMES;
        this.spoken += 1;
        await this.voice.sleep(BEFORE_MS);
        for (let i = 0; i < times; i += 1) {
          if (i > 0) await this.voice.sleep(BETWEEN_MS);
          await this.voice.speak(text);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

/**
 * The browser's voice: Web Speech in pt-BR (silent where the browser has none). With a
 * `gate`, each utterance first waits until sound is allowed (the TV's 'Ativar som').
 */
export function webSpeech(gate?: { wait(): Promise<void> }): Voice {
  return {
    speak: async (text) => {
      if (gate) await gate.wait();
      return new Promise<void>((resolve) => {
        const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
        if (!synth || typeof SpeechSynthesisUtterance === 'undefined') {
          resolve();
          return;
        }
        const u = new SpeechSynthesisUtterance(text);
        u.lang = 'pt-BR';
        const ptVoice = synth.getVoices().find((v) => v.lang.toLowerCase().startsWith('pt'));
        if (ptVoice) u.voice = ptVoice;
        u.onend = () => resolve();
        u.onerror = () => resolve();
        synth.speak(u);
      });
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/** Speaks a short pt-BR line at once: inside a click, it unlocks Web Speech for the page. */
export function sayNow(text: string): void {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = 'pt-BR';
  synth.speak(u);
}
