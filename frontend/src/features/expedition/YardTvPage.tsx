/**
 * The yard TV (/tv, spec 3 "Yard TV", issue 13): no sign-in; the server answers only to the
 * company's `checkinIp` addresses (others see the refusal). Lists the 10 most recent calls,
 * newest first, and announces each new call by voice (see announcer.ts). It runs for days:
 * the socket reconnects by itself, the list is read again on every event and every 3 minutes,
 * and the screen says when it is offline.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EventSocket, eventsUrl } from '../../shared/realtime';
import { currentHost, useCompanyByHostQuery } from '../company/api';
import { Announcer, announcement, sayNow, webSpeech } from './announcer';
import {
  afterSecondLook,
  autoplayAllowed,
  browserSound,
  initialSound,
  shownBeforeSecondLook,
  SoundGate,
  type SoundState,
} from './soundGate';

interface Call {
  id: number;
  driverName: string;
  licensePlate: string;
  calledAt: string | null;
  /** HH:mm of the call in the company's zone (the server's, as the queue's times). */
  calledTime?: string | null;
}

type Status = 'loading' | 'ok' | 'refused' | 'offline' | 'unknown';

const FALLBACK_POLL_MS = 180_000;

export const tvMsg = {
  title: 'Chamada de motoristas',
  empty: 'Nenhum motorista chamado ainda.',
  refused: 'Esta tela funciona apenas na rede do pátio da empresa.',
  unknown: 'Empresa não encontrada para este endereço.',
  offline: 'Sem conexão: tentando novamente...',
  plate: 'Placa',
  driver: 'Motorista',
  time: 'Chamado às',
  enableSound: 'Ativar som',
  soundLocked: 'O navegador só libera o som depois de um toque nesta tela. As chamadas ficam guardadas e são anunciadas assim que o som for ativado.',
  soundOn: 'Som ativado',
  soundUnavailable: 'Voz indisponível neste navegador: as chamadas aparecem apenas na tela.',
};

export default function YardTvPage() {
  const [params] = useSearchParams();
  const fromQuery = Number(params.get('empresa'));
  const host = useCompanyByHostQuery(currentHost(), { skip: fromQuery > 0 });
  const companyId = fromQuery > 0 ? fromQuery : (host.data?.id ?? null);
  if (companyId === null) {
    return <Screen status={host.isLoading ? 'loading' : 'unknown'} calls={[]} />;
  }
  return <Tv companyId={companyId} />;
}

function Tv({ companyId }: { companyId: number }) {
  const [calls, setCalls] = useState<Call[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const [initial] = useState<SoundState>(() => initialSound(browserSound()));
  const [sound, setSound] = useState<SoundState>(() => shownBeforeSecondLook(initial));
  const [gate] = useState(() => new SoundGate(initial === 'on'));
  const announcer = useMemo(() => new Announcer(webSpeech(gate)), [gate]);
  const enableSound = useCallback(() => {
    // Inside the click: the browser now lets this page speak and play.
    sayNow(tvMsg.soundOn);
    gate.unlock();
    setSound('on');
  }, [gate]);
  useEffect(() => {
    // A first 'suspended' reading may only mean the audio had not started yet (a kiosk TV).
    if (initial !== 'locked') return;
    let alive = true;
    void autoplayAllowed().then((allowed) => {
      if (!alive) return;
      if (allowed) gate.unlock();
      setSound((current) => afterSecondLook(current, allowed));
    });
    return () => {
      alive = false;
    };
  }, [initial, gate]);
  const seen = useRef<Set<number> | null>(null);

  const read = useCallback(async () => {
    try {
      const res = await fetch(`/api/checkins/called/${companyId}`, { cache: 'no-store', credentials: 'same-origin' });
      if (res.status === 403) {
        setStatus('refused');
        return;
      }
      if (res.status === 404) {
        setStatus('unknown');
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      const list = ((await res.json()) as Call[]).slice(0, 10);
      setCalls(list);
      setStatus('ok');
      // Calls made while this screen was away are listed, not spoken; new ones are spoken once.
      if (seen.current === null) {
        seen.current = new Set(list.map((c) => c.id * 1e13 + Date.parse(c.calledAt ?? '0')));
        return;
      }
      for (const c of [...list].reverse()) {
        const key = c.id * 1e13 + Date.parse(c.calledAt ?? '0');
        if (!seen.current.has(key)) {
          seen.current.add(key);
          void announcer.announce(announcement(c.driverName, c.licensePlate));
        }
      }
    } catch {
      setStatus('offline');
    }
  }, [announcer, companyId]);

  useEffect(() => {
    const first = setTimeout(() => void read(), 0);
    const timer = setInterval(() => void read(), FALLBACK_POLL_MS);
    const socket =
      typeof WebSocket === 'undefined' ? null : new EventSocket(eventsUrl(window.location, companyId), () => void read());
    const online = () => void read();
    window.addEventListener('online', online);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      socket?.stop();
      window.removeEventListener('online', online);
    };
  }, [companyId, read]);

  return <Screen status={status} calls={calls} sound={sound} onEnableSound={enableSound} />;
}

function Screen({
  status,
  calls,
  sound,
  onEnableSound,
}: {
  status: Status;
  calls: Call[];
  sound?: SoundState;
  onEnableSound?: () => void;
}) {
  const style = { background: '#0b1a33', color: '#fff', minHeight: '100vh', padding: 32, fontSize: 28 } as const;
  return (
    <main style={style}>
      <h1 style={{ color: '#fff', fontSize: 44, marginTop: 0 }}>{tvMsg.title}</h1>
      {sound === 'locked' && (
        <div role="status" style={{ background: '#ffd666', color: '#0b1a33', padding: 16, borderRadius: 8, marginBottom: 16 }}>
          <button
            type="button"
            onClick={onEnableSound}
            style={{ fontSize: 32, fontWeight: 700, padding: '12px 32px', marginRight: 16, cursor: 'pointer' }}
          >
            {tvMsg.enableSound}
          </button>
          <span style={{ fontSize: 22 }}>{tvMsg.soundLocked}</span>
        </div>
      )}
      {sound === 'unavailable' && (
        <p role="status" style={{ color: '#ffd666' }}>
          {tvMsg.soundUnavailable}
        </p>
      )}
      {status === 'refused' && <p role="alert">{tvMsg.refused}</p>}
      {status === 'unknown' && <p role="alert">{tvMsg.unknown}</p>}
      {status === 'offline' && (
        <p role="status" style={{ color: '#ffd666' }}>
          {tvMsg.offline}
        </p>
      )}
      {(status === 'ok' || status === 'offline') &&
        (calls.length === 0 ? (
          <p>{tvMsg.empty}</p>
        ) : (
          <table style={{ width: '100%', borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'left' }}>{tvMsg.plate}</th>
                <th style={{ textAlign: 'left' }}>{tvMsg.driver}</th>
                <th style={{ textAlign: 'left' }}>{tvMsg.time}</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((c, i) => (
                <tr key={`${c.id}-${c.calledAt}`} style={{ fontSize: i === 0 ? 48 : 28, fontWeight: i === 0 ? 700 : 400 }}>
                  <td>{c.licensePlate}</td>
                  <td>{c.driverName}</td>
                  <td>{c.calledTime ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </main>
  );
}
