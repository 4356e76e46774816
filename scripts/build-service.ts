/**
 * Bundles the service's CLI as production runs it (`npm start`, the container image's CMD, the
 * benchmark): what tsc emitted for the service and the core (their dist/ folders), joined by
 * esbuild into packages/service/dist/bundle/: one module holding what every start loads and one
 * chunk per dynamic import (a writer's sync, a reader's origin, MCP, the docs pages), with
 * node_modules left for Node to load from where it is installed. A start then resolves, reads and
 * compiles a few files instead of some two hundred, and keeps their code in less memory:
 * BENCHMARKS.md, "One bundle for the service", has the figures.
 *
 * The code is tsc's, only joined and stripped of whitespace (identifiers keep their names, so a
 * logged stack still names its functions). Each module's `import.meta.url` stays the URL of its
 * own file in dist/, reckoned from the bundle's, so that what it finds beside itself (the core's
 * bundled data, the service's package.json, the importer thread's entry, swagger-ui-dist) it
 * finds where it always did, wherever the checkout or the image puts the folders.
 *
 * Run by `npm run build`, `npm start` and the service package's build script, after tsc.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform, type Plugin } from 'esbuild';

const SERVICE_DIST = fileURLToPath(new URL('../packages/service/dist/', import.meta.url));
/** Where the bundle goes: `node packages/service/dist/bundle/cli.js serve` runs it. */
const SERVICE_BUNDLE_DIR = join(SERVICE_DIST, 'bundle');

/** The name each module's `import.meta.url` becomes, declared at the top of the module. */
const MODULE_URL = '__moduleUrl';

/** The workspace's compiled modules are bundled; every other bare import stays one for Node to resolve. */
const compiledModulesOnly: Plugin = {
  name: 'compiled-modules-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@china-holiday-calendar/') ? undefined : { path: args.path, external: true }));
    builder.onLoad({ filter: /\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'js' };
      const ownFile = relative(SERVICE_BUNDLE_DIR, args.path).split(sep).join('/');
      const { code } = await transform(text, { loader: 'js', format: 'esm', define: { 'import.meta.url': MODULE_URL } });
      return { contents: `const ${MODULE_URL} = new URL(${JSON.stringify(ownFile)}, import.meta.url).href;\n${code}`, loader: 'js' };
    });
  },
};

rmSync(SERVICE_BUNDLE_DIR, { recursive: true, force: true });
await build({
  entryPoints: { cli: join(SERVICE_DIST, 'cli.js') },
  outdir: SERVICE_BUNDLE_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [compiledModulesOnly],
  // Not the repository's tsconfig.json, whose paths lead the workspace's imports to its sources.
  tsconfigRaw: {},
  logLevel: 'warning',
});
