/*
 * A reader for the Prometheus text exposition format (version 0.0.4), written here so that tests
 * read /metrics as a scraper would, not through prom-client.
 */

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Exposition {
  readonly samples: readonly Sample[];
  /** `# TYPE` of each metric family. */
  readonly types: ReadonlyMap<string, string>;
  /** Families that have a `# HELP` line. */
  readonly helped: ReadonlySet<string>;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/y;

export function parseExposition(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const helped = new Set<string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const comment = /^#\s+(HELP|TYPE)\s+(\S+)\s*(.*)$/.exec(line);
    if (comment) {
      const [, kind, name = '', rest = ''] = comment;
      if (kind === 'TYPE') types.set(name, rest.trim());
      else helped.add(name);
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`not a Prometheus sample line: ${JSON.stringify(line)}`);
    const [, name = '', labelText = '', valueText = ''] = match;
    samples.push({ name, labels: parseLabels(labelText, line), value: parseValue(valueText, line) });
  }
  return { samples, types, helped };
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const at = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (match === null) {
      if (text.slice(at).trim() === '') break;
      throw new Error(`bad labels in ${JSON.stringify(line)}`);
    }
    const [, name = '', value = ''] = match;
    labels[name] = value.replace(/\\(.)/g, (_all, escaped: string) => (escaped === 'n' ? '\n' : escaped));
  }
  return labels;
}

/** A sample value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any letter case). */
function parseValue(text: string, line: string): number {
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Number.POSITIVE_INFINITY;
  if (lower === '-inf') return Number.NEGATIVE_INFINITY;
  if (lower === 'nan') return Number.NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`bad value in ${JSON.stringify(line)}`);
  return value;
}

/** The samples of `name` whose labels include every given label (exactly those values). */
export function samplesOf(exposition: Exposition, name: string, labels: Readonly<Record<string, string>> = {}): Sample[] {
  return exposition.samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );
}

/**
 * The value of the one sample of `name` with exactly these labels (no others), or 0 when there is
 * none (a counter not yet incremented); throws when several match.
 */
export function valueOf(exposition: Exposition, name: string, labels: Readonly<Record<string, string>> = {}): number {
  const matching = samplesOf(exposition, name, labels).filter((sample) => Object.keys(sample.labels).length === Object.keys(labels).length);
  if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]?.value ?? 0;
}
