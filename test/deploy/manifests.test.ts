/**
 * The Kubernetes files under deploy/kubernetes, read with the `yaml` library, each object validated
 * against its Kubernetes API schema (kubernetes-models; the Prometheus Operator's for the
 * PrometheusRule), and checked against the server's real configuration (readConfig), the real
 * application (probe paths, metrics), the shipped alert rules and each other (labels, ports, names).
 * No cluster is needed; when kubectl is installed, its kustomize also renders the variants.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service, type IContainer, type IPodSpec } from 'kubernetes-models/v1';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { pino } from 'pino';
import { BUNDLED_DATA_DIR, readConfig, type Config } from 'china-holiday-calendar-service/internal/settings/config.js';
import { LiveDataset, type ReloadOutcome } from '@china-holiday-calendar/core/answers/live-dataset.js';
import { folderSource } from '@china-holiday-calendar/core/dataset/folder-source.js';
import { ANSWER_BYTES_BUILD } from 'china-holiday-calendar-service/internal/http/operations/answer-bytes.js';
import { runSign } from 'china-holiday-calendar-service/internal/commands/sign.js';
import { keyIdOf } from 'china-holiday-calendar-service/internal/data-folder/dataset-keys.js';
import { verifyManifest } from 'china-holiday-calendar-service/internal/data-folder/manifest.js';
import { Collected } from '../helpers/command-run.js';
import { sealed } from '../helpers/sealed-data.js';
import { REPOSITORY } from '../helpers/source-cli.js';
import { settingsTheServiceReads } from '../helpers/service-settings.js';
import { buildTestApp } from '../helpers/test-app.js';
import {
  ALERT_RULES_FILE,
  BASE_DIR,
  CONFIGMAP_OVERLAY_DIR,
  FLEET_OVERLAY_DIR,
  deploymentPatch,
  isKustomization,
  KUBERNETES_DIR,
  kubeObject,
  kubeObjectsIn,
  only,
  OVERLAYS_DIR,
  parseYamlDocuments,
  PROMETHEUS_RULES_COMPONENT_DIR,
  readKustomization,
  readYamlDocuments,
  shown,
  yamlFilesUnder,
  type KubeObject,
} from './deploy-files.js';

const allYamlFiles = yamlFilesUnder(KUBERNETES_DIR);

/** The files a kustomization names under `patches`: partial objects, not resources. */
const patchFiles = new Set(
  allYamlFiles.filter(isKustomization).flatMap((file) => (readKustomization(file).patches ?? []).map((patch) => join(dirname(file), patch.path))),
);

const baseObjects = kubeObjectsIn(yamlFilesUnder(BASE_DIR));
const overlayObjects = kubeObjectsIn(yamlFilesUnder(CONFIGMAP_OVERLAY_DIR).filter((file) => !patchFiles.has(file)));
const fleetObjects = kubeObjectsIn(yamlFilesUnder(FLEET_OVERLAY_DIR).filter((file) => !patchFiles.has(file)));

/** Every pod spec the overlays hold: their Deployment patches' and the fleet's writer. */
function overlayPodSpecs(): IPodSpec[] {
  const patched = [...patchFiles].flatMap((file) => readYamlDocuments(file).map(deploymentPatch)).map((patch) => patch.value.spec?.template.spec);
  return [...patched, only(fleetObjects, StatefulSet).value.spec?.template.spec].filter((spec): spec is IPodSpec => spec !== undefined);
}

const alertObjects = kubeObjectsIn(yamlFilesUnder(PROMETHEUS_RULES_COMPONENT_DIR));
const prometheusRule = only(alertObjects, PrometheusRule);

const deployment = only(baseObjects, Deployment);
const service = only(baseObjects, Service);
const hpa = only(baseObjects, HorizontalPodAutoscaler);
const pdb = only(baseObjects, PodDisruptionBudget);
const podTemplate = deployment.value.spec?.template ?? assert.fail(`${deployment.where}: spec.template`);
const podSpec = podTemplate.spec ?? assert.fail(`${deployment.where}: spec.template.spec`);
const [container, ...sidecars] = podSpec.containers;
assert.ok(container !== undefined && sidecars.length === 0, `${deployment.where}: expected exactly one container`);
const podLabels = podTemplate.metadata?.labels ?? {};
const podAnnotations = podTemplate.metadata?.annotations ?? {};

/** Whether every pair of a matchLabels selector is among `labels`, as Kubernetes selects. */
function selects(selector: Readonly<Record<string, string>> | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  const pairs = Object.entries(selector ?? {});
  return pairs.length > 0 && pairs.every(([key, value]) => labels?.[key] === value);
}

/** The process environment a container's `env` gives: literal values only (this service needs no secret). */
function environmentOf(of: IContainer): Record<string, string> {
  const env: Record<string, string> = {};
  for (const variable of of.env ?? []) {
    assert.equal(variable.valueFrom, undefined, `container ${of.name} env ${variable.name}: a literal value`);
    env[variable.name] = variable.value ?? '';
  }
  return env;
}

/** A port reference (a number or the name of a container port), resolved as the kubelet does. */
function resolvePort(of: IContainer, reference: number | string, where: string): number {
  if (typeof reference === 'number') return reference;
  const port = (of.ports ?? []).find((candidate) => candidate.name === reference);
  return port?.containerPort ?? assert.fail(`${where}: no port of container ${of.name} is named "${reference}"`);
}

/**
 * A resource quantity as a number: CPU in cores (`250m`, `1`), memory in bytes (`160Mi`). The schema
 * has already checked the syntax; these are the suffixes the manifests may use.
 */
function quantity(value: number | string | undefined, where: string): number {
  const match = /^(\d+(?:\.\d+)?)(m|k|M|G|Ki|Mi|Gi)?$/.exec(String(value));
  if (match === null) return assert.fail(`${where}: ${String(value)} is not a quantity these checks read`);
  const factors: Readonly<Record<string, number>> = { m: 1e-3, k: 1e3, M: 1e6, G: 1e9, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };
  return Number(match[1]) * (match[2] === undefined ? 1 : (factors[match[2]] ?? Number.NaN));
}

