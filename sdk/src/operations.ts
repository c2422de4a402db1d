/**
 * The operation table: one entry per Vapi endpoint, the single source for the client's
 * methods, the CLI's `api` command, the docs and the fake Vapi. It ships in every bundle,
 * so it is written compactly and expanded once into `operations` below.
 *
 * Each line is `resource basePath op op …`. An op is one of
 *   - a standard verb: `create` POST base (json) · `list` GET base (query) · `get` GET base/{id}
 *     · `update` PATCH base/{id} (json) · `replace` PUT base/{id} (json) · `delete` DELETE base/{id}
 *   - `verb:flags` — a standard verb with other flags (`list:qv`, `create:` for no body)
 *   - `name:flags:METHOD:suffix` — anything else, at basePath + suffix
 * Flags: j json body · m multipart body · q query object · n no auth · d deprecated ·
 *   v v1 paging (limit + createdAtLt) · p page paging (page, {results, metadata}) · f file download
 */
const TABLE = `calls /call create list:qv get update delete createPhone:j:POST:/phone createWeb:j:POST:/web monoRecording:f:GET:/{id}/mono-recording stereoRecording:f:GET:/{id}/stereo-recording videoRecording:f:GET:/{id}/video-recording customerRecording:f:GET:/{id}/customer-recording assistantRecording:f:GET:/{id}/assistant-recording pcap:f:GET:/{id}/pcap logs:f:GET:/{id}/call-logs
v2.calls /v2/call list:qp metadata:q:GET:/metadata
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
metrics /metrics get:qd:GET:
analytics /analytics query:j:POST:
log /log list delete:q:DELETE:
logs /logs list delete:q:DELETE:
orgs /org create list: get update delete listUsers::GET:/{id}/user leave::DELETE:/{id}/leave removeMember::DELETE:/{id}/member/{memberId}/leave invite:j:POST:/{id}/invite updateRole:j:PATCH:/{id}/role
tokens /token create list get update delete
credentials /credential create list get update delete createSession:j:POST:/session webhook:jn:POST:/webhook trigger:j:POST:/trigger
templates /template create list listPinned::GET:/pinned get update delete
voiceLibrary /voice-library list:q:GET:/{provider} accents::GET:/{provider}/accents syncProvider::POST:/sync/{provider} sync:j:POST:/sync createSesameVoice:j:POST:/create-sesame-voice
providers /{provider} listWorkflows:q:GET:/workflows listWorkflowHooks::GET:/workflows/{workflowId}/hooks listLocations::GET:/locations searchVoices:q:GET:/voices/search searchVoice:q:GET:/voice/search addVoices:j:POST:/voices/add addVoice:j:POST:/voice/add
voices /11labs/voice/clone clone:m:POST:
campaigns /campaign create list:qp get update delete
sessions /session create list:qp get update delete
structuredOutputs /structured-output list:qp create get update delete run:j:POST:/run
insights /reporting/insight create list:qp update get delete run:j:POST:/{id}/run preview:j:POST:/preview
evals /eval create list:qp update delete get
evals.runs /eval/run delete get create list:qp
scorecards /observability/scorecard get update delete list:qp create
providerResources /provider/{provider}/{resourceName} create: list:qp get delete update:`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One Vapi endpoint. */
export interface Operation {
  /** Stable id naming the client method, e.g. `testSuites.runs.list`. */
  id: string;
  method: HttpMethod;
  /** Path template, e.g. `/test-suite/{testSuiteId}/run/{id}`. */
  path: string;
  /** Path parameter names in order; they become the method's leading string arguments. */
  params: string[];
  body: 'json' | 'multipart' | 'none';
  /** The method takes a query object (sent as search parameters). */
  query: boolean;
  auth: 'bearer' | 'none';
  deprecated?: true;
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
    const path = base + (method ? suffix : verb[1]);
    const has = (flag: string) => (flags ?? verb[2]).includes(flag);
    const op: Operation = {
      id: `${resource}.${name}`,
      method: (method ?? verb[0]) as HttpMethod,
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
