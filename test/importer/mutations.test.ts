import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { formatArrangementFile } from 'china-holiday-calendar-service/internal/data-folder/format-data-file.js';
import { ImportError, importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import { fixtureText } from './notice-builder.js';

/**
 * Property tests: every real notice, damaged as a paste damages text — lines
 * dropped, duplicated or swapped, the text cut short, digits changed, punctuation switched
 * between full and half width — is either refused with an ImportError or gives a file that
 * agrees with the undamaged notice; nothing else is ever thrown.
 *
 * "Agrees" covers what the service answers from: the year, the entries, the statutory days, and
 * which notices the file holds. The notice's own metadata — the 文号, the signing and publication
 * dates, the addresses — are free values a changed digit leaves plausible (国办发明电〔2023〕8号
 * for 7号), which no text can cross-check; the reviewer compares them with gov.cn.
 *
 * PROPERTY_RUNS sets the runs per notice (default 60); fast-check prints the seed of a failure.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
const OPTIONS = { currentYear: 2026 };

interface Notice {
  readonly name: string;
  readonly text: string;
  readonly existing: ArrangementFile | undefined;
  readonly expected: string;
}

/** The part of a file the service answers from. */
function arrangementOf(file: ArrangementFile): string {
  return JSON.stringify({
    year: file.year,
    regulationVersion: file.regulationVersion,
    notices: file.notices.map((notice) => ({ id: notice.id, kind: notice.kind, title: notice.title })),
    entries: file.entries,
    statutoryDays: file.statutoryDays,
  }, null, 2);
}

const NOTICES: readonly Notice[] = readdirSync(new URL('../fixtures/notices/', import.meta.url))
  .filter((name) => name.endsWith('.txt'))
  .sort()
  .map((name) => {
    const text = fixtureText(name);
    const existing = name.endsWith('-annual.txt') ? undefined : importNotice(fixtureText(`${name.slice(0, 4)}-annual.txt`), undefined, OPTIONS);
    return { name, text, existing, expected: arrangementOf(importNotice(text, existing, OPTIONS)) };
  });

/** One damage, as data, so that fast-check prints a failing case readably. */
type Mutation =
  | { readonly kind: 'drop' | 'duplicate' | 'truncate' | 'switch-width'; readonly pick: number }
  | { readonly kind: 'swap'; readonly pick: number; readonly other: number }
  | { readonly kind: 'change-digit'; readonly pick: number; readonly shift: number };

const FULL_TO_HALF: Readonly<Record<string, string>> = { '，': ',', '。': '.', '：': ':', '；': ';', '（': '(', '）': ')', '、': '､', '－': '-', '．': '.' };
const HALF_TO_FULL: Readonly<Record<string, string>> = { ',': '，', '.': '．', ':': '：', ';': '；', '(': '（', ')': '）', '､': '、', '-': '－' };
const PUNCTUATION = /[，。：；（）、－．,.:;()､-]/g;

function atOccurrence(text: string, pattern: RegExp, pick: number, replace: (found: string) => string): string {
  const positions = [...text.matchAll(pattern)].map((match) => match.index);
  if (positions.length === 0) return text;
  const at = positions[pick % positions.length] ?? 0;
  return `${text.slice(0, at)}${replace(text.charAt(at))}${text.slice(at + 1)}`;
}

function switchWidth(text: string, pick: number): string {
  return atOccurrence(text, PUNCTUATION, pick, (mark) => FULL_TO_HALF[mark] ?? HALF_TO_FULL[mark] ?? mark);
}

function applyMutation(text: string, mutation: Mutation): string {
  const lines = text.split('\n');
  const line = mutation.pick % lines.length;
  switch (mutation.kind) {
    case 'drop':
      return lines.filter((_, index) => index !== line).join('\n');
    case 'duplicate':
      return lines.flatMap((value, index) => (index === line ? [value, value] : [value])).join('\n');
    case 'swap': {
      const other = mutation.other % lines.length;
      const swapped = [...lines];
      [swapped[line], swapped[other]] = [lines[other] ?? '', lines[line] ?? ''];
      return swapped.join('\n');
    }
    case 'truncate':
      return text.slice(0, mutation.pick % (text.length + 1));
    case 'change-digit':
      return atOccurrence(text, /[0-9０-９]/g, mutation.pick, (digit) => String(((/[0-9]/.test(digit) ? Number(digit) : digit.charCodeAt(0) - 0xff10) + mutation.shift) % 10));
    case 'switch-width':
      return switchWidth(text, mutation.pick);
  }
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('drop' as const, 'duplicate' as const, 'truncate' as const, 'switch-width' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), pick: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('change-digit' as const), pick: fc.nat(), shift: fc.integer({ min: 1, max: 9 }) }),
);
const mutations = fc.array(mutation, { minLength: 1, maxLength: 3 });

