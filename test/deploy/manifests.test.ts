/**
 * The Kubernetes files under deploy/kubernetes, checked against the server's real configuration
 * (src/config.ts), the real application (probe paths, metrics) and each other (labels, ports,
 * names). No cluster is needed; when kubectl is installed, its kustomize also renders both variants.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { parseAllDocuments } from 'yaml';
import { BUNDLED_DATA_DIR, readConfig, type Config } from 'china-holiday-calendar-service/internal/config.js';
import { LiveDataset, type ReloadOutcome } from 'china-holiday-calendar/internal/answers/live-dataset.js';
import { ANSWER_BYTES_BUILD } from 'china-holiday-calendar-service/internal/http/api/operations/answer-bytes.js';
import { buildTestApp } from '../helpers/test-app.js';
import {
  at,
  BASE_DIR,
  CONFIGMAP_OVERLAY_DIR,
  containers,
  environmentOf,
  envList,
  exists,
  fields,
  integer,
  isFields,
  isKustomization,
  KUBERNETES_DIR,
  kubeObject,
  kubeObjectsIn,
  list,
  only,
  podSpec,
  portsOf,
  quantity,
  readYamlDocuments,
  resolvePort,
  selects,
  shown,
  stringMap,
  text,
  yamlFilesUnder,
  type Container,
  type KubeObject,
} from './deploy-files.js';

/** The API versions this service's manifests may use: stable ones only. */
const STANDARD_KINDS: Readonly<Record<string, readonly string[]>> = {
  v1: ['Service', 'ConfigMap'],
  'apps/v1': ['Deployment'],
  'autoscaling/v2': ['HorizontalPodAutoscaler'],
  'policy/v1': ['PodDisruptionBudget'],
  'kustomize.config.k8s.io/v1beta1': ['Kustomization'],
};

const allYamlFiles = yamlFilesUnder(KUBERNETES_DIR);
const baseObjects = kubeObjectsIn(yamlFilesUnder(BASE_DIR));
const overlayObjects = kubeObjectsIn(yamlFilesUnder(CONFIGMAP_OVERLAY_DIR));

const deployment = only(baseObjects, 'Deployment');
const service = only(baseObjects, 'Service');
const hpa = only(baseObjects, 'HorizontalPodAutoscaler');
const pdb = only(baseObjects, 'PodDisruptionBudget');
const [container, ...sidecars] = containers(deployment);
assert.ok(container !== undefined && sidecars.length === 0, `${deployment.where}: expected exactly one container`);
const podLabels = stringMap(at(deployment.value, deployment.where, 'spec', 'template', 'metadata', 'labels'), `${deployment.where} pod labels`);
const podAnnotations = stringMap(at(deployment.value, deployment.where, 'spec', 'template', 'metadata', 'annotations'), `${deployment.where} pod annotations`);

/** The environment variables readConfig reads, found by letting it read a recording environment. */
function variablesTheServiceReads(): Set<string> {
  const read = new Set<string>();
  readConfig(
    new Proxy<NodeJS.ProcessEnv>(
      {},
      {
        get(_target, key): undefined {
          if (typeof key === 'string') read.add(key);
          return undefined;
        },
      },
    ),
  );
  return read;
}

