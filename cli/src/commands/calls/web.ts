import { UsageError } from '../../errors.ts';
import { readBody } from '../../input/body.ts';
import { createdColumn, idColumn, pick } from '../../output/columns.ts';
import { jsonFields } from '../../output/json-fields.ts';
import { printRecord } from '../../output/print.ts';
import { shapingFor } from '../../output/shape.ts';
import { withSpinner } from '../../output/spinner.ts';
import { idsForNames } from '../names.ts';
import type { Deps } from '../shared.ts';
import type { WebOpts } from './index.ts';

const webCallColumns = [
  idColumn,
  { header: 'STATUS', value: pick('status') },
  { header: 'URL', value: pick('webCallUrl') },
  createdColumn,
];

/** `calls web`: a web call for an assistant or squad; prints the URL to join it. */
export async function run(options: WebOpts, deps: Deps): Promise<void> {
  const shaping = await shapingFor(deps, options, jsonFields('calls'));
  if (Boolean(options.assistant) === Boolean(options.squad)) {
    throw new UsageError('pass exactly one of --assistant <id> or --squad <id>');
  }
  const { validateBody } = await import('../../gitops/schema.ts');
  const extra = await readBody(deps.io, options, (json) => validateBody('calls.createWeb', json), {
    required: false,
  });
  const [assistant, squad] = await idsForNames(deps, [
    { kind: 'assistants', flag: '--assistant', value: options.assistant },
    { kind: 'squads', flag: '--squad', value: options.squad },
  ]);
  const target = assistant ? { assistantId: assistant } : { squadId: squad };
  const body = { ...extra, ...target };
  if (options.dryRun)
    return (await import('../dry-run.ts')).dryRun(deps, options.json, (vapi) => vapi.calls.createWeb(body));
  const { vapi } = await deps.client();
  const call = await withSpinner(deps.io, 'Creating web call', () => vapi.calls.createWeb(body));
  await printRecord(deps, webCallColumns, call, shaping);
}
