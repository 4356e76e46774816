import { Parser } from 'htmlparser2';
import { FetchError } from '../../../outbound/http-fetch.js';
import { compactTitle, excerptOf } from '../../../outbound/network-text.js';
import type { NoticeCandidate, NoticeRead } from '../notice-source.js';

/**
 * What a gov.cn notice page holds, read with a real HTML parser. Both of gov.cn's templates put
 * the notice's body in the element with id `UCAP-CONTENT`, paragraphs in `<p>` with `<br/>`
 * breaks; the `/zhengce/content/` template adds a metadata table (标题, 发文字号, 成文日期,
 * 发布日期), and pages carry `<meta name="firstpublishedtime">`.
 */
export interface NoticePage {
  /** The body's lines, in order, without empty ones; undefined when the page has no UCAP-CONTENT element. */
  readonly bodyLines: readonly string[] | undefined;
  /** The metadata table: label (spaces and colon removed) to value. */
  readonly metadata: ReadonlyMap<string, string>;
  readonly meta: ReadonlyMap<string, string>;
}

const BODY_ID = 'UCAP-CONTENT';
const BLOCKS = new Set(['p', 'div', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'tr', 'table', 'section', 'article']);
const CELLS = new Set(['td', 'th']);
/** Elements whose content is no text of the page: a script's or a style's source is never notice text. */
const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template', 'textarea']);
const METADATA_LABELS = new Set(['标题', '发文字号', '成文日期', '发布日期', '发文机关']);

export function readNoticePage(html: string): NoticePage {
  const lines: string[] = [];
  let line = '';
  let depth = 0;
  let bodyDepth: number | undefined;
  let hidden = 0;
  // Set by the parser's callbacks (a plain boolean would be narrowed to false by the compiler).
  const seen = { body: false };
  const cells: string[] = [];
  let cellDepth: number | undefined;
  let cell = '';
  const meta = new Map<string, string>();
  const breakLine = (): void => {
    const text = line.trim();
    if (text !== '') lines.push(text);
    line = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        depth += 1;
        if (NOT_TEXT.has(name)) hidden += 1;
        if (name === 'meta' && attributes.name !== undefined && attributes.content !== undefined) meta.set(attributes.name.toLowerCase(), attributes.content.trim());
        if (bodyDepth === undefined && attributes.id === BODY_ID) {
          bodyDepth = depth;
          seen.body = true;
        } else if (bodyDepth !== undefined && BLOCKS.has(name)) breakLine();
        if (bodyDepth === undefined && CELLS.has(name)) {
          cellDepth = depth;
          cell = '';
        }
      },
      ontext(data) {
        if (hidden > 0) return;
        // A line break in the page's source is no break in the text (HTML collapses it): Chinese
        // text split across source lines must not gain a space.
        const text = data.replace(/[\r\n]+[\t ]*/g, '');
        if (bodyDepth !== undefined) line += text;
        else if (cellDepth !== undefined) cell += text;
      },
      onclosetag(name) {
        if (NOT_TEXT.has(name)) hidden = Math.max(0, hidden - 1);
        if (bodyDepth !== undefined && BLOCKS.has(name)) breakLine();
        if (bodyDepth === depth) {
          breakLine();
          bodyDepth = undefined;
        }
        if (cellDepth === depth) {
          cells.push(cell.trim());
          cellDepth = undefined;
        }
        depth -= 1;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return { bodyLines: seen.body ? lines : undefined, metadata: metadataOf(cells), meta };
}

/** Label cells (标题：, padded with ideographic spaces on gov.cn) followed by their value cells. */
function metadataOf(cells: readonly string[]): Map<string, string> {
  const metadata = new Map<string, string>();
  cells.forEach((text, index) => {
    const label = text.replace(/[\s\u3000:：]/g, '');
    const value = cells[index + 1];
    if (METADATA_LABELS.has(label) && value !== undefined && value !== '' && !metadata.has(label)) metadata.set(label, value);
  });
  return metadata;
}


/**
 * The notice as the importer reads it: the header lines gov.cn's page gives (发布日期, 网址, and
 * from the metadata table 发文字号 and 成文日期), a blank line, the title, then the body. The
 * importer checks all of it, as for a text a person pasted; this only arranges what the page says.
 * A page without the body element, or with no text in it, or without a title, is refused, naming
 * the URL and what was missing; so is a page whose own title or 文号 is not the one the search
 * answer gave for it (a hit is read only as the notice it claims to be).
 */
export function noticeTextOf(page: NoticePage, url: string, hit: NoticeCandidate): Omit<NoticeRead, 'url'> {
  if (page.bodyLines === undefined) throw new FetchError(url, `not a notice page sync understands: it has no element with id ${BODY_ID} (the body of both gov.cn templates)`);
  if (page.bodyLines.length === 0) throw new FetchError(url, `not a notice page sync understands: its ${BODY_ID} element holds no text`);
  const ownTitle = page.metadata.get('标题') ?? page.meta.get('articletitle');
  const title = oneLine(ownTitle ?? hit.title);
  if (title === '') throw new FetchError(url, 'not a notice page sync understands: neither the page nor the search answer gives a title');
  if (ownTitle !== undefined && hit.title !== '' && compactTitle(ownTitle) !== compactTitle(hit.title)) {
    throw new FetchError(url, `the page is titled ${excerptOf(ownTitle)}, but the search answer listed it as ${excerptOf(hit.title)}; not read`);
  }
  const documentNumber = page.metadata.get('发文字号');
  if (documentNumber !== undefined && hit.documentNumber !== undefined && compactTitle(documentNumber) !== compactTitle(hit.documentNumber)) {
    throw new FetchError(url, `the page's 文号 is ${excerptOf(documentNumber)}, but the search answer gave ${excerptOf(hit.documentNumber)}; not read`);
  }
  const published = isoDayOf(page.metadata.get('发布日期')) ?? isoDayOf(page.meta.get('firstpublishedtime')) ?? hit.publishedDate;
  if (published === undefined) throw new FetchError(url, 'not a notice page sync understands: no publication date (发布日期, firstpublishedtime, or the search answer)');
  const header = [`发布日期：${published}`, `网址：${url}`];
  if (documentNumber !== undefined) header.push(`发文字号：${documentNumber}`);
  const signed = page.metadata.get('成文日期');
  if (signed !== undefined) header.push(`成文日期：${signed}`);
  const [first, ...rest] = page.bodyLines;
  const body = first === title ? rest : page.bodyLines;
  return { text: `${header.join('\n')}\n\n${title}\n${body.join('\n')}\n`, title };
}

/** Whitespace runs (line breaks, ideographic spaces) as one space, trimmed. */
function oneLine(text: string): string {
  return text.replace(/[\s\u3000]+/g, ' ').trim();
}

/** yyyy-MM-dd from `2025-11-04 16:00:59`, `2025-11-04` or `2025年11月4日`. */
function isoDayOf(text: string | undefined): string | undefined {
  const match = text === undefined ? null : /^(\d{4})[-年.](\d{1,2})[-月.](\d{1,2})/.exec(text.trim());
  if (match === null) return undefined;
  return `${match[1]}-${match[2]?.padStart(2, '0')}-${match[3]?.padStart(2, '0')}`;
}
