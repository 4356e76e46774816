/**
 * Builds notice texts for the importer tests: a header, the title, 文号, addressee, lead-in,
 * numbered entries, closing paragraph, signature and date, in the official layout.
 */

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'] as const;

export const ADDRESSEE = '各省、自治区、直辖市人民政府，国务院各部委、各直属机构：';
export const CLOSING =
  '节假日期间，各地区、各部门要妥善安排好值班和安全、保卫等工作，遇有重大突发事件，要按规定及时报告并妥善处置，确保人民群众祥和平安度过节日假期。';

export interface NoticeOptions {
  readonly header?: readonly string[];
  readonly documentNumber?: string | null;
  readonly signature?: string;
  readonly date?: string | null;
}

export function header(published = '2030-12-01', url = 'https://www.gov.cn/zhengce/content/203012/content_1.htm'): string[] {
  return [`发布日期：${published}`, `网址：${url}`];
}

/** An annual notice whose entries are given without their item numbers. */
export function annualNotice(year: number, entries: readonly string[], options: NoticeOptions = {}): string {
  return layout(
    [`国务院办公厅关于${year}年部分节假日安排的通知`],
    [`经国务院批准，现将${year}年元旦、春节、清明节、劳动节、端午节、中秋节和国庆节放假调休日期的具体安排通知如下。`],
    entries.map((entry, index) => `${NUMERALS[index] ?? '十'}、${entry}`),
    { documentNumber: `国办发明电〔${year - 1}〕1号`, date: `${year - 1}年12月1日`, header: header(`${year - 1}-12-01`), ...options },
  );
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
