/**
 * The operation table: one row per Vapi endpoint, the single source for the client's
 * methods, the CLI's `api` command, the docs and the fake Vapi.
 *
 * Rows are kept as one compact string (it ships in every bundle) and parsed once.
 * Each line: `id METHOD /path flags`, where flags are letters:
 *   j json body · m multipart body · q query object · n no auth · d deprecated
 *   v v1 paging (limit + createdAtLt) · p page paging (page, {results, metadata}) · f download
 */
const TABLE = `calls.create POST /call j
calls.list GET /call qv
calls.get GET /call/{id}
calls.update PATCH /call/{id} j
calls.delete DELETE /call/{id}
calls.createPhone POST /call/phone j
calls.createWeb POST /call/web j
calls.monoRecording GET /call/{id}/mono-recording f
calls.stereoRecording GET /call/{id}/stereo-recording f
calls.videoRecording GET /call/{id}/video-recording f
calls.customerRecording GET /call/{id}/customer-recording f
calls.assistantRecording GET /call/{id}/assistant-recording f
calls.pcap GET /call/{id}/pcap f
calls.logs GET /call/{id}/call-logs f
v2.calls.list GET /v2/call qp
v2.calls.metadata GET /v2/call/metadata q
v2.assistants.list GET /v2/assistant qp
v2.phoneNumbers.list GET /v2/phone-number qp
chats.create POST /chat
chats.createCompletion POST /chat/completions j
chats.createResponse POST /chat/responses j
chats.list GET /chat qp
chats.get GET /chat/{id}
chats.delete DELETE /chat/{id}
assistants.create POST /assistant j
assistants.list GET /assistant qv
assistants.get GET /assistant/{id}
assistants.update PATCH /assistant/{id} j
assistants.replace PUT /assistant/{id} j
assistants.delete DELETE /assistant/{id}
phoneNumbers.importTwilio POST /phone-number/import/twilio j
phoneNumbers.importVonage POST /phone-number/import/vonage j
phoneNumbers.create POST /phone-number j
phoneNumbers.list GET /phone-number qv
phoneNumbers.get GET /phone-number/{id}
phoneNumbers.update PATCH /phone-number/{id} j
phoneNumbers.delete DELETE /phone-number/{id}
tools.create POST /tool j
tools.list GET /tool qv
tools.get GET /tool/{id}
tools.update PATCH /tool/{id} j
tools.delete DELETE /tool/{id}
files.upload POST /file/upload md
files.create POST /file m
files.list GET /file
files.get GET /file/{id}
files.update PATCH /file/{id} j
files.delete DELETE /file/{id}
knowledgeBases.create POST /knowledge-base j
knowledgeBases.list GET /knowledge-base q
knowledgeBases.get GET /knowledge-base/{id}
knowledgeBases.update PATCH /knowledge-base/{id} j
knowledgeBases.delete DELETE /knowledge-base/{id}
workflows.list GET /workflow
workflows.create POST /workflow j
workflows.get GET /workflow/{id}
workflows.update PATCH /workflow/{id} j
workflows.delete DELETE /workflow/{id}
squads.create POST /squad j
squads.list GET /squad qv
squads.get GET /squad/{id}
squads.update PATCH /squad/{id} j
squads.delete DELETE /squad/{id}
testSuites.list GET /test-suite qp
testSuites.create POST /test-suite j
testSuites.get GET /test-suite/{id}
testSuites.update PATCH /test-suite/{id} j
testSuites.delete DELETE /test-suite/{id}
testSuites.tests.list GET /test-suite/{testSuiteId}/test qp
testSuites.tests.create POST /test-suite/{testSuiteId}/test j
testSuites.tests.get GET /test-suite/{testSuiteId}/test/{id}
testSuites.tests.update PATCH /test-suite/{testSuiteId}/test/{id} j
testSuites.tests.delete DELETE /test-suite/{testSuiteId}/test/{id}
testSuites.runs.list GET /test-suite/{testSuiteId}/run qp
testSuites.runs.create POST /test-suite/{testSuiteId}/run j
testSuites.runs.get GET /test-suite/{testSuiteId}/run/{id}
testSuites.runs.update PATCH /test-suite/{testSuiteId}/run/{id} j
testSuites.runs.delete DELETE /test-suite/{testSuiteId}/run/{id}
metrics.get GET /metrics qd
analytics.query POST /analytics j
log.list GET /log q
log.delete DELETE /log q
logs.list GET /logs q
logs.delete DELETE /logs q
orgs.create POST /org j
orgs.list GET /org
orgs.get GET /org/{id}
orgs.update PATCH /org/{id} j
orgs.delete DELETE /org/{id}
orgs.listUsers GET /org/{id}/user
orgs.leave DELETE /org/{id}/leave
orgs.removeMember DELETE /org/{id}/member/{memberId}/leave
orgs.invite POST /org/{id}/invite j
orgs.updateRole PATCH /org/{id}/role j
tokens.create POST /token j
tokens.list GET /token q
tokens.get GET /token/{id}
tokens.update PATCH /token/{id} j
tokens.delete DELETE /token/{id}
credentials.create POST /credential j
credentials.list GET /credential q
credentials.get GET /credential/{id}
credentials.update PATCH /credential/{id} j
credentials.delete DELETE /credential/{id}
credentials.createSession POST /credential/session j
credentials.webhook POST /credential/webhook jn
credentials.trigger POST /credential/trigger j
templates.create POST /template j
templates.list GET /template q
templates.listPinned GET /template/pinned
templates.get GET /template/{id}
templates.update PATCH /template/{id} j
templates.delete DELETE /template/{id}
voiceLibrary.list GET /voice-library/{provider} q
voiceLibrary.accents GET /voice-library/{provider}/accents
voiceLibrary.syncProvider POST /voice-library/sync/{provider}
voiceLibrary.sync POST /voice-library/sync j
voiceLibrary.createSesameVoice POST /voice-library/create-sesame-voice j
providers.listWorkflows GET /{provider}/workflows q
providers.listWorkflowHooks GET /{provider}/workflows/{workflowId}/hooks
providers.listLocations GET /{provider}/locations
providers.searchVoices GET /{provider}/voices/search q
providers.searchVoice GET /{provider}/voice/search q
providers.addVoices POST /{provider}/voices/add j
providers.addVoice POST /{provider}/voice/add j
voices.clone POST /11labs/voice/clone m
campaigns.create POST /campaign j
campaigns.list GET /campaign qp
campaigns.get GET /campaign/{id}
campaigns.update PATCH /campaign/{id} j
campaigns.delete DELETE /campaign/{id}
sessions.create POST /session j
sessions.list GET /session qp
sessions.get GET /session/{id}
sessions.update PATCH /session/{id} j
sessions.delete DELETE /session/{id}
structuredOutputs.list GET /structured-output qp
structuredOutputs.create POST /structured-output j
structuredOutputs.get GET /structured-output/{id}
structuredOutputs.update PATCH /structured-output/{id} j
structuredOutputs.delete DELETE /structured-output/{id}
structuredOutputs.run POST /structured-output/run j
insights.create POST /reporting/insight j
insights.list GET /reporting/insight qp
insights.update PATCH /reporting/insight/{id} j
insights.get GET /reporting/insight/{id}
insights.delete DELETE /reporting/insight/{id}
insights.run POST /reporting/insight/{id}/run j
insights.preview POST /reporting/insight/preview j
evals.create POST /eval j
evals.list GET /eval qp
evals.update PATCH /eval/{id} j
evals.delete DELETE /eval/{id}
evals.get GET /eval/{id}
evals.runs.delete DELETE /eval/run/{id}
evals.runs.get GET /eval/run/{id}
evals.runs.create POST /eval/run j
evals.runs.list GET /eval/run qp
scorecards.get GET /observability/scorecard/{id}
scorecards.update PATCH /observability/scorecard/{id} j
scorecards.delete DELETE /observability/scorecard/{id}
scorecards.list GET /observability/scorecard qp
scorecards.create POST /observability/scorecard j
providerResources.create POST /provider/{provider}/{resourceName}
providerResources.list GET /provider/{provider}/{resourceName} qp
providerResources.get GET /provider/{provider}/{resourceName}/{id}
providerResources.delete DELETE /provider/{provider}/{resourceName}/{id}
providerResources.update PATCH /provider/{provider}/{resourceName}/{id}`;

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

function parseRow(line: string): Operation {
  const [id = '', method, path = '', flags = ''] = line.split(' ');
  const has = (flag: string) => flags.includes(flag);
  const op: Operation = {
    id,
    method: method as HttpMethod,
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
}

/** Every operation the SDK covers (168). */
export const operations: readonly Operation[] = TABLE.split('\n').map(parseRow);
