/**
 * The plan for people and machines: coloured and indented on a terminal, unified-diff-like
 * when piped (review it like a patch), JSON with `--json`.
 */
import { diffLines } from 'diff';
import { palette } from '../output/color.ts';
import type { FieldChange } from './convert.ts';
import { fieldName, newFileText } from './files.ts';
import { kindOf } from './kinds.ts';
import { accountLine, changeCount, driftCount, type Plan, type PlanItem } from './plan.ts';

export function summary(plan: Plan): string {
  const count = (action: PlanItem['action']) => plan.items.filter((item) => item.action === action).length;
  const parts = [
    `${count('create')} to create`,
    `${count('update')} to update`,
    `${count('delete')} to delete`,
  ];
  if (count('rename')) parts.push(`${count('rename')} to rename`);
  if (count('adopt')) parts.push(`${count('adopt')} to adopt`);
  const orphans = count('orphan');
  const drift = driftCount(plan);
  return `Plan: ${parts.join(', ')}; ${count('unchanged')} unchanged.${
    orphans ? ` ${orphans} without a file kept (apply --prune deletes ${orphans === 1 ? 'it' : 'them'}).` : ''
  }${drift ? ` ${drift} field${drift === 1 ? '' : 's'} ${OUTSIDE} (apply --overwrite replaces them; pull takes them).` : ''}`;
}

/** How a field the account changed since the last pull or apply is labelled. */
export const OUTSIDE = 'changed outside voxdesk';

/** What an item does, in words, after its label. */
function actionText(item: PlanItem): string {
  if (item.action === 'rename') return `rename from ${item.from}`;
  if (item.action === 'orphan') return 'no file; kept (apply --prune deletes it)';
  if (item.action === 'adopt') return `adopt ${item.id}: made before but not recorded`;
  if (item.action === 'create' && item.sameName)
    return `create; the account has an untracked one of that name, ${item.sameName.id} (apply --adopt takes it over)`;
  return item.action;
}

const show = (value: unknown) => JSON.stringify(value);

/** A value as lines: multi-line text line by line, anything else as JSON. */
function linesOf(value: unknown): string[] {
  return typeof value === 'string' && value.includes('\n')
    ? value.replace(/\n$/, '').split('\n')
    : [show(value)];
}

const isText = (value: unknown) => typeof value === 'string' && value.includes('\n');

/**
 * A change as signed lines. Text (a prompt) is diffed line by line: unchanged lines are
 * context (` `), so a one-line edit of a long prompt shows one `-` and one `+`.
 */
export function changeLines(change: FieldChange): Array<[sign: ' ' | '-' | '+', line: string]> {
  if ('before' in change && 'after' in change && (isText(change.before) || isText(change.after))) {
    const [before, after] = [change.before, change.after].map((value) =>
      typeof value === 'string' ? `${value.replace(/\n$/, '')}\n` : `${show(value)}\n`,
    ) as [string, string];
    return diffLines(before, after).flatMap((part) =>
      part.value
        .replace(/\n$/, '')
        .split('\n')
        .map((line): [' ' | '-' | '+', string] => [part.added ? '+' : part.removed ? '-' : ' ', line]),
    );
  }
  return [
    ...('before' in change ? linesOf(change.before).map((line): ['-', string] => ['-', line]) : []),
    ...('after' in change ? linesOf(change.after).map((line): ['+', string] => ['+', line]) : []),
  ];
}

/** How a plan names an item's file (`assistants/receptionist.md` for a Markdown assistant). */
const fileLabel = (item: PlanItem) => `${item.label}${item.file?.markdown ? '.md' : '.yaml'}`;

/** The terminal view: one line per resource, changed fields below it. */
export function renderPretty(plan: Plan, color: boolean): string {
  const c = palette(color);
  const out: string[] = [];
  const mark: Record<PlanItem['action'], string> = {
    create: c.green('+'),
    update: c.yellow('~'),
    rename: c.yellow('→'),
    adopt: c.yellow('⇐'),
    delete: c.red('-'),
    orphan: c.dim('!'),
    unchanged: c.dim('='),
  };
  out.push(c.dim(`Plan for ${accountLine(plan)}:`));
  for (const item of plan.items) {
    if (item.action === 'unchanged') continue;
    out.push(`  ${mark[item.action]} ${c.bold(item.label)} ${c.dim(`(${actionText(item)})`)}`);
    for (const change of item.changes) out.push(...prettyChange(change, c));
  }
  if (out.length > 1) out.push('');
  out.push(summary(plan));
  return `${out.join('\n')}\n`;
}

