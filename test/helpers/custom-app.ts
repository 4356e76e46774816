import type { FastifyInstance } from 'fastify';
import type { CalendarViews } from './calendar-views.js';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { buildApp } from 'china-holiday-calendar-service/internal/http/ops/app.js';
import { createResponder } from 'china-holiday-calendar-service/internal/http/kernel/response-policy.js';
import { serviceRoutes } from 'china-holiday-calendar-service/internal/http/routes.js';
import { responsePolicyOf } from 'china-holiday-calendar-service/internal/process/service-app.js';
import { loadBundledViews } from './bundled-dataset.js';

/** Where the app under test reads its calendar; tests swap in failing or empty sources. */
export interface TestCalendarSource {
  current(): CalendarViews | undefined;
}

/**
 * The real application (real routes, real error handling) on a calendar source chosen by the
 * test: one that has no dataset, or one whose index throws.
 */
export async function buildAppOn(
  calendar: TestCalendarSource,
  options: { docsUrl: string; dataset?: () => Dataset | undefined },
): Promise<FastifyInstance> {
  // The same wiring as src/process/service-app.ts, with the calendar source swapped.
  const config = readConfig({ DOCS_URL: options.docsUrl });
  const policy = responsePolicyOf(config);
  const live = { dataset: options.dataset ?? ((): Dataset | undefined => undefined) };
  const responder = createResponder(policy);
  const app = buildApp({ routes: serviceRoutes({ calendar, live, responder }), responder });
  await app.ready();
  return app;
}

/** The bundled calendar with one method (of the core or of a view) replaced by one that throws (an unexpected internal failure). */
export async function throwingViews(method: keyof CalendarViews, message: string): Promise<CalendarViews> {
  const index = await loadBundledViews();
  const throwing = <Target extends object>(target: Target): Target =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (property === method) {
          return () => {
            throw new Error(message);
          };
        }
        return Reflect.get(object, property, receiver) as unknown;
      },
    });
  return throwing({ ...index, core: throwing(index.core) });
}
