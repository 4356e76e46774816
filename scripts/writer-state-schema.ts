import Type from 'typebox';

/**
 * The format of a writer's state file (`.writer-state.json` in its data folder), written once,
 * here, with TypeBox, like the data files' (scripts/data-file-schemas.ts) and turned into its
 * other forms by the same generator (scripts/data-file-documents.ts, `npm run docs:generate`):
 * the plain type packages/service/src/writer/writer-state-file.ts and the validators
 * packages/service/src/writer/writer-state-validators.ts that packages/service/src/writer/writer-state.ts
 * runs. Only the service knows this file; packages/core does not.
 *
 * The sync run's outcomes and the webhook events are the sync run's and the webhook sender's
 * own types (a `tsType`): the file holds what they made, so the schema checks what the state's
 * reader relies on (an outcome's year, an event's id and type) and leaves the rest theirs.
 */

const Timestamp = Type.Union([Type.String(), Type.Null()], { description: 'An ISO timestamp; null before the first.' });

const Count = Type.Integer({ minimum: 0 });

const YearOutcomeSchema = Type.Object(
  { year: Type.Integer(), outcome: Type.String(), detail: Type.String() },
  { tsType: 'YearOutcome', description: "One year's outcome of a sync run (the sync run's own type)." },
);

const SyncRecordSchema = Type.Object(
  { lastAttempt: Timestamp, lastSuccess: Timestamp, outcomes: Type.Array(YearOutcomeSchema) },
  { title: 'SyncRecord', description: 'The last sync run: when it ran, when one last succeeded, and each year it looked at.' },
);

const ArrangedDaySchema = Type.Enum(['rest', 'work'], { tsType: 'ArrangedDay', description: 'A day off or a make-up working day.' });

const AnnouncedYearSchema = Type.Object(
  {
    digest: Type.String(),
    days: Type.Record(Type.String(), ArrangedDaySchema),
    notices: Type.Array(Type.String()),
  },
  { title: 'AnnouncedYear', additionalProperties: false, description: 'What subscribers were last told about a year: a digest of its arrangement, its days, its notices\' titles.' },
);

const WebhookEventSchema = Type.Object(
  { id: Type.String(), type: Type.String() },
  { tsType: 'WebhookEvent', description: 'A Standard Webhooks event (the webhook sender\'s own type).' },
);

const PendingDeliverySchema = Type.Object(
  { event: WebhookEventSchema, url: Type.String(), attempts: Count },
  { title: 'PendingDelivery', description: 'A webhook delivery not made yet: the event, where to, and the attempts already made.' },
);

const DeliveryCountsSchema = Type.Object(
  { delivered: Count, failed: Count, failedAttempts: Count },
  { title: 'DeliveryCounts', additionalProperties: false, description: 'Webhook deliveries made, given up, and attempts that did not succeed.' },
);

export const WriterStateFileSchema = Type.Object(
  {
    version: Type.Literal(1, { description: 'The format of this file; another version is not read.' }),
    sync: Type.Optional(SyncRecordSchema),
    heldEventsSent: Type.Array(Type.String(), { description: 'Ids of the held-notice events already sent: a restart does not send them again.' }),
    announced: Type.Optional(
      Type.Record(Type.String({ pattern: '^[0-9]{4}$' }), AnnouncedYearSchema, {
        description: 'By year; absent until the first dataset is loaded, which subscribers are not told about.',
      }),
    ),
    announcedVersion: Type.Union([Type.String(), Type.Null()], { description: 'The version of the dataset subscribers were last told of.' }),
    transitions: Count,
    pending: Type.Array(PendingDeliverySchema),
    webhooks: DeliveryCountsSchema,
  },
  { title: 'WriterStateFile', additionalProperties: false, description: "A writer's state, kept beside its data: what must outlive the process." },
);
