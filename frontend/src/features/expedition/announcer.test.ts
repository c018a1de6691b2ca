import { describe, expect, it } from 'vitest';
import { Announcer, announcement, type Voice } from './announcer';

function recorder() {
  const log: string[] = [];
  const voice: Voice = {
    speak: async (t) => {
      log.push(`speak ${t}`);
    },
    sleep: async (ms) => {
      log.push(`sleep ${ms}`);
    },
  };
  return { log, voice };
}

describe('the yard TV announcer', () => {
  it('says the first call 4 times and later ones 3 times, 2 s before and 6 s between', async () => {
    const { log, voice } = recorder();
    const a = new Announcer(voice);
    await a.announce('A');
    await a.announce('B');
    expect(log).toEqual([
      'sleep 2000', 'speak A', 'sleep 6000', 'speak A', 'sleep 6000', 'speak A', 'sleep 6000', 'speak A',
      'sleep 2000', 'speak B', 'sleep 6000', 'speak B', 'sleep 6000', 'speak B',
    ]);
  });

  it('lets a call that arrives while another is spoken wait its turn', async () => {
    const { log, voice } = recorder();
    const a = new Announcer(voice);
    const first = a.announce('A');
    void a.announce('B');
    await first;
    const spoken = log.filter((l) => l.startsWith('speak'));
    expect(spoken).toEqual(['speak A', 'speak A', 'speak A', 'speak A', 'speak B', 'speak B', 'speak B']);
  });

  it('spells the plate', () => {
    expect(announcement('JOSÉ', 'ABC1D23')).toBe('Motorista JOSÉ, placa A B C 1 D 2 3, dirija-se ao carregamento.');
  });
});
