/**
 * The package section of `npm run bench`: what a user installs. `npm pack` of the library
 * package (its prepack builds it), installed into an empty project: tarball and unpacked size,
 * files, the packages the install adds, and the time `import` takes in a fresh process, beside
 * chinese-days installed the same way in another empty project.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './per-call.js';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

interface Packed {
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly entryCount: number;
}

function npm(args: readonly string[], cwd: string): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** An empty project with `spec` installed: the packages the install added (the package itself included). */
function installInto(work: string, name: string, spec: string): { readonly dir: string; readonly packages: number } {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `bench-${name}`, private: true, type: 'module' }));
  npm(['install', '--prefer-offline', '--ignore-scripts', spec], dir);
  const modules = join(dir, 'node_modules');
  const packages = readdirSync(modules)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) => (entry.startsWith('@') ? readdirSync(join(modules, entry)) : [entry])).length;
  return { dir, packages };
}

/** Milliseconds from process start to the end of `import(name)`, the median of `runs` fresh processes. */
function importMillis(dir: string, name: string, runs: number): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(name)}); console.log(performance.now() - t);`;
  const times = Array.from({ length: runs }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' })));
  return median(times);
}

/** `npm pack` of `spec` (a workspace folder with -w, or a registry package): the tarball's figures. */
function pack(args: readonly string[], work: string): Packed {
  const [packed] = JSON.parse(npm(['pack', '--json', '--prefer-offline', ...args, '--pack-destination', work], REPOSITORY)) as Packed[];
  if (packed === undefined) throw new Error(`npm pack ${args.join(' ')} made no tarball`);
  return packed;
}

function describe(packed: Packed): string {
  return `tarball ${(packed.size / 1024).toFixed(0)} KB, unpacked ${(packed.unpackedSize / 1024).toFixed(0)} KB in ${packed.entryCount} files`;
}

export function benchmarkPackage(options: { readonly smoke: boolean }): void {
  const work = mkdtempSync(join(tmpdir(), 'bench-package-'));
  try {
    const version = (JSON.parse(npm(['ls', 'chinese-days', '--json'], REPOSITORY)) as { dependencies: Record<string, { version: string }> }).dependencies['chinese-days']?.version ?? 'latest';
    const packed = pack(['-w', 'packages/calendar'], work);
    const theirsPacked = pack([`chinese-days@${version}`], work);
    const ours = installInto(work, 'ours', join(work, packed.filename));
    const theirs = installInto(work, 'theirs', join(work, theirsPacked.filename));
    const runs = options.smoke ? 3 : 15;
    console.log('\nThe library package as a user installs it (npm pack, then npm install into an empty project), beside chinese-days');
    console.log(`  china-holiday-calendar: ${describe(packed)} (target: under 1 MB)`);
    console.log(`  chinese-days ${version}: ${describe(theirsPacked)}`);
    console.log(`  packages the install adds: china-holiday-calendar ${ours.packages} (target: 1, no dependency), chinese-days ${theirs.packages}`);
    const oursMillis = importMillis(ours.dir, 'china-holiday-calendar', runs);
    const theirsMillis = importMillis(theirs.dir, 'chinese-days', runs);
    console.log(
      `  import in a fresh process (median of ${runs}): china-holiday-calendar ${oursMillis.toFixed(1)} ms, chinese-days ${theirsMillis.toFixed(1)} ms, ratio ${(oursMillis / theirsMillis).toFixed(2)} (target: at most 1)`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
