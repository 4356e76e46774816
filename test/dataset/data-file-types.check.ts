/*
 * Compile-time check of the generated plain types of the data files, run by `npm run typecheck`:
 * json-schema-to-typescript's reading of the TypeBox definitions is TypeBox's own (the types of
 * what the validators accept). A stale types module fails here too, until `npm run docs:generate`.
 * Never executed.
 */
import type { Static } from 'typebox';
import type { AcceptedFinding, ArrangementEntry, ArrangementFile, ArrangementNotice, Manifest, StatutoryDays } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import type { AcceptedFindingSchema, ArrangementFileSchema, EntrySchema, ManifestSchema, NoticeSchema, StatutoryDaysSchema } from '../../scripts/data-file-schemas.js';

/** true exactly when A and B are assignable both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const same = <A, B>(check: Same<A, B>): Same<A, B> => check;

same<ArrangementFile, Static<typeof ArrangementFileSchema>>(true);
same<ArrangementNotice, Static<typeof NoticeSchema>>(true);
same<ArrangementEntry, Static<typeof EntrySchema>>(true);
same<StatutoryDays, Static<typeof StatutoryDaysSchema>>(true);
same<AcceptedFinding, Static<typeof AcceptedFindingSchema>>(true);
same<Manifest, Static<typeof ManifestSchema>>(true);
