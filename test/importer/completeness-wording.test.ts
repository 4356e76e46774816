import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ImportError, importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import { fixtureText } from './notice-builder.js';

/**
 * What the importer says about a holiday missing from an annual notice is what the text shows:
 * missing from the items only, from the lead-in only, or from both (the 2024 notice, edited).
 */

const NOTICE_2024 = fixtureText('2024-annual.txt');

function reasonsOf(text: string): string[] {
  try {
    importNotice(text, undefined, { currentYear: 2026 });
  } catch (error) {
    assert.ok(error instanceof ImportError, `expected an ImportError, got ${String(error)}`);
    return error.problems.map((problem) => problem.reason);
  }
  assert.fail('the text was accepted');
}

/** The 2024 notice without its 端午节 item, the items after it renumbered. */
function withoutDragonBoatItem(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.includes('五、端午节'))
    .join('\n')
    .replace('六、中秋节', '五、中秋节')
    .replace('七、国庆节', '六、国庆节');
}

describe('a holiday missing from an annual notice, said as it is', () => {
  it('missing from both the lead-in and the items: neither names it, and nothing says the lead-in does', () => {
    const text = withoutDragonBoatItem(NOTICE_2024.replace('劳动节、端午节、中秋节', '劳动节、中秋节'));
    const reasons = reasonsOf(text);
    assert.deepEqual(reasons, [
      'neither the lead-in nor any item names 端午节, which the regulation grants every year (is the notice text cut short, or an item dropped?)',
    ]);
  });

  it('missing from the items only: the lead-in names it, but no item arranges it', () => {
    assert.deepEqual(reasonsOf(withoutDragonBoatItem(NOTICE_2024)), [
      'the lead-in names 端午节, but no item arranges it (is the notice text cut short, or an item dropped?)',
    ]);
  });

  it('missing from the lead-in only: the lead-in does not name it', () => {
    assert.deepEqual(reasonsOf(NOTICE_2024.replace('劳动节、端午节、中秋节', '劳动节、中秋节')), [
      'the lead-in does not name 端午节, which the regulation grants every year',
    ]);
  });
});
