import { UsageError } from '../errors.ts';
import type { OutputFormat } from '../factory.ts';
import type { StoredConfig } from '../config.ts';

/** The output flags every command that prints an API object takes (as gh's). */
export interface OutputFlags {
  /** `--json` (true) or `--json id,name`. */
  json?: boolean | string;
  jq?: string;
  template?: string;
}

/** How to print: the default table, or JSON (all fields or some), then jq or a template. */
export type Shaping =
  | { kind: 'table' }
  | { kind: 'json'; fields?: string[] }
  | { kind: 'jq'; expression: string; fields?: string[] }
  | { kind: 'template'; template: string; fields?: string[] };

/**
 * Reads the output flags before anything is sent: an unknown field is a usage error (exit 2)
 * that lists the valid ones; `--jq` and `--template` exclude each other and imply JSON.
 */
export function shapingOf(flags: OutputFlags, validFields?: readonly string[]): Shaping {
  let fields: string[] | undefined;
  if (typeof flags.json === 'string') {
    fields = flags.json
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean);
    const unknown = validFields ? fields.filter((field) => !validFields.includes(field)) : [];
    if (unknown.length > 0) {
      throw new UsageError(
        `unknown JSON field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `"${f}"`).join(', ')}; valid fields: ${[...validFields!].sort().join(', ')}`,
      );
    }
  }
  if (flags.jq !== undefined && flags.template !== undefined)
    throw new UsageError('use either --jq or --template, not both');
  const some = fields && fields.length > 0 ? { fields } : {};
  if (flags.jq !== undefined) return { kind: 'jq', expression: flags.jq, ...some };
  if (flags.template !== undefined) return { kind: 'template', template: flags.template, ...some };
  if (flags.json !== undefined && flags.json !== false) return { kind: 'json', ...some };
  return { kind: 'table' };
}

/** Keeps only the chosen fields of an object, or of each object in a list. */
export function pickFields(data: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields) return data;
  const one = (item: unknown) =>
    item && typeof item === 'object'
      ? Object.fromEntries(
          fields
            .filter((field) => field in item)
            .map((field) => [field, (item as Record<string, unknown>)[field]]),
        )
      : item;
  return Array.isArray(data) ? data.map(one) : one(data);
}

/** `VOXDESK_FORMAT`, checked: unset or empty is no choice. */
function formatFromEnv(env: Record<string, string | undefined>): OutputFormat | undefined {
  const value = env.VOXDESK_FORMAT;
  if (value === undefined || value === '') return undefined;
  if (value === 'table' || value === 'json') return value;
  throw new UsageError(`VOXDESK_FORMAT must be table or json (got "${value}"); unset it for the default`);
}

/**
 * As shapingOf, with a default when no output flag is given, first found of: `--format`,
 * `VOXDESK_FORMAT`, `voxdesk config set output`, then a table. A script that parses TSV sets
 * `--format table` (or the variable) so a user's config cannot change what it reads.
 */
export async function shapingFor(
  defaults: {
    format?: OutputFormat | undefined;
    env: Record<string, string | undefined>;
    settings(): Promise<StoredConfig>;
  },
  flags: OutputFlags,
  validFields?: readonly string[],
): Promise<Shaping> {
  const shaping = shapingOf(flags, validFields);
  if (shaping.kind !== 'table' || flags.json === false) return shaping;
  const format = defaults.format ?? formatFromEnv(defaults.env) ?? (await defaults.settings()).output;
  return format === 'json' ? { kind: 'json' } : shaping;
}
