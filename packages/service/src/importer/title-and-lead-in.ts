import { shortened, type ProblemLog } from './import-error.js';
import { citedNotice, isReprintPreamble, leadInHolidays, titleOfNumberCitation } from './lead-in.js';
import type { SourceLine } from './normalize-text.js';
import type { Located, NoticeLeadIn, NoticeTitle } from './notice-text.js';
import { parseTitle } from './notice-title.js';

/**
 * The third stage of an import: what the notice says it is. The title (国务院办公厅关于…的通知,
 * or a reprint's preamble citing it) tells the kind of notice and its year; the lead-in
 * (现将…放假调休日期的具体安排通知如下) names the holidays the items must arrange and, in a
 * reprint, cites the notice it reprints.
 */

export interface TitleResult extends NoticeTitle {
  /** Index (into the lines) where the body begins. */
  readonly next: number;
}

/** The title line(s) from `from` on (blank lines skipped). */
export function readTitle(lines: readonly SourceLine[], from: number, log: ProblemLog): TitleResult {
  let index = from;
  while (index < lines.length && lines[index]?.text === '') index += 1;
  const titleLines: SourceLine[] = [];
  let title = '';
  const first = lines[index];
  if (first !== undefined && isReprintPreamble(first.text)) {
    // A reprint that starts with its preamble: the notice it cites is the title. The line is
    // read again by the next stage as the lead-in it also is.
    titleLines.push(first);
    const cited = citedNotice(first.text);
    if (cited?.title === undefined && cited?.documentNumber !== undefined) {
      const rebuilt = titleOfNumberCitation(first.text, cited.documentNumber);
      if ('reason' in rebuilt) {
        log.at(titleLines, rebuilt.reason);
        return { titleLines, title, titleInfo: undefined, next: index };
      }
      title = rebuilt.title;
    } else title = cited?.title ?? '';
  } else {
    // gov.cn breaks long titles over two or three lines (…关于2024年 / 部分节假日安排的通知).
    for (; index < lines.length && titleLines.length < 3; index += 1) {
      const line = lines[index];
      if (line === undefined || line.text === '') break;
      if (titleLines.length > 0 && /[，。：；]/.test(line.text)) break;
      titleLines.push(line);
      if (line.text.endsWith('通知') || !titleLines.map((l) => l.text).join('').startsWith('国务院')) {
        index += 1;
        break;
      }
    }
    title = titleLines.map((line) => line.text).join('');
  }
  if (titleLines.length === 0) {
    log.add({ firstLine: 1, lastLine: 1, reason: 'the text has no title line', quote: shortened(lines[0]?.raw ?? '') });
    return { titleLines, title, titleInfo: undefined, next: index };
  }
  return { titleLines, title, titleInfo: log.reading(titleLines, () => parseTitle(title)), next: index };
}

/**
 * The lead-in among the sentences the items stage found leading in: the first that names
 * holidays, and the first that cites a notice. A second lead-in must name the same holidays.
 */
export function readLeadIn(sentences: readonly Located<string>[], log: ProblemLog): NoticeLeadIn {
  let leadIn: NoticeLeadIn['leadIn'];
  let citation: NoticeLeadIn['citation'];
  for (const { value: sentence, line } of sentences) {
    const cited = citedNotice(sentence);
    if (cited !== undefined && citation === undefined) citation = { value: cited, line };
    const named = leadInHolidays(sentence);
    if (named === undefined) continue;
    if (!named.ok) log.at([line], `the lead-in names «${named.unknown}», which is no holiday of the regulation`);
    else if (leadIn === undefined) leadIn = { value: named.holidays, line };
    else if (leadIn.value.codes.join() !== named.holidays.codes.join() || leadIn.value.year !== named.holidays.year) {
      log.at([line], `a second lead-in naming other holidays than line ${leadIn.line.number}`);
    }
  }
  return { leadIn, citation };
}