function configOf(env: Record<string, string>, where: string): Config {
  try {
    return readConfig(env);
  } catch (error) {
    return assert.fail(`${where}: the service would refuse to start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function containerPort(of: Container): number {
  const ports = portsOf(of);
  assert.equal(ports.length, 1, `${of.where}: expected one container port`);
  return (ports[0] ?? assert.fail('no port')).containerPort;
}

interface HttpProbe {
  readonly kind: 'startupProbe' | 'readinessProbe' | 'livenessProbe';
  readonly path: string;
  readonly port: number;
  readonly periodSeconds: number;
  readonly failureThreshold: number;
}

function probe(of: Container, kind: HttpProbe['kind']): HttpProbe {
  const where = `${of.where}.${kind}`;
  const httpGet = fields(at(of.value, of.where, kind, 'httpGet'), `${where}.httpGet`);
  assert.ok(httpGet.scheme === undefined || httpGet.scheme === 'HTTP', `${where}: the service speaks plain HTTP`);
  assert.equal(httpGet.host, undefined, `${where}: no host (the pod IP, which HOST=0.0.0.0 listens on)`);
  const settings = fields(of.value[kind], where);
  return {
    kind,
    path: text(httpGet.path, `${where}.httpGet.path`),
    port: resolvePort(of, httpGet.port, `${where}.httpGet.port`),
    periodSeconds: settings.periodSeconds === undefined ? 10 : integer(settings.periodSeconds, `${where}.periodSeconds`),
    failureThreshold: settings.failureThreshold === undefined ? 3 : integer(settings.failureThreshold, `${where}.failureThreshold`),
  };
}

const PROBE_KINDS = ['startupProbe', 'readinessProbe', 'livenessProbe'] as const;

const temporaryDirs: string[] = [];
function temporaryDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calendar-deploy-'));
  temporaryDirs.push(dir);
  return dir;
}
after(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

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
  it('parses as YAML, and every object has apiVersion, kind and metadata.name of a stable API', () => {
    assert.ok(allYamlFiles.length >= 8, `expected the manifests under ${shown(KUBERNETES_DIR)}`);
    for (const file of allYamlFiles) {
      const documents = readYamlDocuments(file);
      assert.ok(documents.length > 0, `${shown(file)}: no document`);
      for (const document of documents) {
        const where = `${shown(file)}#${document.index}`;
        const value = fields(document.value, where);
        const apiVersion = text(value.apiVersion, `${where}.apiVersion`);
        const kind = text(value.kind, `${where}.kind`);
        assert.ok(STANDARD_KINDS[apiVersion]?.includes(kind), `${where}: ${apiVersion} ${kind} is not among the stable API versions ${JSON.stringify(STANDARD_KINDS)}`);
        assert.equal(kind === 'Kustomization', isKustomization(file), `${where}: a Kustomization belongs in kustomization.yaml, and only there`);
        if (!isKustomization(file)) kubeObject(document); // apiVersion, kind, metadata.name
      }
    }
  });

  it('kustomizations name only existing files, and every manifest belongs to one', () => {
    const referenced = new Set<string>();
    for (const file of allYamlFiles.filter(isKustomization)) {
      const kustomization = fields(readYamlDocuments(file)[0]?.value, shown(file));
      const dir = dirname(file);
      const patches = kustomization.patches === undefined ? [] : list(kustomization.patches, `${shown(file)}.patches`);
      const entries = [
        ...list(kustomization.resources, `${shown(file)}.resources`).map((item) => text(item, `${shown(file)}.resources`)),
        ...patches.map((patch) => text(fields(patch, `${shown(file)}.patches`).path, `${shown(file)}.patches[].path`)),
      ];
      for (const entry of entries) {
        const target = join(dir, entry);
        assert.ok(exists(target), `${shown(file)}: ${entry} does not exist`);
        if (exists(join(target, 'kustomization.yaml'))) referenced.add(join(target, 'kustomization.yaml'));
        else referenced.add(target);
      }
    }
    // Entry points (deploy/kubernetes, overlays/*) are applied with kubectl apply -k; every other file is used by one.
    const orphans = allYamlFiles.filter((file) => !referenced.has(file) && !isKustomization(file));
    assert.deepEqual(orphans.map(shown), [], 'files no kustomization applies');
    assert.ok(referenced.has(join(BASE_DIR, 'kustomization.yaml')), 'the base is used');
    assert.ok(referenced.has(join(CONFIGMAP_OVERLAY_DIR, 'configmap-data.yaml')) && referenced.has(join(CONFIGMAP_OVERLAY_DIR, 'deployment-patch.yaml')));
    const top = fields(readYamlDocuments(join(KUBERNETES_DIR, 'kustomization.yaml'))[0]?.value, 'deploy/kubernetes/kustomization.yaml');
    assert.deepEqual(top.resources, ['base'], 'kubectl apply -k deploy/kubernetes applies the base');
  });

  it('labels, annotations and env values are strings (Kubernetes refuses numbers and booleans there)', () => {
    for (const object of [...baseObjects, ...overlayObjects]) {
      const metadata = fields(object.value.metadata, `${object.where}.metadata`);
      if (metadata.labels !== undefined) stringMap(metadata.labels, `${object.where}.metadata.labels`);
      if (metadata.annotations !== undefined) stringMap(metadata.annotations, `${object.where}.metadata.annotations`);
      if (object.kind === 'Deployment') for (const each of containers(object)) environmentOf(each);
    }
    assert.ok(podAnnotations.size > 0);
  });

  it('no two objects of a variant share a kind and a name', () => {
    for (const objects of [baseObjects, [...baseObjects, ...overlayObjects.filter((object) => object.kind !== 'Deployment')]]) {
      const keys = objects.map((object) => `${object.kind}/${object.name}`);
      assert.deepEqual(keys, [...new Set(keys)]);
    }
  });
});

