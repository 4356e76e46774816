import { parentPort } from 'node:worker_threads';
import { ImportError, importNotice, noticeYearOf } from '../importer/import-notice.js';
import type { ImporterReply, ImporterRequest, ImporterResult } from './importer-thread.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

/*
 * The importer's thread (see importer-thread.ts): it answers one request at a time, and the
 * service's thread ends it when a request runs past its budget.
 */

function handle(request: ImporterRequest): ImporterResult {
  if (request.type === 'classify') {
    return {
      type: 'classify',
      notices: request.titles.map((title) => {
        try {
          return noticeYearOf(title, { currentYear: request.currentYear });
        } catch (error) {
          if (error instanceof ImportError) return null;
          throw error;
        }
      }),
    };
  }
  try {
    return { type: 'import', ok: true, file: importNotice(request.text, request.existing, { currentYear: request.currentYear, accept: request.accept }) };
  } catch (error) {
    if (error instanceof ImportError) return { type: 'import', ok: false, problems: error.problems };
    throw error;
  }
}

const port = parentPort;
if (port !== null) {
  port.on('message', (request: ImporterRequest & { readonly id: number }) => {
    let reply: ImporterReply;
    try {
      reply = { id: request.id, result: handle(request) };
    } catch (error) {
      reply = { id: request.id, error: messageOf(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true });
}
