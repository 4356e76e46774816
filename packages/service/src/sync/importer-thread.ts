import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import type { ImportProblem } from '../importer/import-error.js';
import type { TitleInfo } from '../importer/notice-title.js';

/**
 * The importer, run for sync on a thread of its own. What sync reads comes from the network, and
 * the importer's time grows with its input: on the thread that answers requests, one crafted
 * title or page could hold every answer up. Here a request that runs past its budget ends the
 * thread (the next request starts a new one), and the service's answers never wait for it.
 */
export type ImporterRequest =
  | { readonly type: 'classify'; readonly titles: readonly string[]; readonly currentYear: number }
  | { readonly type: 'import'; readonly text: string; readonly existing: ArrangementFile | undefined; readonly currentYear: number; readonly accept: readonly string[] };

/** What the importer makes of a title: the kind of notice and its year, or null for no notice title. */
export type NoticeYear = { readonly kind: TitleInfo['kind']; readonly year: number } | null;

export type ImporterResult =
  | { readonly type: 'classify'; readonly notices: readonly NoticeYear[] }
  | { readonly type: 'import'; readonly ok: true; readonly file: ArrangementFile }
  | { readonly type: 'import'; readonly ok: false; readonly problems: readonly ImportProblem[] };

export type ImporterReply = { readonly id: number; readonly result: ImporterResult } | { readonly id: number; readonly error: string };

/** Time one request may take once the thread is up: a notice takes milliseconds. */
export const DEFAULT_IMPORTER_BUDGET_MS = 10_000;
/** Memory the thread may take: a notice needs a few megabytes. */
const HEAP_LIMIT_MB = 128;

export class ImporterTimeout extends Error {
  override name = 'ImporterTimeout';
}

export class ImporterThread {
  #worker: Promise<Worker> | undefined;
  #nextId = 0;

  constructor(private readonly budgetMs: number = DEFAULT_IMPORTER_BUDGET_MS) {}

  async classify(titles: readonly string[], currentYear: number): Promise<readonly NoticeYear[]> {
    const result = await this.#call({ type: 'classify', titles, currentYear });
    if (result.type !== 'classify') throw new Error('the importer thread answered another request');
    return result.notices;
  }

  async import(text: string, existing: ArrangementFile | undefined, options: { readonly currentYear: number; readonly accept: readonly string[] }): Promise<Extract<ImporterResult, { type: 'import' }>> {
    const result = await this.#call({ type: 'import', text, existing, ...options });
    if (result.type !== 'import') throw new Error('the importer thread answered another request');
    return result;
  }

  /** Ends the thread; a later request starts another. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker !== undefined) await (await worker.catch(() => undefined))?.terminate();
  }

  async #call(request: ImporterRequest): Promise<ImporterResult> {
    this.#worker ??= startWorker();
    const worker = await this.#worker;
    const id = (this.#nextId += 1);
    return new Promise<ImporterResult>((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: ImporterReply): void => {
        if (reply.id !== id) return;
        done();
        if ('error' in reply) reject(new Error(`the importer failed: ${reply.error}`));
        else resolve(reply.result);
      };
      const onError = (error: Error): void => {
        done();
        this.#worker = undefined;
        reject(new Error(`the importer failed: ${error.message}`));
      };
      const onExit = (): void => {
        done();
        this.#worker = undefined;
        reject(new Error('the importer stopped'));
      };
      const timer = setTimeout(() => {
        done();
        void this.close();
        reject(new ImporterTimeout(`the importer did not finish within ${this.budgetMs} ms; it was stopped`));
      }, this.budgetMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ ...request, id });
    });
  }
}

/** The longest a new thread may take to load the importer: it takes well under a second. */
const START_BUDGET_MS = 60_000;

/**
 * A new importer thread, once it has loaded the importer (the request budget counts from then).
 * A thread that stops, fails or does not load within START_BUDGET_MS fails the request that
 * started it, and is ended, rather than keeping the run waiting.
 */
async function startWorker(): Promise<Worker> {
  const worker = new Worker(await workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } });
  return new Promise((resolve, reject) => {
    const settle = (error?: Error): void => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', settle);
      worker.off('exit', onExit);
      if (error === undefined) resolve(worker);
      else {
        void worker.terminate();
        reject(error);
      }
    };
    const onMessage = (message: unknown): void => {
      if (typeof message === 'object' && message !== null && 'ready' in message) settle();
    };
    const onExit = (code: number): void => settle(new Error(`the importer thread stopped (exit code ${code}) before it was ready`));
    const timer = setTimeout(() => settle(new Error(`the importer thread was not ready within ${START_BUDGET_MS} ms; it was stopped`)), START_BUDGET_MS);
    worker.on('message', onMessage);
    worker.on('error', settle);
    worker.on('exit', onExit);
  });
}

let sourceEntry: Promise<URL> | undefined;

/**
 * The thread's module: importer-worker.js beside this one when built. From the TypeScript sources
 * (the tests and `npm run cli`, in the repository, where esbuild, a development dependency, is
 * installed; never from dist, so never in the image), one ES module bundled from them by esbuild
 * once per process, so that the thread needs no loader hooks: Node 20 does not pass tsx's on to
 * worker threads, later lines strip the types themselves but cannot find the modules the sources
 * name by their .js names, and hooks registered inside a thread have been seen to hang it.
 */
function workerEntry(): Promise<URL> {
  if (import.meta.url.endsWith('.js')) return Promise.resolve(new URL('./importer-worker.js', import.meta.url));
  sourceEntry ??= bundleSourceEntry().catch((error: unknown) => {
    sourceEntry = undefined;
    throw error;
  });
  return sourceEntry;
}

async function bundleSourceEntry(): Promise<URL> {
  const { build } = await import('esbuild');
  const source = fileURLToPath(new URL('./importer-worker.ts', import.meta.url));
  const folder = fileURLToPath(new URL('../../../../node_modules/.cache/importer-worker/', import.meta.url));
  await mkdir(folder, { recursive: true });
  const bundled = await build({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'esm',
    conditions: ['@china-holiday-calendar/source'],
    // The bundle's CommonJS dependencies ask for Node's modules with require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    write: false,
    logLevel: 'silent',
  });
  const [output] = bundled.outputFiles;
  if (output === undefined) throw new Error('esbuild wrote no importer bundle');
  // Written under a name of its own, then renamed: processes that bundle at once never read half a file.
  const file = join(folder, `importer-worker-${createHash('sha256').update(output.contents).digest('hex').slice(0, 16)}.mjs`);
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, output.contents);
  await rename(partial, file);
  return pathToFileURL(file);
}
