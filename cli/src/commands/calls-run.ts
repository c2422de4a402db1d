import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, UsageError } from '../errors.ts';
import type { Factory } from '../factory.ts';
import { readBody } from '../input/body.ts';
import { createdColumn, idColumn, pick } from '../output/columns.ts';
import { jsonFields } from '../output/json-fields.ts';
import { printRecord } from '../output/print.ts';
import { shapingFor, type OutputFlags } from '../output/shape.ts';
import { withSpinner } from '../output/spinner.ts';
import { resourceSpec } from './resources/catalog.ts';
import { bodySchemas, phoneCallFlags } from './resources/schemas.ts';
import { idsForNames } from './names.ts';
import { globalsOf } from './shared.ts';

const flagNames: Record<string, string> = {
  assistant: '--assistant',
  squad: '--squad',
  workflow: '--workflow',
  phoneNumber: '--phone-number',
  to: '--to',
};

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
  const extra = await readBody(factory.io, options, bodySchemas('calls').create, { required: false });
  // Names are accepted for ids (`--assistant Reception`): looked up once every input is checked.
  const [assistant, squad] = await idsForNames(factory, command, [
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
      shaping: options.json !== undefined && options.json !== false ? { kind: 'json' } : { kind: 'table' },
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
  const extra = await readBody(factory.io, options, z.looseObject({}), { required: false });
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
