/**
 * The deployment files, read with the tools of the field rather than by hand: the Kubernetes
 * manifests with the `yaml` library and validated against the Kubernetes API schemas of
 * `kubernetes-models`; the Dockerfile with `dockerfile-ast` (the parser behind the Docker
 * language server); `.dockerignore` with `@balena/dockerignore`, which matches as Docker does.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import dockerignoreModule from '@balena/dockerignore';
import { Cmd, Copy, DockerfileParser, Entrypoint, Env, Healthcheck, type Dockerfile, type Instruction, type JSONInstruction } from 'dockerfile-ast';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Container, Service, Volume } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { REPOSITORY } from '../helpers/source-cli.js';

export const KUBERNETES_DIR = join(REPOSITORY, 'deploy', 'kubernetes');
export const BASE_DIR = join(KUBERNETES_DIR, 'base');
export const CONFIGMAP_OVERLAY_DIR = join(KUBERNETES_DIR, 'overlays', 'configmap-data');
export const FLEET_OVERLAY_DIR = join(KUBERNETES_DIR, 'overlays', 'fleet');
export const OVERLAYS_DIR = join(KUBERNETES_DIR, 'overlays');
export const PROMETHEUS_RULES_COMPONENT_DIR = join(KUBERNETES_DIR, 'components', 'prometheus-rules');
/** The alert rules in Prometheus's rule file format; the component holds them as a PrometheusRule. */
export const ALERT_RULES_FILE = join(REPOSITORY, 'deploy', 'prometheus', 'alerts.yaml');

export function repoPath(...parts: string[]): string {
  return join(REPOSITORY, ...parts);
}

export function readRepoFile(...parts: string[]): string {
  return readFileSync(repoPath(...parts), 'utf8');
}

/** A path relative to the repository, with forward slashes, for messages. */
export function shown(path: string): string {
  return relative(REPOSITORY, path).split(sep).join('/');
}

// ------------------------------------------------------------------------------------------
// YAML

interface YamlDocument {
  readonly file: string;
  /** Position of the document in its file, from 0. */
  readonly index: number;
  readonly value: unknown;
  /** `file#index`, for messages. */
  readonly where: string;
}

/** Every document of a YAML text; a syntax error, a warning or a duplicate key fails. */
export function parseYamlDocuments(source: string, file: string): YamlDocument[] {
  return parseAllDocuments(source, { uniqueKeys: true, prettyErrors: true }).map((document, index) => {
    const where = `${file}#${index}`;
    const problems = [...document.errors, ...document.warnings].map((problem) => problem.message);
    assert.deepEqual(problems, [], `${where}: YAML errors or warnings`);
    return { file, index, value: document.toJS() as unknown, where };
  });
}