function configOf(env: Record<string, string>, where: string): Config {
  try {
    return readConfig(env);
  } catch (error) {
    return assert.fail(`${where}: the service would refuse to start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function containerPort(of: IContainer): number {
  const ports = of.ports ?? [];
  assert.equal(ports.length, 1, `container ${of.name}: expected one container port`);
  return (ports[0] ?? assert.fail('no port')).containerPort;
}

const PROBE_KINDS = ['startupProbe', 'readinessProbe', 'livenessProbe'] as const;
type ProbeKind = (typeof PROBE_KINDS)[number];

interface HttpProbe {
  readonly path: string;
  readonly port: number;
  readonly periodSeconds: number;
  readonly failureThreshold: number;
}

function probe(of: IContainer, kind: ProbeKind): HttpProbe {
  const where = `container ${of.name} ${kind}`;
  const settings = of[kind] ?? assert.fail(`${where}: missing`);
  const httpGet = settings.httpGet ?? assert.fail(`${where}: an httpGet probe`);
  assert.ok(httpGet.scheme === undefined || httpGet.scheme === 'HTTP', `${where}: the service speaks plain HTTP`);
  assert.equal(httpGet.host, undefined, `${where}: no host (the pod IP, which HOST=0.0.0.0 listens on)`);
  return {
    path: httpGet.path ?? assert.fail(`${where}: httpGet.path`),
    port: resolvePort(of, httpGet.port, `${where}.httpGet.port`),
    // The Kubernetes defaults.
    periodSeconds: settings.periodSeconds ?? 10,
    failureThreshold: settings.failureThreshold ?? 3,
  };
}

const temporaryDirs: string[] = [];
function temporaryDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calendar-deploy-'));
  temporaryDirs.push(dir);
  return dir;
}
after(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

const NO_POSIX_SHELL = process.platform === 'win32' ? 'needs a POSIX shell' : false;

/**
 * A generator script (`script [input] [output]`) writes exactly the checked-in file, from `input`
 * and from its default (an empty first argument, as no argument at all), and refuses a missing input.
 */
function assertGeneratesCheckedIn(script: string, checkedIn: string, input: string, missing: { readonly input: string; readonly refusal: RegExp }): void {
  const expected = readFileSync(checkedIn, 'utf8');
  for (const given of [input, '']) {
    const output = join(temporaryDir(), 'generated.yaml');
    const run = spawnSync('sh', [script, given, output], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(readFileSync(output, 'utf8'), expected, `${shown(script)} ${given === '' ? '(the default input)' : shown(given)} differs from ${shown(checkedIn)}: run it`);
  }
  const refused = spawnSync('sh', [script, join(temporaryDir(), missing.input), join(temporaryDir(), 'out.yaml')], { encoding: 'utf8' });
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, missing.refusal);
}

async function getJson(dataDir: string | undefined, env: Record<string, string>, path: string): Promise<{ status: number; body: string; contentType: string }> {
  const { app } = await buildTestApp({ ...(dataDir === undefined ? {} : { dataDir }), env });
  try {
    const response = await app.inject({ method: 'GET', url: path });
    return { status: response.statusCode, body: response.body, contentType: String(response.headers['content-type']) };
  } finally {
    await app.close();
  }
}

describe('deploy/kubernetes: every file', () => {
  it('parses as YAML; every object is a known kind and valid against its API schema', () => {
    assert.ok(allYamlFiles.length >= 8, `expected the manifests under ${shown(KUBERNETES_DIR)}`);
    for (const file of allYamlFiles) {
      const documents = readYamlDocuments(file);
      assert.ok(documents.length > 0, `${shown(file)}: no document`);
      if (isKustomization(file)) readKustomization(file);
      else if (patchFiles.has(file)) documents.forEach(deploymentPatch);
      else documents.forEach(kubeObject);
    }
  });

  it('kustomizations name only existing files, and every manifest belongs to one', () => {
    const referenced = new Set<string>();
    for (const file of allYamlFiles.filter(isKustomization)) {
      const kustomization = readKustomization(file);
      for (const entry of [...kustomization.resources, ...(kustomization.components ?? []), ...(kustomization.patches ?? []).map((patch) => patch.path)]) {
        const target = join(dirname(file), entry);
        assert.ok(existsSync(target), `${shown(file)}: ${entry} does not exist`);
        referenced.add(statSync(target).isDirectory() ? join(target, 'kustomization.yaml') : target);
      }
    }
    // Entry points (deploy/kubernetes, overlays/*) are applied with kubectl apply -k; every other file is used by one.
    const orphans = allYamlFiles.filter((file) => !referenced.has(file) && !isKustomization(file));
    assert.deepEqual(orphans.map(shown), [], 'files no kustomization applies');
    assert.ok(referenced.has(join(BASE_DIR, 'kustomization.yaml')), 'the base is used');
    assert.ok(referenced.has(join(CONFIGMAP_OVERLAY_DIR, 'configmap-data.yaml')) && referenced.has(join(CONFIGMAP_OVERLAY_DIR, 'deployment-patch.yaml')));
    assert.deepEqual(readKustomization(join(KUBERNETES_DIR, 'kustomization.yaml')).resources, ['base'], 'kubectl apply -k deploy/kubernetes applies the base');
  });

  it('a label, annotation or env value that is not a string (Kubernetes refuses 8080 or true there) fails the schema check', () => {
    const source = readFileSync(join(BASE_DIR, 'deployment.yaml'), 'utf8');
    const unquoted = source.replace('prometheus.io/port: "8080"', 'prometheus.io/port: 8080');
    assert.notEqual(unquoted, source);
    const [document] = parseYamlDocuments(unquoted, 'deployment.yaml with an unquoted annotation');
    assert.throws(() => kubeObject(document ?? assert.fail('no document')), /annotations\/prometheus\.io~1port must be string/);
    assert.ok(Object.keys(podAnnotations).length > 0);
  });

  it('no two objects of a variant share a kind and a name', () => {
    for (const objects of [baseObjects, [...baseObjects, ...overlayObjects], [...baseObjects, ...fleetObjects], [...baseObjects, ...alertObjects]]) {
      const keys = objects.map((object) => `${object.value.kind}/${object.name}`);
      assert.deepEqual(keys, [...new Set(keys)]);
    }
  });
});

describe('deploy/kubernetes overlays: what their containers read from the image', () => {
  it('every /app/… path an overlay names is where the image holds that file (the repository layout under /app)', () => {
    const paths = overlayPodSpecs().flatMap((pod) =>
      [...(pod.initContainers ?? []), ...pod.containers].flatMap((each) => [...(each.command ?? []), ...(each.args ?? [])].flatMap((word) => word.match(/\/app\/[\w./-]+/g) ?? [])),
    );
    assert.ok(paths.includes(`/app/${relative(REPOSITORY, BUNDLED_DATA_DIR)}`), `the fleet's writer seeds from the image's data: ${paths.join(', ')}`);
    for (const path of paths) assert.ok(existsSync(join(REPOSITORY, path.slice('/app/'.length))), `${path} is in the image`);
  });
});

describe('deploy/kubernetes/base: the Deployment and the real configuration', () => {
  const env = environmentOf(container);
  const config = configOf(env, deployment.where);

  it('its env is a configuration the service accepts, listening on 0.0.0.0 at the container port', () => {
    assert.equal(config.host, '0.0.0.0', 'HOST=0.0.0.0: the default 127.0.0.1 is unreachable from the kubelet and the Service');
    assert.equal(config.port, containerPort(container), 'PORT (or its default) is the container port');
    assert.equal(env.PUBLIC_URL, config.publicUrl, 'PUBLIC_URL is set: the default would be http://0.0.0.0:8080');
    assert.match(config.docsUrl, /^https?:\/\/[^/]+\/docs$/);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.workers, 1, 'one process per pod: replicas and the autoscaler do the scaling');
    assert.equal(config.dataDir, BUNDLED_DATA_DIR, 'the base answers from the data in the image');
  });

  it('its env names only variables the service reads (a misspelt one would be silently ignored)', async () => {
    const known = await settingsTheServiceReads();
    for (const required of ['PORT', 'HOST', 'PUBLIC_URL', 'DATA_DIR', 'RELOAD_INTERVAL_SECONDS']) assert.ok(known.has(required), `readConfig reads ${required}`);
    const containers = [...podSpec.containers, ...overlayPodSpecs().flatMap((pod) => pod.containers)];
    assert.deepEqual(containers.flatMap((each) => (each.env ?? []).map((variable) => variable.name)).filter((name) => !known.has(name)), []);
  });

  it('its probes go through the named container port to paths the real application answers 200', async () => {
    for (const kind of PROBE_KINDS) {
      const { path, port } = probe(container, kind);
      assert.equal(port, config.port, `${kind}: the port the service listens on`);
      const answer = await getJson(undefined, env, path);
      assert.equal(answer.status, 200, `${kind} GET ${path}: ${answer.body}`);
    }
    assert.equal(probe(container, 'readinessProbe').path, '/readyz');
    assert.equal(probe(container, 'livenessProbe').path, '/healthz');
  });

  it('a pod whose data cannot be read is kept out of traffic, not restarted in a loop', async () => {
    const missing = join(temporaryDir(), 'no-such-data');
    const readiness = await getJson(missing, env, probe(container, 'readinessProbe').path);
    assert.equal(readiness.status, 503, 'readiness fails until a dataset is loaded');
    for (const kind of ['startupProbe', 'livenessProbe'] as const) {
      const answer = await getJson(missing, env, probe(container, kind).path);
      assert.equal(answer.status, 200, `${kind} succeeds without data: restarting would not bring the data`);
    }
  });

  it('the startup probe leaves the process a generous minute to read its data and listen', () => {
    const startup = probe(container, 'startupProbe');
    assert.ok(startup.periodSeconds * startup.failureThreshold >= 30, 'at least 30 s');
  });

  it('the Prometheus annotations name the container port and the metrics path the application serves', async () => {
    assert.equal(podAnnotations['prometheus.io/scrape'], 'true');
    assert.equal(Number(podAnnotations['prometheus.io/port']), config.port);
    const path = podAnnotations['prometheus.io/path'] ?? '/metrics';
    const answer = await getJson(undefined, env, path);
    assert.equal(answer.status, 200, `GET ${path}`);
    assert.match(answer.contentType, /^text\/plain/);
    assert.match(answer.body, /^calendar_dataset_info\{[^}]*version="[^"]+"[^}]*\} 1$/m, 'the dataset version every pod reports');
  });

  it('runs as uid 1000 (the image\'s node user), unprivileged, on a read-only root file system', () => {
    const pod = podSpec.securityContext ?? assert.fail('pod securityContext');
    const own = container.securityContext ?? assert.fail('container securityContext');
    for (const context of [pod, own]) {
      assert.equal(context.runAsNonRoot, true);
      assert.equal(context.runAsUser, 1000);
    }
    assert.equal(own.readOnlyRootFilesystem, true);
    assert.equal(own.allowPrivilegeEscalation, false);
    assert.deepEqual(own.capabilities?.drop, ['ALL']);
    assert.equal(own.privileged ?? false, false);
    assert.ok(config.port >= 1024, 'without capabilities, a non-root process can only listen above 1023');
    assert.equal(podSpec.automountServiceAccountToken, false, 'the service never calls the Kubernetes API');
  });

  it('rolls out without losing capacity, and shuts down within the grace period', () => {
    const spec = deployment.value.spec ?? assert.fail('spec');
    assert.equal(spec.replicas, 3);
    assert.equal(spec.strategy?.type, 'RollingUpdate');
    assert.equal(spec.strategy.rollingUpdate?.maxUnavailable, 0);
    assert.equal(spec.strategy.rollingUpdate.maxSurge, 1);

    const command = container.lifecycle?.preStop?.exec?.command ?? assert.fail('a preStop exec command');
    assert.equal(command[0], 'sleep', 'preStop sleeps while the endpoint removal propagates');
    const preStopSeconds = Number(command[1]);
    assert.ok(preStopSeconds >= 3 && preStopSeconds <= 15, `a few seconds, not ${String(command[1])}`);
    const grace = podSpec.terminationGracePeriodSeconds ?? 30;
    // After SIGTERM the service drains its connections and exits, at the latest when its
    // SHUTDOWN_TIMEOUT_SECONDS run out (docs/operators.md, "Signals, timeouts and limits").
    const drainSeconds = config.shutdownTimeoutSeconds;
    assert.ok(grace > preStopSeconds + drainSeconds, `terminationGracePeriodSeconds ${grace} > preStop ${preStopSeconds} s + drain ${drainSeconds} s`);
  });

  it('requests CPU (the autoscaler\'s base) and memory for a ~100 MB process, with limits above', () => {
    const { requests = {}, limits = {} } = container.resources ?? {};
    const memoryRequest = quantity(requests.memory, 'requests.memory');
    const memoryLimit = quantity(limits.memory, 'limits.memory');
    assert.ok(memoryRequest >= 128 * 2 ** 20, 'the process is about 100-130 MB resident');
    assert.ok(memoryLimit >= 2 * memoryRequest - 1, 'room for bursts before the OOM killer');
    assert.ok(quantity(requests.cpu, 'requests.cpu') > 0, 'the HPA computes CPU utilisation against the request');
    assert.ok(quantity(limits.cpu, 'limits.cpu') >= quantity(requests.cpu, 'requests.cpu'));
  });

  it('names its image without :latest; kustomize sets registry and tag', () => {
    const image = container.image ?? assert.fail('image');
    assert.doesNotMatch(image, /:latest$/);
    const images = readKustomization(join(BASE_DIR, 'kustomization.yaml')).images ?? [];
    assert.ok(images.some((entry) => entry.name === image && entry.newTag !== undefined && entry.newTag !== 'latest'));
  });
});

describe('deploy/kubernetes/base: Service, autoscaler and disruption budget', () => {
  it('the Deployment selects its own pods, and so do its spread constraints', () => {
    const selector = deployment.value.spec?.selector.matchLabels;
    assert.ok(selects(selector, podLabels), `${deployment.where}: selector ${JSON.stringify(selector)} is not among the pod labels`);
    for (const constraint of podSpec.topologySpreadConstraints ?? []) assert.ok(selects(constraint.labelSelector?.matchLabels, podLabels));
  });

  it('the Service selects the pods and forwards port 80 to the named container port', () => {
    const spec = service.value.spec ?? assert.fail('spec');
    assert.equal(spec.type, 'ClusterIP');
    assert.ok(selects(spec.selector, podLabels));
    const [port, ...others] = spec.ports ?? [];
    assert.ok(port !== undefined && others.length === 0, 'one port');
    assert.equal(port.port, 80);
    assert.equal(resolvePort(container, port.targetPort ?? port.port, `${service.where} targetPort`), configOf(environmentOf(container), deployment.where).port);
  });

  it('the autoscaler drives the Deployment on CPU, from 3 (the Deployment\'s replicas) to 20', () => {
    const spec = hpa.value.spec ?? assert.fail('spec');
    assert.deepEqual({ ...spec.scaleTargetRef }, { apiVersion: deployment.value.apiVersion, kind: deployment.value.kind, name: deployment.name });
    assert.equal(spec.minReplicas, 3);
    assert.equal(spec.maxReplicas, 20);
    assert.equal(spec.minReplicas, deployment.value.spec?.replicas);
    const cpu = (spec.metrics ?? []).find((metric) => metric.type === 'Resource' && metric.resource?.name === 'cpu');
    assert.ok(cpu !== undefined, 'a CPU metric');
    assert.equal(cpu.resource?.target.type, 'Utilization');
    const utilization = cpu.resource.target.averageUtilization ?? assert.fail('averageUtilization');
    assert.ok(utilization > 0 && utilization <= 90);
  });

  it('the disruption budget selects the pods and lets a node drain go on at the minimum replica count', () => {
    const spec = pdb.value.spec ?? assert.fail('spec');
    assert.ok(selects(spec.selector?.matchLabels, podLabels));
    const minReplicas = hpa.value.spec?.minReplicas ?? 1;
    if (spec.minAvailable !== undefined) {
      assert.equal(typeof spec.minAvailable, 'number', 'a count, not a percentage');
      const minAvailable = Number(spec.minAvailable);
      assert.ok(minAvailable >= 2 && minAvailable < minReplicas, `minAvailable ${minAvailable} must stay below ${minReplicas}`);
    } else {
      assert.equal(spec.maxUnavailable, 1);
    }
  });

  it('Service, autoscaler and budget carry the Deployment\'s name and labels', () => {
    for (const object of [service, hpa, pdb] as readonly KubeObject[]) {
      assert.equal(object.name, deployment.name);
      assert.ok(selects(deployment.value.spec?.selector.matchLabels, object.value.metadata?.labels), object.where);
    }
  });
});

describe('deploy/kubernetes/overlays/configmap-data: the data from a ConfigMap', () => {
  const configMap = only(overlayObjects, ConfigMap);
  const patches = [...patchFiles].filter((file) => dirname(file) === CONFIGMAP_OVERLAY_DIR).flatMap((file) => readYamlDocuments(file).map(deploymentPatch));
  const [patch, ...otherPatches] = patches;
  assert.ok(patch !== undefined && otherPatches.length === 0, 'one Deployment patch');
  const patchPod = patch.value.spec?.template.spec ?? assert.fail(`${patch.where}: spec.template.spec`);
  const [patchContainer, ...otherContainers] = patchPod.containers;
  assert.ok(patchContainer !== undefined && otherContainers.length === 0, `${patch.where}: one container`);
  const configMapData: ReadonlyMap<string, string> = new Map(Object.entries(configMap.value.data ?? {}));

  /** The container env after the strategic merge kustomize applies (env entries merge by name). */
  const mergedEnv = { ...environmentOf(container), ...environmentOf(patchContainer) };

  function writeConfigMapFiles(): string {
    const dir = temporaryDir();
    for (const [key, value] of configMapData) writeFileSync(join(dir, key), value);
    return dir;
  }

  it('patches the base Deployment\'s container', () => {
    assert.equal(patch.name, deployment.name);
    assert.equal(patchContainer.name, container.name);
  });

  it('mounts the ConfigMap, whole and read-only, at the directory DATA_DIR names', () => {
    const config = configOf(mergedEnv, `${patch.where} merged with ${deployment.where}`);
    assert.equal(config.host, '0.0.0.0');
    const mount = (patchContainer.volumeMounts ?? []).find((candidate) => candidate.mountPath === config.dataDir);
    assert.ok(mount !== undefined, `a volume is mounted at DATA_DIR=${config.dataDir}`);
    assert.equal(mount.readOnly, true);
    assert.equal(mount.subPath, undefined, 'files mounted with subPath are never updated when the ConfigMap changes');
    const volume = (patchPod.volumes ?? []).find((candidate) => candidate.name === mount.name);
    assert.ok(volume !== undefined, `volume ${mount.name}`);
    assert.equal(volume.configMap?.name, configMap.name);
    assert.ok(!(container.volumeMounts ?? []).some((other) => other.mountPath === config.dataDir || other.name === mount.name), 'no clash with the base volumes');
    assert.ok(config.reloadIntervalSeconds > 0, 'the periodic check backs up the file watch');
  });

  it('holds the bundled data directory byte for byte, well below the 1 MiB ConfigMap limit', () => {
    const bundled = readdirSync(BUNDLED_DATA_DIR).filter((name) => /^(manifest|\d{4})\.json$/.test(name)).sort();
    assert.deepEqual([...configMapData.keys()].sort(), bundled, `the same files as ${shown(BUNDLED_DATA_DIR)}`);
    for (const name of bundled) {
      assert.ok(configMapData.get(name) === readFileSync(join(BUNDLED_DATA_DIR, name), 'utf8'), `${name} differs from ${shown(join(BUNDLED_DATA_DIR, name))}: run deploy/kubernetes/overlays/configmap-data/generate-configmap.sh`);
    }
    const bytes = [...configMapData].reduce((total, [key, value]) => total + Buffer.byteLength(key) + Buffer.byteLength(value), 0);
    assert.ok(bytes < 768 * 1024, `${bytes} bytes: a ConfigMap holds at most 1 MiB`);
  });

  it('makes the real application ready with the same dataset version as the image', async () => {
    const envWithoutDir = Object.fromEntries(Object.entries(mergedEnv).filter(([name]) => name !== 'DATA_DIR'));
    const fromConfigMap = await getJson(writeConfigMapFiles(), envWithoutDir, '/readyz');
    const fromImage = await getJson(undefined, environmentOf(container), '/readyz');
    assert.equal(fromConfigMap.status, 200, fromConfigMap.body);
    const ready = JSON.parse(fromConfigMap.body) as { unavailableYears: unknown; publishedYears: readonly unknown[] };
    assert.deepEqual(ready.unavailableYears, []);
    assert.ok(ready.publishedYears.length > 0);
    assert.deepEqual(ready, JSON.parse(fromImage.body), 'both variants answer from the same data');
  });

  it('an update swapped in the way the kubelet does it is picked up by the file watch alone; a broken one is not', { timeout: 30_000 }, async () => {
    // The kubelet's layout: <dir>/..<timestamp>/<files>, <dir>/..data -> ..<timestamp>, <dir>/<file> -> ..data/<file>;
    // an update writes a new timestamped directory and renames a new ..data link over the old one.
    const dir = temporaryDir();
    const publish = (generation: string, files: ReadonlyMap<string, string>): void => {
      mkdirSync(join(dir, generation));
      for (const [key, value] of files) writeFileSync(join(dir, generation, key), value);
      symlinkSync(generation, join(dir, '..data_tmp'));
      renameSync(join(dir, '..data_tmp'), join(dir, '..data'));
      for (const key of files.keys()) if (!existsSync(join(dir, key))) symlinkSync(join('..data', key), join(dir, key));
    };
    publish('..2026_01_01_00_00_00.1', configMapData);
    const reloads: { reason: string; outcome: ReloadOutcome }[] = [];
    const live = new LiveDataset(folderSource(dir), ANSWER_BYTES_BUILD, { log: pino({ level: 'silent' }) });
    live.onReload((outcome, reason) => reloads.push({ reason, outcome }));
    /** The next reload after `count` reloads, within 10 s. */
    const reloadAfter = async (count: number): Promise<{ reason: string; outcome: ReloadOutcome }> => {
      const deadline = Date.now() + 10_000;
      while (reloads.length <= count && Date.now() < deadline) await delay(50);
      await delay(400); // a burst of events may queue one more reload of the same files
      return reloads.at(-1) ?? assert.fail('no reload within 10 s: the swap went unnoticed');
    };
    try {
      await live.reload('start');
      const first = live.dataset()?.version;
      assert.ok(first !== undefined && live.dataset()?.problems.length === 0);
      live.startWatching(0); // no periodic check: the watch alone must notice the swap

      const [firstYear = ''] = [...configMapData.keys()].filter((key) => key !== 'manifest.json');
      const changed = new Map(configMapData);
      changed.set(firstYear, (configMapData.get(firstYear) ?? '').replace(/"sourceUrl": "([^"]+)"/, '"sourceUrl": "$1#corrected"'));
      assert.notEqual(changed.get(firstYear), configMapData.get(firstYear));
      // Published as a ConfigMap update is made: from a folder whose manifest lists the new file's digest.
      changed.set('manifest.json', sealedManifest(changed));
      let seen = reloads.length;
      publish('..2026_01_01_00_01_00.2', changed);
      const update = await reloadAfter(seen);
      assert.equal(update.reason.startsWith('file change') || update.reason === 'queued change', true, update.reason);
      const second = live.dataset()?.version;
      assert.ok(second !== undefined && second !== first, 'the swapped-in data is loaded without a periodic check');

      seen = reloads.length;
      const broken = new Map(changed);
      broken.set(firstYear, '{ "year": ');
      publish('..2026_01_01_00_02_00.3', broken);
      const refused = await reloadAfter(seen);
      assert.equal(refused.outcome.changed, false, 'the broken update was read, and refused');
      assert.equal(live.dataset()?.version, second, 'a broken file never replaces good data');
    } finally {
      live.stopWatching();
    }
  });

  it('generate-configmap.sh writes exactly configmap-data.yaml, reading the library\'s bundled data when no directory is named', { skip: NO_POSIX_SHELL }, () => {
    assertGeneratesCheckedIn(join(CONFIGMAP_OVERLAY_DIR, 'generate-configmap.sh'), join(CONFIGMAP_OVERLAY_DIR, 'configmap-data.yaml'), BUNDLED_DATA_DIR, {
      input: 'no-such-data',
      refusal: /manifest\.json: no such file/,
    });
  });
});

/** The manifest of a ConfigMap's files, listing each year file's digest as it is (what `sign` writes). */
function sealedManifest(files: ReadonlyMap<string, string>): string {
  const yearFiles = [...files].filter(([key]) => key !== 'manifest.json').map(([fileName, text]) => ({ fileName, text, year: Number(fileName.slice(0, 4)) }));
  const manifest = sealed({ manifest: { fileName: 'manifest.json', text: files.get('manifest.json') ?? '' }, yearFiles }).manifest;
  return manifest !== undefined && 'text' in manifest ? manifest.text : assert.fail('no manifest');
}

describe('deploy/kubernetes/overlays/fleet: one writer, readers that follow it', () => {
  const writer = only(fleetObjects, StatefulSet);
  const writerSpec = writer.value.spec ?? assert.fail(`${writer.where}: spec`);
  const writerService = fleetObjects.find((object): object is KubeObject<Service> => object.value instanceof Service) ?? assert.fail('the writer\'s Service');
  const policy = only(fleetObjects, NetworkPolicy);
  const writerTemplate = writerSpec.template;
  const writerPod = writerTemplate.spec ?? assert.fail(`${writer.where}: spec.template.spec`);
  const writerLabels = writerTemplate.metadata?.labels ?? {};
  const [writerContainer, ...others] = writerPod.containers;
  assert.ok(writerContainer !== undefined && others.length === 0, `${writer.where}: one container`);
  const [readerPatch, ...otherPatches] = [...patchFiles].filter((file) => dirname(file) === FLEET_OVERLAY_DIR).flatMap((file) => readYamlDocuments(file).map(deploymentPatch));
  assert.ok(readerPatch !== undefined && otherPatches.length === 0, 'one Deployment patch');
  const readerContainer = readerPatch.value.spec?.template.spec?.containers.find((each) => each.name === container.name) ?? assert.fail('the patch changes the base container');
  const readerEnvNamed = { ...environmentOf(container), ...environmentOf(readerContainer) };

  // The key files the overlay mounts from a Secret and a ConfigMap, which no test can mount: a key
  // pair of the test's stands in at the paths the environment names (checked against the mounts below).
  const keyDir = temporaryDir();
  const testKeys = generateKeyPairSync('ed25519');
  const testKeyFiles = { DATASET_SIGNING_KEY_FILE: join(keyDir, 'signing.pem'), DATASET_PUBLIC_KEY_FILE: join(keyDir, 'keys.pub') } as const;
  writeFileSync(testKeyFiles.DATASET_SIGNING_KEY_FILE, testKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(testKeyFiles.DATASET_PUBLIC_KEY_FILE, testKeys.publicKey.export({ type: 'spki', format: 'pem' }));
  const withTestKeys = (env: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(env).map(([name, value]) => [name, Object.hasOwn(testKeyFiles, name) ? testKeyFiles[name as keyof typeof testKeyFiles] : value]));
  const readerEnv = withTestKeys(readerEnvNamed);

  /** The volume mounted over `path` in a container of the pod, and where it is mounted. */
  function volumeAt(pod: IPodSpec, of: IContainer, path: string): { readonly volume: NonNullable<IPodSpec['volumes']>[number]; readonly readOnly: boolean } {
    const mount = (of.volumeMounts ?? []).find((each) => path.startsWith(`${each.mountPath}/`)) ?? assert.fail(`${path}: no volume mounted over it`);
    const volume = (pod.volumes ?? []).find((each) => each.name === mount.name) ?? assert.fail(`${mount.name}: no such volume`);
    return { volume, readOnly: mount.readOnly === true };
  }

  /** The writer's env as the overlay writes it (its literal values; the webhook settings come from an optional Secret), with the test's key files. */
  function writerEnvironment(): Record<string, string> {
    return withTestKeys(writerEnvironmentNamed());
  }

  function writerEnvironmentNamed(): Record<string, string> {
    const env: Record<string, string> = {};
    for (const variable of writerContainer?.env ?? []) {
      if (variable.valueFrom === undefined) {
        env[variable.name] = variable.value ?? '';
        continue;
      }
      const secret = variable.valueFrom.secretKeyRef ?? assert.fail(`${variable.name}: only a Secret's key may stand in for a value`);
      assert.equal(secret.optional, true, `${variable.name}: an optional Secret (webhooks are optional)`);
      assert.ok(variable.name.startsWith('WEBHOOK_'), `${variable.name}: only the webhook settings are secret`);
    }
    return env;
  }

  it('the writer: one replica, syncing into a folder on its ReadWriteOnce volume, writable by the service\'s group; probes, limits and security as the replicas\'', () => {
    assert.equal(writerSpec.replicas, 1, 'one writer: two would sync and announce twice');
    assert.equal(writerSpec.serviceName, writerService.name);
    assert.ok(selects(writerSpec.selector.matchLabels, writerLabels));
    const config = configOf(writerEnvironment(), writer.where);
    assert.equal(config.sync?.source, 'gov.cn');
    assert.equal(config.origin, undefined, 'the writer answers from its own folder');
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.port, containerPort(writerContainer));
    const mount = (writerContainer.volumeMounts ?? []).find((candidate) => candidate.mountPath === config.dataDir) ?? assert.fail(`a volume at DATA_DIR=${config.dataDir}`);
    assert.notEqual(mount.readOnly, true);
    const claim = (writerSpec.volumeClaimTemplates ?? []).find((template) => template.metadata?.name === mount.name) ?? assert.fail(`a claim template ${mount.name}`);
    assert.deepEqual(claim.spec?.accessModes, ['ReadWriteOnce']);
    const seed = (writerPod.initContainers ?? []).find((each) => each.name === 'seed-data') ?? assert.fail('an init container seeds the volume');
    assert.ok((seed.volumeMounts ?? []).some((each) => each.name === mount.name && each.mountPath === config.dataDir));
    assert.equal(writerPod.securityContext?.fsGroup, writerPod.securityContext?.runAsGroup);
    for (const kind of PROBE_KINDS) assert.deepEqual(writerContainer[kind], container[kind], kind);
    assert.deepEqual(writerContainer.securityContext, container.securityContext);
    assert.deepEqual(writerContainer.resources, container.resources);
    assert.equal(writerContainer.image, container.image);
    const images = readKustomization(join(FLEET_OVERLAY_DIR, 'kustomization.yaml')).images ?? [];
    assert.deepEqual(images, readKustomization(join(BASE_DIR, 'kustomization.yaml')).images, 'the writer\'s image is set as the base sets the replicas\'');
  });

  it('the writer\'s first start seeds the empty volume from the image\'s data; later starts keep what is there', () => {
    const seed = (writerPod.initContainers ?? []).find((each) => each.name === 'seed-data') ?? assert.fail('seed-data');
    const [program, flag, script = ''] = seed.command ?? [];
    assert.deepEqual([program, flag], ['node', '-e']);
    const volume = temporaryDir();
    // The image's /app is the repository's layout; the volume is a folder of the test's.
    const local = script.replaceAll("'/app/", `'${join(REPOSITORY, '/')}`).replaceAll("'/data", `'${volume}`);
    const run = (): void => {
      const result = spawnSync(process.execPath, ['-e', local], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
    };
    run();
    const bundled = readdirSync(BUNDLED_DATA_DIR).sort();
    assert.deepEqual(readdirSync(volume).sort(), bundled);
    for (const name of bundled) assert.equal(readFileSync(join(volume, name), 'utf8'), readFileSync(join(BUNDLED_DATA_DIR, name), 'utf8'), name);
    // What a person accepted since, or sync published, stays.
    writeFileSync(join(volume, '2027.json'), '{"kept": true}');
    writeFileSync(join(volume, 'manifest.json'), '{"publishedYears": [2027]}');
    run();
    assert.equal(readFileSync(join(volume, 'manifest.json'), 'utf8'), '{"publishedYears": [2027]}');
    assert.equal(readFileSync(join(volume, '2027.json'), 'utf8'), '{"kept": true}');
  });

  it('the fleet signs by default: the writer\'s key from a Secret, the readers\' public keys from a ConfigMap, each mounted read-only where the environment names it; what the writer signs, the readers verify', async () => {
    const signingPath = writerEnvironmentNamed().DATASET_SIGNING_KEY_FILE ?? assert.fail('the writer signs: DATASET_SIGNING_KEY_FILE');
    const signing = volumeAt(writerPod, writerContainer, signingPath);
    assert.ok(signing.readOnly);
    const secret = signing.volume.secret ?? assert.fail(`${signingPath}: a Secret's volume`);
    assert.equal(secret.secretName, 'china-calendar-dataset-signing-key');
    assert.notEqual(secret.optional, true, 'a writer of the fleet never starts unsigned');
    assert.equal((secret.defaultMode ?? 0o644) & 0o007, 0, 'the key is not readable by others');
    assert.equal(secret.items, undefined, 'the file name is the Secret\'s key, as kubectl create secret --from-file makes it');
    assert.equal(signingPath.split('/').at(-1), 'dataset-signing-key.pem');

    const publicPath = readerEnvNamed.DATASET_PUBLIC_KEY_FILE ?? assert.fail('the readers check: DATASET_PUBLIC_KEY_FILE');
    const trusted = volumeAt(readerPatch.value.spec?.template.spec ?? assert.fail('the patch\'s pod'), readerContainer, publicPath);
    assert.ok(trusted.readOnly);
    assert.equal(trusted.volume.configMap?.name, 'china-calendar-dataset-keys');
    assert.equal(publicPath.split('/').at(-1), 'dataset-keys.pub');

    const writerConfig = configOf(writerEnvironment(), writer.where);
    const readerConfig = configOf(readerEnv, readerPatch.where);
    assert.ok(writerConfig.signingKey !== undefined);
    const trustedKeys = readerConfig.origin?.publicKeys ?? assert.fail('the readers\' keys');
    assert.deepEqual(trustedKeys.map(({ id }) => id), [keyIdOf(testKeys.publicKey)]);
    // The writer, as the overlay configures it, serves a signature the readers' keys verify.
    const dir = temporaryDir();
    for (const name of readdirSync(BUNDLED_DATA_DIR)) writeFileSync(join(dir, name), readFileSync(join(BUNDLED_DATA_DIR, name)));
    assert.equal(await runSign(dir, { signingKey: writerConfig.signingKey }, new Collected(), new Collected()), 0);
    const env = { ...writerEnvironment(), DATA_DIR: dir, SYNC_SOURCE: '' };
    const [manifest, signature] = [await getJson(undefined, env, '/dataset/manifest.json'), await getJson(undefined, env, '/dataset/manifest.json.sig')];
    assert.equal(signature.status, 200);
    assert.deepEqual(verifyManifest(manifest.body, signature.body, trustedKeys), { verified: true, keyId: keyIdOf(testKeys.publicKey) });
  });

  it('the writer\'s Service selects the writer, and its port leads to the writer\'s container port', () => {
    const spec = writerService.value.spec ?? assert.fail('spec');
    assert.ok(selects(spec.selector, writerLabels));
    assert.equal(selects(spec.selector, podLabels), false, 'not the replicas');
    const [port] = spec.ports ?? [];
    assert.equal(resolvePort(writerContainer, port?.targetPort ?? 0, writerService.where), containerPort(writerContainer));
  });

  it('the replicas follow the writer\'s Service at /dataset/, which the writer\'s application serves, and keep a cache on their own volume; they neither sync nor send', async () => {
    const config = configOf(readerEnv, `${readerPatch.where} merged with ${deployment.where}`);
    const origin = config.origin ?? assert.fail('DATA_URL is set');
    const url = new URL(origin.url);
    assert.equal(url.hostname, writerService.name, 'the writer\'s Service, by its name in the namespace');
    assert.equal(Number(url.port || 80), writerService.value.spec?.ports?.[0]?.port);
    assert.equal(url.pathname, '/dataset/');
    assert.ok(origin.pollSeconds >= 5 && origin.pollSeconds <= 60);
    assert.equal(config.sync, undefined);
    assert.deepEqual(config.webhooks.urls, []);
    const cacheMount = (readerContainer.volumeMounts ?? []).find((each) => each.mountPath === origin.cacheDir) ?? assert.fail(`a volume at DATA_DIR=${origin.cacheDir ?? ''}`);
    const cacheVolume = (readerPatch.value.spec?.template.spec?.volumes ?? []).find((each) => each.name === cacheMount.name);
    assert.ok(cacheVolume?.emptyDir !== undefined, 'the cache outlives a container restart');

    const writerEnv = { ...writerEnvironment(), DATA_DIR: BUNDLED_DATA_DIR, SYNC_SOURCE: '' };
    const manifest = await getJson(undefined, writerEnv, `${url.pathname}manifest.json`);
    assert.equal(manifest.status, 200, 'the writer serves what DATA_URL names');
    assert.match(manifest.body, /"files"/);
  });

  it('the public Service, the autoscaler and the disruption budget concern the replicas; none selects the writer', () => {
    assert.equal(selects(service.value.spec?.selector, writerLabels), false, 'the public Service');
    assert.equal(selects(deployment.value.spec?.selector.matchLabels, writerLabels), false, 'the Deployment (and so the autoscaler)');
    assert.equal(selects(pdb.value.spec?.selector?.matchLabels, writerLabels), false, 'the budget');
  });

  it('the replicas may reach the writer and DNS only; nothing restricts the writer', () => {
    const spec = policy.value.spec ?? assert.fail('spec');
    assert.ok(selects(spec.podSelector.matchLabels, podLabels), 'it applies to the replicas');
    assert.equal(selects(spec.podSelector.matchLabels, writerLabels), false, 'not to the writer');
    assert.deepEqual(spec.policyTypes, ['Egress']);
    const rules = spec.egress ?? [];
    const toWriter = rules.find((rule) => (rule.to ?? []).some((peer) => selects(peer.podSelector?.matchLabels, writerLabels)));
    assert.deepEqual(toWriter?.ports?.map((port) => port.port), [containerPort(writerContainer)]);
    const dns = rules.find((rule) => rule !== toWriter);
    assert.deepEqual(dns?.ports?.map((port) => `${String(port.port)}/${port.protocol ?? 'TCP'}`).sort(), ['53/TCP', '53/UDP']);
    assert.equal(rules.length, 2, 'nothing else');
  });
});

