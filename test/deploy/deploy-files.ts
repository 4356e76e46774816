/**
 * Reading the deployment files the way the tools that consume them do, simply enough to check
 * them against the server's real configuration: the Kubernetes manifests (YAML, every document),
 * the Dockerfile (instruction by instruction) and .dockerignore.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPOSITORY } from '../helpers/source-cli.js';

export const REPO_ROOT = REPOSITORY;
export const KUBERNETES_DIR = join(REPO_ROOT, 'deploy', 'kubernetes');
export const BASE_DIR = join(KUBERNETES_DIR, 'base');
export const CONFIGMAP_OVERLAY_DIR = join(KUBERNETES_DIR, 'overlays', 'configmap-data');

export function repoPath(...parts: string[]): string {
  return join(REPO_ROOT, ...parts);
}

export function readRepoFile(...parts: string[]): string {
  return readFileSync(repoPath(...parts), 'utf8');
}

/** A path relative to the repository, with forward slashes, for messages. */
export function shown(path: string): string {
  return relative(REPO_ROOT, path).split(sep).join('/');
}

// ------------------------------------------------------------------------------------------
// Plain values out of parsed YAML, with a message naming where a wrong shape was found.

export type Fields = Readonly<Record<string, unknown>>;

export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function fields(value: unknown, where: string): Fields {
  if (!isFields(value)) assert.fail(`${where}: expected a mapping, found ${JSON.stringify(value)}`);
  return value;
}

export function list(value: unknown, where: string): readonly unknown[] {
  if (!Array.isArray(value)) assert.fail(`${where}: expected a list, found ${JSON.stringify(value)}`);
  return value as readonly unknown[];
}

export function text(value: unknown, where: string): string {
  if (typeof value !== 'string') assert.fail(`${where}: expected a string, found ${JSON.stringify(value)}`);
  return value;
}

export function integer(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) assert.fail(`${where}: expected an integer, found ${JSON.stringify(value)}`);
  return value;
}

/** `value.a.b.c`, failing with the whole path when a step is missing or not a mapping. */
export function at(value: unknown, where: string, ...path: string[]): unknown {
  let current = value;
  let location = where;
  for (const key of path) {
    current = fields(current, location)[key];
    location = `${location}.${key}`;
    if (current === undefined) assert.fail(`${location}: missing`);
  }
  return current;
}

/** A string-to-string mapping (labels, selectors, annotations, ConfigMap data). */
export function stringMap(value: unknown, where: string): ReadonlyMap<string, string> {
  return new Map(Object.entries(fields(value, where)).map(([key, item]) => [key, text(item, `${where}.${key}`)]));
}

/** Whether every pair of `selector` is among `labels`, as a label selector's matchLabels requires. */
export function selects(selector: ReadonlyMap<string, string>, labels: ReadonlyMap<string, string>): boolean {
  return selector.size > 0 && [...selector].every(([key, value]) => labels.get(key) === value);
}

// ------------------------------------------------------------------------------------------
// YAML files and Kubernetes objects

export interface YamlDocument {
  readonly file: string;
  /** Position of the document in its file, from 0. */
  readonly index: number;
  readonly value: unknown;
}

/** Every document of a YAML file; a syntax error or a duplicate key fails. */
export function readYamlDocuments(file: string): YamlDocument[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'), { uniqueKeys: true, prettyErrors: true });
  return documents.map((document, index) => {
    const problems = [...document.errors, ...document.warnings].map((problem) => problem.message);
    assert.deepEqual(problems, [], `${shown(file)} document ${index}: YAML errors or warnings`);
    const value: unknown = document.toJS();
    return { file, index, value };
  });
}

export function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => join(dir, name))
    .sort();
}

export function isKustomization(file: string): boolean {
  return /(^|[\\/])kustomization\.ya?ml$/.test(file);
}

export interface KubeObject {
  readonly file: string;
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly value: Fields;
  /** `kind/name in file`, for messages. */
  readonly where: string;
}

export function kubeObject(document: YamlDocument): KubeObject {
  const where = `${shown(document.file)}#${document.index}`;
  const value = fields(document.value, where);
  const apiVersion = text(value.apiVersion, `${where}.apiVersion`);
  const kind = text(value.kind, `${where}.kind`);
  const name = text(at(value, where, 'metadata', 'name'), `${where}.metadata.name`);
  return { file: document.file, apiVersion, kind, name, value, where: `${kind}/${name} in ${shown(document.file)}` };
}

/** The Kubernetes objects of the given files (kustomization files are not objects). */
export function kubeObjectsIn(files: readonly string[]): KubeObject[] {
  return files.filter((file) => !isKustomization(file)).flatMap((file) => readYamlDocuments(file).map(kubeObject));
}