describe('deploy/kubernetes/base: the Deployment and the real configuration', () => {
  const env = environmentOf(container);
  const config = configOf(env, container.where);

  it('its env is a configuration the service accepts, listening on 0.0.0.0 at the container port', () => {
    assert.equal(config.host, '0.0.0.0', 'HOST=0.0.0.0: the default 127.0.0.1 is unreachable from the kubelet and the Service');
    assert.equal(config.port, containerPort(container), 'PORT (or its default) is the container port');
    assert.equal(text(env.PUBLIC_URL, 'PUBLIC_URL'), config.publicUrl, 'PUBLIC_URL is set: the default would be http://0.0.0.0:8080');
    assert.match(config.docsUrl, /^https?:\/\/[^/]+\/docs$/);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.workers, 1, 'one process per pod: replicas and the autoscaler do the scaling');
    assert.equal(config.dataDir, BUNDLED_DATA_DIR, 'the base answers from the data in the image');
  });

  it('its env names only variables the service reads (a misspelt one would be silently ignored)', () => {
    const known = variablesTheServiceReads();
    for (const required of ['PORT', 'HOST', 'PUBLIC_URL', 'DATA_DIR', 'RELOAD_INTERVAL_SECONDS']) assert.ok(known.has(required), `readConfig reads ${required}`);
    const overlayPatch = only(overlayObjects, 'Deployment');
    const names = [...containers(deployment), ...containers(overlayPatch)].flatMap((each) => envList(each.value.env, `${each.where}.env`).map((variable) => variable.name));
    assert.deepEqual(names.filter((name) => !known.has(name)), []);
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
    assert.equal(podAnnotations.get('prometheus.io/scrape'), 'true');
    assert.equal(Number(podAnnotations.get('prometheus.io/port')), config.port);
    const path = podAnnotations.get('prometheus.io/path') ?? '/metrics';
    const answer = await getJson(undefined, env, path);
    assert.equal(answer.status, 200, `GET ${path}`);
    assert.match(answer.contentType, /^text\/plain/);
    assert.match(answer.body, /^calendar_dataset_info\{[^}]*version="[^"]+"[^}]*\} 1$/m, 'the dataset version every pod reports');
  });

  it('runs as uid 1000 (the image\'s node user), unprivileged, on a read-only root file system', () => {
    const pod = fields(podSpec(deployment).securityContext, `${deployment.where} pod securityContext`);
    const own = fields(container.value.securityContext, `${container.where}.securityContext`);
    for (const context of [pod, own]) {
      assert.equal(context.runAsNonRoot, true);
      assert.equal(context.runAsUser, 1000);
    }
    assert.equal(own.readOnlyRootFilesystem, true);
    assert.equal(own.allowPrivilegeEscalation, false);
    assert.deepEqual(at(own, container.where, 'capabilities', 'drop'), ['ALL']);
    assert.equal(own.privileged ?? false, false);
    assert.ok(config.port >= 1024, 'without capabilities, a non-root process can only listen above 1023');
    assert.equal(podSpec(deployment).automountServiceAccountToken, false, 'the service never calls the Kubernetes API');
  });

  it('rolls out without losing capacity, and shuts down within the grace period', () => {
    const spec = fields(deployment.value.spec, `${deployment.where}.spec`);
    assert.equal(spec.replicas, 3);
    const rolling = fields(at(spec, deployment.where, 'strategy', 'rollingUpdate'), `${deployment.where} rollingUpdate`);
    assert.equal(at(spec, deployment.where, 'strategy', 'type'), 'RollingUpdate');
    assert.equal(rolling.maxUnavailable, 0);
    assert.equal(rolling.maxSurge, 1);

    const command = list(at(container.value, container.where, 'lifecycle', 'preStop', 'exec', 'command'), `${container.where} preStop`);
    assert.equal(command[0], 'sleep', 'preStop sleeps while the endpoint removal propagates');
    const preStopSeconds = Number(command[1]);
    assert.ok(preStopSeconds >= 3 && preStopSeconds <= 15, `a few seconds, not ${String(command[1])}`);
    const grace = integer(podSpec(deployment).terminationGracePeriodSeconds, 'terminationGracePeriodSeconds');
    // After SIGTERM the service drains its connections and exits, at the latest when its
    // SHUTDOWN_TIMEOUT_SECONDS run out (README "Signals, timeouts and limits").
    const drainSeconds = config.shutdownTimeoutSeconds;
    assert.ok(grace > preStopSeconds + drainSeconds, `terminationGracePeriodSeconds ${grace} > preStop ${preStopSeconds} s + drain ${drainSeconds} s`);
  });

  it('requests CPU (the autoscaler\'s base) and memory for a ~100 MB process, with limits above', () => {
    const resources = fields(container.value.resources, `${container.where}.resources`);
    const requests = fields(resources.requests, `${container.where}.resources.requests`);
    const limits = fields(resources.limits, `${container.where}.resources.limits`);
    const memoryRequest = quantity(requests.memory, 'requests.memory');
    const memoryLimit = quantity(limits.memory, 'limits.memory');
    assert.ok(memoryRequest >= 128 * 2 ** 20, 'the process is about 100-130 MB resident');
    assert.ok(memoryLimit >= 2 * memoryRequest - 1, 'room for bursts before the OOM killer');
    assert.ok(quantity(requests.cpu, 'requests.cpu') > 0, 'the HPA computes CPU utilisation against the request');
    assert.ok(quantity(limits.cpu, 'limits.cpu') >= quantity(requests.cpu, 'requests.cpu'));
  });

  it('names its image without :latest; kustomize sets registry and tag', () => {
    const image = text(container.value.image, `${container.where}.image`);
    assert.doesNotMatch(image, /:latest$/);
    const base = fields(readYamlDocuments(join(BASE_DIR, 'kustomization.yaml'))[0]?.value, 'base/kustomization.yaml');
    const images = list(base.images, 'base/kustomization.yaml images').map((item) => fields(item, 'images[]'));
    assert.ok(images.some((entry) => entry.name === image && typeof entry.newTag === 'string' && entry.newTag !== 'latest'));
  });
});

