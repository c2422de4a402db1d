import type { Command } from 'commander';
import { CliError, UsageError } from '../errors.ts';
import type { Factory } from '../factory.ts';
import { readBody } from '../input/body.ts';
import { E164_MESSAGE, isE164 } from '../input/e164.ts';
import { createdColumn, idColumn, pick } from '../output/columns.ts';
import { jsonFields } from '../output/json-fields.ts';
import { printRecord } from '../output/print.ts';
import { shapingFor, type OutputFlags } from '../output/shape.ts';
import { withSpinner } from '../output/spinner.ts';
import { resourceSpec } from './resources/catalog.ts';
import { idsForNames } from './names.ts';
import { globalsOf } from './shared.ts';

type Flags = {
  assistant?: string;
  phoneNumber?: string;
  to?: string;
  squad?: string;
  workflow?: string;
  data?: string;
  file?: string;
  dryRun?: boolean;
  watch?: boolean;
  interval: number;
  maxOutage: number;
} & OutputFlags;

export async function createPhoneCall(factory: Factory, command: Command): Promise<void> {
  const options = command.opts<Flags>();
  const shaping = await shapingFor(factory, options, jsonFields('calls'));
  const { workflow, phoneNumber, to } = options;
  // commander makes --phone-number and --to required; an empty value is still possible.
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
  const { validateBody } = await import('../gitops/schema.ts');
  const extra = await readBody(factory.io, options, (json) => validateBody('calls.create', json), {
    required: false,
  });
  // Names are accepted for ids (`--assistant Reception`): looked up once every input is checked.
  const [assistant, squad] = await idsForNames(factory, command, [
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
    return (await import('./dry-run.ts')).dryRun(factory, command, (vapi) => vapi.calls.create(body));
  const { vapi } = await factory.getClient(globalsOf(command));
  const call = await withSpinner(factory.io, `Calling ${to}`, () => vapi.calls.create(body));
  if (options.watch) {
    // One customer: a call, not a batch (`customers`), so it has an id.
    const id = 'id' in call && typeof call.id === 'string' ? call.id : undefined;
    if (!id) throw new CliError('Vapi answered without a call id: nothing to watch');
    // stdout carries the watch events alone (as `calls watch`), so scripts read one stream.
    factory.io.stderr.write(`Placed call ${id} to ${to}; watching (Ctrl-C stops watching, not the call)\n`);
    const { followCall } = await import('./watch-run.ts');
    const { interval, maxOutage } = options;
    return followCall(factory, vapi, id, {
      interval,
      maxOutage,
      json: options.json !== undefined && options.json !== false,
    });
  }
  await printRecord(factory, resourceSpec('calls').columns, call, shaping);
}

const webCallColumns = [
  idColumn,
  { header: 'STATUS', value: pick('status') },
  { header: 'URL', value: pick('webCallUrl') },
  createdColumn,
];

export async function createWebCall(factory: Factory, command: Command): Promise<void> {
  const options = command.opts<Flags>();
  const shaping = await shapingFor(factory, options, jsonFields('calls'));
  if (Boolean(options.assistant) === Boolean(options.squad)) {
    throw new UsageError('pass exactly one of --assistant <id> or --squad <id>');
  }
  const { validateBody } = await import('../gitops/schema.ts');
  const extra = await readBody(factory.io, options, (json) => validateBody('calls.createWeb', json), {
    required: false,
  });
  const [assistant, squad] = await idsForNames(factory, command, [
    { kind: 'assistants', flag: '--assistant', value: options.assistant },
    { kind: 'squads', flag: '--squad', value: options.squad },
  ]);
  const target = assistant ? { assistantId: assistant } : { squadId: squad };
  const body = { ...extra, ...target };
  if (options.dryRun)
    return (await import('./dry-run.ts')).dryRun(factory, command, (vapi) => vapi.calls.createWeb(body));
  const { vapi } = await factory.getClient(globalsOf(command));
  const call = await withSpinner(factory.io, 'Creating web call', () => vapi.calls.createWeb(body));
  await printRecord(factory, webCallColumns, call, shaping);
}
