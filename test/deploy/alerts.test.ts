/**
 * The alert rules that ship (deploy/prometheus/alerts.yaml), checked by Prometheus's own tool:
 * `promtool check rules`, and `promtool test rules` on the made-up series of test/deploy/prometheus/,
 * where each alert is seen firing and not firing. promtool comes with Debian's prometheus package,
 * which .ci/run installs; without it these checks are skipped with a message, except under CI
 * (CI set), where they fail. Also: the rules and their tests read only metrics the real service
 * exports; the alerts whose condition is the fleet's fire once for three pods; and the Alerts section of each
 * operator's guide (docs/operators.md, docs/operators.zh-CN.md) names every alert, which fire once per fleet,
 * and each rule's `for:` as the rule has it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { followOrigin } from 'china-holiday-calendar-service/internal/reader/follow-origin.js';
import { ANSWER_BYTES_BUILD } from 'china-holiday-calendar-service/internal/http/operations/answer-bytes.js';
import { parseExposition } from '../helpers/prometheus-text.js';
import { syncScheduleOn } from '../helpers/sync-schedule.js';
import { REPOSITORY } from '../helpers/source-cli.js';
import { buildTestApp } from '../helpers/test-app.js';
import { ALERT_RULES_FILE, readRepoFile, readYamlDocuments, shown } from './deploy-files.js';

const PROMTOOL_TESTS_DIR = join(REPOSITORY, 'test', 'deploy', 'prometheus');
const promtoolTests = readdirSync(PROMTOOL_TESTS_DIR)
  .filter((name) => name.endsWith('.test.yaml'))
  .sort()
  .map((name) => join(PROMTOOL_TESTS_DIR, name));

interface AlertingRule {
  readonly alert: string;
  readonly expr: string;
  readonly for?: string;
}

interface PromtoolTestFile {
  readonly tests: readonly {
    readonly input_series?: readonly { readonly series: string }[];
    readonly alert_rule_test?: readonly {
      readonly alertname: string;
      readonly exp_alerts?: readonly { readonly exp_labels?: Readonly<Record<string, string>> }[] | null;
    }[];
  }[];
}

function onlyDocument(file: string): unknown {
  const [document, ...others] = readYamlDocuments(file);
  assert.ok(document !== undefined && others.length === 0, `${shown(file)}: one document`);
  return document.value;
}

const rules = (onlyDocument(ALERT_RULES_FILE) as { groups: readonly { rules: readonly AlertingRule[] }[] }).groups.flatMap((group) => group.rules);
const alertNames = [...new Set(rules.map((rule) => rule.alert))];
const testFiles = promtoolTests.map((file) => ({ file, value: onlyDocument(file) as PromtoolTestFile }));

const probe = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
const promtoolMissing = probe.error !== undefined || probe.status !== 0;
const MISSING = "promtool is not installed: install Debian's prometheus package (apt-get install prometheus), which .ci/run does";
const skip = promtoolMissing && process.env.CI === undefined ? `${MISSING}; the promtool checks are skipped` : false;

/** The names the rules' expressions and the tests' input series read, each with where. */
function metricsRead(): { readonly name: string; readonly where: string }[] {
  const metricNames = (text: string): string[] => text.match(/\b(?:calendar|process|nodejs|http)_[a-z0-9_]+/g) ?? [];
  return [
    ...rules.flatMap((rule) => metricNames(rule.expr).map((name) => ({ name, where: `${rule.alert} in ${shown(ALERT_RULES_FILE)}` }))),
    ...testFiles.flatMap(({ file, value }) =>
      value.tests.flatMap((group) => (group.input_series ?? []).flatMap((series) => metricNames(series.series).map((name) => ({ name, where: shown(file) })))),
    ),
  ];
}

const READER_METRICS = 'calendar_dataset_source_';

/** The rules whose condition is the fleet's: aggregated by job and namespace, so one alert per fleet whatever its pods. */
const fleetRules = rules.filter((rule) => /\bby \(job, namespace\)/.test(rule.expr)).map((rule) => rule.alert);

/** A series' label value, from promtool's series notation. */
function labelOf(series: string, label: string): string | undefined {
  return new RegExp(`[{,]\\s*${label}="([^"]*)"`).exec(series)?.[1];
}

