import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake gov.cn over a real socket: the policy library's JSON search endpoint
 * (/search-gov/data) and notice pages in both of gov.cn's templates, built from the project's
 * fixture notices (header lines, a blank line, the title, the body). Tests choose what it lists
 * and how the search misbehaves.
 */
export type PageTemplate = 'content' | 'zhengceku' | 'unknown';

export interface FakeNotice {
  /** The fixture file (header, blank line, title, body). */
  readonly fixture: string;
  readonly template: PageTemplate;
  /** Distinguishes pages published the same month. */
  readonly number: number;
}

export type SearchBehaviour = 'normal' | 'error-500' | 'slow' | 'malformed' | 'empty' | 'huge' | 'foreign-host' | 'flaky';

/**
 * How the search answers, beyond what it lists: gov.cn's servers differ. `firstPage`: whether `p`
 * counts from 0 or 1 (a 1-based server takes 0 for 1); `pageSize`: documents per page, whatever
 * `n` asks; `noise`: documents that are no notice, listed before the notices; `shape`: the
 * documents in `searchVO.listVO` or split over `searchVO.catMap.*.listVO` (the aggregate
 * library); `refusedAgents`: User-Agents its firewall answers 403.
 */
export interface SearchShape {
  readonly firstPage?: 0 | 1;
  readonly pageSize?: number;
  readonly noise?: number;
  readonly shape?: 'listVO' | 'catMap';
  readonly refusedAgents?: RegExp;
}

/** Answers a request in the fake's place (a hostile gov.cn); returns false to let the fake answer. */
export type Interceptor = (request: IncomingMessage, response: ServerResponse, url: URL) => boolean;

export interface FakeGovCn {
  readonly base: string;
  readonly searchUrl: string;
  /** Every request path (with query) it received, in order. */
  readonly requests: string[];
  list(notices: readonly FakeNotice[]): void;
  behave(behaviour: SearchBehaviour): void;
  /** How the search pages and shapes its answers (undefined: 1-based, `n` per page, listVO). */
  shape(shape: SearchShape | undefined): void;
  /** The User-Agent of every request, in order. */
  readonly userAgents: string[];
  /** Answers requests with `interceptor` first (undefined: the fake alone again). */
  intercept(interceptor: Interceptor | undefined): void;
  /** The page address a listed notice is served at. */
  pageUrl(notice: FakeNotice): string;
  close(): Promise<void>;
}

interface ParsedFixture {
  readonly title: string;
  readonly published: string;
  readonly body: readonly string[];
}