describe('deploy/kubernetes/components/prometheus-rules: the shipped alert rules as a PrometheusRule', () => {
  const componentPath = (overlay: string): string => relative(overlay, PROMETHEUS_RULES_COMPONENT_DIR).split(sep).join('/');

  /** Whether any container env in these YAML documents names one of `variables`, wherever it sits (patch, Deployment, StatefulSet). */
  function setsAnyOf(documents: readonly unknown[], variables: readonly string[]): boolean {
    const visit = (node: unknown): boolean => {
      if (Array.isArray(node)) return node.some(visit);
      if (node === null || typeof node !== 'object') return false;
      const env = (node as { env?: unknown }).env;
      if (Array.isArray(env) && env.some((variable) => variables.includes((variable as { name?: unknown } | null)?.name as string))) return true;
      return Object.values(node).some(visit);
    };
    return documents.some(visit);
  }

  it('holds exactly the groups of deploy/prometheus/alerts.yaml', () => {
    const [rules, ...others] = readYamlDocuments(ALERT_RULES_FILE);
    assert.ok(rules !== undefined && others.length === 0, `${shown(ALERT_RULES_FILE)}: one document`);
    assert.deepEqual(
      JSON.parse(JSON.stringify(prometheusRule.value.spec)),
      rules.value,
      `${prometheusRule.where} differs from ${shown(ALERT_RULES_FILE)}: run ${shown(join(PROMETHEUS_RULES_COMPONENT_DIR, 'generate-prometheusrule.sh'))}`,
    );
    assert.equal(prometheusRule.value.metadata?.labels?.['app.kubernetes.io/name'], deployment.value.metadata?.labels?.['app.kubernetes.io/name']);
  });

  it('generate-prometheusrule.sh writes exactly prometheusrule.yaml from the rule file, and refuses a missing one', { skip: NO_POSIX_SHELL }, () => {
    assertGeneratesCheckedIn(join(PROMETHEUS_RULES_COMPONENT_DIR, 'generate-prometheusrule.sh'), join(PROMETHEUS_RULES_COMPONENT_DIR, 'prometheusrule.yaml'), ALERT_RULES_FILE, {
      input: 'no-such-rules.yaml',
      refusal: /no-such-rules\.yaml: no such file/,
    });
  });

  it('is a component of every overlay that syncs from gov.cn or follows a dataset origin (SYNC_SOURCE or DATA_URL)', () => {
    const overlays = readdirSync(OVERLAYS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(OVERLAYS_DIR, entry.name));
    const watched = overlays.filter((overlay) => setsAnyOf(yamlFilesUnder(overlay).flatMap((file) => readYamlDocuments(file).map((document) => document.value)), ['SYNC_SOURCE', 'DATA_URL']));
    assert.ok(watched.length > 0, 'some overlay syncs');
    for (const overlay of watched) {
      const components = readKustomization(join(overlay, 'kustomization.yaml')).components ?? [];
      assert.ok(components.includes(componentPath(overlay)), `${shown(overlay)}/kustomization.yaml: components must list ${componentPath(overlay)}`);
    }
  });
});

