/**
 * Which Vapi account (organisation) a token opens, and the guard that a folder's state for
 * a profile is only ever pulled into or applied to the account its ids came from. Every
 * Vapi record carries `orgId`; an empty account answers `GET /org` with its own org.
 */
import { VapiError, type Vapi } from '@voxdesk/sdk';
import { CliError } from '../errors.ts';
import type { RemoteRecord } from './remote.ts';
import type { Account, State } from './state.ts';

/** The org of the records listed, else the one org `GET /org` answers; undefined if neither says. */
export async function accountOrg(vapi: Vapi, records: Iterable<RemoteRecord>): Promise<string | undefined> {
  for (const record of records) if (typeof record.orgId === 'string' && record.orgId) return record.orgId;
  // A key that may not list orgs (403) says nothing about whose it is: no answer, no guard.
  const orgs = (await vapi.orgs.list().catch((error: unknown) => {
    if (error instanceof VapiError && error.status >= 400 && error.status < 500) return [];
    throw error;
  })) as Array<{ id?: unknown }>;
  return orgs.length === 1 && typeof orgs[0]?.id === 'string' ? orgs[0].id : undefined;
}

/** The token opens another account than the one the state's ids belong to. */
export class AccountMismatch extends CliError {
  constructor(message: string) {
    super(message);
    this.name = 'AccountMismatch';
  }
}

/**
 * Refuses (before anything is written) when the token's org is not the one the state
 * records for the profile, or, for a state written before orgs were recorded, when none of
 * its ids is in the account. Otherwise records the account (org and base URL).
 */
export function checkAccount(
  state: State,
  seen: { orgId: string | undefined; baseUrl: string; ids: Set<string> },
): Account | undefined {
  const recorded = state.account();
  const where = `profile "${state.profile}" in ${state.path}`;
  if (recorded && seen.orgId && recorded.orgId !== seen.orgId)
    throw new AccountMismatch(
      `this token opens org ${seen.orgId} at ${seen.baseUrl}, but the folder's ${where} belongs to org ${recorded.orgId} (${recorded.baseUrl}); ` +
        'nothing was written. Check --profile, VAPI_TOKEN and VAPI_BASE_URL, or use another profile for that account',
    );
  if (!recorded) {
    const known = state.allIds();
    if (known.length > 0 && !known.some((id) => seen.ids.has(id)))
      throw new AccountMismatch(
        `none of the ${known.length} resources the folder's ${where} records is in this account${seen.orgId ? ` (org ${seen.orgId})` : ''}; ` +
          'nothing was written. Check --profile, VAPI_TOKEN and VAPI_BASE_URL',
      );
  }
  if (seen.orgId) state.setAccount({ orgId: seen.orgId, baseUrl: recorded?.baseUrl ?? seen.baseUrl });
  return state.account();
}
