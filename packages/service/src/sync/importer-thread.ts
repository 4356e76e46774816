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

/** A new importer thread, once it has loaded the importer (the budget counts from then). */
function startWorker(): Promise<Worker> {
  const worker = spawn();
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown): void => {
      if (typeof message !== 'object' || message === null || !('ready' in message)) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve(worker);
    };
    worker.on('message', onMessage);
    worker.on('error', reject);
  });
}

function spawn(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } };
  if (import.meta.url.endsWith('.js')) return new Worker(new URL('./importer-worker.js', import.meta.url), options);
  // From the TypeScript sources (the tests, `npm run cli`, in the repository, where tsx, a
  // development dependency, is installed; never from dist, so never in the image): the thread
  // loads them through tsx's own namespaced loader. Whatever hooks the parent process has are not
  // relied on: Node 20 does not pass them on to worker threads, and from Node 22 the thread strips
  // the types itself but cannot find the modules the sources name by their .js names.
  const entry = new URL('./importer-worker.ts', import.meta.url).href;
  const code = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`;
  return new Worker(code, { ...options, eval: true });
}
