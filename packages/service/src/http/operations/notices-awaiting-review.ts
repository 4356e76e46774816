import { createHash } from 'node:crypto';
import type { SyncStateSource } from '../../sync/sync-state.js';
import type { ApiOperation } from './api-operation.js';

const UNPUBLISHED = Buffer.from('"status":"UNPUBLISHED"');

/**
 * The year overview as sync sees it: an unpublished year whose notice sync holds for review says
 * so (`noticesAwaitingReview`), and stays unpublished. Without sync the operation is unchanged.
 * The ETag names the held notices and findings, and the answer is not settled while they wait.
 */
export function withNoticesAwaitingReview(operation: ApiOperation<number>, sync: SyncStateSource | undefined): ApiOperation<number> {
  if (sync === undefined) return operation;
  const awaiting = (year: number): string | undefined => {
    const held = sync()?.held.filter((notice) => notice.year === year) ?? [];
    if (held.length === 0) return undefined;
    const notices = held.flatMap(({ notices: references, findings }) =>
      references.map(({ title, documentNumber, url }) => ({ title, documentNumber, url, findings: findings.map((finding) => finding.id) })),
    );
    return notices.length === 0 ? undefined : JSON.stringify(notices);
  };
  const keyOf = (json: string): string => createHash('sha256').update(json).digest('hex').slice(0, 8);
  return {
    ...operation,
    answer(calendar, year) {
      const answer = operation.answer(calendar, year);
      const json = awaiting(year);
      if (json === undefined || !Buffer.isBuffer(answer) || !answer.includes(UNPUBLISHED)) return answer;
      return Buffer.concat([answer.subarray(0, answer.length - 1), Buffer.from(`,"noticesAwaitingReview":${json}}`)]);
    },
    isSettled: (calendar, year) => awaiting(year) === undefined && operation.isSettled(calendar, year),
    answerKey(year) {
      const json = awaiting(year);
      return json === undefined ? operation.answerKey(year) : `${operation.answerKey(year)}-review-${keyOf(json)}`;
    },
  };
}
