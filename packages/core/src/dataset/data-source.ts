import type { DirectorySnapshot } from './read-data-directory.js';

/** Where a data source reports trouble with watching (a pino logger fits). */
export interface WatchLog {
  warn(object: object, message: string): void;
}

/** The files of a dataset to write into a store, by name (`2027.json`, `manifest.json`). */
export interface DatasetFiles {
  /** Year files to write, name and text; the store's other year files stay as they are. */
  readonly yearFiles: ReadonlyMap<string, string>;
  readonly manifest: string;
  /** The manifest's signature (`manifest.json.sig`); undefined removes a stale one. */
  readonly signature: string | undefined;
}

/**
 * Where a dataset lives: the seam between the stores and the loader (docs/design.md, "Data
 * sources"). The live dataset reads snapshots from a source and is told when to read again; a
 * store that can be written publishes new files. A local folder and a URL of a published folder
 * are the two sources today; another store (object storage, a ConfigMap through the Kubernetes
 * API) is one more module implementing this.
 */
export interface DataSource {
  /** Where the data is, for logs and /readyz: a path, or a URL without credentials. */
  readonly location: string;
  /** What `location` names, in a problem with the whole source (`(origin): cannot be read`): a directory unless said otherwise. */
  readonly locationKind?: 'directory' | 'origin';
  /** One read of the whole dataset: the manifest, every year file, raw texts. Throws when the store cannot be read at all. */
  read(): Promise<DirectorySnapshot>;
  /** The same read, synchronously, where the store allows it (a local folder). */
  readonly readSync?: () => DirectorySnapshot;
  /**
   * Calls `changed` whenever the data may have changed (file events, a poll), and in any case
   * about every `intervalSeconds` (0: no periodic call). Returns the function that stops it.
   */
  watch(changed: (reason: string) => void, options: { readonly intervalSeconds: number; readonly log: WatchLog }): () => void;
  /**
   * Writes files into the store, year files first, then the signature, the manifest last, each
   * atomically, so that a reader of the store never sees a manifest whose files are not there
   * yet. Absent when the store is read-only to this process.
   */
  readonly publish?: (files: DatasetFiles) => Promise<void>;
}