export function readFixture(path: string): ParsedFixture {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  const blank = lines.indexOf('');
  const header = lines.slice(0, blank);
  const published = header.find((line) => line.startsWith('发布日期：'))?.slice('发布日期：'.length) ?? '';
  const [title = '', ...body] = lines.slice(blank + 1).filter((line) => line.trim() !== '');
  return { title, published, body };
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** A page as gov.cn serves it: the /zhengce/content/ template with its metadata table, or the /zhengce/zhengceku/ one with <br/> breaks. */
export function noticePageHtml(notice: FakeNotice): string {
  const { title, published, body } = readFixture(notice.fixture);
  const documentNumber = body.find((line) => /〔\d{4}〕\d+号$/.test(line.trim()));
  if (notice.template === 'content') {
    return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}_国务院文件_中国政府网</title>
<meta name="firstpublishedtime" content="${published} 16:00:59"></head><body>
<table class="bd1"><tbody>
<tr><td><b>标\u3000\u3000题：</b></td><td colspan="3">${escapeHtml(title)}</td></tr>
<tr><td><b>发文机关：</b></td><td>${title.startsWith('国务院办公厅') ? '国务院办公厅' : '国务院'}</td>${documentNumber === undefined ? '' : `<td><b>发文字号：</b></td><td>${escapeHtml(documentNumber)}</td>`}</tr>
<tr><td><b>发布日期：</b></td><td>${published.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1年$2月$3日')}</td></tr>
</tbody></table>
<div class="article"><div id="UCAP-CONTENT" class="pages_content">
${body.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</div></div></body></html>`;
  }
  if (notice.template === 'zhengceku') {
    return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}_滚动新闻_中国政府网</title>
<meta name="firstpublishedtime" content="${published} 16:00:59"><meta name="ArticleTitle" content="${escapeHtml(title)}"></head><body>
<div class="article oneColumn pub_border"><h1>${escapeHtml(title)}</h1>
<div class="pages_content" id="UCAP-CONTENT"><p>${body.map(escapeHtml).join('<br/>\n')}</p></div></div></body></html>`;
  }
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>
<div class="new-template"><div class="text">${body.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div></div></body></html>`;
}

function pagePath(notice: FakeNotice): string {
  const month = readFixture(notice.fixture).published.slice(0, 7).replace('-', '');
  const folder = notice.template === 'zhengceku' ? 'zhengceku' : 'content';
  return `/zhengce/${folder}/${month}/content_${notice.number}.htm`;
}

export async function startFakeGovCn(options: { readonly host?: string; readonly port?: number } = {}): Promise<FakeGovCn> {
  let listed: readonly FakeNotice[] = [];
  let behaviour: SearchBehaviour = 'normal';
  let flakyFailures = 0;
  let interceptor: Interceptor | undefined;
  let shape: SearchShape = {};
  const requests: string[] = [];
  const userAgents: string[] = [];
  let base = '';

  const search = (request: IncomingMessage, response: ServerResponse, url: URL): void => {
    if (behaviour === 'error-500' || (behaviour === 'flaky' && flakyFailures++ < 2)) {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<html>服务器错误</html>');
      return;
    }
    if (behaviour === 'slow') {
      // Headers never come: the client's timeout must end the wait.
      request.socket.setTimeout(60_000);
      return;
    }
    if (behaviour === 'malformed') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200,"searchVO":{"listVO":[{"title":');
      return;
    }
    if (behaviour === 'huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', pump);
            return;
          }
        }
        response.end();
      };
      response.on('error', () => undefined);
      pump();
      return;
    }
    const words = (url.searchParams.get('q') ?? '').split(/\s+/).filter((word) => word !== '');
    const firstPage = shape.firstPage ?? 1;
    const index = Math.max(0, Number(url.searchParams.get('p') ?? String(firstPage)) - firstPage);
    const size = shape.pageSize ?? Number(url.searchParams.get('n') ?? '20');
    const notices = behaviour === 'empty' ? [] : listed.filter((notice) => words.every((word) => readFixture(notice.fixture).title.includes(word)));
    const noise = Array.from({ length: notices.length > 0 ? (shape.noise ?? 0) : 0 }, (_, number) => ({
      title: `关于${words.join('')}有关工作的参考资料（${number + 1}）`,
      url: `${base}/zhengce/noise/${encodeURIComponent(words.join('-'))}-${number + 1}.htm`,
      pubtimeStr: '2026.12.01',
    }));
    const documents = [
      ...noise,
      ...notices.map((notice) => {
        const { title, published } = readFixture(notice.fixture);
        const marked = words.reduce((text, word) => text.replaceAll(word, `<em>${word}</em>`), escapeHtml(title));
        const pageBase = behaviour === 'foreign-host' ? 'http://169.254.169.254' : base;
        return { title: marked, url: `${pageBase}${pagePath(notice)}`, pubtimeStr: published.replaceAll('-', '.'), pubtime: Date.parse(`${published}T08:00:00Z`) - 8 * 3_600_000 };
      }),
    ];
    const listVO = documents.slice(index * size, (index + 1) * size);
    if (listVO.length === 0) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 1001, msg: '未找到相关结果', searchVO: null }));
      return;
    }
    const half = Math.ceil(listVO.length / 2);
    const searchVO =
      shape.shape === 'catMap'
        ? { totalpage: Math.ceil(documents.length / size), catMap: { gongwen: { listVO: listVO.slice(0, half) }, bumenfile: { listVO: listVO.slice(half) } } }
        : { totalpage: Math.ceil(documents.length / size), listVO };
    response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify({ code: 200, msg: '成功', searchVO }));
  };

  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    userAgents.push(request.headers['user-agent'] ?? '');
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    response.on('error', () => undefined);
    if (shape.refusedAgents?.test(request.headers['user-agent'] ?? '') === true) {
      response.writeHead(403, { 'content-type': 'text/html' }).end('<html>403 Forbidden</html>');
      return;
    }
    if (interceptor?.(request, response, url) === true) return;
    if (url.pathname === '/search-gov/data') {
      search(request, response, url);
      return;
    }
    const notice = listed.find((candidate) => pagePath(candidate) === url.pathname);
    if (notice === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html>404</html>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(noticePageHtml(notice));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  base = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    base,
    searchUrl: `${base}/search-gov/data`,
    requests,
    list(notices) {
      listed = notices;
    },
    behave(next) {
      behaviour = next;
      flakyFailures = 0;
    },
    intercept(next) {
      interceptor = next;
    },
    shape(next) {
      shape = next ?? {};
    },
    userAgents,
    pageUrl: (notice) => `${base}${pagePath(notice)}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
