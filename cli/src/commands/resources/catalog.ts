import { createdColumn, idColumn, pick, type Column } from '../../output/columns.ts';

export type Verb = 'list' | 'get' | 'create' | 'update' | 'replace' | 'delete';

/** The CLI's view of one API resource; the generic commands are built from it. */
export interface ResourceSpec {
  /** Command name, e.g. `phone-numbers`. */
  name: string;
  /** For messages: "Deleted phone number …". */
  singular: string;
  /**
   * Collection path, e.g. `/phone-number`: the path of the SDK's `list` row, written out so
   * that `--help` loads no SDK code (catalog.test.ts ties each path to its row).
   */
  path: string;
  /** Property of the SDK client: `vapi.phoneNumbers`. */
  sdk: 'assistants' | 'calls' | 'tokens' | 'phoneNumbers' | 'squads' | 'tools' | 'files' | 'knowledgeBases';
  description: string;
  verbs: readonly Verb[];
  columns: readonly Column[];
  /** Columns for one object (get, create, update) when they differ from the list's. */
  recordColumns?: readonly Column[];
  /**
   * How `list` pages: v1 (limit + createdAt cursor, the SDK's `iterate`); `query` (takes
   * the same limit and createdAt bounds, though its row has no paging kind); both go
   * through the SDK's v1 pager. `none`: one answer with everything.
   */
  listing: 'v1' | 'query' | 'none';
  /**
   * Query fields of the `list` row that get a flag of their own (`files list --purpose`);
   * a test ties them to the document's parameters of the row's operation.
   */
  listFlags?: readonly { field: string; help: string }[];
  /** `field=value` for the `list --filter` example. */
  listFilterExample?: string;
  /** A small valid create body for the help text. */
  createExample?: string;
  updateExample: string;
}

const name: Column = { header: 'NAME', value: pick('name'), flexible: true };

/** `provider/id` of a nested object such as `model` or `voice`, skipping a missing half. */
function providerAnd(object: string, id: string): Column['value'] {
  const provider = pick(`${object}.provider`);
  const value = pick(`${object}.${id}`);
  return (item) => [provider(item), value(item)].filter(Boolean).join('/');
}

const tag: Column = { header: 'TAG', value: pick('tag'), drop: 1 };
const model: Column = { header: 'MODEL', value: providerAnd('model', 'model'), drop: 1 };

/** What a call list shows; one call adds more (`recordColumns`). */
const callColumns: readonly Column[] = [
  idColumn,
  { header: 'TYPE', value: pick('type'), drop: 1 },
  { header: 'STATUS', value: pick('status'), whole: true },
  { header: 'CUSTOMER', value: pick('customer.number'), whole: true },
  { header: 'ASSISTANT', value: pick('assistantId'), drop: 2 },
];

