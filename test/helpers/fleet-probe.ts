import type { OriginState } from 'china-holiday-calendar-service/internal/reader/follow-origin.js';
import type { ServiceProcess } from './service-process.js';

export interface DayAnswer {
  readonly dayStatus: string;
  readonly datasetVersion: string | null;
}

/** Each service's answer for one date, asked at once. */
export function answersOf(services: readonly ServiceProcess[], date: string): Promise<DayAnswer[]> {
  return Promise.all(services.map(async (service) => (await (await fetch(`http://127.0.0.1:${service.port}/v1/china-calendar/dates/${date}`)).json()) as DayAnswer));
}

export interface Readiness {
  readonly status: number;
  readonly datasetVersion: string | null;
  readonly source?: OriginState;
}

export async function readinessOf(service: ServiceProcess): Promise<Readiness> {
  const response = await fetch(`http://127.0.0.1:${service.port}/readyz`);
  const body = (await response.json()) as { datasetVersion: string | null; source?: OriginState };
  return { ...body, status: response.status };
}

/**
 * Asks every service for `date` every 50 ms until each has answered as `done` says, and returns
 * when each first did (performance.now()) with the version it answered with.
 */
export async function firstAnswerTimes(
  services: readonly ServiceProcess[],
  date: string,
  done: (answer: DayAnswer) => boolean,
  timeoutMs: number,
): Promise<{ readonly at: number; readonly datasetVersion: string | null }[]> {
  const times: ({ at: number; datasetVersion: string | null } | undefined)[] = services.map(() => undefined);
  const deadline = performance.now() + timeoutMs;
  while (times.some((time) => time === undefined)) {
    if (performance.now() > deadline) throw new Error(`not every service answered ${date} as expected within ${timeoutMs} ms: ${JSON.stringify(times)}`);
    const asked = performance.now();
    const answers = await Promise.all(services.map(async (service, at) => (times[at] === undefined ? (await answersOf([service], date))[0] : undefined)));
    answers.forEach((answer, at) => {
      if (answer !== undefined && done(answer)) times[at] = { at: asked, datasetVersion: answer.datasetVersion };
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return times.map((time) => time ?? { at: 0, datasetVersion: null });
}