describe('deploy/kubernetes/base: Service, autoscaler and disruption budget', () => {
  it('the Deployment selects its own pods, and so do its spread constraints', () => {
    const selector = stringMap(at(deployment.value, deployment.where, 'spec', 'selector', 'matchLabels'), `${deployment.where} selector`);
    assert.ok(selects(selector, podLabels), `${deployment.where}: selector ${JSON.stringify([...selector])} is not among the pod labels`);
    const constraints = podSpec(deployment).topologySpreadConstraints;
    for (const constraint of constraints === undefined ? [] : list(constraints, 'topologySpreadConstraints')) {
      assert.ok(selects(stringMap(at(constraint, 'topologySpreadConstraints[]', 'labelSelector', 'matchLabels'), 'spread selector'), podLabels));
    }
  });

  it('the Service selects the pods and forwards port 80 to the named container port', () => {
    assert.equal(at(service.value, service.where, 'spec', 'type'), 'ClusterIP');
    assert.ok(selects(stringMap(at(service.value, service.where, 'spec', 'selector'), `${service.where} selector`), podLabels));
    const ports = list(at(service.value, service.where, 'spec', 'ports'), `${service.where}.spec.ports`).map((port) => fields(port, 'port'));
    assert.equal(ports.length, 1);
    const port = ports[0] ?? assert.fail('no port');
    assert.equal(port.port, 80);
    assert.equal(resolvePort(container, port.targetPort, `${service.where} targetPort`), configOf(environmentOf(container), container.where).port);
  });

  it('the autoscaler drives the Deployment on CPU, from 3 (the Deployment\'s replicas) to 20', () => {
    const spec = fields(hpa.value.spec, `${hpa.where}.spec`);
    assert.deepEqual(
      { ...fields(spec.scaleTargetRef, 'scaleTargetRef') },
      { apiVersion: deployment.apiVersion, kind: deployment.kind, name: deployment.name },
    );
    assert.equal(spec.minReplicas, 3);
    assert.equal(spec.maxReplicas, 20);
    assert.equal(spec.minReplicas, at(deployment.value, deployment.where, 'spec', 'replicas'));
    const metrics = list(spec.metrics, `${hpa.where}.spec.metrics`).map((metric) => fields(metric, 'metric'));
    const cpu = metrics.find((metric) => metric.type === 'Resource' && at(metric, 'metric', 'resource', 'name') === 'cpu');
    assert.ok(cpu !== undefined, 'a CPU metric');
    assert.equal(at(cpu, 'cpu metric', 'resource', 'target', 'type'), 'Utilization');
    const utilization = integer(at(cpu, 'cpu metric', 'resource', 'target', 'averageUtilization'), 'averageUtilization');
    assert.ok(utilization > 0 && utilization <= 90);
  });

  it('the disruption budget selects the pods and lets a node drain go on at the minimum replica count', () => {
    const spec = fields(pdb.value.spec, `${pdb.where}.spec`);
    assert.ok(selects(stringMap(at(spec, pdb.where, 'selector', 'matchLabels'), `${pdb.where} selector`), podLabels));
    const minReplicas = integer(at(hpa.value, hpa.where, 'spec', 'minReplicas'), 'minReplicas');
    if (spec.minAvailable !== undefined) {
      const minAvailable = integer(spec.minAvailable, 'minAvailable');
      assert.ok(minAvailable >= 2 && minAvailable < minReplicas, `minAvailable ${minAvailable} must stay below ${minReplicas}`);
    } else {
      assert.equal(spec.maxUnavailable, 1);
    }
  });

  it('Service, autoscaler and budget carry the Deployment\'s name and labels', () => {
    for (const object of [service, hpa, pdb]) {
      assert.equal(object.name, deployment.name);
      assert.ok(selects(stringMap(at(deployment.value, deployment.where, 'spec', 'selector', 'matchLabels'), 'selector'), stringMap(at(object.value, object.where, 'metadata', 'labels'), `${object.where} labels`)));
    }
  });
});

