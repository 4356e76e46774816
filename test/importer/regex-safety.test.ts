import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
 * recheck decides by counting its matcher's steps, and by the clock too: a fuzzed string that runs
 * past incubationTimeout, or an attack string past attackTimeout (1 s), counts as found. On a loaded
 * machine the clock called an anchored, linear expression quadratic (its attack string runs in
 * 0.6 ms for 180 000 characters). So the verdict rests on the step counts alone, with the fuzzer's
 * seed fixed: the same on every run and every machine, however busy.
 */
/**
 * The audit loads each module afresh (its own URL, so its module-level code runs again under the
 * watched constructor) even where the process loaded it before: `npm run test:unit` runs many test
 * files in one process.
 */
const FRESH_LOAD = '?regex-audit';

const RECHECK_PARAMETERS = { randomSeed: 0, timeout: null, incubationTimeout: null, attackTimeout: null, seedingTimeout: null } as const;

test('every regular expression of the importer and of sync is free of super-linear backtracking', { timeout: 600_000 }, async () => {
  // Expressions built at run time are seen as they are built: every module is loaded with the
  // constructor watched, and each one must be built at load (a module-level constant).
  const built: Site[] = [];
  const Original = RegExp;
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args: [string | RegExp, string?], newTarget) {
      const frame = (new Error().stack ?? '').split('\n').find((line) => SOURCES.some((folder) => line.includes(folder)));
      const at = frame === undefined ? undefined : /\((.+?:\d+):\d+\)$/.exec(frame)?.[1]?.replace(FRESH_LOAD, '');
      const made = Reflect.construct(target, args, newTarget) as RegExp;
      if (at !== undefined) built.push({ where: at, source: made.source, flags: made.flags });
      return made;
    },
  });
  try {
    for (const file of sourceFiles()) await import(`${pathToFileURL(file).href}${FRESH_LOAD}`);
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
    .map((site) => ({ site, result: checkSync(site.source, site.flags.replace(/[gy]/g, ''), RECHECK_PARAMETERS) }))
    .filter(({ result }) => result.status !== 'safe')
    .map(({ site, result }) => `${site.where}: /${site.source}/${site.flags}: ${result.status}${result.status === 'vulnerable' ? ` (${result.complexity.summary}, attack ${result.attack.pattern})` : ''}`);
  assert.deepEqual(unsafe, []);
});