describe('kustomize renders the variants as checked above', () => {
  const probeKubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  const skip = probeKubectl.error !== undefined || probeKubectl.status !== 0 ? 'kubectl is not installed' : false;

  /** The objects `kubectl kustomize` renders, each validated against its API schema. */
  function render(dir: string): KubeObject[] {
    const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 2 ** 20 });
    assert.equal(run.status, 0, run.stderr);
    return parseYamlDocuments(run.stdout, `${shown(dir)} (rendered)`).map(kubeObject);
  }

  function renderedContainer(objects: readonly KubeObject[]): IContainer {
    const [only1, ...others] = only(objects, Deployment).value.spec?.template.spec?.containers ?? [];
    assert.ok(only1 !== undefined && others.length === 0, 'one container');
    return only1;
  }

  it('kubectl kustomize deploy/kubernetes: the base objects, the image from the registry', { skip }, () => {
    const rendered = render(KUBERNETES_DIR);
    const kinds = (objects: readonly KubeObject[]): string[] => objects.map((object) => `${object.value.kind}/${object.name}`).sort();
    assert.deepEqual(kinds(rendered), kinds(baseObjects));
    assert.match(renderedContainer(rendered).image ?? '', /^[\w.-]+(:\d+)?\/[\w./-]+:[\w.-]+$/, 'registry/name:tag');
  });

  it('kubectl kustomize deploy/kubernetes/overlays/configmap-data: DATA_DIR is where the ConfigMap is mounted', { skip }, () => {
    const rendered = render(CONFIGMAP_OVERLAY_DIR);
    const renderedDeployment = only(rendered, Deployment);
    const rendered1 = renderedContainer(rendered);
    const config = configOf(environmentOf(rendered1), renderedDeployment.where);
    assert.equal(config.host, '0.0.0.0');
    const mount = (rendered1.volumeMounts ?? []).find((candidate) => candidate.mountPath === config.dataDir);
    assert.ok(mount !== undefined, `a mount at ${config.dataDir}`);
    const volume = (renderedDeployment.value.spec?.template.spec?.volumes ?? []).find((candidate) => candidate.name === mount.name);
    assert.equal(volume?.configMap?.name, only(rendered, ConfigMap).name);
    // Everything else is the base, untouched: probes, security, resources.
    for (const kind of PROBE_KINDS) assert.deepEqual(rendered1[kind], container[kind]);
    assert.deepEqual(rendered1.securityContext, container.securityContext);
    assert.deepEqual(rendered1.resources, container.resources);
  });

  it('kubectl kustomize deploy/kubernetes/overlays/fleet: the writer with its image from the registry, the replicas following it', { skip }, () => {
    const rendered = render(FLEET_OVERLAY_DIR);
    const kinds = rendered.map((object) => `${object.value.kind}/${object.name}`).sort();
    assert.deepEqual(kinds, [...baseObjects, ...fleetObjects, ...alertObjects].map((object) => `${object.value.kind}/${object.name}`).sort(), 'the alert rules come along');
    assert.deepEqual(JSON.parse(JSON.stringify(only(rendered, PrometheusRule).value.spec)), JSON.parse(JSON.stringify(prometheusRule.value.spec)));
    const reader = renderedContainer(rendered);
    const renderedEnv = environmentOf(reader);
    // The readers' keys come from a ConfigMap no test can mount: a public key of the test's stands in.
    assert.equal(renderedEnv.DATASET_PUBLIC_KEY_FILE, '/etc/calendar-keys/dataset-keys.pub');
    const keyFile = join(temporaryDir(), 'keys.pub');
    writeFileSync(keyFile, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }));
    const config = configOf({ ...renderedEnv, DATASET_PUBLIC_KEY_FILE: keyFile }, only(rendered, Deployment).where);
    assert.equal(config.origin?.url, 'http://china-calendar-writer/dataset/');
    assert.ok((only(rendered, Deployment).value.spec?.template.spec?.volumes ?? []).some((volume) => volume.configMap?.name === 'china-calendar-dataset-keys'), 'the keys\' ConfigMap is mounted');
    const renderedWriter = only(rendered, StatefulSet).value.spec?.template.spec ?? assert.fail('the writer');
    for (const each of [...(renderedWriter.initContainers ?? []), ...renderedWriter.containers]) assert.equal(each.image, reader.image, `${each.name}: the registry's image`);
  });
});
