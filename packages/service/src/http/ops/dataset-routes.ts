import { createHash } from 'node:crypto';
import { isYearFileName, MANIFEST_FILE_NAME, SIGNATURE_FILE_NAME } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import type { DataFolder } from '../../data-folder/data-folder.js';
import { sendProblem } from '../kernel/problems.js';
import { writeAnswer } from '../kernel/answer-writer.js';
import type { Responder } from '../kernel/response-policy.js';
import type { ServiceRoute } from '../kernel/service-route.js';

const OPERATION = 'service.getDatasetFile';

/** Always revalidated: a reader asks with If-None-Match and gets 304 until the file changes. */
const CACHE_REVALIDATE = 'no-cache';

/**
 * The writer's data folder, read-only, for the readers of a fleet (docs/operators.md, "One dataset
 * for a fleet"): `/dataset/manifest.json`, `/dataset/<year>.json` and `/dataset/manifest.json.sig`, the
 * exact bytes of the files the service loads from, each with a strong ETag of its bytes. Nothing
 * else: the name must be one of those three forms (no listing, no hidden file, no path), and the
 * file, links followed, must lie inside the folder and pass the loader's own read (a regular file
 * of at most 1 MiB, UTF-8).
 */
export function datasetRoutes(folder: DataFolder, signs: boolean, responder: Responder): ServiceRoute[] {
  return [
    {
      path: '/dataset/{file}',
      doc: {
        kind: 'service',
        operationId: OPERATION,
        summary: 'A file of the dataset this service answers from',
        description:
          'manifest.json (the published years and the SHA-256 of each year file), <year>.json (one arrangement year) or manifest.json.sig (the Ed25519 signature of the manifest, when the writer signs): ' +
          'the exact bytes of the files in the data folder, for other replicas to follow (DATA_URL). Strong ETag, Cache-Control: no-cache; If-None-Match answers 304. Served by a service with a local data folder, not by a reader.',
        parameters: [
          {
            name: 'file',
            description: 'manifest.json, manifest.json.sig, or a year file such as 2026.json.',
            schema: { type: 'string', pattern: '^(manifest\\.json(\\.sig)?|[0-9]{4}\\.json)$' },
          },
        ],
        responses: {
          200: { description: 'The file, byte for byte (manifest.json.sig is text/plain).', contentType: 'application/json', schema: 'DatasetFile' },
          404: { description: 'No such file in the dataset.', contentType: 'application/problem+json', schema: 'Problem' },
        },
      },
      async handle(request, reply) {
        const name = (request.params as { readonly file?: string }).file ?? '';
        const bytes = isServedName(name, signs) ? await folder.servedFile(name) : undefined;
        if (bytes === undefined) {
          sendProblem(responder, request, reply, { code: 'RESOURCE_NOT_FOUND', detail: `The dataset has no file ${JSON.stringify(name)}.` }, { operation: OPERATION });
          return;
        }
        const etag = `"${createHash('sha256').update(bytes).digest('base64url')}"`;
        const contentType = name === SIGNATURE_FILE_NAME ? 'text/plain; charset=utf-8' : 'application/json';
        // Exact bytes, never compressed: a reader checks them against the manifest's digests as they come.
        return writeAnswer(responder, request, reply, { operation: OPERATION, contentType, body: bytes, etag, headers: ['cache-control', CACHE_REVALIDATE], identityOnly: true });
      },
    },
  ];
}

function isServedName(name: string, signs: boolean): boolean {
  return name === MANIFEST_FILE_NAME || (signs && name === SIGNATURE_FILE_NAME) || isYearFileName(name);
}
