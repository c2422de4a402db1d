/**
 * Types for operations the public OpenAPI document does not describe as operations. Many of
 * their DTOs still live in its `components` (named after the schema); queries outside the
 * document use the honest query types of src/query-types.ts. Unlisted bodies and responses
 * fall back to a JSON object type.
 */
export interface HandType {
  body?: string;
  query?: string;
  response?: string;
}

const S = (name: string) => name;
const arrayOf = (name: string) => `${name}[]`;

const crud = (
  entity: string,
  create: string,
  update: string,
  list = arrayOf(entity),
  query = 'V1ListQuery',
) => ({
  create: { body: S(create), response: S(entity) },
  list: { response: list, query },
  get: { response: S(entity) },
  update: { body: S(update), response: S(entity) },
  delete: { response: S(entity) },
});

function prefixed(prefix: string, entries: Record<string, HandType>): Record<string, HandType> {
  return Object.fromEntries(Object.entries(entries).map(([k, v]) => [`${prefix}.${k}`, v]));
}

const PHONE = 'PhoneNumberResponse';

export const handTypes: Record<string, HandType> = {
  'calls.createPhone': { body: S('CreateOutboundCallDTO'), response: S('Call') },
  'calls.createWeb': { body: S('CreateWebCallDTO'), response: S('Call') },
  'v2.calls.list': { response: S('CallPaginatedResponse'), query: 'PageListQuery' },
  'v2.calls.metadata': { query: 'DateRangeQuery' },
  'v2.assistants.list': { response: S('AssistantPaginatedResponse'), query: 'PageListQuery' },
  'metrics.get': { query: 'DateRangeQuery' },
  'log.list': { query: 'LogQuery' },
  'log.delete': { query: 'LogDeleteQuery' },
  'logs.list': { query: 'LogQuery' },
  'logs.delete': { query: 'LogDeleteQuery' },
  'voiceLibrary.list': { response: arrayOf('VoiceLibrary'), query: 'VoiceLibraryQuery' },
  'providers.listWorkflows': { response: 'unknown', query: 'ProviderWorkflowsQuery' },
  'providers.searchVoices': { response: 'unknown', query: 'VoiceSearchQuery' },
  'providers.searchVoice': { response: 'unknown', query: 'VoiceSearchQuery' },
  'assistants.replace': { body: S('CreateAssistantDTO'), response: S('Assistant') },
  'phoneNumbers.importTwilio': { body: S('ImportTwilioPhoneNumberDTO'), response: PHONE },
  'phoneNumbers.importVonage': { body: S('ImportVonagePhoneNumberDTO'), response: PHONE },
  'files.upload': { response: S('File') },
  ...prefixed(
    'knowledgeBases',
    crud('CustomKnowledgeBase', 'CreateCustomKnowledgeBaseDTO', 'UpdateCustomKnowledgeBaseDTO'),
  ),
  ...prefixed('workflows', crud('Workflow', 'CreateWorkflowDTO', 'UpdateWorkflowDTO')),
  ...prefixed(
    'testSuites',
    crud(
      'TestSuite',
      'CreateTestSuiteDto',
      'UpdateTestSuiteDto',
      S('TestSuitesPaginatedResponse'),
      'PageListQuery',
    ),
  ),
  ...prefixed('testSuites.tests', {
    create: {
      body: 'CreateTestSuiteTestVoiceDto | CreateTestSuiteTestChatDto',
      response: 'TestSuiteTest',
    },
    list: { response: S('TestSuiteTestsPaginatedResponse'), query: 'PageListQuery' },
    get: { response: 'TestSuiteTest' },
    update: {
      body: 'UpdateTestSuiteTestVoiceDto | UpdateTestSuiteTestChatDto',
      response: 'TestSuiteTest',
    },
    delete: { response: 'TestSuiteTest' },
  }),
  ...prefixed(
    'testSuites.runs',
    crud(
      'TestSuiteRun',
      'CreateTestSuiteRunDto',
      'UpdateTestSuiteRunDto',
      S('TestSuiteRunsPaginatedResponse'),
      'PageListQuery',
    ),
  ),
  ...prefixed('orgs', crud('Org', 'CreateOrgDTO', 'UpdateOrgDTO')),
  'orgs.listUsers': { response: arrayOf('User') },
  'orgs.invite': { body: S('InviteUserDTO') },
  'orgs.updateRole': { body: S('UpdateUserRoleDTO') },
  ...prefixed('tokens', crud('Token', 'CreateTokenDTO', 'UpdateTokenDTO')),
  ...prefixed('credentials', {
    create: { body: 'CreateCredentialDTO', response: 'Credential' },
    list: { response: 'Credential[]', query: 'V1ListQuery' },
    get: { response: 'Credential' },
    update: { body: 'UpdateCredentialDTO', response: 'Credential' },
    delete: { response: 'Credential' },
    createSession: { response: S('CredentialSessionResponse') },
    webhook: { body: S('CredentialWebhookDTO') },
    trigger: { body: S('CredentialActionRequest') },
  }),
  ...prefixed('templates', crud('Template', 'CreateToolTemplateDTO', 'UpdateToolTemplateDTO')),
  'templates.listPinned': { response: arrayOf('Template') },
  'voiceLibrary.sync': { body: S('SyncVoiceLibraryDTO') },
  'voiceLibrary.createSesameVoice': { body: S('CreateSesameVoiceDTO') },
  // Listings whose shape (array or wrapper object) nothing documents: callers narrow them.
  'voiceLibrary.accents': { response: 'unknown' },
  'providers.listWorkflowHooks': { response: 'unknown' },
  'providers.listLocations': { response: 'unknown' },
  'providers.addVoices': { body: S('AddVoiceToProviderDTO') },
  'providers.addVoice': { body: S('AddVoiceToProviderDTO') },
};
