/**
 * Types for operations the public OpenAPI document does not describe as operations. Many of
 * their DTOs still live in its `components` (written `S['Name']`); the rest are honest JSON.
 * Unlisted bodies and responses fall back to a JSON object type.
 */
export interface HandType {
  body?: string;
  query?: string;
  response?: string;
}

const S = (name: string) => `S['${name}']`;
const arrayOf = (name: string) => `S['${name}'][]`;

const crud = (entity: string, create: string, update: string, list = arrayOf(entity)) => ({
  create: { body: S(create), response: S(entity) },
  list: { response: list },
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
  'v2.calls.list': { response: S('CallPaginatedResponse') },
  'v2.assistants.list': { response: S('AssistantPaginatedResponse') },
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
    crud('TestSuite', 'CreateTestSuiteDto', 'UpdateTestSuiteDto', S('TestSuitesPaginatedResponse')),
  ),
  ...prefixed('testSuites.tests', {
    create: {
      body: "S['CreateTestSuiteTestVoiceDto'] | S['CreateTestSuiteTestChatDto']",
      response: 'TestSuiteTest',
    },
    list: { response: S('TestSuiteTestsPaginatedResponse') },
    get: { response: 'TestSuiteTest' },
    update: {
      body: "S['UpdateTestSuiteTestVoiceDto'] | S['UpdateTestSuiteTestChatDto']",
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
    ),
  ),
  ...prefixed('orgs', crud('Org', 'CreateOrgDTO', 'UpdateOrgDTO')),
  'orgs.listUsers': { response: arrayOf('User') },
  'orgs.invite': { body: S('InviteUserDTO') },
  'orgs.updateRole': { body: S('UpdateUserRoleDTO') },
  ...prefixed('tokens', crud('Token', 'CreateTokenDTO', 'UpdateTokenDTO')),
  ...prefixed('credentials', {
    create: { body: 'CreateCredentialDTO', response: 'Credential' },
    list: { response: 'Credential[]' },
    get: { response: 'Credential' },
    update: { body: 'UpdateCredentialDTO', response: 'Credential' },
    delete: { response: 'Credential' },
    createSession: { response: S('CredentialSessionResponse') },
    webhook: { body: S('CredentialWebhookDTO') },
    trigger: { body: S('CredentialActionRequest') },
  }),
  ...prefixed('templates', crud('Template', 'CreateToolTemplateDTO', 'UpdateToolTemplateDTO')),
  'templates.listPinned': { response: arrayOf('Template') },
  'voiceLibrary.list': { response: arrayOf('VoiceLibrary') },
  'voiceLibrary.sync': { body: S('SyncVoiceLibraryDTO') },
  'voiceLibrary.createSesameVoice': { body: S('CreateSesameVoiceDTO') },
  // Listings whose shape (array or wrapper object) nothing documents: callers narrow them.
  'voiceLibrary.accents': { response: 'unknown' },
  'providers.listWorkflows': { response: 'unknown' },
  'providers.listWorkflowHooks': { response: 'unknown' },
  'providers.listLocations': { response: 'unknown' },
  'providers.searchVoices': { response: 'unknown' },
  'providers.searchVoice': { response: 'unknown' },
  'providers.addVoices': { body: S('AddVoiceToProviderDTO') },
  'providers.addVoice': { body: S('AddVoiceToProviderDTO') },
};