export function only(objects: readonly KubeObject[], kind: string): KubeObject {
  const found = objects.filter((object) => object.kind === kind);
  assert.equal(found.length, 1, `expected exactly one ${kind}, found ${found.map((object) => object.where).join(', ') || 'none'}`);
  return found[0] as KubeObject;
}

export interface Container {
  readonly value: Fields;
  readonly name: string;
  readonly where: string;
}

export function podSpec(deployment: KubeObject): Fields {
  return fields(at(deployment.value, deployment.where, 'spec', 'template', 'spec'), `${deployment.where}.spec.template.spec`);
}

export function containers(deployment: KubeObject): Container[] {
  const where = `${deployment.where}.spec.template.spec.containers`;
  return list(podSpec(deployment).containers, where).map((item, index) => {
    const value = fields(item, `${where}[${index}]`);
    const name = text(value.name, `${where}[${index}].name`);
    return { value, name, where: `${deployment.where} container ${name}` };
  });
}

export interface EnvVar {
  readonly name: string;
  readonly value: unknown;
}

export function envList(value: unknown, where: string): EnvVar[] {
  if (value === undefined) return [];
  return list(value, where).map((item, index) => {
    const variable = fields(item, `${where}[${index}]`);
    return { name: text(variable.name, `${where}[${index}].name`), value: variable.value };
  });
}

/**
 * The process environment a container's `env` gives (literal values only; this service needs no
 * secret). A value Kubernetes would refuse (a number or boolean instead of a string) fails.
 */
export function environmentOf(container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const variable of envList(container.value.env, `${container.where}.env`)) {
    env[variable.name] = text(variable.value, `${container.where}.env.${variable.name}.value (Kubernetes takes strings only)`);
  }
  return env;
}

export interface ContainerPort {
  readonly name: string | undefined;
  readonly containerPort: number;
}

export function portsOf(container: Container): ContainerPort[] {
  return list(container.value.ports, `${container.where}.ports`).map((item, index) => {
    const port = fields(item, `${container.where}.ports[${index}]`);
    return {
      name: port.name === undefined ? undefined : text(port.name, `${container.where}.ports[${index}].name`),
      containerPort: integer(port.containerPort, `${container.where}.ports[${index}].containerPort`),
    };
  });
}

/** A port reference (a number or the name of a container port), resolved as the kubelet does. */
export function resolvePort(container: Container, reference: unknown, where: string): number {
  if (typeof reference === 'number') return reference;
  const name = text(reference, where);
  const port = portsOf(container).find((candidate) => candidate.name === name);
  if (port === undefined) assert.fail(`${where}: no container port is named "${name}" in ${container.where}`);
  return port.containerPort;
}

/** Kubernetes resource quantities: CPU in cores (`250m`, `1`), memory in bytes (`160Mi`, `1G`). */
export function quantity(value: unknown, where: string): number {
  const source = typeof value === 'number' ? String(value) : text(value, where);
  const match = /^(\d+(?:\.\d+)?)(m|k|M|G|Ki|Mi|Gi)?$/.exec(source);
  if (match === null) assert.fail(`${where}: not a quantity: ${source}`);
  const factors: Readonly<Record<string, number>> = { m: 1e-3, k: 1e3, M: 1e6, G: 1e9, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };
  return Number(match[1]) * (match[2] === undefined ? 1 : (factors[match[2]] ?? Number.NaN));
}

// ------------------------------------------------------------------------------------------
// Dockerfile

export interface DockerInstruction {
  /** Upper-case keyword: FROM, RUN, COPY... */
  readonly keyword: string;
  /** The arguments after the `--flag=value` options. */
  readonly args: string;
  readonly flags: ReadonlyMap<string, string>;
  readonly line: number;
}

export interface DockerStage {
  readonly image: string;
  readonly name: string | undefined;
  readonly instructions: readonly DockerInstruction[];
}

export interface Dockerfile {
  readonly stages: readonly DockerStage[];
}

/**
 * Splits a Dockerfile into instructions: comment lines dropped, `\` continuations joined, leading
 * `--flag=value` options separated, and global `ARG` defaults substituted into `FROM`.
 */
