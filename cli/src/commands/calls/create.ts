import { CliError, UsageError } from '../../errors.ts';
import { readBody } from '../../input/body.ts';
import { E164_MESSAGE, isE164 } from '../../input/e164.ts';
import { jsonFields } from '../../output/json-fields.ts';
import { printRecord } from '../../output/print.ts';
import { shapingFor } from '../../output/shape.ts';
import { withSpinner } from '../../output/spinner.ts';
import { resourceSpec } from '../resources/catalog.ts';
import { idsForNames } from '../names.ts';
import type { Deps } from '../shared.ts';
import type { CreateOpts } from './index.ts';

/** `calls create`: checks every flag and the body, resolves names, then places the call. */
export async function run(options: CreateOpts, deps: Deps): Promise<void> {
  const shaping = await shapingFor(deps, options, jsonFields('calls'));
  const { workflow, phoneNumber, to } = options;
  // --phone-number and --to are required flags; an empty value is still possible.
  for (const [flag, value] of [
    ['--assistant', options.assistant],
    ['--squad', options.squad],
    ['--workflow', workflow],
    ['--phone-number', phoneNumber],
  ] as const)
    if (value === '') throw new UsageError(`${flag} needs a value`);
  if (!phoneNumber) throw new UsageError('--phone-number <id> is required');
  if (!to || !isE164(to)) throw new UsageError(`--to ${E164_MESSAGE}`);
  if (options.watch && (options.jq !== undefined || options.template !== undefined))
    throw new UsageError('--watch prints events: use --json (one event per line) and pipe it to jq');
  // Who takes the call: exactly one of the three.
  if ([options.assistant, options.squad, workflow].filter(Boolean).length !== 1)
    throw new UsageError('pass exactly one of --assistant <id>, --squad <id> or --workflow <id>');
  const { validateBody } = await import('../../gitops/schema.ts');
  const extra = await readBody(deps.io, options, (json) => validateBody('calls.create', json), {
    required: false,
  });
  // Names are accepted for ids (`--assistant Reception`): looked up once every input is checked.
  const [assistant, squad] = await idsForNames(deps, [
    { kind: 'assistants', flag: '--assistant', value: options.assistant },
    { kind: 'squads', flag: '--squad', value: options.squad },
  ]);
  const target = assistant
    ? { assistantId: assistant }
    : squad
      ? { squadId: squad }
      : { workflowId: workflow };
  const base = extra ?? {};
  const customer = { ...(base.customer as Record<string, unknown> | undefined), number: to };
  const body = { ...base, ...target, phoneNumberId: phoneNumber, customer };
  if (options.dryRun)
    return (await import('../dry-run.ts')).dryRun(deps, options.json, (vapi) => vapi.calls.create(body));
  const { vapi } = await deps.client();
  const call = await withSpinner(deps.io, `Calling ${to}`, () => vapi.calls.create(body));
  if (options.watch) {
    // One customer: a call, not a batch (`customers`), so it has an id.
    const id = 'id' in call && typeof call.id === 'string' ? call.id : undefined;
    if (!id) throw new CliError('Vapi answered without a call id: nothing to watch');
    // stdout carries the watch events alone (as `calls watch`), so scripts read one stream.
    deps.io.stderr.write(`Placed call ${id} to ${to}; watching (Ctrl-C stops watching, not the call)\n`);
    const { followCall } = await import('./watch.ts');
    const { interval, maxOutage } = options;
    return followCall(deps, vapi, id, {
      interval,
      maxOutage,
      shaping: options.json !== undefined ? { kind: 'json' } : { kind: 'table' },
    });
  }
  await printRecord(deps, resourceSpec('calls').columns, call, shaping);
}
