/**
 * Rules from the server (issue 24 item 4): what a role may do on a screen comes from the
 * server's answers (`permissions`, `canApprove`) or the session's `screens`, never from a
 * guess in the browser. This test reads every .ts/.tsx file of src/ and fails on the two
 * guesses the screens used to make: comparing the role with a name (`role === 'Usuario'`),
 * and reading "no company" as "administrator" (`!session.company`).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');

const GUESSES: { name: string; pattern: RegExp }[] = [
  { name: 'role compared with a name', pattern: /\brole\s*[!=]==?\s*['"`]|['"`]\s*[!=]==?\s*[\w?.]*\brole\b/ },
  { name: 'a role name compared in a callback', pattern: /\(\s*r\s*\)\s*=>\s*r\s*[!=]==?\s*['"`]/ },
  {
    name: 'no company read as administrator',
    pattern: /!\s*session\??\.company\s*(?:[;)&|}?:,]|$)|session\??\.company\s*[!=]==?\s*(?:null|undefined)\b/m,
  },
];

export function guessesIn(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => GUESSES.filter((g) => g.pattern.test(line)).map((g) => `${g.name}: ${line.trim()}`));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const source = /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !/\.test\.tsx?$/.test(name);
    return source ? [path] : [];
  });
}

describe('screens take what a role may do from the server', () => {
  it('finds the guesses the screens used to make', () => {
    expect(guessesIn("const admin = session.role === 'Administrador';")).toHaveLength(1);
    expect(guessesIn("if ('Transportadora' !== session?.role) {")).toHaveLength(1);
    expect(guessesIn("roles.some((r) => r === 'Usuario')")).toHaveLength(1);
    expect(guessesIn('const isAdmin = !!session && !session.company;')).toHaveLength(1);
    expect(guessesIn('const showCompany = !session?.company;')).toHaveLength(1);
    expect(guessesIn('if (session.company == null) return;')).toHaveLength(1);
  });

  it('lets through what is not a role rule', () => {
    expect(guessesIn('const everyCompany = !!session?.screens.seesEveryCompany;')).toEqual([]);
    expect(guessesIn("if (typeof window === 'undefined') return;")).toEqual([]);
    expect(guessesIn('const company = session?.company ?? null;')).toEqual([]);
    expect(guessesIn('disabled={pickCompany && !companyId}')).toEqual([]);
    expect(guessesIn('<p>{session.company?.name}</p>')).toEqual([]);
  });

  it('no screen in src/ decides from the role name or a missing company', () => {
    const found = sourceFiles(SRC).flatMap((path) =>
      guessesIn(readFileSync(path, 'utf8')).map((g) => `${relative(SRC, path)}: ${g}`),
    );
    expect(found).toEqual([]);
  });
});
