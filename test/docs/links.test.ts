/**
 * Every relative link of the repository's documents (the READMEs, the guides and references under
 * docs/, deploy/README.md and the packages' READMEs) points to a file or folder that exists, and a
 * link with a `#fragment` into a Markdown file to one of its headings, by the anchor GitHub gives
 * the heading: so a section renamed or moved to another guide breaks here, not in a reader's browser.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { REPOSITORY } from '../helpers/source-cli.js';

/** The documents whose links are held: paths relative to the repository. */
function documents(): string[] {
  const inFolder = (folder: string, keep: (name: string) => boolean): string[] =>
    existsSync(join(REPOSITORY, folder))
      ? readdirSync(join(REPOSITORY, folder))
          .filter(keep)
          .map((name) => join(folder, name))
      : [];
  const packageReadmes = readdirSync(join(REPOSITORY, 'packages'))
    .map((name) => join('packages', name, 'README.md'))
    .filter((file) => existsSync(join(REPOSITORY, file)));
  return [
    ...inFolder('.', (name) => /^README.*\.md$/.test(name)),
    ...inFolder('docs', (name) => name.endsWith('.md')),
    join('deploy', 'README.md'),
    ...packageReadmes,
  ].map((file) => file.replace(/^\.\//, ''));
}

/** The text without its fenced code blocks and inline code, where brackets are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: its text lower-cased, without punctuation, spaces as hyphens; repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const text = (match[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const seen = counts.get(base) ?? 0;
    counts.set(base, seen + 1);
    anchors.add(seen === 0 ? base : `${base}-${String(seen)}`);
  }
  for (const match of markdown.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  return anchors;
}

interface Link {
  readonly target: string;
  readonly fragment: string | undefined;
}

/** The relative links of a document (`[text](target)`, `[text](target "title")`), schemes such as https: and mailto: left out. */
function relativeLinks(markdown: string): Link[] {
  return [...prose(markdown).matchAll(/\]\(<?([^)\s>]*)>?(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href))
    .map((href) => {
      const hash = href.indexOf('#');
      return hash === -1 ? { target: href, fragment: undefined } : { target: href.slice(0, hash), fragment: decodeURIComponent(href.slice(hash + 1)) };
    });
}

describe('links between the documents', () => {
  const files = documents();

  it('finds the READMEs, the guides and deploy/README.md', () => {
    for (const file of ['README.md', 'README.zh-CN.md', 'docs/api.md', 'docs/operators.md', 'deploy/README.md']) assert.ok(files.includes(file), file);
  });

  for (const file of files) {
    it(`${file}: every relative link resolves, to a heading where it names one`, () => {
      const markdown = readFileSync(join(REPOSITORY, file), 'utf8');
      const broken: string[] = [];
      for (const { target, fragment } of relativeLinks(markdown)) {
        const path = target === '' ? join(REPOSITORY, file) : join(REPOSITORY, dirname(file), target);
        const shown = `${target}${fragment === undefined ? '' : `#${fragment}`}`;
        if (!path.startsWith(REPOSITORY) || !existsSync(path)) {
          broken.push(`${shown}: no such file (${relative(REPOSITORY, path)})`);
          continue;
        }
        if (fragment === undefined || !path.endsWith('.md') || !statSync(path).isFile()) continue;
        if (!anchorsOf(readFileSync(path, 'utf8')).has(fragment)) broken.push(`${shown}: no heading with that anchor in ${relative(REPOSITORY, path)}`);
      }
      assert.deepEqual(broken, [], `${file}: broken links`);
    });
  }

  it('reads anchors as GitHub writes them', () => {
    const anchors = anchorsOf('# Staying current: sync from gov.cn\n## 给 AI 助手：MCP 服务\n## Errors\n## Errors\n```\n# not a heading\n```\n');
    assert.deepEqual([...anchors], ['staying-current-sync-from-govcn', '给-ai-助手mcp-服务', 'errors', 'errors-1']);
  });
});
