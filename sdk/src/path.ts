import { VapiArgumentError } from './errors.ts';

/** `.` and `..` as a URL parser reads them, literal or percent-encoded (`%2e`, `%2E%2e`). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * The one way a method builds its path: `path\`/assistant/${id}\``. Each parameter must be a
 * non-empty string that is not a dot segment (a URL parser would resolve `..` and send the
 * request elsewhere); it is then percent-encoded, so `/` and `?` stay inside the segment.
 * Throws `VapiArgumentError` before anything is sent.
 */
export function path(strings: TemplateStringsArray, ...values: string[]): string {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const template = strings.join('{…}');
    if (typeof value !== 'string' || value === '') {
      const got = typeof value === 'string' ? 'an empty string' : String(value);
      throw new VapiArgumentError(
        `Path parameter ${i + 1} of ${template} must be a non-empty string (got ${got}). Pass the id of an existing record.`,
      );
    }
    if (DOT_SEGMENT.test(value)) {
      throw new VapiArgumentError(
        `Path parameter ${i + 1} of ${template} is "${value}", a dot segment that would change which endpoint is called. Pass the id of an existing record.`,
      );
    }
    out += encodeURIComponent(value) + (strings[i + 1] ?? '');
  });
  return out;
}
