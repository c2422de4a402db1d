import { CliError, UsageError } from '../../errors.ts';
import { readBody } from '../../input/body.ts';
import { jsonFields } from '../../output/json-fields.ts';
import { printRecord } from '../../output/print.ts';
import { shapingFor } from '../../output/shape.ts';
import { withSpinner } from '../../output/spinner.ts';
import { resourceSpec } from '../resources/catalog.ts';
import { bodySchemas, phoneCallFlags } from '../resources/schemas.ts';
import { idsForNames } from '../names.ts';
import type { Deps } from '../shared.ts';
import type { CreateOpts } from './index.ts';

const flagNames: Record<string, string> = {
  assistant: '--assistant',
  squad: '--squad',
  workflow: '--workflow',
  phoneNumber: '--phone-number',
  to: '--to',
};

/** `calls create`: checks every flag and the body, resolves names, then places the call. */
export async function run(options: CreateOpts, deps: Deps): Promise<void> {
  const shaping = await shapingFor(deps, options, jsonFields('calls'));
  const parsed = phoneCallFlags.safeParse(options);
  if (!parsed.success) {
    // why: zod reports at least one issue whenever parsing fails.
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`${flagNames[String(issue.path[0])] ?? issue.path.join('.')} ${issue.message}`);
  }
  const { workflow, phoneNumber, to } = parsed.data;
  if (options.watch && (options.jq !== undefined || options.template !== undefined))
    throw new UsageError('--watch prints events: use --json (one event per line) and pipe it to jq');
  // Who takes the call: exactly one of the three.
  if ([parsed.data.assistant, parsed.data.squad, workflow].filter(Boolean).length !== 1)
    throw new UsageError('pass exactly one of --assistant <id>, --squad <id> or --workflow <id>');
  const extra = await readBody(deps.io, options, bodySchemas('calls').create, { required: false });
  // Names are accepted for ids (`--assistant Reception`): looked up once every input is checked.
  const [assistant, squad] = await idsForNames(deps, [
    { kind: 'assistants', flag: '--assistant', value: parsed.data.assistant },
    { kind: 'squads', flag: '--squad', value: parsed.data.squad },
  ]);
  const target = assistant
    ? { assistantId: assistant }
    : squad
      ? { squadId: squad }
      : { workflowId: workflow };
  const base = (extra ?? {}) as Record<string, unknown>;
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
      json: options.json !== undefined,
    });
  }
  await printRecord(deps, resourceSpec('calls').columns, call, shaping);
}
