import type { Writable } from 'node:stream';

export interface ImportOptions {
  readonly dataDir: string;
  readonly dryRun: boolean;
  readonly force: boolean;
}

// Wired to src/importer once it lands (in progress).
export function runImport(files: readonly string[], options: ImportOptions, out: Writable, err: Writable): Promise<number> {
  void files;
  void options;
  void out;
  err.write('import: not available yet\n');
  return Promise.resolve(1);
}
