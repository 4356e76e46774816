import { readFileSync } from 'node:fs';

/**
 * Builds notice texts for the importer tests: a header, the title, 文号, addressee, lead-in,
 * numbered entries, closing paragraph, signature and date, in the official layout.
 *
 * An annual notice must arrange all seven holidays, and its year must balance, so a test that
 * tries one wording of one item gets the real notice of that year (test/fixtures/notices/) with
 * that item written its way: each given entry replaces the real item(s) for the same holidays.
 */

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'] as const;

export const ADDRESSEE = '各省、自治区、直辖市人民政府，国务院各部委、各直属机构：';
export const CLOSING =
  '节假日期间，各地区、各部门要妥善安排好值班和安全、保卫等工作，遇有重大突发事件，要按规定及时报告并妥善处置，确保人民群众祥和平安度过节日假期。';

/** The holiday names an item label may print, each standing for one holiday. */
const HOLIDAY_OF_NAME: readonly (readonly [string, string])[] = [
  ['元旦', 'new-year'],
  ['春节', 'spring-festival'],
  ['清明', 'qingming'],
  ['劳动节', 'labor-day'],
  ['端午', 'dragon-boat'],
  ['中秋', 'mid-autumn'],
  ['国庆', 'national-day'],
];

export interface NoticeOptions {
  readonly header?: readonly string[];
  readonly documentNumber?: string | null;
  readonly signature?: string;
  readonly date?: string | null;
}

export function header(published = '2030-12-01', url = 'https://www.gov.cn/zhengce/content/203012/content_1.htm'): string[] {
  return [`发布日期：${published}`, `网址：${url}`];
}

/** The text of a real notice fixture. */
export function fixtureText(name: string): string {
  return readFileSync(new URL(`../fixtures/notices/${name}`, import.meta.url), 'utf8');
}

/**
 * An annual notice for `year` (2008-2026): the real notice's items, with the given entries
 * (written without their item numbers) in place of the items for the same holidays.
 */
export function annualNotice(year: number, entries: readonly string[], options: NoticeOptions = {}): string {
  return layout(
    [`国务院办公厅关于${year}年部分节假日安排的通知`],
    [`经国务院批准，现将${year}年元旦、春节、清明节、劳动节、端午节、中秋节和国庆节放假调休日期的具体安排通知如下。`],
    withItemsOf(year, entries).map((entry, index) => `${NUMERALS[index] ?? '十'}、${entry}`),
    { documentNumber: `国办发明电〔${year - 1}〕1号`, date: `${year - 1}年12月1日`, header: header(`${year - 1}-12-01`), ...options },
  );
}

/** The real items of `year` (without their numbers), each one replaced by the first given entry for any of its holidays. */
export function withItemsOf(year: number, entries: readonly string[]): string[] {
  const real = fixtureText(`${year}-annual.txt`)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[一二三四五六七八九十]、/.test(line))
    .map((line) => line.slice(2));
  const used = new Set<string>();
  const items: string[] = [];
  for (const item of real) {
    const replacement = entries.find((entry) => holidaysOf(entry).some((holiday) => holidaysOf(item).includes(holiday)));
    if (replacement === undefined) items.push(item);
    else if (!used.has(replacement)) {
      used.add(replacement);
      items.push(replacement);
    }
  }
  return [...items, ...entries.filter((entry) => !used.has(entry))];
}

/** The holidays an item's label names (the text before its colon or its first date). */
function holidaysOf(item: string): string[] {
  const label = /^[^：:\d１-９]*/.exec(item)?.[0] ?? '';
  return HOLIDAY_OF_NAME.filter(([name]) => label.includes(name)).map(([, holiday]) => holiday);
}

export function layout(title: readonly string[], lead: readonly string[], body: readonly string[], options: NoticeOptions = {}): string {
  const lines = [...(options.header ?? header()), '', ...title];
  if (options.documentNumber !== null && options.documentNumber !== undefined) lines.push(options.documentNumber);
  lines.push(ADDRESSEE, ...lead.map(indent), ...body.map(indent), indent(CLOSING), indent(options.signature ?? '国务院办公厅'));
  if (options.date !== null && options.date !== undefined) lines.push(indent(options.date));
  return `${lines.join('\n')}\n`;
}

function indent(line: string): string {
  return `\u3000\u3000${line}`;
}