export function readYamlDocuments(file: string): YamlDocument[] {
  return parseYamlDocuments(readFileSync(file, 'utf8'), shown(file));
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

/**
 * What this repository's kustomization files use of the Kustomization format, and of a Component
 * (a reusable piece that overlays list under `components`). Kustomize has no schema on the
 * registry; `kubectl kustomize`, when installed, renders them for real.
 */
interface Kustomization {
  readonly apiVersion: 'kustomize.config.k8s.io/v1beta1' | 'kustomize.config.k8s.io/v1alpha1';
  readonly kind: 'Kustomization' | 'Component';
  readonly resources: readonly string[];
  readonly components?: readonly string[];
  readonly patches?: readonly { readonly path: string }[];
  readonly images?: readonly { readonly name: string; readonly newName?: string; readonly newTag?: string }[];
}

const KUSTOMIZE_API_VERSIONS: Readonly<Record<Kustomization['kind'], Kustomization['apiVersion']>> = {
  Kustomization: 'kustomize.config.k8s.io/v1beta1',
  Component: 'kustomize.config.k8s.io/v1alpha1',
};

export function readKustomization(file: string): Kustomization {
  const [document, ...others] = readYamlDocuments(file);
  assert.ok(document !== undefined && others.length === 0, `${shown(file)}: one document`);
  const value = document.value as Partial<Kustomization> | null;
  const kind = value?.kind ?? '';
  assert.ok(Object.hasOwn(KUSTOMIZE_API_VERSIONS, kind), `${document.where}.kind: Kustomization or Component`);
  assert.equal(value?.apiVersion, KUSTOMIZE_API_VERSIONS[kind as Kustomization['kind']], `${document.where}.apiVersion`);
  const paths = (entries: unknown): boolean => Array.isArray(entries) && entries.every((entry) => typeof entry === 'string');
  assert.ok(paths(value.resources), `${document.where}.resources: a list of paths`);
  assert.ok(value.components === undefined || paths(value.components), `${document.where}.components: a list of paths`);
  for (const patch of value.patches ?? []) assert.equal(typeof patch.path, 'string', `${document.where}.patches[].path`);
  return value as Kustomization;
}

// ------------------------------------------------------------------------------------------
// Kubernetes objects, validated against the API schemas

/**
 * The API kinds this service's manifests may use, with the schema each is checked against: stable
 * Kubernetes kinds, and the Prometheus Operator's PrometheusRule for the alert rules.
 */
const KUBERNETES_MODELS = [Deployment, StatefulSet, Service, ConfigMap, HorizontalPodAutoscaler, PodDisruptionBudget, NetworkPolicy, PrometheusRule] as const;

type Model = (typeof KUBERNETES_MODELS)[number];

export interface KubeObject<T = InstanceType<Model>> {
  readonly value: T;
  readonly name: string;
  /** `Kind/name in file#index`, for messages. */
  readonly where: string;
}

/**
 * A document as the Kubernetes object it declares: one of the stable kinds above, valid against
 * that kind's API schema (types, required fields, quantities, string-only labels and env values),
 * with a name. Fails with the schema's messages otherwise.
 */
export function kubeObject(document: YamlDocument): KubeObject {
  const declared = document.value as { apiVersion?: unknown; kind?: unknown } | null;
  const model = KUBERNETES_MODELS.find((candidate) => declared?.apiVersion === candidate.apiVersion && declared.kind === candidate.kind);
  if (model === undefined) {
    return assert.fail(`${document.where}: ${String(declared?.apiVersion)} ${String(declared?.kind)} is not among ${KUBERNETES_MODELS.map((each) => `${each.apiVersion} ${each.kind}`).join(', ')}`);
  }
  // The constructor takes the document's fields as they are; validate() checks them against the schema.
  const value = new (model as new (data: unknown) => InstanceType<Model>)(document.value);
  try {
    value.validate();
  } catch (error) {
    assert.fail(`${document.where} (${model.kind}): ${error instanceof Error ? error.message : String(error)}`);
  }
  const name = value.metadata?.name;
  assert.ok(name !== undefined && name !== '', `${document.where}: metadata.name`);
  return { value, name, where: `${model.kind}/${name} in ${document.where}` };
}

/** The Kubernetes objects of the given files (kustomization files are not objects). */
export function kubeObjectsIn(files: readonly string[]): KubeObject[] {
  return files.filter((file) => !isKustomization(file)).flatMap((file) => readYamlDocuments(file).map(kubeObject));
}

/** The one object of a model's kind among `objects`. */
export function only<M extends Model>(objects: readonly KubeObject[], model: M): KubeObject<InstanceType<M>> {
  const found = objects.filter((object): object is KubeObject<InstanceType<M>> => object.value instanceof model);
  assert.equal(found.length, 1, `expected exactly one ${model.kind}, found ${found.map((object) => object.where).join(', ') || 'none'}`);
  return found[0] ?? assert.fail(model.kind);
}

// ------------------------------------------------------------------------------------------
// Dockerfile

export interface DockerStage {
  /** The image of `FROM`, with the global `ARG` defaults substituted. */
  readonly image: string;
  readonly name: string | undefined;
  readonly instructions: readonly Instruction[];
}

interface ParsedDockerfile {
  readonly dockerfile: Dockerfile;
  readonly stages: readonly DockerStage[];
}

export function parseDockerfile(source: string): ParsedDockerfile {
  const dockerfile = DockerfileParser.parse(source);
  const stages: { image: string; name: string | undefined; instructions: Instruction[] }[] = [];
  for (const from of dockerfile.getFROMs()) {
    const image = from.getExpandedArguments()[0]?.getValue() ?? assert.fail(`Dockerfile line ${lineOf(from)}: FROM without an image`);
    stages.push({ image, name: from.getBuildStage() ?? undefined, instructions: [] });
  }
  let stage = -1;
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') stage += 1;
    else if (stage >= 0) stages[stage]?.instructions.push(instruction);
  }
  return { dockerfile, stages };
}

/** 1-based, as an editor shows it. */
export function lineOf(instruction: Instruction): number {
  return instruction.getRange().start.line + 1;
}

export function instructionsOf(stage: DockerStage, keyword: string): Instruction[] {
  return stage.instructions.filter((instruction) => instruction.getKeyword() === keyword);
}

/** As Docker does, the last one counts. */
export function lastOf(stage: DockerStage, keyword: string): Instruction {
  return instructionsOf(stage, keyword).at(-1) ?? assert.fail(`Dockerfile: stage ${stage.name ?? stage.image} has no ${keyword}`);
}

/** The arguments of an exec-form instruction (`["node", "x.js"]`); fails on the shell form. */
export function execForm(instruction: JSONInstruction): string[] {
  assert.ok(
    instruction.getOpeningBracket() !== null && instruction.getClosingBracket() !== null,
    `Dockerfile line ${lineOf(instruction)}: ${instruction.getKeyword()} must use the exec form ["program", "arg"...] so that signals reach the program`,
  );
  return instruction.getJSONStrings().map((argument) => argument.getJSONValue());
}

export function cmdOf(stage: DockerStage): string[] {
  const cmd = lastOf(stage, 'CMD');
  assert.ok(cmd instanceof Cmd);
  return execForm(cmd);
}

export function entrypointsOf(stage: DockerStage): Entrypoint[] {
  return stage.instructions.filter((instruction) => instruction instanceof Entrypoint);
}

