import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, transform, type Plugin } from 'esbuild';
import { CLI_SOURCE, REPOSITORY, SOURCE_CONDITION } from './source-cli.js';

/*
 * The service's CLI as the tests start it in child processes (`serve`, `mcp`, `sign`, …): its
 * TypeScript sources and the core's, bundled by esbuild into plain ES modules (one chunk per
 * dynamic import, as the sources load them), every package of node_modules left for Node to load
 * from where it is installed. Started under tsx, each process spent about twice the CPU on loading
 * the sources through loader hooks (about 1.5 s more a start on the 2-core CI machine), and the
 * fast suite starts some forty services and CLIs; this is the lighter script the suite spawns.
 *
 * The code is the same: each source is transformed as tsx transforms it (esbuild, the TypeScript
 * settings of tsconfig.base.json), and `import.meta.url` in each is that source's own URL, so that
 * what the sources find beside themselves (the bundled data, package.json, the importer thread's
 * entry) they find where they are. Built once for the sources as they are: the bundle is kept in
 * node_modules/.cache/cli-bundle/ under a digest of every file it was built from (and of this
 * one), and built again when any of them has changed.
 */

const CACHE = join(REPOSITORY, 'node_modules', '.cache', 'cli-bundle');
/** The files the last bundle was built from, as the next process checks them. */
const INPUTS_RECORD = join(CACHE, 'inputs.json');
const WORKSPACE_PACKAGE_FILES = ['core', 'calendar', 'service'].map((name) => join(REPOSITORY, 'packages', name, 'package.json'));
/** Bundles other than the current one are removed once this old: a test still running may use one. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** The workspace's own sources are bundled; every other bare import stays one for Node to resolve. */
const sourcesOnly: Plugin = {
  name: 'sources-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@china-holiday-calendar/') ? undefined : { path: args.path, external: true }));
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const { code } = await transform(await readFile(args.path, 'utf8'), {
        loader: 'ts',
        format: 'esm',
        target: 'es2022',
        sourcefile: args.path,
        // ES2022 class fields, as tsconfig.base.json's target gives them under tsc and tsx.
        tsconfigRaw: { compilerOptions: { useDefineForClassFields: true } },
        define: { 'import.meta.url': JSON.stringify(pathToFileURL(args.path).href) },
      });
      return { contents: code, loader: 'js' };
    });
  },
};

/** A digest of the files' paths and contents, with this module's, which says how they are bundled. */
async function digestOf(files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [fileURLToPath(import.meta.url), ...WORKSPACE_PACKAGE_FILES, ...[...files].sort()]) {
    hash.update(`${relative(REPOSITORY, file)}\0`);
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function recordedInputs(): Promise<string[] | undefined> {
  try {
    const inputs = (JSON.parse(await readFile(INPUTS_RECORD, 'utf8')) as { inputs?: unknown }).inputs;
    return Array.isArray(inputs) ? inputs.map((input) => resolve(REPOSITORY, String(input))) : undefined;
  } catch {
    return undefined; // none yet, or a file since removed: build.
  }
}

/** Writes `text` to `file` under a name of its own first, so that no process reads half of it. */
async function writeWhole(file: string, text: string | Uint8Array): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}

async function removeStaleBundles(current: string): Promise<void> {
  for (const name of await readdir(CACHE)) {
    const path = join(CACHE, name);
    if (path === current || path === INPUTS_RECORD) continue;
    // Another process may be removing it too.
    const modified = await stat(path).then(({ mtimeMs }) => mtimeMs, () => Date.now());
    if (Date.now() - modified > STALE_AFTER_MS) await rm(path, { recursive: true, force: true });
  }
}

async function buildBundle(): Promise<string> {
  const outdir = join(CACHE, 'out');
  const result = await build({
    absWorkingDir: REPOSITORY,
    entryPoints: [CLI_SOURCE],
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    outExtension: { '.js': '.mjs' },
    conditions: [SOURCE_CONDITION.slice('--conditions='.length)],
    plugins: [sourcesOnly],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => resolve(REPOSITORY, input));
  const folder = join(CACHE, await digestOf(inputs));
  if (!existsSync(join(folder, 'cli.mjs'))) {
    const partial = `${folder}.${process.pid}.partial`;
    for (const file of result.outputFiles) {
      const target = join(partial, relative(outdir, file.path));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.contents);
    }
    // Another process may have written the same bundle meanwhile: its copy serves as well.
    await rename(partial, folder).catch(() => rm(partial, { recursive: true, force: true }));
  }
  await writeWhole(INPUTS_RECORD, JSON.stringify({ inputs: inputs.map((input) => relative(REPOSITORY, input)) }));
  await removeStaleBundles(folder);
  return join(folder, 'cli.mjs');
}

async function currentBundle(): Promise<string> {
  await mkdir(CACHE, { recursive: true });
  const inputs = await recordedInputs();
  if (inputs !== undefined) {
    const entry = join(CACHE, await digestOf(inputs).catch(() => 'changed'), 'cli.mjs');
    if (existsSync(entry)) return entry;
  }
  return buildBundle();
}

let bundled: Promise<string> | undefined;

/** The Node arguments that run the service's CLI from its current sources: append the command. */
export async function cliArguments(): Promise<readonly string[]> {
  bundled ??= currentBundle();
  return [await bundled];
}
