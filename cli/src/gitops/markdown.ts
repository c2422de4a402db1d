/**
 * Markdown assistants: `assistants/<name>.md` holds the settings as YAML front matter
 * between `---` lines and the system prompt as the body, so a prompt reads and reviews as
 * prose. The body is `model.messages[0]` (`role: system`); the front matter is everything
 * else, in the same shape as a `.yaml` file.
 */
type Value = Record<string, unknown>;

const isObject = (value: unknown): value is Value =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text split at its front matter, or undefined when it has none. */
export function splitMarkdown(text: string): { front: string; body: string; bodyLine: number } | undefined {
  const open = /^---\r?\n/.exec(text);
  if (!open) return undefined;
  const close = /^---[ \t]*(?:\r?\n|$)/m;
  const rest = text.slice(open[0].length);
  const match = close.exec(rest);
  if (!match) return undefined;
  const front = rest.slice(0, match.index);
  const body = rest.slice(match.index + match[0].length);
  const bodyLine = text.slice(0, open[0].length + match.index + match[0].length).split('\n').length;
  return { front, body, bodyLine };
}

/** The resource of a Markdown file: the front matter with the body as its system prompt. */
export function withSystemPrompt(front: Value, body: string): Value {
  const model = isObject(front.model) ? front.model : {};
  const messages: unknown[] = Array.isArray(model.messages) ? (model.messages as unknown[]) : [];
  return { ...front, model: { ...model, messages: [{ role: 'system', content: body }, ...messages] } };
}

/** Whether the front matter already holds a system prompt (it must be the body). */
export function frontHasSystemPrompt(front: Value): boolean {
  const messages = isObject(front.model) ? front.model.messages : undefined;
  return (
    Array.isArray(messages) && messages.some((message) => isObject(message) && message.role === 'system')
  );
}

/**
 * The resource as front matter and body, when it can be written as Markdown: its first
 * message is a system prompt with text and nothing else.
 */
export function toMarkdownParts(value: Value): { front: Value; body: string } | undefined {
  const model = value.model;
  if (!isObject(model) || !Array.isArray(model.messages)) return undefined;
  const [first, ...others] = model.messages as unknown[];
  if (!isObject(first) || first.role !== 'system' || typeof first.content !== 'string') return undefined;
  if (Object.keys(first).some((key) => key !== 'role' && key !== 'content')) return undefined;
  const { messages: _messages, ...modelRest } = model;
  const nextModel = others.length ? { ...modelRest, messages: others } : modelRest;
  // Keys keep their order; `model` stays where it was.
  const front = Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === 'model' ? nextModel : inner]),
  );
  return { front, body: first.content };
}

/** A Markdown file's text from its front matter text and body. */
export function markdownText(frontText: string, body: string): string {
  return `---\n${frontText}---\n${body}`;
}
