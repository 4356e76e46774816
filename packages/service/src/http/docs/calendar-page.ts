import type { DayStatusValue } from '@china-holiday-calendar/core/calendar/day-status.js';
import { HOLIDAYS, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import type { GridDay, GridMonth, YearGrid } from './year-grid.js';
import type { FeedLanguage } from '@china-holiday-calendar/core/questions/calendar-feed-question.js';
import { lunarDateOf } from '@china-holiday-calendar/core/calendar/lunar-date.js';
import { solarTermOf } from '@china-holiday-calendar/core/calendar/lunar-calendar.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { festivalOf, type Festival } from './festival-days.js';
import { escapeHtml } from './html.js';

/** What the page needs besides the year's grid. */
export interface CalendarPageContext {
  readonly lang: FeedLanguage;
  /** The version of the loaded dataset (shown even for an unpublished year, which no notice covers yet). */
  readonly datasetVersion: string;
  /** The years with a notice, for the navigation. */
  readonly publishedYears: readonly number[];
  /** The first year the service covers. */
  readonly firstYear: number;
}

interface PageText {
  readonly htmlLang: string;
  readonly title: (year: number) => string;
  readonly subtitle: string;
  readonly weekdays: readonly (readonly [short: string, full: string])[];
  readonly month: (month: number) => string;
  readonly dayLabel: (month: number, day: number, weekday: number) => string;
  readonly status: Readonly<Record<DayStatusValue, string>>;
  readonly restMark: string;
  readonly workMark: string;
  readonly statutory: string;
  readonly lunar: (label: string) => string;
  readonly solarTerm: (name: string) => string;
  readonly holidayName: (code: HolidayCode) => string;
  /** A holiday's name as its day's cell shows it: short enough to fit (the full name is its tooltip). */
  readonly holidayShortName: (code: HolidayCode) => string;
  readonly festival: (festival: Festival) => string;
  readonly joiner: string;
  /** How the short names of a combined entry are joined in a cell. */
  readonly shortJoiner: string;
  readonly published: (year: number) => string;
  readonly counts: (work: number, rest: number) => string;
  readonly unpublished: (year: number) => string;
  readonly unpublishedNote: string;
  readonly datasetVersion: (version: string) => string;
  readonly legendTitle: string;
  readonly legend: {
    readonly rest: string;
    readonly work: string;
    readonly statutory: string;
    readonly weekend: string;
    readonly names: string;
  };
  readonly yearsLabel: string;
  readonly previous: string;
  readonly next: string;
  readonly otherLanguage: { readonly lang: FeedLanguage; readonly htmlLang: string; readonly label: string };
  readonly more: string;
  readonly links: { readonly overview: string; readonly feed: string; readonly docs: string };
}

const ZH_WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'] as const;

const TEXT: Readonly<Record<FeedLanguage, PageText>> = {
  zh: {
    htmlLang: 'zh-CN',
    title: (year) => `${year}年放假与调休日历`,
    subtitle: '中国大陆，依据国务院办公厅公布的节假日安排',
    weekdays: ZH_WEEKDAYS.map((name) => [name, `星期${name}`] as const),
    month: (month) => `${month}月`,
    dayLabel: (month, day, weekday) => `${month}月${day}日 星期${ZH_WEEKDAYS[weekday] ?? ''}`,
    status: { WORKDAY: '工作日', ADJUSTED_WORKDAY: '调休上班', WEEKEND: '周末', HOLIDAY: '放假', UNKNOWN: '未公布' },
    restMark: '休',
    workMark: '班',
    statutory: '法定节假日',
    lunar: (label) => `农历${label}`,
    solarTerm: (name) => name,
    holidayName: (code) => HOLIDAYS[code].zh,
    holidayShortName: (code) => HOLIDAYS[code].short.zh,
    festival: (festival) => festival.zh,
    joiner: '、',
    shortJoiner: '、',
    published: (year) => `${year}年的安排已公布，依据：`,
    counts: (work, rest) => `全年（1月1日至12月31日）工作日 ${work} 天，休息日 ${rest} 天。`,
    unpublished: (year) => `${year}年的放假安排未公布。`,
    unpublishedNote:
      '下表只标出《全国年节及纪念日放假办法》已经确定的法定节假日（加框）；哪些天放假、哪些天调休上班，要等国务院办公厅的通知，这里不作推测。',
    datasetVersion: (version) => `数据版本：${version}`,
    legendTitle: '图例',
    legend: {
      rest: '放假（安排中的休息日）',
      work: '调休上班',
      statutory: '法定节假日（加框）',
      weekend: '周六、周日（灰底）',
      names: '假期名写在放假首日；下行是农历日，初一写月名，节气日写节气，节日写节日名（除夕、元宵节……）',
    },
    yearsLabel: '年份',
    previous: '上一年',
    next: '下一年',
    otherLanguage: { lang: 'en', htmlLang: 'en', label: 'English' },
    more: '同样的数据：',
    links: { overview: '本年概览（JSON）', feed: '订阅日历（iCalendar）', docs: 'API 文档' },
  },
  en: {
    htmlLang: 'en',
    title: (year) => `${year} holidays and make-up working days`,
    subtitle: "Mainland China, under the State Council's holiday arrangements",
    weekdays: [
      ['Mon', 'Monday'],
      ['Tue', 'Tuesday'],
      ['Wed', 'Wednesday'],
      ['Thu', 'Thursday'],
      ['Fri', 'Friday'],
      ['Sat', 'Saturday'],
      ['Sun', 'Sunday'],
    ],
    month: (month) => MONTHS_EN[month - 1] ?? '',
    dayLabel: (month, day, weekday) => `${TEXT_WEEKDAYS_EN[weekday] ?? ''}, ${MONTHS_EN[month - 1] ?? ''} ${day}`,
    status: { WORKDAY: 'working day', ADJUSTED_WORKDAY: 'make-up working day', WEEKEND: 'weekend', HOLIDAY: 'day off', UNKNOWN: 'not yet published' },
    // The marks of Chinese wall calendars and of Apple Calendar in China, explained by the legend
    // and spelt out in each day's words: a word as wide as "Work" does not fit beside a date.
    restMark: '休',
    workMark: '班',
    statutory: 'statutory holiday',
    lunar: (label) => `lunar date ${label}`,
    solarTerm: (name) => `solar term ${name}`,
    holidayName: (code) => HOLIDAYS[code].en,
    holidayShortName: (code) => HOLIDAYS[code].short.en,
    festival: (festival) => `${festival.en} (${festival.zh})`,
    joiner: ' and ',
    shortJoiner: ' & ',
    published: (year) => `The ${year} arrangement is published. Source: `,
    counts: (work, rest) => `January 1 to December 31: ${work} working days, ${rest} rest days.`,
    unpublished: (year) => `The ${year} arrangement is not yet published (未公布).`,
    unpublishedNote:
      'Only the statutory holidays that the national regulation already fixes are shown (framed). Which days are off and which are make-up working days waits for the State Council notice; nothing is guessed here.',
    datasetVersion: (version) => `Dataset version: ${version}`,
    legendTitle: 'Legend',
    legend: {
      rest: 'xiū: a day off of the arrangement',
      work: 'bān: a make-up working day',
      statutory: 'Statutory holiday (framed)',
      weekend: 'Saturday and Sunday (grey)',
      names: "A holiday's name is on its first day off; below the date, the lunar day (初一 as the month's name, a solar term or a festival such as 除夕 on its day)",
    },
    yearsLabel: 'Years',
    previous: 'Previous year',
    next: 'Next year',
    otherLanguage: { lang: 'zh', htmlLang: 'zh-CN', label: '中文' },
    more: 'The same data: ',
    links: { overview: 'the year as JSON', feed: 'a calendar to subscribe to (iCalendar)', docs: 'API reference' },
  },
};

const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const TEXT_WEEKDAYS_EN = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * The page's style. On screen, month grids fill the width (one column on a phone); in print, the
 * year fits one A4 landscape page: four months a row, the navigation left out. Every mark is told
 * by a letter or a frame as well as by colour; colours keep WCAG AA contrast.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0 auto;max-width:82rem;padding:0 1rem 2rem;font-family:system-ui,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1b1b1b;background:#fff;line-height:1.4}
a{color:#0b4f9c}
header{border-bottom:1px solid #ccc;padding:.5rem 0}
.top{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 1rem}
h1{font-size:1.5rem;margin:.5rem 0 .25rem}
.lang{white-space:nowrap}
.sub{margin:0 0 .5rem;color:#444}
nav ul{display:inline;list-style:none;margin:0;padding:0}
nav li{display:inline-block;margin:0 .15rem}
nav a,nav span{display:inline-block;padding:.2rem .3rem}
nav [aria-current]{font-weight:700;text-decoration:none;border-bottom:2px solid #1b1b1b}
nav .gap{color:#4a4a4a}
.about p{margin:.5rem 0}
.notices{margin:.25rem 0;padding-left:1.25rem}
.pending{border-left:4px solid #8a5a00;background:#fff6e0;padding:.5rem .75rem}
.legend ul{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}
.legend li{display:flex;align-items:center;gap:.35rem}
.swatch{display:inline-block;width:1.6rem;height:1.25rem;border:1px solid #999}
.swatch.statutory{border-color:#a3141c;box-shadow:inset 0 0 0 2px #a3141c}
.swatch.we{background:#eeeeee}
.legend .mark{float:none;margin:0}
.months{display:grid;grid-template-columns:repeat(auto-fill,minmax(21rem,1fr));gap:1rem 1.5rem;margin-top:.75rem}
table{border-collapse:collapse;width:100%;table-layout:fixed}
caption{text-align:left;font-weight:700;font-size:1.1rem;padding:.25rem 0}
th{font-weight:600;font-size:.8rem;padding:.15rem 0;color:#333}
th.we{color:#1b1b1b;background:#e4e4e4}
td{border:1px solid #d0d0d0;vertical-align:top;height:3.1rem;padding:.1rem .15rem;position:relative;overflow:hidden}
td.pad{border:none;background:none}
td.we{background:#eeeeee}
td.HOLIDAY{background:#fde8e6}
td.ADJUSTED_WORKDAY{background:#e7eefb}
td.statutory{box-shadow:inset 0 0 0 2px #a3141c}
.n{font-weight:600;font-size:.95rem}
.statutory .n{color:#a3141c;font-weight:800}
.mark{float:right;margin:.1rem 0 0 1px;font-size:.7rem;line-height:1;padding:.12rem .16rem;border-radius:.2rem;color:#fff;font-weight:700}
.mark.rest{background:#a3141c}
.mark.work{background:#123f86}
.line{display:block;font-size:.68rem;color:#4a4a4a;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.line.holiday{color:#8c1016;font-weight:600;font-size:.58rem;white-space:normal;overflow:visible;line-height:1.15;hyphens:manual;overflow-wrap:anywhere}
.line.festival{color:#8c1016;font-weight:600}
.line.term{color:#1d5e2f;font-weight:600}
.line.month{color:#1b1b1b;font-weight:600}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
footer{margin-top:1.5rem;border-top:1px solid #ccc;padding-top:.5rem;font-size:.9rem}
@media (max-width:30rem){body{padding:0 .5rem 1rem}.months{grid-template-columns:1fr}td{height:3.3rem}}
@page{size:A4 landscape;margin:6mm}
@media print{
  *{print-color-adjust:exact;-webkit-print-color-adjust:exact}
  body{max-width:none;padding:0;font-size:7pt;line-height:1.2}
  nav,footer,.sub,.lang{display:none}
  header,.top{border:none;padding:0;display:flex;align-items:baseline;gap:1em}
  h1{font-size:12pt;margin:0}
  .about p,.notices{margin:0;display:inline}
  .notices{padding:0}.notices li{display:inline}
  .pending{padding:.5mm 1mm}
  .legend ul{margin:.5mm 0;gap:0 4mm}
  .swatch{width:4mm;height:3mm}
  .months{grid-template-columns:repeat(4,1fr);gap:1.5mm 4mm;margin-top:1mm}
  caption{font-size:8pt;padding:0}
  th{font-size:6pt;padding:0}
  td{height:8.6mm;padding:.2mm .5mm}
  .n{font-size:7pt}
  .mark{font-size:5.5pt;padding:.2mm .4mm}
  .line{font-size:5pt}
}
`;

/** The year's calendar page: server-rendered HTML that works without script and loads only itself (and the icon). */
export function calendarPage(grid: YearGrid, context: CalendarPageContext): string {
  const text = TEXT[context.lang];
  const { year, overview } = grid;
  const query = context.lang === 'zh' ? '' : `?lang=${context.lang}`;
  const about =
    overview.status === 'PUBLISHED'
      ? `<p>${escapeHtml(text.published(year))}</p>
<ul class="notices">${overview.notices
          .map(
            (notice) =>
              `<li><a href="${escapeHtml(notice.url)}" lang="zh-CN">${escapeHtml(notice.title)}${notice.documentNumber === null ? '' : `（${escapeHtml(notice.documentNumber)}）`}</a></li>`,
          )
          .join('')}</ul>
<p>${escapeHtml(text.counts(overview.workdayCount, overview.restDayCount))} ${escapeHtml(text.datasetVersion(overview.datasetVersion))}</p>`
      : `<div class="pending" role="note"><p><strong>${escapeHtml(text.unpublished(year))}</strong> ${escapeHtml(text.unpublishedNote)}</p></div>
<p>${escapeHtml(text.datasetVersion(context.datasetVersion))}</p>`;
  return `<!doctype html>
<html lang="${text.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.title(year))}</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="alternate" hreflang="${text.otherLanguage.htmlLang}" href="/calendar/${year}${text.otherLanguage.lang === 'zh' ? '' : `?lang=${text.otherLanguage.lang}`}">
<style>${STYLE}</style>
</head>
<body>
<header>
<div class="top"><h1>${escapeHtml(text.title(year))}</h1>${languageSwitch(year, text)}</div>
<p class="sub">${escapeHtml(text.subtitle)}</p>
${navigation(year, context, text, query)}
</header>
<main>
<section class="about" aria-label="${escapeHtml(text.title(year))}">
${about}
</section>
${legend(text)}
<div class="months">
${grid.months.map((month) => monthTable(month, text)).join('\n')}
</div>
</main>
<footer><p>${escapeHtml(text.more)}<a href="/v1/china-calendar/years/${year}">${escapeHtml(text.links.overview)}</a> · <a href="/v1/china-calendar/calendar.ics${context.lang === 'zh' ? '' : '?lang=en'}">${escapeHtml(text.links.feed)}</a> · <a href="/docs">${escapeHtml(text.links.docs)}</a></p></footer>
</body>
</html>
`;
}

/** How many years either side of the page's own the year bar names (besides the published ones). */
const NEARBY_YEARS = 2;

/**
 * The year bar: every year from the first to the one after the last published, and the years
 * around the page's own, each named once (a gap between them marked …), so that it stays short
 * on a page of 9999 too; an arrow to the year before and after, named for screen readers.
 */
function navigation(year: number, context: CalendarPageContext, text: PageText, query: string): string {
  const href = (target: number): string => `/calendar/${target}${query}`;
  const lastNamed = Math.max(context.firstYear, ...context.publishedYears.map((published) => published + 1));
  const years = new Set<number>();
  for (let each = context.firstYear; each <= lastNamed; each++) years.add(each);
  for (let each = Math.max(context.firstYear, year - NEARBY_YEARS); each <= Math.min(LAST_PAGE_YEAR, year + NEARBY_YEARS); each++) years.add(each);
  const items: string[] = [];
  let previousListed: number | undefined;
  for (const each of [...years].sort((a, b) => a - b)) {
    if (previousListed !== undefined && each > previousListed + 1) items.push('<li class="gap" aria-hidden="true">…</li>');
    items.push(`<li><a href="${href(each)}"${each === year ? ' aria-current="page"' : ''}>${each}</a></li>`);
    previousListed = each;
  }
  const previous = year > context.firstYear ? `<a href="${href(year - 1)}" rel="prev" aria-label="${escapeHtml(text.previous)}">‹</a>` : '';
  const next = year < LAST_PAGE_YEAR ? `<a href="${href(year + 1)}" rel="next" aria-label="${escapeHtml(text.next)}">›</a>` : '';
  return `<nav aria-label="${escapeHtml(text.yearsLabel)}">${previous}
<ul>${items.join('')}</ul>
${next}</nav>`;
}

/** The last year a page is shown for: the last a four-digit year can write. */
const LAST_PAGE_YEAR = 9999;

/** The link to the same year in the other language, beside the title. */
function languageSwitch(year: number, text: PageText): string {
  const other = text.otherLanguage;
  const otherHref = `/calendar/${year}${other.lang === 'zh' ? '' : `?lang=${other.lang}`}`;
  return `<a class="lang" href="${otherHref}" lang="${other.htmlLang}" hreflang="${other.htmlLang}">${other.label}</a>`;
}

function legend(text: PageText): string {
  const item = (sample: string, label: string): string => `<li>${sample}<span>${escapeHtml(label)}</span></li>`;
  return `<section class="legend" aria-label="${escapeHtml(text.legendTitle)}"><ul>
${item(`<span class="mark rest" lang="zh-CN" aria-hidden="true">${text.restMark}</span>`, text.legend.rest)}
${item(`<span class="mark work" lang="zh-CN" aria-hidden="true">${text.workMark}</span>`, text.legend.work)}
${item('<span class="swatch statutory" aria-hidden="true"></span>', text.legend.statutory)}
${item('<span class="swatch we" aria-hidden="true"></span>', text.legend.weekend)}
${item('', text.legend.names)}
</ul></section>`;
}

function monthTable(month: GridMonth, text: PageText): string {
  const head = text.weekdays.map(([short, full], at) => `<th scope="col" abbr="${escapeHtml(full)}"${at >= 5 ? ' class="we"' : ''}>${escapeHtml(short)}</th>`).join('');
  const rows = month.weeks.map((week) => `<tr>${week.map((day) => (day === null ? '<td class="pad"></td>' : dayCell(month.month, day, text))).join('')}</tr>`);
  return `<table class="month" id="m${month.month}">
<caption>${escapeHtml(text.month(month.month))}</caption>
<thead><tr>${head}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function dayCell(month: number, day: GridDay, text: PageText): string {
  const classes = [day.dayStatus, ...(day.weekday >= 5 ? ['we'] : []), ...(day.statutory ? ['statutory'] : [])];
  const mark =
    day.dayStatus === 'HOLIDAY'
      ? `<span class="mark rest" lang="zh-CN" aria-hidden="true">${text.restMark}</span>`
      : day.dayStatus === 'ADJUSTED_WORKDAY'
        ? `<span class="mark work" lang="zh-CN" aria-hidden="true">${text.workMark}</span>`
        : '';
  const names = day.holidays.map(text.holidayName).join(text.joiner);
  const starting = day.startsHoliday ?? [];
  // A festival already named by the holiday line (春节 on its first day off) is not named twice.
  const lunar = lunarLine(day.day, starting.map((code) => HOLIDAYS[code].short.zh));
  const holidayLine =
    starting.length === 0
      ? ''
      : `<span class="line holiday" title="${escapeHtml(starting.map(text.holidayName).join(text.joiner))}" aria-hidden="true">${escapeHtml(starting.map(text.holidayShortName).join(text.shortJoiner))}</span>`;
  const description = [
    text.dayLabel(month, day.dayOfMonth, day.weekday),
    text.status[day.dayStatus],
    names,
    ...(day.statutory ? [text.statutory] : []),
    text.lunar(lunar.label),
    ...(lunar.term === null ? [] : [text.solarTerm(lunar.term)]),
    // A festival that is one of the day's holidays is named already.
    ...(lunar.festival === undefined || day.holidays.some((code) => HOLIDAYS[code].short.zh === lunar.festival?.zh) ? [] : [text.festival(lunar.festival)]),
  ]
    .filter((part) => part !== '')
    .join(' · ');
  return `<td class="${classes.join(' ')}" data-date="${day.date}" data-day-status="${day.dayStatus}" title="${escapeHtml(description)}"><span class="n" aria-hidden="true">${day.dayOfMonth}</span>${mark}<span class="line lunar${lunar.kind === 'day' ? '' : ` ${lunar.kind}`}" lang="zh-CN" aria-hidden="true">${lunar.line}</span>${holidayLine}<span class="sr">${escapeHtml(description)}</span></td>`;
}

/**
 * The lunar line of a wall calendar: a festival's name on its day (除夕, 元宵节, 中秋节, 国庆节…;
 * unless the holiday line already names it), else a solar term's, else the lunar month's name on
 * its first day (初一), else the lunar day; and the full lunar date for the day's description.
 */
function lunarLine(
  day: DayNumber,
  namedHolidays: readonly string[],
): { readonly line: string; readonly kind: 'festival' | 'term' | 'month' | 'day'; readonly label: string; readonly term: string | null; readonly festival: Festival | undefined } {
  const lunar = lunarDateOf(day);
  const term = solarTermOf(day) ?? null;
  const festival = festivalOf(day);
  const common = { label: lunar.label, term, festival };
  if (festival !== undefined && !namedHolidays.includes(festival.zh)) return { line: festival.zh, kind: 'festival', ...common };
  if (term !== null) return { line: term, kind: 'term', ...common };
  if (lunar.day === 1) return { line: lunar.monthName, kind: 'month', ...common };
  return { line: lunar.dayName, kind: 'day', ...common };
}