describe('deploy/kubernetes/overlays/configmap-data: the data from a ConfigMap', () => {
  const configMap = only(overlayObjects, 'ConfigMap');
  const patch = only(overlayObjects, 'Deployment');
  const [patchContainer] = containers(patch);
  assert.ok(patchContainer !== undefined, `${patch.where}: one container`);
  const configMapData = stringMap(configMap.value.data, `${configMap.where}.data`);

  /** The container env after the strategic merge kustomize applies (env entries merge by name). */
  const mergedEnv = { ...environmentOf(container), ...environmentOf(patchContainer) };

  function writeConfigMapFiles(): string {
    const dir = temporaryDir();
    for (const [key, value] of configMapData) writeFileSync(join(dir, key), value);
    return dir;
  }

  it('patches the base Deployment\'s container', () => {
    assert.equal(patch.name, deployment.name);
    assert.equal(patch.apiVersion, deployment.apiVersion);
    assert.equal(patchContainer.name, container.name);
  });

  it('mounts the ConfigMap, whole and read-only, at the directory DATA_DIR names', () => {
    const config = configOf(mergedEnv, `${patch.where} merged with ${deployment.where}`);
    assert.equal(config.host, '0.0.0.0');
    const mounts = list(patchContainer.value.volumeMounts, `${patchContainer.where}.volumeMounts`).map((mount) => fields(mount, 'volumeMount'));
    const mount = mounts.find((candidate) => candidate.mountPath === config.dataDir);
    assert.ok(mount !== undefined, `a volume is mounted at DATA_DIR=${config.dataDir}`);
    assert.equal(mount.readOnly, true);
    assert.equal(mount.subPath, undefined, 'files mounted with subPath are never updated when the ConfigMap changes');
    const volumes = list(podSpec(patch).volumes, `${patch.where} volumes`).map((volume) => fields(volume, 'volume'));
    const volume = volumes.find((candidate) => candidate.name === mount.name);
    assert.ok(volume !== undefined, `volume ${String(mount.name)}`);
    assert.equal(at(volume, 'volume', 'configMap', 'name'), configMap.name);
    const baseMounts = list(container.value.volumeMounts ?? [], 'base volumeMounts').map((item) => fields(item, 'volumeMount'));
    assert.ok(!baseMounts.some((other) => other.mountPath === config.dataDir || other.name === mount.name), 'no clash with the base volumes');
    assert.ok(config.reloadIntervalSeconds > 0, 'the periodic check backs up the file watch');
  });

  it('holds the bundled data directory byte for byte, well below the 1 MiB ConfigMap limit', () => {
    const bundled = readdirSync(BUNDLED_DATA_DIR).filter((name) => /^(manifest|\d{4})\.json$/.test(name)).sort();
    assert.deepEqual([...configMapData.keys()].sort(), bundled, 'the same files as data/');
    for (const name of bundled) {
      assert.ok(configMapData.get(name) === readFileSync(join(BUNDLED_DATA_DIR, name), 'utf8'), `${name} differs from data/${name}: run deploy/kubernetes/overlays/configmap-data/generate-configmap.sh`);
    }
    const bytes = [...configMapData].reduce((total, [key, value]) => total + Buffer.byteLength(key) + Buffer.byteLength(value), 0);
    assert.ok(bytes < 768 * 1024, `${bytes} bytes: a ConfigMap holds at most 1 MiB`);
  });

  it('makes the real application ready with the same dataset version as the image', async () => {
    const envWithoutDir = Object.fromEntries(Object.entries(mergedEnv).filter(([name]) => name !== 'DATA_DIR'));
    const fromConfigMap = await getJson(writeConfigMapFiles(), envWithoutDir, '/readyz');
    const fromImage = await getJson(undefined, environmentOf(container), '/readyz');
    assert.equal(fromConfigMap.status, 200, fromConfigMap.body);
    const ready = fields(JSON.parse(fromConfigMap.body), '/readyz');
    assert.deepEqual(ready.unavailableYears, []);
    assert.ok(list(ready.publishedYears, 'publishedYears').length > 0);
    assert.deepEqual(ready, fields(JSON.parse(fromImage.body), '/readyz'), 'both variants answer from the same data');
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
      for (const key of files.keys()) if (!exists(join(dir, key))) symlinkSync(join('..data', key), join(dir, key));
    };
    publish('..2026_01_01_00_00_00.1', configMapData);
    const reloads: { reason: string; outcome: ReloadOutcome }[] = [];
    const live = new LiveDataset(dir, ANSWER_BYTES_BUILD, pino({ level: 'silent' }));
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

  it('generate-configmap.sh writes exactly configmap-data.yaml', { skip: process.platform === 'win32' ? 'needs a POSIX shell' : false }, () => {
    const output = join(temporaryDir(), 'configmap-data.yaml');
    const run = spawnSync('sh', [join(CONFIGMAP_OVERLAY_DIR, 'generate-configmap.sh'), BUNDLED_DATA_DIR, output], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(readFileSync(output, 'utf8'), readFileSync(join(CONFIGMAP_OVERLAY_DIR, 'configmap-data.yaml'), 'utf8'));
  });
});

describe('kustomize renders both variants as checked above', () => {
  const probeKubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  const skip = probeKubectl.error !== undefined || probeKubectl.status !== 0 ? 'kubectl is not installed' : false;

  function render(dir: string): KubeObject[] {
    const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 2 ** 20 });
    assert.equal(run.status, 0, run.stderr);
    return parseAllDocuments(run.stdout).map((document, index) => {
      assert.deepEqual(document.errors, []);
      const value: unknown = document.toJS();
      return kubeObject({ file: `${shown(dir)} (rendered)`, index, value });
    });
  }

  it('kubectl kustomize deploy/kubernetes: the base objects, the image from the registry', { skip }, () => {
    const rendered = render(KUBERNETES_DIR);
    const kinds = (objects: readonly KubeObject[]): string[] => objects.map((object) => `${object.kind}/${object.name}`).sort();
    assert.deepEqual(kinds(rendered), kinds(baseObjects));
    const [renderedContainer] = containers(only(rendered, 'Deployment'));
    assert.match(text(renderedContainer?.value.image, 'image'), /^[\w.-]+(:\d+)?\/[\w./-]+:[\w.-]+$/, 'registry/name:tag');
  });

  it('kubectl kustomize deploy/kubernetes/overlays/configmap-data: DATA_DIR is where the ConfigMap is mounted', { skip }, () => {
    const rendered = render(CONFIGMAP_OVERLAY_DIR);
    const renderedDeployment = only(rendered, 'Deployment');
    const [renderedContainer] = containers(renderedDeployment);
    assert.ok(renderedContainer !== undefined);
    const config = configOf(environmentOf(renderedContainer), renderedContainer.where);
    assert.equal(config.host, '0.0.0.0');
    const mount = list(renderedContainer.value.volumeMounts, 'volumeMounts')
      .map((item) => fields(item, 'volumeMount'))
      .find((candidate) => candidate.mountPath === config.dataDir);
    assert.ok(mount !== undefined, `a mount at ${config.dataDir}`);
    const volume = list(podSpec(renderedDeployment).volumes, 'volumes')
      .map((item) => fields(item, 'volume'))
      .find((candidate) => candidate.name === mount.name);
    assert.ok(volume !== undefined && isFields(volume.configMap));
    assert.equal(volume.configMap.name, only(rendered, 'ConfigMap').name);
    // Everything else is the base, untouched: probes, security, resources.
    for (const kind of PROBE_KINDS) assert.deepEqual(renderedContainer.value[kind], container.value[kind]);
    assert.deepEqual(renderedContainer.value.securityContext, container.value.securityContext);
    assert.deepEqual(renderedContainer.value.resources, container.value.resources);
  });
});
