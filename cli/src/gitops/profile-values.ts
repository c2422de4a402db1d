/**
 * `<dir>/profiles/<profile>.yaml`: what differs between accounts that share one folder.
 * `values` fill `${NAME}` placeholders in any field (the environment wins, so CI secrets
 * stay out of git); `credentials` map the credential names files use to this account's ids
 * (dev's credential id never reaches prod: prod resolves the name through its own file).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { FolderProblems, NAME_PATTERN, writeAtomic, type FileProblem } from './files.ts';

export const PROFILES_DIR = 'profiles';

export interface ProfileValues {
  /** `vapi/profiles/staging.yaml`, as shown to the user. */
  path: string;
  /** The file's text ('' when there is none): saved plans hash it with the folder. */
  text: string;
  values: Record<string, string>;
  /** Credential name → this account's credential id. */
  credentials: Record<string, string>;
}

const VALUE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function profileValuesPath(dir: string, profile: string): string {
  return join(dir, PROFILES_DIR, `${profile}.yaml`);
}

async function readText(path: string): Promise<string> {
  return readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
}

/** The profile's values and credentials (both empty when it has no file); every problem at once. */
export async function readProfileValues(dir: string, profile: string): Promise<ProfileValues> {
  const path = profileValuesPath(dir, profile);
  const text = await readText(path);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const problems: FileProblem[] = [];
  const at = (keys: string[], message: string) => {
    const node = doc.getIn(keys, true) as { range?: [number, number] } | undefined;
    const line = node?.range ? lines.linePos(node.range[0]).line : undefined;
    problems.push({ path, ...(line ? { line } : {}), field: keys.join('.'), message });
  };
  if (doc.errors.length) {
    const [error] = doc.errors;
    throw new FolderProblems([
      {
        path,
        line: lines.linePos(error?.pos[0] ?? 0).line,
        field: '',
        message: `invalid YAML: ${error?.message.split('\n')[0]}`,
        syntax: true,
      },
    ]);
  }
  const root: unknown = doc.toJS() ?? {};
  const out: ProfileValues = { path, text, values: {}, credentials: {} };
  if (!isObject(root))
    throw new FolderProblems([
      { path, line: 1, field: '', message: 'must be a mapping with values: and credentials:' },
    ]);
  for (const key of Object.keys(root))
    if (key !== 'values' && key !== 'credentials')
      at([key], 'is not a field of a profile file (values, credentials)');
  const section = (
    key: 'values' | 'credentials',
    check: (name: string, value: unknown) => string | undefined,
  ) => {
    const map = root[key];
    if (map === undefined || map === null) return;
    if (!isObject(map)) return at([key], 'must be a mapping (NAME: value lines)');
    for (const [name, value] of Object.entries(map)) {
      const problem = check(name, value);
      if (problem) at([key, name], problem);
      else out[key][name] = value as string;
    }
  };
  section('values', (name, value) =>
    !VALUE_NAME.test(name)
      ? 'is not a variable name (letters, digits, _)'
      : typeof value !== 'string'
        ? 'must be a string (placeholders are replaced by text; quote numbers)'
        : undefined,
  );
  section('credentials', (name, value) =>
    !NAME_PATTERN.test(name)
      ? 'credential names are lower-case letters, digits and dashes'
      : typeof value !== 'string' || value === ''
        ? "must be the credential's id in this account"
        : undefined,
  );
  if (problems.length) throw new FolderProblems(problems);
  return out;
}

/** The placeholders' values for this profile: the file's, then the environment's over them. */
export function envWith(
  profile: Pick<ProfileValues, 'values'>,
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = { ...profile.values };
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && value !== '') merged[name] = value;
  return merged;
}

/**
 * Adds credential names `pull` met for the first time to the profile file, keeping its
 * comments and order; the file is written only when something was added.
 */
export async function addCredentials(
  profile: ProfileValues,
  added: Record<string, string>,
): Promise<boolean> {
  const fresh = Object.entries(added).filter(([name]) => !(name in profile.credentials));
  if (fresh.length === 0) return false;
  const doc: Document = parseDocument(profile.text);
  if (!isObject(doc.toJS())) doc.contents = doc.createNode({});
  for (const [name, id] of fresh) {
    doc.setIn(['credentials', name], id);
    profile.credentials[name] = id;
  }
  profile.text = doc.toString({ lineWidth: 0 });
  await writeAtomic(profile.path, profile.text);
  return true;
}
