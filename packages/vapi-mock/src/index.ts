/**
 * @voxdesk/vapi-mock: a faithful fake of the Vapi API for tests and local development,
 * as msw handlers (`createFakeVapi`) or a loopback HTTP server (`startFakeVapiServer`).
 */
export { createFakeVapi, DEFAULT_ORG_ID, VAPI_MOCK_BASE_URL } from './fake.ts';
export type { FakeVapi, FakeVapiOptions } from './fake.ts';
export { startFakeVapiServer } from './server.ts';
export type { FakeVapiServer, FakeVapiServerOptions } from './server.ts';
export type { Fault, RateLimit } from './faults.ts';
export type {
  Collection,
  FakeRecord,
  FakeVapiSeed,
  FakeVapiState,
  RecordedRequest,
  StoredObject,
} from './state.ts';
export type { OperationRow } from './table.ts';
export type { CallPace, RecordedControl } from './live-calls.ts';
export type { StreamFault } from './streams.ts';
export { listenFixture } from './listen-socket.ts';
export type { ListenFault, ListenFixture } from './listen-socket.ts';
export { errorBody, INVALID_KEY_MESSAGE } from './errors.ts';
export type { VapiErrorBody } from './errors.ts';
export { DEFAULT_TOOL_CALLS, DEFAULT_TRANSCRIPT, playCallLifecycle } from './lifecycle.ts';
export type { Delivery, LifecycleLine, LifecycleToolCall, PlayCallOptions, PlayedCall } from './lifecycle.ts';
