/**
 * A squad's transfer destinations name assistants by their `name` (`assistantDestinations[]
 * .assistantName`), not by file: a plan that renames an assistant would leave such a
 * destination pointing at nothing, and calls would fail to transfer. Flagged, with its line.
 */
import { fieldName, lineOf, type FileProblem, type LocalFile } from './files.ts';
import type { PlanItem } from './plan.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function staleAssistantNames(items: PlanItem[], files: LocalFile[]): FileProblem[] {
  const renamed = new Map<string, { to: string; label: string }>();
  for (const item of items) {
    if (item.kind !== 'assistants' || item.action !== 'update') continue;
    const change = item.changes.find((entry) => entry.path.length === 1 && entry.path[0] === 'name');
    if (typeof change?.before === 'string' && typeof change.after === 'string')
      renamed.set(change.before, { to: change.after, label: item.label });
  }
  if (renamed.size === 0) return [];
  // Another assistant may carry the old name now: then the destination still resolves.
  const names = new Set(files.filter((file) => file.kind === 'assistants').map((file) => file.value.name));
  const problems: FileProblem[] = [];
  for (const file of files) {
    if (file.kind !== 'squads' || !Array.isArray(file.value.members)) continue;
    file.value.members.forEach((member: unknown, index) => {
      if (!isObject(member) || !Array.isArray(member.assistantDestinations)) return;
      member.assistantDestinations.forEach((destination: unknown, at) => {
        const name = isObject(destination) ? destination.assistantName : undefined;
        const rename = typeof name === 'string' && !names.has(name) ? renamed.get(name) : undefined;
        if (!rename) return;
        const path = ['members', index, 'assistantDestinations', at, 'assistantName'];
        problems.push({
          path: file.path,
          line: lineOf(file, path),
          field: fieldName(path),
          message: `names assistant "${String(name)}", which this plan renames to "${rename.to}" (${rename.label}); write the new name`,
        });
      });
    });
  }
  return problems;
}
