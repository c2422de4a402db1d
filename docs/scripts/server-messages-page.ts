/**
 * docs/server-messages.md: every message Vapi sends to a server URL, with its fields and, for
 * request-style messages, the answer it expects — from the OpenAPI schemas the SDK's webhook
 * types are generated from.
 */
import {
  messageSchemas,
  summary,
  type MessageSchema,
  type WebhookDocument,
} from '../../sdk/scripts/webhook-types.ts';
import { code, generatedNotice, inline, table } from './markdown.ts';

interface Property {
  type?: string;
  description?: string;
  enum?: unknown[];
  items?: Property;
  $ref?: string;
  oneOf?: Property[];
  allOf?: Property[];
  anyOf?: Property[];
}
interface ObjectSchema {
  properties?: Record<string, Property>;
  required?: string[];
}

/** A short type for a table cell: `Call`, `string[]`, `"queued" \| "ringing"`. */
function typeOf(p: Property): string {
  if (p.$ref) return p.$ref.replace('#/components/schemas/', '');
  const union = p.oneOf ?? p.anyOf;
  if (union) {
    const names = union.map(typeOf);
    return names.length > 4 ? `one of ${names.length} schemas` : names.join(' | ');
  }
  if (p.allOf?.length === 1) return typeOf(p.allOf[0]!);
  if (p.enum) {
    const values = p.enum.map((v) => JSON.stringify(v));
    return values.length > 6
      ? `${values.slice(0, 4).join(' | ')} | … (${values.length} values)`
      : values.join(' | ');
  }
  if (p.type === 'array') return `${p.items ? typeOf(p.items) : 'unknown'}[]`;
  return p.type ?? 'unknown';
}

function firstSentence(text = ''): string {
  const paragraph = text
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ')
    .trim();
  const match = /^(.+?[.!?])(\s|$)/.exec(paragraph);
  return match ? match[1]! : paragraph;
}

function fieldsTable(schema: ObjectSchema, skip: string[] = []): string {
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties ?? {})
    .filter(([name]) => !skip.includes(name))
    .map(([name, p]) => [
      code(name),
      inline(code(typeOf(p))),
      required.has(name) ? 'yes' : '',
      inline(firstSentence(p.description)),
    ]);
  return rows.length ? table(['Field', 'Type', 'Required', 'Description'], rows) : '_No fields._';
}

const anchor = (type: string) => type.replace(/[^a-z0-9-]/gi, '').toLowerCase();

function section(doc: WebhookDocument, m: MessageSchema): string {
  const schemas = doc.components.schemas as Record<string, ObjectSchema>;
  const parts = [
    `## ${code(m.types[0]!)}`,
    inline(summary(m.description)) +
      (m.types.length > 1 ? ` Also sent as ${m.types.slice(1).map(code).join(', ')}.` : ''),
    `Schema \`${m.name}\`. ${m.response ? `**Expects an answer** (\`${m.response}\`).` : 'A notification: any 2xx answer will do.'}`,
    fieldsTable(schemas[m.name]!, ['type']),
  ];
  if (m.response) parts.push(`### Answer to ${code(m.types[0]!)}`, fieldsTable(schemas[m.response]!));
  return parts.join('\n\n');
}

export function serverMessagesPage(doc: WebhookDocument): string {
  const messages = messageSchemas(doc);
  const requests = messages.filter((m) => m.response);
  const index = messages.map((m) => [
    m.types.map((t) => `[${code(t)}](#${anchor(m.types[0]!)})`).join(' / '),
    m.response ? 'yes' : '',
    inline(firstSentence(summary(m.description))),
  ]);
  return `# Server messages

${generatedNotice("Vapi's OpenAPI document (the schemas sdk/scripts/webhook-types.ts reads)")}

Vapi posts these ${messages.length} messages to your server URL as \`{ "message": { "type": … } }\`.
${requests.length} of them expect an answer in the response body; the others are notifications.
\`@voxdesk/sdk/webhooks\` types each one (\`ServerMessages['status-update']\`) and each answer
(\`ServerMessageResponses['tool-calls']\`); see the [webhooks guide](webhooks.md) to receive them.
Every message also carries \`timestamp\`, \`call\`, \`assistant\`, \`customer\` and \`phoneNumber\` when
they apply (listed in each table).

${table(['Type', 'Expects an answer', 'Sent'], index)}

${messages.map((m) => section(doc, m)).join('\n\n')}
`;
}
