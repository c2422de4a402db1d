/**
 * Saved plans: `diff --out plan.json` writes the plan with hashes of the files and of the
 * account it was made from; `apply plan.json` plans again and applies only when both hashes
 * (and the account and profile) are the same, so what runs is exactly what was reviewed.
 */
import { readFile } from 'node:fs/promises';
import { CliError } from '../errors.ts';
import type { Plan } from './plan.ts';
import { planJson } from './render.ts';

const FORMAT = 'voxdesk-plan';

export interface SavedPlan {
  format: typeof FORMAT;
  version: 1;
  /** The folder, as an absolute path. */
  dir: string;
  prune: boolean;
  /** `diff --only`: the plan was limited to these files (apply applies only them). */
  only?: string;
  profile: string;
  orgId: string | null;
  baseUrl: string;
  fingerprint: Plan['fingerprint'];
  plan: unknown;
}

export function savedPlanOf(plan: Plan, dir: string, prune: boolean, only?: string): SavedPlan {
  return {
    format: FORMAT,
    version: 1,
    dir,
    prune,
    ...(only ? { only } : {}),
    profile: plan.profile,
    orgId: plan.orgId ?? null,
    baseUrl: plan.baseUrl,
    fingerprint: plan.fingerprint,
    plan: planJson(plan),
  };
}

export async function readSavedPlan(path: string): Promise<SavedPlan> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`cannot read the plan ${path}: ${error.code ?? error.message}`);
  });
  let saved: SavedPlan;
  try {
    saved = JSON.parse(text) as SavedPlan;
  } catch {
    throw new CliError(
      `${path} is not a saved plan (not JSON); make one with \`voxdesk diff --out ${path}\``,
    );
  }
  if (
    saved?.format !== FORMAT ||
    saved.version !== 1 ||
    typeof saved.dir !== 'string' ||
    (saved.only !== undefined && typeof saved.only !== 'string') ||
    typeof saved.fingerprint?.files !== 'string' ||
    typeof saved.fingerprint?.account !== 'string'
  )
    throw new CliError(`${path} is not a saved plan; make one with \`voxdesk diff --out ${path}\``);
  return saved;
}

/** Why a saved plan no longer describes what apply would do, or undefined when it still does. */
export function staleSavedPlan(saved: SavedPlan, now: Plan): string | undefined {
  if (saved.profile !== now.profile)
    return `was made for profile "${saved.profile}", this run uses "${now.profile}"`;
  if ((saved.orgId ?? undefined) !== now.orgId)
    return `was made for org ${saved.orgId}, this token opens org ${now.orgId ?? '(unknown)'}`;
  if (saved.fingerprint.files !== now.fingerprint.files) return 'the files changed since the plan was saved';
  if (saved.fingerprint.account !== now.fingerprint.account)
    return 'the account changed since the plan was saved';
  return undefined;
}
