import { UsageError } from '../errors.js';
import type { Config } from '../memory/config.js';
import { open, type Ctx, type Result } from './context.js';

export interface ConfigData {
  path: string | null;
  key: string | null;
  value: unknown;
}

/** Shows the effective configuration (file merged over defaults), or one `section.key`. */
export async function config(ctx: Ctx, opts: { key?: string }): Promise<Result<ConfigData>> {
  const o = open(ctx);
  let value: unknown = o.config;
  if (opts.key) {
    const [section, key, ...rest] = opts.key.split('.');
    // Own keys only: `__proto__` or `constructor` is a key of every object, not of the configuration.
    const sections = o.config as unknown as Record<string, Record<string, unknown>>;
    const sec = Object.hasOwn(sections, section!) ? sections[section!] : undefined;
    if (!sec || rest.length || (key !== undefined && !Object.hasOwn(sec, key))) {
      throw new UsageError(`unknown config key: ${JSON.stringify(opts.key)}`, `keys: ${listKeys(o.config).join(', ')}`);
    }
    value = key === undefined ? sec : sec[key];
  }
  return { data: { path: o.configPath, key: opts.key ?? null, value }, warnings: o.warnings };
}

function listKeys(c: Config): string[] {
  return Object.entries(c).flatMap(([s, v]) => Object.keys(v as object).map((k) => `${s}.${k}`));
}
