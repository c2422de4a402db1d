/**
 * The folder of YAML files: one per resource, `<dir>/<kind>/<name>.yaml`. Parsed with the
 * `yaml` library's Document API, which keeps comments and key order when a file is
 * rewritten, and knows the line of every node for error messages.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Document,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Node as YamlNode,
  type Pair,
} from 'yaml';
import { closest } from '../input/suggest.ts';
import { deepEqual } from './convert.ts';
import { KINDS, type KindKey } from './kinds.ts';
import {
  frontHasSystemPrompt,
  markdownText,
  splitMarkdown,
  toMarkdownParts,
  withSystemPrompt,
} from './markdown.ts';
import type { Path } from './schema.ts';

export interface LocalFile {
  kind: KindKey;
  /** The file name without `.yaml`: how other files refer to this resource. */
  name: string;
  /** `vapi/tools/book-appointment.yaml`, as shown to the user. */
  path: string;
  /** The file's text as read (saved plans hash it). */
  text: string;
  doc: Document;
  lines: LineCounter;
  /** The resource, without the file's own `profiles:` key. */
  value: Record<string, unknown>;
  /** `profiles: [production]`: only these profiles manage the file (absent: every profile). */
  profiles?: string[];
  /** An eval's `target: assistants/receptionist`: what `eval run` runs it against. */
  target?: EvalTarget;
  /** The file's own keys, not sent (`profiles`, an eval's `target`): pull writes them back. */
  own: Record<string, unknown>;
  /** A Markdown assistant: `doc` is its front matter, the body its system prompt. */
  markdown?: { bodyLine: number; frontLine: number };
}

export interface EvalTarget {
  kind: 'assistants' | 'squads';
  name: string;
}

/** `assistants/receptionist` or `squads/front-desk`. */
const TARGET_PATTERN = /^(assistants|squads)\/([a-z0-9][a-z0-9-]*)$/;

/** An eval with no `type` is a mock conversation (the only type Vapi has). */
const EVAL_TYPE = 'chat.mockConversation';

/** Whether `profile` manages `file` (a file scoped to other profiles is left alone). */
export const inScope = (file: Pick<LocalFile, 'profiles'>, profile: string): boolean =>
  !file.profiles || file.profiles.includes(profile);

/** One thing wrong with a file, at a line when it has one. */
export interface FileProblem {
  path: string;
  line?: number;
  /** `model.messages[0].content`, or empty for the whole file. */
  field: string;
  message: string;
  /** The file is not YAML at all (exit 2: nothing could be read, nothing was sent). */
  syntax?: boolean;
}

export class FolderProblems extends Error {
  readonly problems: FileProblem[];

  constructor(problems: FileProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'FolderProblems';
    this.problems = problems;
  }
}

export function formatProblem(problem: FileProblem): string {
  const where = problem.line ? `${problem.path}:${problem.line}` : problem.path;
  return `${where}: ${problem.field ? `${problem.field}: ` : ''}${problem.message}`;
}

/** `model.messages[0].content` */
export function fieldName(path: Path): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key),
    '',
  );
}

/** File names are slugs: lower-case letters, digits and dashes. */
export const NAME_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'unnamed'
  );
}

export function filePath(dir: string, kind: KindKey, name: string): string {
  const folder = KINDS.find((entry) => entry.key === kind)?.dir as string;
  return join(dir, folder, `${name}.yaml`);
}

