import type { Logger } from 'pino';
import type { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { OriginStateSource } from '../reader/follow-origin.js';
import type { SyncStateSource } from '../sync/sync-state.js';
import type { ServiceMetrics } from './ops/metrics.js';
import type { CalendarSource } from './operations/operation-route.js';
import type { Responder } from './kernel/response-policy.js';
import type { DataFolder } from '../data-folder/data-folder.js';

/** What every route is built over: the live calendar and dataset, the responder, metrics and sync. */
export interface RouteContext {
  readonly calendar: CalendarSource;
  readonly live: Pick<LiveDataset, 'dataset'>;
  readonly responder: Responder;
  readonly metrics?: ServiceMetrics;
  /** Sync's state, shown by /readyz and /metrics; absent when sync is off. */
  readonly sync?: SyncStateSource;
  /** A reader's origin, shown by /readyz and /metrics; absent when the service answers from its own folder. */
  readonly origin?: OriginStateSource;
  /** The folder served at /dataset/ (the one the service answers from); absent for a reader. */
  readonly datasetFolder?: DataFolder;
  /** Whether the service signs its manifests (DATASET_SIGNING_KEY_FILE): only then is manifest.json.sig served. */
  readonly datasetSigned?: boolean;
  /** Where a route logs what it cannot answer (the MCP endpoint's failed tool calls); none: not logged. */
  readonly log?: Pick<Logger, 'error'>;
  /** Web origins besides loopback ones allowed to call POST /mcp (MCP_ALLOWED_ORIGINS); none: loopback and programs only. */
  readonly mcpAllowedOrigins?: ReadonlySet<string>;
}
