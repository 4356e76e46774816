import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkSync } from 'recheck';
import ts from 'typescript';

/*
 * Notice text is untrusted: a search title or a page can be anything up to the size limits. No
 * regular expression that reads it may backtrack more than linearly, or one crafted title stalls
 * every answer. recheck proves each expression of the importer and of sync safe (or finds the
 * attack string); both the literals in the source and the ones built with `new RegExp` are
 * checked, and the test fails if an expression escapes the audit.
 */

const SOURCES = ['importer', 'sync'].map((folder) => fileURLToPath(new URL(`../../packages/service/src/${folder}/`, import.meta.url)));

interface Site {
  readonly where: string;
  readonly source: string;
  readonly flags: string;
}

function sourceFiles(): string[] {
  return SOURCES.flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(folder, name)),
  );
}

/** The regular expression literals of a file, and the lines where it calls `new RegExp`. */
function scan(file: string): { literals: Site[]; constructed: string[] } {
  const text = readFileSync(file, 'utf8');
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const literals: Site[] = [];
  const constructed: string[] = [];
  const where = (node: ts.Node): string => `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText();
      const end = literal.lastIndexOf('/');
      literals.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    }
    if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') constructed.push(where(node));
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { literals, constructed };
}

/**
 * recheck's fuzzer draws its strings at random: with its own seed each run, an expression V8 runs in
 * linear time was once reported quadratic (an anchored one, its attack string timed at 0.6 ms for
 * 180 000 characters). A fixed seed makes the verdict the same on every run and every machine.
 */
const RECHECK_SEED = 0;

test('every regular expression of the importer and of sync is free of super-linear backtracking', async () => {
  // Expressions built at run time are seen as they are built: every module is loaded with the
  // constructor watched, and each one must be built at load (a module-level constant).
  const built: Site[] = [];
  const Original = RegExp;
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args: [string | RegExp, string?], newTarget) {
      const frame = (new Error().stack ?? '').split('\n').find((line) => SOURCES.some((folder) => line.includes(folder)));
      const at = frame === undefined ? undefined : /\((.+?:\d+):\d+\)$/.exec(frame)?.[1];
      const made = Reflect.construct(target, args, newTarget) as RegExp;
      if (at !== undefined) built.push({ where: at, source: made.source, flags: made.flags });
      return made;
    },
  });
  try {
    for (const file of sourceFiles()) await import(file);
  } finally {
    globalThis.RegExp = Original;
  }
  const scanned = sourceFiles().map(scan);
  const constructedSites = scanned.flatMap((file) => file.constructed);
  const missed = constructedSites.filter((site) => !built.some((made) => made.where === site));
  assert.deepEqual(missed, [], 'each `new RegExp` must run when its module loads, so that the audit sees what it builds');

  const sites = [...scanned.flatMap((file) => file.literals), ...built];
  assert.ok(sites.length > 90, `only ${sites.length} expressions found`);
  const unsafe = sites
    .map((site) => ({ site, result: checkSync(site.source, site.flags.replace(/[gy]/g, ''), { timeout: 10_000, randomSeed: RECHECK_SEED }) }))
    .filter(({ result }) => result.status !== 'safe')
    .map(({ site, result }) => `${site.where}: /${site.source}/${site.flags}: ${result.status}${result.status === 'vulnerable' ? ` (${result.complexity.summary}, attack ${result.attack.pattern})` : ''}`);
  assert.deepEqual(unsafe, []);
});
