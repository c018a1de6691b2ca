import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The database `serve.sh` made for this run. */
export function dbUrl(): string {
  const port = process.env.PATIO_E2E_PORT ?? '18080';
  return readFileSync(join(__dirname, '..', `.db-url.${port}`), 'utf8').trim();
}

/** Runs SQL against the served database (fixtures the screens of this issue cannot create yet). */
export function sql(statement: string): string {
  return execFileSync('psql', [dbUrl(), '-qtAX', '-v', 'ON_ERROR_STOP=1', '-c', statement], {
    encoding: 'utf8',
  }).trim();
}

export const PASSWORD = 'patio123';
export const DEMO_CPF = '529.982.247-25';
export const DEMO_BIRTH = '15/01/1990';