/** The variables the `ENV` instructions of a stage set. */
export function envOf(stage: DockerStage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of stage.instructions) {
    if (!(instruction instanceof Env)) continue;
    for (const property of instruction.getProperties()) env[property.getName()] = property.getUnescapedValue() ?? '';
  }
  return env;
}

/** The shell command of each `RUN` of a stage, line continuations joined. */
export function runCommandsOf(stage: DockerStage): { readonly command: string; readonly line: number }[] {
  return instructionsOf(stage, 'RUN').map((instruction) => ({ command: instruction.getArgumentsContent() ?? '', line: lineOf(instruction) }));
}

interface HealthcheckSpec {
  readonly flags: ReadonlyMap<string, string>;
  /** The exec-form command after `CMD`. */
  readonly command: readonly string[];
}

export function healthcheckOf(stage: DockerStage): HealthcheckSpec {
  const healthcheck = lastOf(stage, 'HEALTHCHECK');
  assert.ok(healthcheck instanceof Healthcheck);
  assert.equal(healthcheck.getSubcommand()?.getValue(), 'CMD', `Dockerfile line ${lineOf(healthcheck)}: HEALTHCHECK CMD`);
  const form = /\bCMD\s+(\[.*\])\s*$/s.exec(healthcheck.getArgumentsContent() ?? '');
  assert.ok(form !== null, `Dockerfile line ${lineOf(healthcheck)}: the HEALTHCHECK command must use the exec form`);
  const command: unknown = JSON.parse(form[1] ?? '');
  assert.ok(Array.isArray(command) && command.every((item) => typeof item === 'string'), 'HEALTHCHECK CMD: a list of strings');
  return { flags: new Map(healthcheck.getFlags().map((flag) => [flag.getName(), flag.getValue() ?? ''])), command };
}

/** `COPY [--from=stage] src... dest`, in both forms. */
interface DockerCopy {
  readonly from: string | undefined;
  readonly sources: readonly string[];
  readonly destination: string;
  readonly line: number;
}

export function copiesOf(stage: DockerStage): DockerCopy[] {
  const adds = instructionsOf(stage, 'ADD');
  assert.deepEqual(adds.map(lineOf), [], 'ADD (which fetches URLs and unpacks archives): COPY says what it does');
  return stage.instructions
    .filter((instruction) => instruction instanceof Copy)
    .map((copy) => {
      const parts = copy.getOpeningBracket() === null ? copy.getArguments().map((argument) => argument.getValue()) : execForm(copy);
      assert.ok(parts.length >= 2, `Dockerfile line ${lineOf(copy)}: COPY needs a source and a destination`);
      return { from: copy.getFromFlag()?.getValue() ?? undefined, sources: parts.slice(0, -1), destination: parts.at(-1) ?? '', line: lineOf(copy) };
    });
}

/** `./dist/`, `dist`, `/app/dist/` (under `workdir`) as `app/dist`: no slashes at the ends. */
export function normalisedPath(path: string, workdir = ''): string {
  const trimmed = path.replace(/^\.\/?/, '').replace(/\/+$/, '');
  const absolute = trimmed.startsWith('/') ? trimmed : `${workdir.replace(/\/+$/, '')}/${trimmed}`;
  return absolute.replace(/^\/+/, '').replace(/\/+$/, '');
}

// ------------------------------------------------------------------------------------------
// .dockerignore

/** The package's CommonJS export is the factory itself; its type declarations call it the default export. */
const ignore = dockerignoreModule as unknown as typeof dockerignoreModule.default;

/** Whether `.dockerignore` (given its text) keeps a path, relative to the build context, out of the context. */
export function dockerIgnores(dockerignore: string): (path: string) => boolean {
  const matcher = ignore().add(dockerignore.split(/\r?\n/));
  return (path) => matcher.ignores(path);
}

// ------------------------------------------------------------------------------------------
// Strategic-merge patches (a kustomization's `patches`)

/**
 * A patch names the object it changes by kind and name and holds only the fields it changes, so
 * the whole-object schema does not apply: this checks what it does hold, each pod container and
 * volume against its own schema. (kubectl kustomize, when installed, renders the result for real.)
 */
export function deploymentPatch(document: YamlDocument): KubeObject<Deployment> {
  const declared = document.value as Deployment | null;
  assert.equal(declared?.apiVersion, Deployment.apiVersion, `${document.where}.apiVersion`);
  assert.equal(declared.kind, Deployment.kind, `${document.where}.kind`);
  const name = declared.metadata?.name ?? assert.fail(`${document.where}: metadata.name names the Deployment it patches`);
  const pod = declared.spec?.template.spec;
  const parts = [...(pod?.containers ?? []).map((container) => new Container(container)), ...(pod?.volumes ?? []).map((volume) => new Volume(volume))];
  for (const part of parts) {
    try {
      part.validate();
    } catch (error) {
      assert.fail(`${document.where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { value: declared, name, where: `Deployment/${name} patch in ${document.where}` };
}