/** Every `*.yaml` file of the folder, parsed; problems (bad YAML, bad names) collected. */
export async function readFolder(
  dir: string,
  kinds: readonly KindKey[],
): Promise<{ files: LocalFile[]; problems: FileProblem[]; names: Set<string> }> {
  const files: LocalFile[] = [];
  const problems: FileProblem[] = [];
  // `kind:name` of every file found, readable or not (a broken file still exists for references).
  const names = new Set<string>();
  problems.push(...(await strayEntries(dir)));
  for (const kind of kinds) {
    const folder = join(dir, KINDS.find((entry) => entry.key === kind)?.dir as string);
    const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    for (const entry of entries.sort()) {
      const path = join(folder, entry);
      if (entry.endsWith('.yml')) {
        problems.push({ path, field: '', message: 'rename it to .yaml (only .yaml files are read)' });
        continue;
      }
      const markdown = entry.endsWith('.md');
      if (markdown && kind !== 'assistants') {
        problems.push({
          path,
          field: '',
          message: 'only assistants can be Markdown files; write it as .yaml',
        });
        continue;
      }
      if (!entry.endsWith('.yaml') && !markdown) continue;
      const name = entry.slice(0, markdown ? -'.md'.length : -'.yaml'.length);
      if (names.has(`${kind}:${name}`)) {
        problems.push({
          path,
          field: '',
          message: `${name}.yaml is the same resource; keep one of the two files`,
        });
        continue;
      }
      names.add(`${kind}:${name}`);
      if (!NAME_PATTERN.test(name)) {
        problems.push({
          path,
          field: '',
          message: `file names are lower-case letters, digits and dashes (e.g. ${slugify(name)}.yaml)`,
        });
        continue;
      }
      const text = await readFile(path, 'utf8');
      const parts = markdown ? splitMarkdown(text) : undefined;
      if (markdown && !parts) {
        problems.push({
          path,
          line: 1,
          field: '',
          message: 'a Markdown assistant starts with its settings as YAML front matter between --- lines',
        });
        continue;
      }
      const lines = new LineCounter();
      const doc = parseDocument(parts ? parts.front : text, {
        lineCounter: lines,
        prettyErrors: false,
        uniqueKeys: true,
      });
      // Front matter lines are counted from the line after the opening `---`.
      const offset = parts ? 1 : 0;
      if (doc.errors.length) {
        for (const error of doc.errors) {
          problems.push({
            path,
            line:
              offset + startLine(parts ? parts.front : text, error.message, lines.linePos(error.pos[0]).line),
            field: '',
            message: `invalid YAML: ${error.message.split('\n')[0]}`,
            syntax: true,
          });
        }
        continue;
      }
      const value: unknown = parts ? (doc.toJS() ?? {}) : doc.toJS();
      if (value === null || value === undefined) {
        problems.push({ path, field: '', message: 'the file is empty; delete it or describe the resource' });
        continue;
      }
      if (typeof value !== 'object' || Array.isArray(value)) {
        problems.push({
          path,
          line: 1,
          field: '',
          message: 'a resource file holds one mapping (key: value lines)',
        });
        continue;
      }
      if (parts && frontHasSystemPrompt(value as Record<string, unknown>)) {
        problems.push({
          path,
          line: 1,
          field: 'model.messages',
          message: 'the system prompt is the body of a Markdown assistant; remove it from the front matter',
        });
        continue;
      }
      const { profiles, ...rest } = value as Record<string, unknown>;
      // Only an eval's `target` is the file's own; elsewhere it is a field like any other.
      const { target: evalTarget, ...evalFields } = rest;
      const own = kind === 'evals' ? evalFields : rest;
      const target = kind === 'evals' ? evalTarget : undefined;
      if (kind === 'evals' && own.type === undefined) own.type = EVAL_TYPE;
      const resource = parts ? withSystemPrompt(own, parts.body) : own;
      const keyLine = (key: string) =>
        offset + lines.linePos((doc.get(key, true) as YamlNode | undefined)?.range?.[0] ?? 0).line;
      const targetMatch = typeof target === 'string' ? TARGET_PATTERN.exec(target) : null;
      if (target !== undefined && !targetMatch) {
        problems.push({
          path,
          line: keyLine('target'),
          field: 'target',
          message: 'must name the file it runs against, e.g. assistants/receptionist or squads/front-desk',
        });
        continue;
      }
      if (
        profiles !== undefined &&
        (!Array.isArray(profiles) ||
          profiles.length === 0 ||
          profiles.some((profile) => typeof profile !== 'string' || profile === ''))
      ) {
        problems.push({
          path,
          line: keyLine('profiles'),
          field: 'profiles',
          message: 'must be a list of profile names, e.g. [production]',
        });
        continue;
      }
      files.push({
        kind,
        name,
        path,
        text,
        doc,
        lines,
        value: resource,
        ...(profiles ? { profiles: profiles as string[] } : {}),
        ...(targetMatch
          ? { target: { kind: targetMatch[1] as EvalTarget['kind'], name: targetMatch[2] as string } }
          : {}),
        own: {
          ...(profiles === undefined ? {} : { profiles }),
          ...(target === undefined ? {} : { target }),
        },
        ...(parts ? { markdown: { bodyLine: parts.bodyLine, frontLine: offset } } : {}),
      });
    }
  }
  return { files, problems, names };
}

/**
 * Folders that are no kind (`assistant/`, a typo, would be skipped silently, and so every
 * file in it) and YAML files outside a kind folder.
 */
async function strayEntries(dir: string): Promise<FileProblem[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const folders = KINDS.map((kind) => kind.dir as string);
  const out: FileProblem[] = [];
  for (const entry of entries) {
    // `profiles/` holds each profile's values and credential ids (profile-values.ts).
    if (entry.name.startsWith('.') || (entry.name === 'profiles' && entry.isDirectory())) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !folders.includes(entry.name)) {
      const near = closest(entry.name, folders);
      out.push({
        path,
        field: '',
        message: `is not a kind folder${near ? ` (did you mean ${near}?)` : ''}; the folders are ${folders.join(', ')}`,
      });
    } else if (entry.isFile() && /\.ya?ml$/.test(entry.name)) {
      out.push({
        path,
        field: '',
        message: `is outside a kind folder; move it into one of ${folders.join(', ')}`,
      });
    }
  }
  return out;
}

/**
 * Where a YAML error starts: the parser reports an unclosed quote or bracket where it gave
 * up (often the end of the file); the line that opened it is the one to fix.
 */
