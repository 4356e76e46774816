/**
 * Reading settings: environment variables, or a command's flags of the same meaning, as text. One
 * reader per kind of value, so that every setting is trimmed, defaulted and refused alike: an
 * invalid value stops the start with a message naming the setting, never a silent default
 * (docs/operators.md, "Configuration").
 */

/** Settings as text, by name: `process.env`, or a command's flags put under the same names. */
export type SettingValues = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The setting's text, trimmed; undefined when it is unset or blank. */
export function textSetting(values: SettingValues, name: string): string | undefined {
  const value = values[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** A whole number from `min` to `max` in plain digits, or `fallback` when unset. */
export function integerSetting(values: SettingValues, name: string, range: { readonly fallback: number; readonly min: number; readonly max: number }): number {
  const text = textSetting(values, name);
  if (text === undefined) return range.fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < range.min || value > range.max) throw new ConfigError(`${name} must be an integer from ${range.min} to ${range.max}, not "${text}"`);
  return value;
}

/** One of `allowed`, or `fallback` when unset. */
export function choiceSetting<Choice extends string>(values: SettingValues, name: string, allowed: readonly Choice[], fallback: Choice): Choice {
  const text = textSetting(values, name);
  if (text === undefined) return fallback;
  const choice = allowed.find((candidate) => candidate === text);
  if (choice === undefined) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, not "${text}"`);
  return choice;
}

/** An absolute http(s) URL, or undefined when unset. */
export function httpUrlSetting(values: SettingValues, name: string): string | undefined {
  const text = textSetting(values, name);
  return text === undefined ? undefined : httpUrl(name, text);
}

/** `text` if it is an absolute http(s) URL; else the error naming the setting it came from. */
export function httpUrl(name: string, text: string): string {
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw new ConfigError(`${name} must be an absolute http(s) URL, not "${text}"`);
  return text;
}
