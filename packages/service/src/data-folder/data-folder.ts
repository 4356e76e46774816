import type { KeyObject } from 'node:crypto';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import type { DatasetFiles } from '@china-holiday-calendar/core/dataset/data-source.js';
import type { DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';

/** Why a folder cannot be published into; `usage` (exit 2) when it is not a data folder at all, `io` (exit 1) when it cannot be written. */
export interface FolderRefusal {
  readonly kind: 'usage' | 'io';
  readonly reason: string;
}

/** How a manifest is sealed when written: how long it vouches for the data, and the least sequence it may have. */
export interface SealOptions {
  /** DATASET_EXPIRES_SECONDS, or sign's --expires-seconds: `expires` is this long after now. */
  readonly expiresSeconds?: number | undefined;
  /** sign's --sequence-at-least: the way back for a writer that lost its folder (its readers hold a higher sequence). */
  readonly sequenceAtLeast?: number | undefined;
}

/** How a folder's manifest is written: sealed (sequence, expiry), and signed (manifest.json.sig beside it) when the writer has a key. */
export interface PublishOptions extends SealOptions {
  /** DATASET_SIGNING_KEY_FILE's key. */
  readonly signingKey?: KeyObject | undefined;
}

/** A year published: whether its data changed, and the files written (none when the folder had them already). */
export interface YearPublished {
  readonly changed: boolean;
  readonly written: DatasetFiles | undefined;
}

/**
 * The one owner of a writer's data folder (the files the service answers from, and the writer's
 * state beside them): every command and room that reads or writes the folder holds this handle,
 * never a path. Each operation reads what it needs itself, so a caller that wants one view of the
 * folder for a whole task takes a snapshot once and works from it (folder-snapshot.ts). The file
 * system is one implementation (file-system-folder.ts); another store is one more module
 * implementing this, reading through the core's data source and writing through `publish`.
 */
export interface DataFolder {
  /** Where the folder is, for messages and logs. */
  readonly location: string;
  /** A file of the folder as messages name it (its path). */
  nameOf(fileName: string): string;
  /** Why `import`, `sync` and `sign` may not publish into the folder (not a data folder, not writable), or undefined. */
  refusal(): Promise<FolderRefusal | undefined>;
  /** The folder ready to publish into, seeded with the bundled data first when asked (whether it was), or why it is not. */
  ready(options: { readonly seed: boolean }): Promise<FolderRefusal | { readonly seeded: boolean }>;
  /** Why the folder cannot be sealed again (read-only, the bundled data), or undefined when it can. */
  unwritableReason(): Promise<string | undefined>;
  /** One read of the whole dataset: the manifest, every year file and the signature, raw texts. */
  snapshot(): Promise<DirectorySnapshot>;
  /**
   * A year's file published: the year file written first and the manifest (with every year
   * file's digest, sealed, and signed with a key) second, each atomically. Publishing the file the
   * folder has already writes nothing.
   */
  publishYear(file: ArrangementFile, options?: PublishOptions): Promise<YearPublished>;
  /** The manifest written again, sealed anew (the next sequence, a new expiry), every year file's digest as the file is now: its text. */
  seal(options?: PublishOptions): Promise<string>;
  /** A file of the dataset (`manifest.json`, `manifest.json.sig`, `<year>.json`) exactly as the loader reads it, for `/dataset/`; undefined when there is none. */
  servedFile(fileName: string): Promise<Buffer | undefined>;
  /** The writer's state file (kept beside the data, never served nor loaded), or undefined when there is none. */
  readState(): Promise<string | undefined>;
  /** The writer's state file written, atomically. */
  writeState(text: string): Promise<void>;
}
