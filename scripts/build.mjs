// Builds what runs in production (and, with --bench, the benchmark) with esbuild; type-checking
// is `npm run typecheck`. The service is one bundle, dependencies included: Node loads one file instead of
// several hundred modules, which measured at about 250 ms less from start to first answer.
// swagger-ui-dist stays outside: the service only reads its asset files from node_modules.
import process from 'node:process';
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node20', format: 'esm', logLevel: 'warning', sourcemap: true };
// Bundled CommonJS dependencies call require(); an ES module has none, so give it one.
const requireBanner = { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" };

await build({ ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/src/cli.js', external: ['swagger-ui-dist'], banner: requireBanner });
if (process.argv.includes('--bench')) {
  // The floors are bundled like the service, so that start-up figures compare.
  await build({ ...common, entryPoints: ['bench/bare-server.ts', 'bench/fastify-server.ts'], outdir: 'dist/bench', banner: requireBanner });
  await build({ ...common, entryPoints: ['bench/run.ts'], outdir: 'dist/bench', packages: 'external' });
}
