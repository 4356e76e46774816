import { probableIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { DATE_SCHEMA } from '../operations/api-operation.js';
import type { ServiceRoute } from '../kernel/service-route.js';

/**
 * The detail of a 404 whose path is a near miss of a date path: `/v1/china-calendar/dates/2024/02/04`
 * (a date typed with slashes reads as three path segments, so no route matches it) gets the hint a
 * date parameter typed that way gets, naming the path that was probably meant.
 */
export function notFoundDetail(routes: readonly ServiceRoute[]): (path: string) => string {
  // The paths that end in a date parameter, as the prefix before it: /v1/china-calendar/dates/.
  const datePrefixes = routes.flatMap(({ path, doc }) => {
    if (doc?.kind !== 'api') return [];
    const last = doc.operation.parameters.at(-1);
    const template = `{${last?.name ?? ''}}`;
    return last?.in === 'path' && last.schema === DATE_SCHEMA && path.endsWith(template) ? [path.slice(0, -template.length)] : [];
  });
  return (path) => {
    for (const prefix of datePrefixes) {
      if (!path.startsWith(prefix)) continue;
      let rest = path.slice(prefix.length);
      try {
        rest = decodeURIComponent(rest);
      } catch {
        // Malformed escapes: read as sent.
      }
      const meant = probableIsoDate(rest.endsWith('/') ? rest.slice(0, -1) : rest);
      if (meant !== undefined) return `No resource exists at this path; did you mean ${prefix}${meant}?`;
    }
    return 'No resource exists at this path.';
  };
}
