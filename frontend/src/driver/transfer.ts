/**
 * The driver company transfer (spec 1 section 4): a 406 on the driver login carries the other
 * company; the driver confirms by typing a displayed random code.
 */

/** A code from 1000 to 10999, as the spec generates it. */
export function generateTransferCode(random: () => number = Math.random): number {
  return Math.floor(random() * 10000) + 1000;
}

/** The typed code (4 or 5 digits) equals the displayed one. */
export function transferCodeMatches(code: number, typed: string): boolean {
  const t = (typed ?? '').trim();
  return /^\d{4,5}$/.test(t) && t === String(code);
}

export interface TransferConflict {
  companyA: { company: string; logo: string | null; queueDate: string | null };
  driver: { id: number; name: string };
  transferToken: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Reads the 406 body `{company_a: {company, logo, queue: {date} | null}, driver, transferToken}`. */
export function readTransferConflict(body: unknown): TransferConflict | null {
  if (!isRecord(body) || !isRecord(body.company_a) || !isRecord(body.driver)) return null;
  const a = body.company_a;
  const d = body.driver;
  if (typeof d.id !== 'number') return null;
  const queue = isRecord(a.queue) ? a.queue : null;
  return {
    companyA: {
      company: typeof a.company === 'string' ? a.company : '',
      logo: typeof a.logo === 'string' && a.logo ? a.logo : null,
      queueDate: queue && typeof queue.date === 'string' ? queue.date : null,
    },
    driver: { id: d.id, name: typeof d.name === 'string' ? d.name : '' },
    transferToken: typeof body.transferToken === 'string' ? body.transferToken : '',
  };
}