function promtool(...args: string[]): { readonly status: number | null; readonly output: string } {
  assert.ok(!promtoolMissing, MISSING);
  const run = spawnSync('promtool', args, { cwd: REPOSITORY, encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('deploy/prometheus/alerts.yaml: checked and tested with promtool', () => {
  it('promtool check rules: valid, every rule found', { skip }, () => {
    const run = promtool('check', 'rules', ALERT_RULES_FILE);
    assert.equal(run.status, 0, run.output);
    assert.match(run.output, new RegExp(`SUCCESS: ${rules.length} rules found`));
  });

  it('promtool test rules: every test file of test/deploy/prometheus passes', { skip }, () => {
    assert.ok(promtoolTests.length > 0, `no *.test.yaml in ${shown(PROMTOOL_TESTS_DIR)}`);
    const run = promtool('test', 'rules', ...promtoolTests);
    assert.equal(run.status, 0, run.output);
    assert.equal(run.output.match(/SUCCESS/g)?.length, promtoolTests.length, run.output);
  });

  it('the tests see every alert firing and not firing, and name no alert the rules lack', () => {
    const cases = testFiles.flatMap(({ value }) => value.tests.flatMap((group) => group.alert_rule_test ?? []));
    for (const alert of alertNames) {
      const own = cases.filter((each) => each.alertname === alert);
      assert.ok(own.some((each) => (each.exp_alerts ?? []).length > 0), `${alert}: no test where it fires`);
      assert.ok(own.some((each) => (each.exp_alerts ?? []).length === 0), `${alert}: no test where it does not fire (exp_alerts: [])`);
    }
    // An alert name the rules lack never fires, so its test would pass whatever the rules say.
    assert.deepEqual(cases.map((each) => each.alertname).filter((name) => !alertNames.includes(name)), []);
  });

  it('a fleet\'s alert fires once for three pods: each fleet-level rule has a test where three pods of one job and namespace fire one alert without instance', () => {
    assert.deepEqual(fleetRules, ['CalendarNextYearUnpublished', 'CalendarFleetVersionSkew', 'CalendarDataSourceFailing', 'CalendarDatasetExpiring']);
    for (const alert of fleetRules) {
      const shown = testFiles.flatMap(({ value }) =>
        value.tests.flatMap((group) => {
          const podsOf = (namespace: string): number =>
            new Set((group.input_series ?? []).filter(({ series }) => labelOf(series, 'namespace') === namespace).map(({ series }) => labelOf(series, 'instance'))).size;
          return (group.alert_rule_test ?? [])
            .filter((each) => each.alertname === alert)
            .flatMap((each) => each.exp_alerts ?? [])
            .filter(({ exp_labels: labels = {} }) => labels.instance === undefined && labels.pod === undefined && labels.namespace !== undefined && podsOf(labels.namespace) >= 3);
        }),
      );
      assert.ok(shown.length > 0, `${alert}: no test where three pods of a fleet fire one alert`);
    }
  });

  it('the rules and the tests\' series read only metrics the service exports (a writer\'s /metrics with sync and webhooks on, a reader\'s)', async () => {
    const writerConfig = readConfig({ SYNC_SOURCE: 'gov.cn' });
    // Never started: its state is the one before the first run, and it makes no request.
    const schedule = await syncScheduleOn(writerConfig.sync ?? assert.fail('sync settings'), mkdtempSync(join(tmpdir(), 'calendar-alerts-')));
    const reader = followOrigin(readConfig({ DATA_URL: 'http://127.0.0.1:1/dataset/' }).origin ?? assert.fail('a reader'), ANSWER_BYTES_BUILD, pino({ level: 'silent' }));
    const exported = new Set<string>();
    for (const sources of [{ sync: () => schedule.state(), webhooks: () => schedule.state().webhooks }, { origin: () => reader.state() }]) {
      const { app } = await buildTestApp({ sources });
      const scraped = await app.inject('/metrics').finally(() => app.close());
      for (const name of parseExposition(scraped.body).types.keys()) exported.add(name);
    }
    const read = metricsRead();
    assert.ok(read.some(({ name }) => name.startsWith(READER_METRICS)), 'CalendarDataSourceFailing reads the reader\'s metrics');
    assert.deepEqual(
      read.filter(({ name }) => !exported.has(name)),
      [],
      `metrics the service does not export (it does: ${[...exported].filter((name) => name.startsWith('calendar_')).join(', ')})`,
    );
  });
});

for (const { file, heading, noFor } of [
  { file: 'docs/operators.md', heading: 'Alerts', noFor: 'none' },
  { file: 'docs/operators.zh-CN.md', heading: '告警', noFor: '无' },
]) {
  describe(`${file}: the ${heading} section`, () => {
    const readme = readRepoFile(file);
    // The section runs to the next heading of its level, or to the end of the file.
    const section = new RegExp(`^## ${heading}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(readme)?.[1] ?? assert.fail(`${file} has no "## ${heading}" section`);

    it('names every alert, each with what to do', () => {
      for (const alert of alertNames) assert.match(section, new RegExp(`\\*\\*\`${alert}\`\\*\\*`), `${file}, ${heading}: **\`${alert}\`**`);
      assert.deepEqual((section.match(/\*\*`(Calendar\w+)`\*\*/g) ?? []).map((bold) => bold.slice(3, -3)).filter((name) => !alertNames.includes(name)), [], 'alerts the rules do not have');
    });

    it('the table of delays has one row per rule, in the rules\' order, each with the rule\'s own `for:`', () => {
      const rows = [...section.matchAll(/^\| `(Calendar\w+)` \| [^|]+ \| ([^|]+) \| [^|]+ \|$/gm)].map(([, alert = '', forCell = '']) => ({ alert, for: forCell.trim() }));
      assert.deepEqual(
        rows,
        rules.map((rule) => ({ alert: rule.alert, for: rule.for ?? noFor })),
      );
    });

    it('names the fleet\'s alerts, the rules aggregated by job and namespace, as firing once per fleet', () => {
      const fleetList = /(`Calendar\w+`(?:[、，,\s]+(?:and\s+|和 )?`Calendar\w+`)+)/.exec(section.slice(0, section.indexOf('|')))?.[1] ?? assert.fail('the list of the fleet\'s alerts');
      assert.deepEqual([...fleetList.matchAll(/`(Calendar\w+)`/g)].map(([, name]) => name), fleetRules);
    });
  });
}
