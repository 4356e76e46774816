/**
 * Builds the published library package (packages/calendar) as its users receive it: one bundled
 * ES module per public entry (`.` and `./client`, with the code they share in one chunk), the
 * calendar core inlined from its workspace, the bundled data's texts inlined in place of the
 * module that reads them from the data folder, and one declaration file per entry holding the
 * public types only (API Extractor's roll-up, `@internal` trimmed). docs/design.md, "Two packages
 * and the data flow", says why.
 *
 * Run by `npm run build` (and by the package's `prepack`), after `tsc -b` has built the core's
 * and the library's declarations.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import { build, type Plugin } from 'esbuild';
import { readDataDirectorySync } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';

const LIBRARY = fileURLToPath(new URL('../packages/calendar/', import.meta.url));
const ENTRIES = { index: 'src/library/index.ts', client: 'src/client/index.ts' } as const;

/** The bundled data folder's texts, as a module with the same export as src/library/bundled-snapshot.ts. */
const inlineBundledData: Plugin = {
  name: 'inline-bundled-data',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]library[\\/]bundled-snapshot\.ts$/ }, () => {
      const snapshot = readDataDirectorySync(BUNDLED_DATA_DIR);
      const unreadable = [snapshot.manifest, ...snapshot.yearFiles].filter((file) => file === undefined || 'error' in file);
      if (unreadable.length > 0) throw new Error(`the bundled data cannot be read: ${JSON.stringify(unreadable)}`);
      return {
        loader: 'js',
        contents: `const SNAPSHOT = Object.freeze(${JSON.stringify(snapshot)});\nexport function bundledSnapshot() { return SNAPSHOT; }\n`,
      };
    });
  },
};

async function bundle(): Promise<void> {
  await build({
    absWorkingDir: LIBRARY,
    entryPoints: ENTRIES,
    outdir: 'dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The core's sources, as the tests run them: the core is a private workspace, never installed.
    conditions: ['@china-holiday-calendar/source'],
    // The optional peer, loaded only by calendarFeed().
    external: ['ical-generator'],
    chunkNames: 'shared-[hash]',
    legalComments: 'none',
    plugins: [inlineBundledData],
    logLevel: 'warning',
  });
}

function rollUpDeclarations(entry: keyof typeof ENTRIES): void {
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: LIBRARY,
      mainEntryPointFilePath: `<projectFolder>/build/types/${ENTRIES[entry].replace(/^src\//, '').replace(/\.ts$/, '.d.ts')}`,
      bundledPackages: ['@china-holiday-calendar/core'],
      compiler: { tsconfigFilePath: '<projectFolder>/tsconfig.build.json' },
      apiReport: { enabled: false },
      docModel: { enabled: false },
      tsdocMetadata: { enabled: false },
      dtsRollup: { enabled: true, publicTrimmedFilePath: `<projectFolder>/dist/${entry}.d.ts` },
      messages: {
        // Release tags (@public, @beta) are not used: what is exported is public, @internal is trimmed;
        // the types a public one is made of (a union's constant, a base interface) are inlined unexported.
        extractorMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning }, 'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None }, 'ae-forgotten-export': { logLevel: ExtractorLogLevel.None } },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: `${LIBRARY}package.json`,
  });
  const result = Extractor.invoke(config, {
    localBuild: true,
    // Its banner and notes stay out of stdout, where `npm pack --json` writes the tarball's description.
    messageCallback: (message) => {
      message.handled = true;
      if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning) process.stderr.write(`${message.formatMessageWithLocation(LIBRARY)}\n`);
    },
  });
  if (!result.succeeded || result.warningCount > 0) throw new Error(`API Extractor: ${result.errorCount} errors, ${result.warningCount} warnings for ${entry}`);
}

rmSync(`${LIBRARY}dist`, { recursive: true, force: true });
await bundle();
for (const entry of Object.keys(ENTRIES) as (keyof typeof ENTRIES)[]) rollUpDeclarations(entry);
