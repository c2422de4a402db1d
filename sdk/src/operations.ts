/**
 * The operation table: one entry per Vapi endpoint, the single source for the client's
 * methods, the CLI's `api` command, the docs and the fake Vapi. It ships in every bundle,
 * so it is written compactly and expanded once into `operations` below.
 *
 * Each line is `resource basePath op op …`. An op is one of
 *   - a standard verb: `create` POST base (json) · `list` GET base (query) · `get` GET base/{id}
 *     · `update` PATCH base/{id} (json) · `replace` PUT base/{id} (json) · `delete` DELETE base/{id}
 *   - `verb:flags` — a standard verb with other flags (`list:qv`, `create:` for no body)
 *   - `name:flags:METHOD:suffix` — anything else, at basePath + suffix (METHOD empty: GET)
 * Flags: j json body · m multipart body · q query object · n no auth · d deprecated ·
 *   v v1 paging (limit + createdAtLt) · p page paging (page, {results, metadata}) · f file download
 */
const TABLE = `calls /call create list:qv get update delete createPhone:j:POST:/phone createWeb:j:POST:/web monoRecording:f::/{id}/mono-recording stereoRecording:f::/{id}/stereo-recording videoRecording:f::/{id}/video-recording customerRecording:f::/{id}/customer-recording assistantRecording:f::/{id}/assistant-recording pcap:f::/{id}/pcap logs:f::/{id}/call-logs
v2.calls /v2/call list:qp metadata:q::/metadata
v2.assistants /v2/assistant list:qp
v2.phoneNumbers /v2/phone-number list:qp
chats /chat create: createCompletion:j:POST:/completions createResponse:j:POST:/responses list:qp get delete
assistants /assistant create list:qv get update replace delete
phoneNumbers /phone-number importTwilio:j:POST:/import/twilio importVonage:j:POST:/import/vonage create list:qv get update delete
tools /tool create list:qv get update delete
files /file upload:md:POST:/upload create:m list: get update delete
knowledgeBases /knowledge-base create list get update delete
workflows /workflow list: create get update delete
squads /squad create list:qv get update delete
testSuites /test-suite list:qp create get update delete
testSuites.tests /test-suite/{testSuiteId}/test list:qp create get update delete
testSuites.runs /test-suite/{testSuiteId}/run list:qp create get update delete
metrics /metrics get:qd::
analytics /analytics query:j:POST:
log /log list delete:q:DELETE:
logs /logs list delete:q:DELETE:
orgs /org create list: get update delete listUsers:::/{id}/user leave::DELETE:/{id}/leave removeMember::DELETE:/{id}/member/{memberId}/leave invite:j:POST:/{id}/invite updateRole:j:PATCH:/{id}/role
tokens /token create list get update delete
credentials /credential create list get update delete createSession:j:POST:/session webhook:jn:POST:/webhook trigger:j:POST:/trigger
templates /template create list listPinned:::/pinned get update delete
voiceLibrary /voice-library list:q::/{provider} accents:::/{provider}/accents syncProvider::POST:/sync/{provider} sync:j:POST:/sync createSesameVoice:j:POST:/create-sesame-voice
providers /{provider} listWorkflows:q::/workflows listWorkflowHooks:::/workflows/{workflowId}/hooks listLocations:::/locations searchVoices:q::/voices/search searchVoice:q::/voice/search addVoices:j:POST:/voices/add addVoice:j:POST:/voice/add
voices /11labs/voice/clone clone:m:POST:
campaigns /campaign create list:qp get update delete
sessions /session create list:qp get update delete
structuredOutputs /structured-output list:qp create get update delete run:j:POST:/run
insights /reporting/insight create list:qp update get delete run:j:POST:/{id}/run preview:j:POST:/preview
evals /eval create list:qp update delete get
evals.runs /eval/run delete get create list:qp
scorecards /observability/scorecard get update delete list:qp create
providerResources /provider/{provider}/{resourceName} create: list:qp get delete update:`;

/** The HTTP methods the operation table uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One Vapi endpoint. */
export interface Operation {
  /** Stable id naming the client method, e.g. `testSuites.runs.list`. */
  id: string;
  /** HTTP method. */
  method: HttpMethod;
  /** Path template, e.g. `/test-suite/{testSuiteId}/run/{id}`. */
  path: string;
  /** Path parameter names in order; they become the method's leading string arguments. */
  params: string[];
  /** How the body is sent: JSON, multipart form data, or no body. */
  body: 'json' | 'multipart' | 'none';
  /** The method takes a query object (sent as search parameters). */
  query: boolean;
  /** `none` only for `credentials.webhook`: no Authorization header. */
  auth: 'bearer' | 'none';
  /** Vapi marks the operation deprecated. */
  deprecated?: true;
  /** List style: `v1` arrays with a createdAt cursor, or `page`d `{results, metadata}`; such lists also get `iterate`. */
  paging?: 'v1' | 'page';
  /** The response is a file (often via a 302 to a presigned URL), handed back unparsed. */
  download?: true;
}

const VERBS: Record<string, [HttpMethod, string, string]> = {
  create: ['POST', '', 'j'],
  list: ['GET', '', 'q'],
  get: ['GET', '/{id}', ''],
  update: ['PATCH', '/{id}', 'j'],
  replace: ['PUT', '/{id}', 'j'],
  delete: ['DELETE', '/{id}', ''],
};

function expand(line: string): Operation[] {
  const [resource, base, ...ops] = line.split(' ') as [string, string, ...string[]];
  return ops.map((token) => {
    const [name = '', flags, method, suffix] = token.split(':');
    const verb = VERBS[name] ?? ['GET', '', ''];
    const custom = method !== undefined;
    const path = base + (custom ? suffix : verb[1]);
    const has = (flag: string) => (flags ?? verb[2]).includes(flag);
    const op: Operation = {
      id: `${resource}.${name}`,
      method: (custom ? method || 'GET' : verb[0]) as HttpMethod,
      path,
      params: Array.from(path.matchAll(/\{(\w+)\}/g), (m) => m[1] as string),
      body: has('j') ? 'json' : has('m') ? 'multipart' : 'none',
      query: has('q'),
      auth: has('n') ? 'none' : 'bearer',
    };
    if (has('d')) op.deprecated = true;
    if (has('v')) op.paging = 'v1';
    if (has('p')) op.paging = 'page';
    if (has('f')) op.download = true;
    return op;
  });
}

/** Every operation the SDK covers (168). */
export const operations: readonly Operation[] = TABLE.split('\n').flatMap(expand);
