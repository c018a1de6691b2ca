/**
 * One contract (issue 24 item 3): a TS type for an API body or answer is `Schema<'…'>` from
 * the generated schema.d.ts, never a hand-written copy. This test reads every .ts/.tsx file of
 * src/ with the TypeScript parser and fails when an interface or object type literal declares
 * exactly the field names of a generated schema (a copy, which drifts when the API changes).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..');
const SCHEMA_FILE = join(__dirname, 'schema.d.ts');

/** Sets this small are too common to be copies ({id}, {id, name}…): a reference, not a body. */
const MIN_FIELDS = 3;

const keyOf = (names: Iterable<string>) => [...names].sort().join(',');

function memberNames(members: ts.NodeArray<ts.TypeElement>): string[] {
  return members
    .filter(ts.isPropertySignature)
    .map((m) => m.name)
    .filter((n): n is ts.Identifier | ts.StringLiteral => ts.isIdentifier(n) || ts.isStringLiteral(n))
    .map((n) => n.text);
}

/** schema field set → schema names, from `components.schemas` of the generated file. */
export function schemaFieldSets(text: string): Map<string, string[]> {
  const file = ts.createSourceFile('schema.d.ts', text, ts.ScriptTarget.Latest, true);
  const sets = new Map<string, string[]>();
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertySignature(node) &&
      node.name.getText(file) === 'schemas' &&
      node.type &&
      ts.isTypeLiteralNode(node.type)
    ) {
      for (const schema of node.type.members) {
        if (!ts.isPropertySignature(schema) || !schema.type || !ts.isTypeLiteralNode(schema.type)) continue;
        const names = memberNames(schema.type.members);
        if (names.length < MIN_FIELDS) continue;
        const key = keyOf(names);
        sets.set(key, [...(sets.get(key) ?? []), schema.name.getText(file)]);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sets;
}

export interface Copy {
  file: string;
  type: string;
  schemas: string[];
}

/** Interfaces and `type X = { … }` in one source file that copy a schema's field names. */
export function copiesIn(fileName: string, text: string, schemas: Map<string, string[]>): Copy[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: Copy[] = [];
  const check = (type: string, members: ts.NodeArray<ts.TypeElement>) => {
    const names = memberNames(members);
    if (names.length < MIN_FIELDS) return;
    const same = schemas.get(keyOf(names));
    if (same) found.push({ file: fileName, type, schemas: same });
  };
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) && !node.heritageClauses) {
      check(node.name.text, node.members);
    } else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) {
      check(node.name.text, node.type.members);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const source = /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !/\.test\.tsx?$/.test(name);
    return source ? [path] : [];
  });
}

describe('TS types and the generated contract', () => {
  const schemas = schemaFieldSets(readFileSync(SCHEMA_FILE, 'utf8'));

  it('reads the generated schemas', () => {
    expect(schemas.size).toBeGreaterThan(100);
  });

  it('finds a hand-written copy of a schema', () => {
    // The driver's sign-in answer written out by hand, as driver/api.ts once had it.
    const copy = `
      export interface DriverLoginResponse {
        id: number; name: string; accessToken: string;
        company: { id: number; name: string; logo?: string | null };
        useTerms: boolean; mustApproveTerms: boolean;
      }
      type Aliased = Schema<'DriverLoginView'>;
      interface Extended extends Aliased { extra: string; more: number; again: boolean }`;
    const found = copiesIn('copy.ts', copy, schemas);
    expect(found).toEqual([{ file: 'copy.ts', type: 'DriverLoginResponse', schemas: ['DriverLoginView'] }]);
  });

  it('no type in src/ copies a schema (alias it: Schema<…>)', () => {
    const copies = sourceFiles(SRC).flatMap((path) =>
      copiesIn(relative(SRC, path), readFileSync(path, 'utf8'), schemas),
    );
    expect(copies).toEqual([]);
  }, 60_000);
});
