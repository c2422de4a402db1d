/**
 * docs/endpoints.md: one row per operation of the SDK's `operations` table, with the SDK
 * method, the CLI commands that reach it and whether Vapi deprecates it.
 */
import { operations, type Operation } from '@voxdesk/sdk';
import { code, generatedNotice, inline, table } from './markdown.ts';

/** `vapi.testSuites.runs.get(testSuiteId, id)`, with the body or query argument. */
export function sdkCall(op: Operation): string {
  const args: string[] = [...op.params];
  if (op.body === 'json' || op.body === 'json?') args.push(op.body === 'json' ? 'body' : 'body?');
  else if (op.body === 'multipart') args.push('file');
  if (op.query !== 'none') args.push(op.query === 'required' ? 'query' : 'query?');
  const call = `vapi.${op.id}(${args.join(', ')})`;
  if (op.paging === 'none') return code(call);
  const iterate = op.id.replace(/list$/, 'iterate');
  return `${code(call)}<br>${code(`vapi.${iterate}(${[...op.params, 'query?'].join(', ')})`)}`;
}

/** `voxdesk api GET /assistant/<id>`: the CLI's generic command reaches every row. */
export const apiUsage = (op: Operation) =>
  `voxdesk api ${op.method} ${op.path.replace(/\{(\w+)\}/g, '<$1>')}`;

function notes(op: Operation): string {
  const notes: string[] = [];
  if (op.paging === 'v1') notes.push('list, newest first (limit + createdAt cursor)');
  if (op.paging === 'pages') notes.push('paged list (page, results + metadata)');
  if (op.body === 'multipart') notes.push('multipart upload');
  if (op.download) notes.push('file download (302 to a short-lived URL), returns the Response');
  if (op.auth === 'none') notes.push('no Authorization header');
  for (const [name, value] of Object.entries(op.headers)) notes.push(`sends ${name}: ${value}`);
  if (op.notes) notes.push(op.notes);
  return notes.join('; ');
}

/**
 * @param commands dedicated CLI commands by operation id (e.g. `assistants.list` →
 *   `voxdesk assistants list`), shown before the generic `voxdesk api` form.
 */
export function endpointsPage(commands: ReadonlyMap<string, string>): string {
  const rows = operations.map((op, index) => [
    String(index + 1),
    op.method,
    code(op.path),
    sdkCall(op),
    [commands.get(op.id), apiUsage(op)]
      .filter((usage): usage is string => Boolean(usage))
      .map(code)
      .join('<br>'),
    op.deprecated ? 'yes' : '',
    inline(notes(op)),
  ]);
  const deprecated = operations.filter((op) => op.deprecated).length;
  return `# Endpoints

${generatedNotice('the SDK operation rows (sdk/api/operations.tsv) and the CLI commands')}

The SDK covers ${operations.length} Vapi operations (${deprecated} of them deprecated by Vapi). Each is a
method of \`new Vapi(…)\`, callable by id as \`invoke(vapi, id, …args)\` and as a function of \`@voxdesk/sdk/fn\` too, and reachable from the
command line with \`voxdesk api METHOD PATH\`; the common resources also have their own
commands (see the [CLI reference](cli.md)).

Arguments: path parameters first (strings), then the JSON \`body\`, the upload (\`file\`) or the
\`query\` object, then optional [request options](errors-and-retries.md#per-request-options).
Lists marked as such also have an \`iterate\` method that walks every page
([pagination](pagination.md)).

${table(['#', 'Method', 'Path', 'SDK method', 'CLI', 'Deprecated', 'Notes'], rows)}
`;
}