function prettyChange(change: FieldChange, c: ReturnType<typeof palette>): string[] {
  const out = [
    `      ${fieldName(change.path) || '(whole resource)'}:${change.outside ? ` ${c.yellow(`(${OUTSIDE})`)}` : ''}`,
  ];
  for (const [sign, line] of changeLines(change))
    out.push(
      `        ${sign === '-' ? c.red(`- ${line}`) : sign === '+' ? c.green(`+ ${line}`) : c.dim(`  ${line}`)}`,
    );
  return out;
}

/** Piped: a patch per resource, `---` the account, `+++` the folder, a hunk per field. */
export function renderUnified(plan: Plan, color = false): string {
  const out: string[] = [`# ${accountLine(plan)}`];
  for (const item of plan.items) {
    const where = fileLabel(item);
    switch (item.action) {
      case 'create':
        if (item.sameName) out.push(`# ${where}: ${actionText(item)}`);
        out.push('--- /dev/null', `+++ ${where} (create)`);
        out.push(
          ...(item.file?.markdown ? item.file.text : newFileText(item.file?.value ?? {}))
            .replace(/\n$/, '')
            .split('\n')
            .map((line) => `+${line}`),
        );
        break;
      case 'update':
        out.push(`--- ${where} (account, ${item.id})`, `+++ ${where} (update)`);
        for (const change of item.changes) {
          out.push(
            `@@ ${fieldName(change.path) || '(whole resource)'} @@${change.outside ? ` ${OUTSIDE}` : ''}`,
          );
          for (const [sign, line] of changeLines(change)) out.push(`${sign}${line}`);
        }
        break;
      case 'rename':
        out.push(`--- ${kindOf(item.kind).dir}/${item.from}.yaml`, `+++ ${where} (rename, ${item.id})`);
        break;
      case 'delete':
        out.push(`--- ${where} (delete, ${item.id})`, '+++ /dev/null');
        break;
      case 'adopt':
        out.push(`# ${where}: ${actionText(item)}`);
        for (const change of item.changes) {
          out.push(`@@ ${fieldName(change.path) || '(whole resource)'} @@`);
          for (const [sign, line] of changeLines(change)) out.push(`${sign}${line}`);
        }
        break;
      case 'orphan':
        out.push(`# ${where}: no file; kept (apply --prune deletes ${item.id})`);
        break;
      case 'unchanged':
        break;
    }
  }
  out.push(`# ${summary(plan)}`);
  return `${(color ? out.map(colorLine) : out).join('\n')}\n`;
}

/** As git colours a patch (CI logs show ANSI colour: CLICOLOR_FORCE or --color always). */
function colorLine(line: string): string {
  const c = palette(true);
  if (line.startsWith('---') || line.startsWith('+++')) return c.bold(line);
  if (line.startsWith('@@')) return c.dim(line);
  if (line.startsWith('+')) return c.green(line);
  if (line.startsWith('-')) return c.red(line);
  return line;
}

export function planJson(plan: Plan): Record<string, unknown> {
  return {
    profile: plan.profile,
    orgId: plan.orgId ?? null,
    baseUrl: plan.baseUrl,
    changes: changeCount(plan),
    outside: driftCount(plan),
    resources: plan.items.map((item) => ({
      kind: item.kind,
      file: fileLabel(item),
      action: item.action,
      ...(item.id ? { id: item.id } : {}),
      ...(item.from ? { from: item.from } : {}),
      ...(item.sameName ? { sameName: item.sameName.id } : {}),
      ...(item.action === 'update' || item.action === 'adopt'
        ? {
            fields: item.changes.map((change) => ({
              path: fieldName(change.path),
              ...('before' in change ? { before: change.before } : {}),
              ...('after' in change ? { after: change.after } : {}),
              ...(change.outside ? { outside: true } : {}),
            })),
          }
        : {}),
    })),
  };
}