export const resources: readonly ResourceSpec[] = [
  {
    name: 'assistants',
    singular: 'assistant',
    path: '/assistant',
    sdk: 'assistants',
    description: 'Voice assistants: model, voice, transcriber and first message.',
    verbs: ['list', 'get', 'create', 'update', 'replace', 'delete'],
    columns: [idColumn, name, model, createdColumn],
    recordColumns: [
      idColumn,
      name,
      model,
      { header: 'VOICE', value: providerAnd('voice', 'voiceId') },
      { header: 'FIRST MESSAGE', value: pick('firstMessage') },
      createdColumn,
      { header: 'UPDATED', value: pick('updatedAt'), time: true },
    ],
    listing: 'v1',
    createExample: `{"name":"Reception","firstMessage":"Hello!","model":{"provider":"openai","model":"gpt-4o"}}`,
    updateExample: `{"firstMessage":"Thanks for calling"}`,
  },
  {
    name: 'calls',
    singular: 'call',
    path: '/call',
    sdk: 'calls',
    description: 'Phone and web calls: place, list, inspect, update and delete.',
    verbs: ['list', 'get', 'update', 'delete'],
    columns: [...callColumns, createdColumn],
    // One call: also why it ended, what it cost and where the recording is.
    recordColumns: [
      ...callColumns,
      { header: 'ENDED', value: pick('endedReason') },
      { header: 'COST', value: pick('cost') },
      {
        header: 'RECORDING',
        value: (item) => pick('recordingUrl')(item) ?? pick('artifact.recordingUrl')(item),
      },
      createdColumn,
    ],
    listing: 'v1',
    listFilterExample: 'assistantId=<id> --filter createdAtGt=2026-11-01',
    updateExample: `{"name":"Follow-up"}`,
  },
  {
    name: 'tokens',
    singular: 'token',
    path: '/token',
    sdk: 'tokens',
    description: 'API tokens (private and public keys) of the organisation.',
    verbs: ['list', 'get', 'create', 'update', 'delete'],
    columns: [idColumn, name, tag, createdColumn],
    // The key itself shows only for one token (e.g. right after create), never in a list.
    recordColumns: [idColumn, name, tag, { header: 'VALUE', value: pick('value') }, createdColumn],
    listing: 'query',
    createExample: `{"name":"ci","tag":"private"}`,
    updateExample: `{"name":"ci-2"}`,
  },
  {
    name: 'phone-numbers',
    singular: 'phone number',
    path: '/phone-number',
    sdk: 'phoneNumbers',
    description: 'Phone numbers bought through or imported into Vapi.',
    verbs: ['list', 'get', 'create', 'update', 'delete'],
    columns: [
      idColumn,
      { header: 'NUMBER', value: (item) => pick('number')(item) ?? pick('sipUri')(item), whole: true },
      { header: 'PROVIDER', value: pick('provider'), drop: 1 },
      name,
      { header: 'STATUS', value: pick('status'), whole: true },
      createdColumn,
    ],
    listing: 'v1',
    createExample: `{"provider":"vapi","name":"Front desk"}`,
    updateExample: `{"assistantId":"<assistant id>"}`,
  },
  {
    name: 'squads',
    singular: 'squad',
    path: '/squad',
    sdk: 'squads',
    description: 'Squads: several assistants handing a call to each other.',
    verbs: ['list', 'get', 'create', 'update', 'delete'],
    columns: [
      idColumn,
      name,
      { header: 'MEMBERS', value: (item) => (Array.isArray(item.members) ? item.members.length : '') },
      createdColumn,
    ],
    listing: 'v1',
    createExample: `{"name":"Front desk","members":[{"assistantId":"<id>"}]}`,
    updateExample: `{"name":"Front desk (after hours)"}`,
  },
  {
    name: 'tools',
    singular: 'tool',
    path: '/tool',
    sdk: 'tools',
    description: 'Tools assistants can call: functions, transfers, end call and more.',
    verbs: ['list', 'get', 'create', 'update', 'delete'],
    columns: [
      idColumn,
      { header: 'TYPE', value: pick('type') },
      { header: 'NAME', value: (item) => pick('function.name')(item) ?? pick('name')(item), flexible: true },
      createdColumn,
    ],
    listing: 'v1',
    createExample: `{"type":"function","function":{"name":"book_appointment"}}`,
    updateExample: `{"function":{"name":"book_visit"}}`,
  },
  {
    name: 'files',
    singular: 'file',
    path: '/file',
    sdk: 'files',
    description: 'Files for knowledge bases; `files create <path>` uploads one.',
    verbs: ['list', 'get', 'update', 'delete'],
    columns: [
      idColumn,
      name,
      { header: 'STATUS', value: pick('status'), whole: true },
      { header: 'BYTES', value: pick('bytes') },
      createdColumn,
    ],
    listing: 'none',
    listFlags: [{ field: 'purpose', help: 'only files uploaded for this purpose (the `purpose` query)' }],
    updateExample: `{"name":"faq-2026.pdf"}`,
  },
  {
    name: 'knowledge-bases',
    singular: 'knowledge base',
    path: '/knowledge-base',
    sdk: 'knowledgeBases',
    description: 'Knowledge bases assistants search during calls.',
    verbs: ['list', 'get', 'create', 'update', 'delete'],
    columns: [idColumn, name, { header: 'PROVIDER', value: pick('provider'), drop: 1 }, createdColumn],
    listing: 'query',
    createExample: `{"provider":"google","name":"FAQ","fileIds":["<file id>"]}`,
    updateExample: `{"name":"FAQ 2026"}`,
  },
];

export function resourceSpec(name: string): ResourceSpec {
  const spec = resources.find((resource) => resource.name === name);
  if (!spec) throw new Error(`unknown resource ${name}`);
  return spec;
}