export function parseDockerfile(source: string): Dockerfile {
  const instructions: DockerInstruction[] = [];
  let pending = '';
  let startLine = 0;
  source.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) return;
    if (pending !== '' && line.startsWith('#')) return; // comments inside a continuation are dropped
    if (pending === '') startLine = index + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      return;
    }
    const whole = (pending + line).trim();
    pending = '';
    const match = /^(\S+)\s*(.*)$/s.exec(whole);
    if (match === null) return;
    let rest = match[2] ?? '';
    const flags = new Map<string, string>();
    for (let flag = /^--([\w-]+)(?:=(\S*))?\s*/.exec(rest); flag !== null; flag = /^--([\w-]+)(?:=(\S*))?\s*/.exec(rest)) {
      flags.set(flag[1] ?? '', flag[2] ?? '');
      rest = rest.slice(flag[0].length);
    }
    instructions.push({ keyword: (match[1] ?? '').toUpperCase(), args: rest.trim(), flags, line: startLine });
  });
  assert.equal(pending, '', 'Dockerfile: the last instruction ends with a line continuation');

  const globalArgs = new Map<string, string>();
  const stages: { image: string; name: string | undefined; instructions: DockerInstruction[] }[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (from === null) assert.fail(`Dockerfile line ${instruction.line}: cannot read FROM ${instruction.args}`);
      const image = (from[1] ?? '').replaceAll(/\$\{(\w+)\}|\$(\w+)/g, (_, braced: string | undefined, bare: string | undefined) => globalArgs.get(braced ?? bare ?? '') ?? '');
      stages.push({ image, name: from[2], instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== 'ARG') assert.fail(`Dockerfile line ${instruction.line}: only ARG may come before the first FROM`);
      const [name = '', value = ''] = instruction.args.split('=', 2);
      globalArgs.set(name.trim(), value.trim());
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { stages };
}

export function instructionsOf(stage: DockerStage, keyword: string): DockerInstruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

/** The arguments of an exec-form instruction (`["node", "x.js"]`); fails on the shell form. */
export function execForm(instruction: DockerInstruction): string[] {
  const where = `Dockerfile line ${instruction.line}: ${instruction.keyword}`;
  assert.ok(instruction.args.startsWith('['), `${where} must use the exec form ["program", "arg"...] so that signals reach the program`);
  const parsed: unknown = JSON.parse(instruction.args);
  return list(parsed, where).map((item) => text(item, where));
}

/** The variables `ENV` sets in a stage, in both the `K=V K2="V 2"` and the old `K V` forms. */
export function envOf(stage: DockerStage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of instructionsOf(stage, 'ENV')) {
    if (!/^[A-Za-z_]\w*=/.test(instruction.args)) {
      const [name = '', ...value] = instruction.args.split(/\s+/);
      env[name] = value.join(' ');
      continue;
    }
    for (const pair of instruction.args.matchAll(/([A-Za-z_]\w*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)) {
      const value = pair[2] ?? '';
      env[pair[1] ?? ''] = /^["']/.test(value) ? value.slice(1, -1).replaceAll(/\\(.)/g, '$1') : value;
    }
  }
  return env;
}

/** `COPY [--from=stage] src... dest` in both forms. */
export interface DockerCopy {
  readonly from: string | undefined;
  readonly sources: readonly string[];
  readonly destination: string;
  readonly line: number;
}

export function copiesOf(stage: DockerStage): DockerCopy[] {
  return [...instructionsOf(stage, 'COPY'), ...instructionsOf(stage, 'ADD')].map((instruction) => {
    const parts = instruction.args.startsWith('[') ? execForm(instruction) : instruction.args.split(/\s+/);
    assert.ok(parts.length >= 2, `Dockerfile line ${instruction.line}: COPY needs a source and a destination`);
    return { from: instruction.flags.get('from'), sources: parts.slice(0, -1), destination: parts.at(-1) ?? '', line: instruction.line };
  });
}

/** Normalises `./dist/`, `dist`, `/app/dist/` (under `workdir`) to a path without slashes at the ends. */
export function normalisedPath(path: string, workdir = ''): string {
  const trimmed = path.replace(/^\.\//, '').replace(/\/+$/, '');
  const absolute = trimmed.startsWith('/') ? trimmed : `${workdir.replace(/\/+$/, '')}/${trimmed}`;
  return absolute.replace(/^\/+/, '');
}

// ------------------------------------------------------------------------------------------
// .dockerignore

/**
 * Whether `.dockerignore` keeps a path (relative to the build context, `/`-separated) out of the
 * context: the last matching pattern wins, `!` re-includes, and excluding a directory excludes
 * what is below it.
 */
export function dockerIgnores(patterns: string, path: string): boolean {
  const rules = patterns
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const body = (negated ? line.slice(1) : line).trim().replace(/^\/+/, '').replace(/\/+$/, '').replace(/^\.\//, '');
      const regex = new RegExp(
        `^${body
          .split('')
          .map((character, index, all) => {
            if (character === '*') return all[index + 1] === '*' ? '' : all[index - 1] === '*' ? '.*' : '[^/]*';
            if (character === '?') return '[^/]';
            return character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
          })
          .join('')}$`,
      );
      return { negated, regex };
    });
  const segments = path.split('/');
  const candidates = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.regex.test(candidate))) ignored = !rule.negated;
  }
  return ignored;
}

export function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
