import { createHash } from 'node:crypto';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { arrangedDays } from '../sync/arrangement-days.js';
import type { NoticeReference } from '../sync/sync-run.js';
import { eventId, type WebhookEvent, type WebhookSender } from './webhooks.js';
import type { AnnouncedYear, WriterState } from './writer-state.js';

/** What a dataset tells subscribers, year by year: each readable published year's digest, days and notices. */
export function announcementOf(dataset: Dataset): Record<string, AnnouncedYear> {
  const told: Record<string, AnnouncedYear> = {};
  for (const [year, file] of dataset.arrangements) {
    told[String(year)] = {
      digest: createHash('sha256').update(JSON.stringify(file)).digest('hex'),
      days: Object.fromEntries(arrangedDays(file)),
      notices: file.notices.map((notice) => notice.title),
    };
  }
  return told;
}

/** One announced change of the dataset: the version subscribers were told of before, and its number among the writer's announcements. */
export interface Transition {
  readonly from: string | null;
  readonly counter: number;
}

/**
 * The events that take subscribers from what they were told to the dataset now: a year they were
 * not told of is `calendar.year.published`, a year whose arrangement changed is
 * `calendar.year.amended` (with the dates that changed, and the notices new to them). A year that
 * became unreadable is no event: it is not withdrawn, and its data comes back as it was. Each id
 * names the transition (the version before, the version now, and its counter): data that goes
 * A→B→A→B sends B's events twice under two ids, so that a receiver dropping repeated ids (as
 * Standard Webhooks advises) does not stay on A.
 */
export function datasetEvents(told: Readonly<Record<string, AnnouncedYear>>, dataset: Dataset, transition: Transition): WebhookEvent[] {
  const now = announcementOf(dataset);
  return Object.entries(now).flatMap(([key, year]) => {
    const before = told[key];
    if (before?.digest === year.digest) return [];
    const file = dataset.arrangements.get(Number(key));
    if (file === undefined) return [];
    const type = before === undefined ? 'calendar.year.published' : 'calendar.year.amended';
    const notices: NoticeReference[] = file.notices
      .filter((notice) => before === undefined || !before.notices.includes(notice.title))
      .map((notice) => ({ title: notice.title, documentNumber: notice.documentNumber, url: notice.sourceUrl }));
    const dates = [...new Set([...Object.keys(before?.days ?? {}), ...Object.keys(year.days)])].filter((date) => before?.days[date] !== year.days[date]).sort();
    return [{ id: eventId([type, file.year, transition.from, dataset.version, transition.counter]), type, data: { year: file.year, notices, datasetVersion: dataset.version, changedDates: dates } }];
  });
}

/**
 * Webhooks that follow the dataset, not the run: after every load, whatever wrote the files (sync,
 * `import`, `sync --accept`, a ConfigMap update), subscribers are told of each year gained or
 * changed since what they were told last, which the writer state keeps across restarts. The first
 * dataset a writer ever loads is where it starts: nothing is announced for it.
 */
export class DatasetAnnouncer {
  private observed: string | undefined;

  constructor(
    private readonly sender: WebhookSender,
    private readonly state: WriterState,
  ) {}

  observe(dataset: Dataset): void {
    if (dataset.version === this.observed) return;
    this.observed = dataset.version;
    const { announced: told, announcedVersion, transitions } = this.state.data;
    if (told === undefined) {
      if (dataset.publishedYears.length > 0) this.state.update({ announced: announcementOf(dataset), announcedVersion: dataset.version });
      return;
    }
    const counter = transitions + 1;
    const events = datasetEvents(told, dataset, { from: announcedVersion, counter });
    if (events.length === 0) return;
    for (const event of events) this.sender.send(event);
    this.state.update({ announced: { ...told, ...announcementOf(dataset) }, announcedVersion: dataset.version, transitions: counter });
  }
}
