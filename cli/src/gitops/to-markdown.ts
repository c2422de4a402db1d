/**
 * `voxdesk convert`: assistant files written as `.yaml` become Markdown (front matter and
 * the system prompt as the body). Pull never changes a file's form on its own, so this is
 * the operator's step. Comments and key order of the settings are kept; the resource is
 * the same before and after (checked by reading the new text back), so the state and the
 * account are not touched.
 */
import { deepEqual } from './convert.ts';
import { readFolder, removeFile, writeAtomic, yamlText, type LocalFile } from './files.ts';
import { markdownText, splitMarkdown, toMarkdownParts, withSystemPrompt } from './markdown.ts';
import { parseDocument } from 'yaml';

export interface Converted {
  from: string;
  to: string;
}

export interface NotConverted {
  path: string;
  reason: string;
}

/** Markdown text for a `.yaml` assistant file, or why it cannot be. */
export function markdownOf(file: LocalFile): { text: string } | { reason: string } {
  const parts = toMarkdownParts(file.value);
  if (!parts)
    return { reason: 'its first message is not a system prompt (text only), which the body would be' };
  const doc = file.doc.clone();
  doc.deleteIn(['model', 'messages', 0]);
  const rest = doc.getIn(['model', 'messages']) as { items?: unknown[] } | undefined;
  if (rest?.items?.length === 0) doc.deleteIn(['model', 'messages']);
  const text = markdownText(yamlText(doc), parts.body);
  // Read back: the Markdown file must hold exactly the resource the YAML file held.
  const split = splitMarkdown(text);
  const front = (split ? parseDocument(split.front).toJS() : undefined) as
    Record<string, unknown> | undefined;
  const { profiles: _scope, ...own } = front ?? {};
  if (!split || !deepEqual(withSystemPrompt(own, split.body), file.value))
    return { reason: 'it would not read back as the same assistant; convert it by hand' };
  return { text };
}

export async function convertToMarkdown(
  dir: string,
  names: string[] | undefined,
): Promise<{ converted: Converted[]; skipped: NotConverted[]; unknown: string[] }> {
  const { files } = await readFolder(dir, ['assistants']);
  const unknown = (names ?? []).filter((name) => !files.some((file) => file.name === name));
  const converted: Converted[] = [];
  const skipped: NotConverted[] = [];
  for (const file of files) {
    if (file.markdown || (names && !names.includes(file.name))) continue;
    const result = markdownOf(file);
    if ('reason' in result) {
      skipped.push({ path: file.path, reason: result.reason });
      continue;
    }
    const to = file.path.replace(/\.yaml$/, '.md');
    await writeAtomic(to, result.text);
    await removeFile(file.path);
    converted.push({ from: file.path, to });
  }
  return { converted, skipped, unknown };
}
