import type { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Config } from '../settings/config.js';
import { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import { folderSource } from '@china-holiday-calendar/core/dataset/folder-source.js';
import { ANSWER_BYTES_BUILD } from '../http/operations/answer-bytes.js';
import { buildServiceApp } from '../process/service-app.js';
import { print } from './terminal-text.js';

/**
 * `query <date | path> [--accept <media type>]`: answers one request offline, through the same
 * application the server runs, so the output is exactly what the service would send (asked with
 * that Accept header, when given). Exit 0 on 200, 1 otherwise.
 */
export async function runQuery(args: readonly string[], config: Config, out: Writable, accept?: string): Promise<number> {
  const [target] = args;
  if (target === undefined) {
    print(out, 'query needs a date (yyyy-MM-dd) or a request path\n');
    return 2;
  }
  const url = target.startsWith('/') ? target : `/v1/china-calendar/dates/${encodeURIComponent(target)}`;
  const live = new LiveDataset(folderSource(config.dataDir), ANSWER_BYTES_BUILD, { log: pino({ level: 'silent' }) });
  await live.reload('query');
  const app = buildServiceApp(config, live);
  const response = await app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });
  await app.close();
  // JSON answers and problems pretty-printed; anything else (the calendar feed, CSV) as it is.
  const isJson = /^application\/(?:problem\+)?json/.test(String(response.headers['content-type']));
  print(out, isJson ? `${JSON.stringify(JSON.parse(response.body), null, 2)}\n` : response.body);
  return response.statusCode === 200 ? 0 : 1;
}
