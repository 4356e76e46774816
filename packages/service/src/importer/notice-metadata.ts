import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import type { ArrangementNotice } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { issuerOfDocumentNumber } from './boilerplate.js';
import type { ProblemLog } from './import-error.js';
import type { NoticeText } from './notice-text.js';
import { noticeIdOf, type TitleInfo } from './notice-title.js';

/**
 * The notice's record in the year's file. Title, 文号 and 成文日期 come from the notice text;
 * publication date and addresses from the header. Where both give a value they must agree, and
 * the issuer must be the same in the title, the signature, the 文号 and the header. A reprint's
 * preamble may cite the title and 文号; they must agree with the notice's own where it has them.
 * Undefined when something is missing or disagrees (recorded in `log`).
 */
export function noticeMetadata(notice: NoticeText, info: TitleInfo, log: ProblemLog): ArrangementNotice | undefined {
  const { header, citation } = notice;
  const before = log.count;
  const atTitle = (reason: string): void => {
    log.at(notice.titleLines, reason);
  };

  if (citation !== undefined && notice.titleLines[0] !== citation.line) {
    if (citation.value.title !== undefined && citation.value.title !== notice.title) {
      log.at([citation.line], `the lead-in cites «${citation.value.title}», but the title is «${notice.title}»`);
    }
    const own = notice.documentNumber?.value;
    if (own !== undefined && citation.value.documentNumber !== undefined && own !== citation.value.documentNumber) {
      log.at([citation.line], `the lead-in cites the 文号 ${citation.value.documentNumber}, but the notice's is ${own}`);
    }
  }

  let documentNumber: string | null | undefined = notice.documentNumber?.value ?? citation?.value.documentNumber;
  if (header.documentNumber !== undefined) {
    if (documentNumber !== undefined && header.documentNumber.value !== documentNumber) {
      log.at([header.documentNumber.line], `the header's 发文字号 differs from the notice's ${documentNumber}`);
    }
    documentNumber ??= header.documentNumber.value;
  }
  if (documentNumber === undefined) atTitle('the notice has no 文号 line; add 发文字号：… to the header (发文字号：不详 if unknown)');

  let signedDate: string | null | undefined = notice.signedDate === undefined ? undefined : formatIsoDate(notice.signedDate.value);
  if (header.signedDate !== undefined) {
    if (signedDate !== undefined && header.signedDate.value !== signedDate) {
      log.at([header.signedDate.line], `the header's 成文日期 differs from the notice's date ${signedDate}`);
    }
    signedDate ??= header.signedDate.value;
  }
  if (signedDate === undefined) {
    atTitle('the notice has no date line under the signature; add 成文日期：… to the header (成文日期：不详 if unknown)');
  }

  const publishedDate = header.publishedDate?.value;
  if (publishedDate === undefined) atTitle('the header lacks 发布日期：yyyy-MM-dd (the day gov.cn published the notice)');
  const sourceUrl = header.sourceUrl?.value;
  if (sourceUrl === undefined) atTitle('the header lacks 网址：http… (the gov.cn address of the notice)');
  if (typeof signedDate === 'string' && publishedDate !== undefined && signedDate > publishedDate && notice.signedDate !== undefined) {
    log.at([notice.signedDate.line], `the notice is dated ${signedDate}, after its publication on ${publishedDate}`);
  }

  if (notice.signature !== undefined && notice.signature.value !== info.issuer) {
    log.at([notice.signature.line], `signed by ${notice.signature.value}, but the title is ${info.issuer}'s`);
  }
  if (typeof documentNumber === 'string') {
    const issuer = issuerOfDocumentNumber(documentNumber);
    if (issuer !== undefined && issuer !== info.issuer) atTitle(`the 文号 ${documentNumber} is ${issuer}'s, but the title is ${info.issuer}'s`);
  }
  if (header.title !== undefined && header.title.value !== notice.title) {
    log.at([header.title.line], `the header's 标题 differs from the title «${notice.title}»`);
  }
  if (header.issuer !== undefined && header.issuer.value !== info.issuer) {
    log.at([header.issuer.line], `the header's 发文机关 differs from the title's ${info.issuer}`);
  }

  if (log.count > before || documentNumber === undefined || signedDate === undefined) return undefined;
  if (publishedDate === undefined || sourceUrl === undefined) return undefined;
  return {
    id: noticeIdOf(info),
    kind: info.kind,
    title: notice.title,
    documentNumber,
    signedDate,
    publishedDate,
    sourceUrl,
    otherUrls: header.otherUrls.map((field) => field.value),
  };
}
