/**
 * `voxdesk audit`: resources of the account no file stands for in this profile (made in the
 * dashboard, or left by a create that was never recorded) and resources of one kind that
 * share a name (made twice). Read-only.
 */
import type { Vapi } from '@voxdesk/sdk';
import { accountOrg } from './account.ts';
import { KINDS, type KindKey } from './kinds.ts';
import { listRemote, titleOf } from './remote.ts';
import type { State } from './state.ts';

export interface AuditFinding {
  kind: KindKey;
  name: string;
  /** The resources: one when untracked, several when duplicated. */
  ids: string[];
  /** Of `ids`, the ones a file stands for. */
  tracked: string[];
  problem: 'untracked' | 'duplicate';
}

export async function audit(
  vapi: Vapi,
  state: State,
): Promise<{ orgId: string | undefined; findings: AuditFinding[] }> {
  const findings: AuditFinding[] = [];
  const all = [];
  for (const kind of KINDS) {
    const records = [...(await listRemote(vapi, kind.key)).values()].sort(
      (a, b) => String(a.createdAt).localeCompare(String(b.createdAt)) || a.id.localeCompare(b.id),
    );
    all.push(...records);
    const byName = new Map<string, string[]>();
    for (const record of records) {
      const name = titleOf(kind.key, record);
      byName.set(name, [...(byName.get(name) ?? []), record.id]);
    }
    const isTracked = (id: string) => state.nameOf(kind.key, id) !== undefined;
    for (const [name, ids] of byName) {
      const tracked = ids.filter(isTracked);
      if (ids.length > 1) findings.push({ kind: kind.key, name, ids, tracked, problem: 'duplicate' });
      for (const id of ids.filter((one) => !isTracked(one)))
        findings.push({ kind: kind.key, name, ids: [id], tracked: [], problem: 'untracked' });
    }
  }
  return { orgId: await accountOrg(vapi, all), findings };
}
