/**
 * A fake gov.cn on this machine, for trying `sync` without the network: the policy library's
 * search endpoint and notice pages, built from the fixture notices of test/fixtures/notices/ and
 * the made-up 2027 notice of test/fixtures/synthetic/ (never real data). Prints its search URL
 * and runs until stopped. With --held it lists the 2027 notice whose make-up day lies a week off
 * (test/fixtures/synthetic/2027-annual-far-make-up-day.txt), which sync holds for review.
 *
 *   npx tsx scripts/fake-gov-cn.ts [port] [--held]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeGovCn, type FakeNotice } from '../test/helpers/fake-gov-cn.js';

const fixtures = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const held = process.argv.includes('--held');
const port = Number(process.argv.slice(2).find((argument) => /^\d+$/.test(argument)) ?? 0);
const notices: FakeNotice[] = [
  ...readdirSync(join(fixtures, 'notices'))
    .sort()
    .map((name, index) => ({ fixture: join(fixtures, 'notices', name), template: index % 2 === 0 ? ('content' as const) : ('zhengceku' as const), number: 5000000 + index })),
  { fixture: join(fixtures, 'synthetic', held ? '2027-annual-far-make-up-day.txt' : '2027-annual.txt'), template: 'content', number: 7100001 },
];
const fake = await startFakeGovCn({ port });
fake.list(notices);
process.stdout.write(`fake gov.cn listening; SYNC_SEARCH_URL=${fake.searchUrl}\n`);
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
