/**
 * `npm run lint:rooms`: the service's rooms as a graph of folders, printed one arrow a line with the
 * number of imports behind it, and every circle among them. A circle between folders is two rooms
 * that can only be understood together; .dependency-cruiser.cjs forbids one among the HTTP rooms
 * (http-rooms-no-folder-circle), this script shows the whole service. It exits 1 when there is a
 * circle anywhere in the service.
 *
 * `--quiet` prints the circles only.
 */
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const SERVICE = 'packages/service/src';

/** Folder → folder → how many imports go that way (within the service only). */
type FolderGraph = Map<string, Map<string, number>>;

async function folderGraph(): Promise<FolderGraph> {
  process.chdir(REPOSITORY);
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const { output } = await cruise([SERVICE], { ...options, ruleSet: {} }, undefined, { tsConfig: extractTSConfig('tsconfig.json') });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a cruise result');
  const graph: FolderGraph = new Map();
  const room = (path: string): string => dirname(path).slice(SERVICE.length + 1) || '.';
  for (const module of output.modules) {
    if (!module.source.startsWith(`${SERVICE}/`)) continue;
    const from = room(module.source);
    const arrows = graph.get(from) ?? new Map<string, number>();
    graph.set(from, arrows);
    for (const dependency of module.dependencies) {
      if (!dependency.resolved.startsWith(`${SERVICE}/`)) continue;
      const to = room(dependency.resolved);
      if (to !== from) arrows.set(to, (arrows.get(to) ?? 0) + 1);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one folder (Tarjan): each is a circle or several. */
function circles(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) ?? 0);
    stack.push(folder);
    onStack.add(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(folder, Math.min(low.get(folder) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== folder);
    if (group.length > 1) found.push(group.sort());
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return found;
}

const graph = await folderGraph();
if (!process.argv.includes('--quiet')) {
  console.log(`The rooms of ${SERVICE} (folder → folder: imports):`);
  for (const [from, arrows] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [to, count] of [...arrows].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${from} → ${to}: ${count}`);
  }
}
const groups = circles(graph);
if (groups.length === 0) {
  console.log('No circle between the folders of the service.');
} else {
  for (const group of groups) console.log(`A circle among: ${group.join(', ')}`);
  process.exitCode = 1;
}