function startLine(text: string, message: string, reported: number): number {
  const opener = /Missing closing (["'])quote/.exec(message)?.[1] ?? /end with a ([\]}])/.exec(message)?.[1];
  if (!opener) return reported;
  const [open, close] = opener === ']' ? ['[', ']'] : opener === '}' ? ['{', '}'] : [opener, opener];
  const lines = text.split('\n').slice(0, reported);
  for (const [index, line] of lines.entries()) {
    const count = (char: string) => line.split(char).length - 1;
    const unbalanced = open === close ? count(open) % 2 === 1 : count(open) > count(close);
    if (unbalanced) return index + 1;
  }
  return reported;
}

/** The line of the node at `path`, or of its nearest ancestor that exists. */
export function lineOf(file: LocalFile, path: Path): number | undefined {
  if (file.markdown) {
    // The system prompt is the body; the front matter's messages start one index lower.
    const [model, messages, index, ...rest] = path;
    const inMessages = model === 'model' && messages === 'messages' && typeof index === 'number';
    if (inMessages && index === 0) return file.markdown.bodyLine;
    const front = inMessages ? ['model', 'messages', index - 1, ...rest] : path;
    const line = frontLineOf(file, front);
    return line === undefined ? undefined : line + file.markdown.frontLine;
  }
  return frontLineOf(file, path);
}

function frontLineOf(file: LocalFile, path: Path): number | undefined {
  for (let length = path.length; length >= 0; length -= 1) {
    const prefix = path.slice(0, length);
    const node = (prefix.length ? file.doc.getIn(prefix, true) : file.doc.contents) as YamlNode | undefined;
    // For a field that is missing or unknown, its parent's key line is the useful one.
    const keyNode = prefix.length ? pairKey(file, prefix) : undefined;
    const range = keyNode?.range ?? node?.range;
    if (range) return file.lines.linePos(range[0]).line;
  }
  return undefined;
}

function pairKey(file: LocalFile, path: Path): YamlNode | undefined {
  const parent = path.length > 1 ? file.doc.getIn(path.slice(0, -1), true) : file.doc.contents;
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === path.at(-1));
  return pair && isScalar(pair.key) ? pair.key : undefined;
}

/** Write options: long lines stay whole, multi-line text is a `|` block. */
const TO_STRING = { lineWidth: 0, blockQuote: 'literal' } as const;

/** A new file's text for `value` (keys already in the order to write). */
export function newFileText(value: Record<string, unknown>): string {
  return new Document(value).toString(TO_STRING);
}

/**
 * `file` rewritten to hold `value`: unchanged scalars keep their node (and comment), keys
 * keep their place, new keys are added at the end of their mapping.
 */
export function syncedFileText(file: LocalFile, value: Record<string, unknown>): string {
  // Nothing to change: the file's own bytes (the yaml library would respace comments).
  const held = { ...file.own, ...file.value };
  if (deepEqual(held, value)) return file.text;
  if (file.markdown) {
    const parts = toMarkdownParts(value);
    if (!parts) throw new Error(`${file.path}: the assistant's first message is not a system prompt`);
    return markdownText(syncedYaml(file, parts.front), parts.body);
  }
  return syncedYaml(file, value);
}

/** A document's text, written as every file is. */
export const yamlText = (doc: Document): string => doc.toString(TO_STRING);

function syncedYaml(file: LocalFile, value: Record<string, unknown>): string {
  file.doc.contents = sync(file.doc, file.doc.contents, value) as never;
  return file.doc.toString(TO_STRING);
}

/** Whether `syncedFileText` can write `value` into `file` (a Markdown file needs a system prompt first). */
export const canSync = (file: LocalFile, value: Record<string, unknown>): boolean =>
  !file.markdown || toMarkdownParts(value) !== undefined;

/** A new assistant with a system prompt is written as Markdown: its path and its text. */
export function newResourceFile(
  dir: string,
  kind: KindKey,
  name: string,
  value: Record<string, unknown>,
): { path: string; text: string } {
  const parts = kind === 'assistants' ? toMarkdownParts(value) : undefined;
  if (!parts) return { path: filePath(dir, kind, name), text: newFileText(value) };
  const path = filePath(dir, kind, name).replace(/\.yaml$/, '.md');
  return { path, text: markdownText(newFileText(parts.front), parts.body) };
}

function sync(doc: Document, node: YamlNode | null, value: unknown): unknown {
  if (isMap(node) && isPlainObject(value)) {
    const keep = new Set(Object.keys(value));
    node.items = node.items.filter((pair: Pair) => isScalar(pair.key) && keep.has(String(pair.key.value)));
    for (const [key, inner] of Object.entries(value)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === key);
      if (pair) pair.value = sync(doc, pair.value as YamlNode | null, inner);
      else node.items.push(doc.createPair(key, inner));
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    node.items = node.items.slice(0, value.length);
    value.forEach((inner, index) => {
      if (index < node.items.length)
        node.items[index] = sync(doc, node.items[index] as YamlNode | null, inner);
      else node.items.push(doc.createNode(inner));
    });
    return node;
  }
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    // The node (and the comment on it) stays; a multi-line string is written as a block.
    if (node.value !== value) {
      node.value = value;
      if (typeof value === 'string' && value.includes('\n')) node.type = 'BLOCK_LITERAL';
      else if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') delete node.type;
    }
    return node;
  }
  return doc.createNode(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Writes through a temporary file and a rename, so an interrupted run leaves no half file. */
export async function writeAtomic(path: string, text: string): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