/** The lines of `after` that `before` does not have, for a failure message. */
function changedLines(before: string, after: string): string {
  const original = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !original.has(line))
    .join('\n');
}

/** Imports a text: the arrangement of the file, or undefined when refused; anything else thrown fails the property. */
function outcome(text: string, notice: Notice): string | undefined {
  try {
    return arrangementOf(importNotice(text, notice.existing, OPTIONS));
  } catch (error) {
    if (error instanceof ImportError) return undefined;
    throw error;
  }
}

describe('every digit of every notice changed to every other digit: a refusal, or the same arrangement', () => {
  // Exhaustive, so deterministic: the mistyped digit is the damage a weekday annotation misses
  // when it moves a date by a week. From the title on (the header's digits are metadata).
  for (const notice of NOTICES) {
    it(notice.name, () => {
      const bodyStart = notice.text.indexOf('\n\n') + 2;
      let changes = 0;
      for (const match of notice.text.slice(bodyStart).matchAll(/[0-9０-９]/g)) {
        const at = bodyStart + match.index;
        for (let shift = 1; shift <= 9; shift += 1) {
          const mutated = applyMutation(notice.text.slice(at), { kind: 'change-digit', pick: 0, shift });
          const text = `${notice.text.slice(0, at)}${mutated}`;
          const result = outcome(text, notice);
          if (result !== undefined) assert.equal(result, notice.expected, `a file that disagrees with the notice; changed lines:\n${changedLines(notice.text, text)}`);
          changes += 1;
        }
      }
      assert.ok(changes > 100, `${changes} changes tried`);
    });
  }
});

describe('mutated real notices: a file that agrees with the notice, or a refusal', () => {
  for (const notice of NOTICES) {
    it(`${notice.name}: lines dropped, duplicated, swapped; cut short; digits changed; punctuation switched`, () => {
      fc.assert(
        fc.property(mutations, (changes) => {
          const mutated = changes.reduce(applyMutation, notice.text);
          const result = outcome(mutated, notice);
          if (result !== undefined) assert.equal(result, notice.expected, `a file that disagrees with the notice; changed lines:\n${changedLines(notice.text, mutated)}`);
        }),
        { numRuns: RUNS, includeErrorInReport: true },
      );
    });
  }

  it('any text at all, or any text put into a notice, is refused or gives a file that agrees; nothing else is thrown', () => {
    // Characters the importer reads: digits, date words, punctuation of both widths, brackets, line breaks.
    const piece = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789年月日至—-、，。：；（）()上班放假调休共天元旦春节国庆中秋\n\u3000'.split('')), maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...NOTICES), piece, fc.nat(), fc.boolean(), (notice, inserted, at, alone) => {
        const text = alone ? inserted : `${notice.text.slice(0, at % (notice.text.length + 1))}${inserted}${notice.text.slice(at % (notice.text.length + 1))}`;
        const result = outcome(text, notice);
        if (result !== undefined && !alone) assert.equal(result, notice.expected, `a file that disagrees with the notice; changed lines:\n${changedLines(notice.text, text)}`);
      }),
      { numRuns: RUNS * 10, includeErrorInReport: true },
    );
  });

  it('every notice with its punctuation switched between full and half width gives its own file, byte for byte', () => {
    const notices = fc.constantFrom(...NOTICES);
    fc.assert(
      fc.property(notices, fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (notice, picks) => {
        // From the title on: the header's addresses are not Chinese text.
        const bodyStart = notice.text.indexOf('\n\n') + 2;
        const switched = picks.reduce(switchWidth, notice.text.slice(bodyStart));
        const full = formatArrangementFile(importNotice(`${notice.text.slice(0, bodyStart)}${switched}`, notice.existing, OPTIONS));
        assert.equal(full, formatArrangementFile(importNotice(notice.text, notice.existing, OPTIONS)));
      }),
      { numRuns: RUNS * 2, includeErrorInReport: true },
    );
  });
});
