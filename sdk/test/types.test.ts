import { describe, expectTypeOf, it } from 'vitest';
import type { components } from '../src/generated/openapi.ts';
import { deleteAssistants, getAssistants } from '../src/fn.ts';
import { Vapi as NodeVapi } from '../src/node/index.ts';
import {
  Vapi,
  operations,
  type Assistant,
  type AssistantsListQuery,
  type CreateAssistantDTO,
  type JsonObject,
  type OperationResults,
  type OperationId,
  type RequestOptions,
  type V1ListQuery,
} from '../src/index.ts';

type S = components['schemas'];

// Checked by `tsc -b` (this file is in the sdk project); the runtime part only builds the client.
describe('static types', () => {
  const vapi = new Vapi({ token: 'sk', baseUrl: 'http://127.0.0.1:9' });

  it('types bodies, queries and responses from the OpenAPI document', () => {
    expectTypeOf(vapi.assistants.list).returns.resolves.toEqualTypeOf<S['Assistant'][]>();
    expectTypeOf(vapi.assistants.get).parameters.toEqualTypeOf<[id: string, options?: RequestOptions]>();
    expectTypeOf(vapi.assistants.create).parameter(0).toEqualTypeOf<S['CreateAssistantDTO']>();
    expectTypeOf(vapi.v2.phoneNumbers.list).returns.resolves.toEqualTypeOf<
      S['PhoneNumberPaginatedResponse']
    >();
    expectTypeOf(vapi.calls.list)
      .parameter(0)
      .toMatchTypeOf<{ assistantId?: string; limit?: number } | undefined>();
  });

  it('keeps fields with server defaults optional in request bodies', () => {
    // firstMessageInterruptionsEnabled has a default; a name alone is a valid body.
    expectTypeOf<{ name: string }>().toMatchTypeOf<S['CreateAssistantDTO']>();
  });

  it('uses honest hand types for operations outside the public document', () => {
    expectTypeOf(vapi.tokens.create).parameter(0).toEqualTypeOf<S['CreateTokenDTO']>();
    expectTypeOf(vapi.orgs.get).returns.resolves.toEqualTypeOf<S['Org']>();
    expectTypeOf(vapi.testSuites.runs.get).parameters.toEqualTypeOf<
      [testSuiteId: string, id: string, options?: RequestOptions]
    >();
    expectTypeOf(vapi.phoneNumbers.importTwilio)
      .parameter(0)
      .toEqualTypeOf<S['ImportTwilioPhoneNumberDTO']>();
    expectTypeOf(vapi.chats.createCompletion).parameter(0).toEqualTypeOf<Record<string, unknown>>();
  });

  it('types iterators by item and downloads as Response', () => {
    expectTypeOf(vapi.calls.iterate).returns.toEqualTypeOf<AsyncGenerator<S['Call']>>();
    expectTypeOf(vapi.chats.iterate).returns.toEqualTypeOf<AsyncGenerator<S['Chat']>>();
    expectTypeOf(vapi.calls.pcap).returns.resolves.toEqualTypeOf<Response>();
  });

  it('rejects wrong arguments at compile time', () => {
    // @ts-expect-error a path parameter is required
    void (() => vapi.assistants.get());
    // @ts-expect-error the body of a create must be an object
    void (() => vapi.assistants.create('Reception'));
    // @ts-expect-error unknown resource
    void (() => vapi.assistant.list());
  });

  it('names request and response types, and accepts Date for createdAt/updatedAt bounds', () => {
    expectTypeOf(vapi.assistants.create).parameter(0).toEqualTypeOf<CreateAssistantDTO>();
    expectTypeOf(vapi.assistants.get).returns.resolves.toEqualTypeOf<Assistant>();
    expectTypeOf(vapi.assistants.list).parameter(0).toEqualTypeOf<AssistantsListQuery | undefined>();
    expectTypeOf<{ createdAtGt: Date; updatedAtLe: string }>().toMatchTypeOf<AssistantsListQuery>();
    // Lists outside the document get honest query types, not Record<string, unknown>.
    expectTypeOf(vapi.tokens.list).parameter(0).toEqualTypeOf<V1ListQuery | undefined>();
    // @ts-expect-error limit is a number
    void (() => vapi.tokens.list({ limit: 'ten' }));
  });

  it('takes file paths as uploads only from the Node entry', () => {
    // @ts-expect-error the core entry runs in browsers: no file paths
    void (() => vapi.files.create('./faq.pdf'));
    const node = new NodeVapi({ token: 'sk', baseUrl: 'http://127.0.0.1:9' });
    void (() => node.files.create('./faq.pdf'));
    void (() => node.files.create(new URL('file:///tmp/faq.pdf')));
  });

  it('types an empty answer honestly: only where one may come (issue 27 item 8)', () => {
    // A DELETE may answer 204 (the document lists none; servers and proxies do): not the resource alone.
    expectTypeOf(vapi.assistants.delete).returns.resolves.toEqualTypeOf<Assistant | undefined>();
    expectTypeOf(vapi.testSuites.runs.delete).returns.resolves.toEqualTypeOf<S['TestSuiteRun'] | undefined>();
    // The document lists a 2xx without a body: POST /eval/run 200, POST /analytics 201.
    expectTypeOf(vapi.evals.runs.create).returns.resolves.toEqualTypeOf<JsonObject | undefined>();
    expectTypeOf(vapi.analytics.query).returns.resolves.toEqualTypeOf<
      S['AnalyticsQueryResult'][] | undefined
    >();
    // Everything else promises its body: a 204 there raises VapiUnexpectedResponseError.
    expectTypeOf(vapi.assistants.get).returns.resolves.toEqualTypeOf<Assistant>();
    expectTypeOf(vapi.assistants.create).returns.resolves.toEqualTypeOf<Assistant>();
    expectTypeOf(vapi.assistants.list).returns.resolves.toEqualTypeOf<Assistant[]>();
    // The by-id map and the functional entry say the same.
    expectTypeOf<OperationResults['assistants.delete']>().toEqualTypeOf<Assistant | undefined>();
    expectTypeOf(deleteAssistants).returns.resolves.toEqualTypeOf<Assistant | undefined>();
    expectTypeOf(getAssistants).returns.resolves.toEqualTypeOf<Assistant>();
  });

  it('types operation ids as a literal union', () => {
    expectTypeOf(operations[0].id).toEqualTypeOf<'calls.create'>();
    expectTypeOf<'testSuites.runs.get'>().toMatchTypeOf<OperationId>();
    expectTypeOf<'nope.list'>().not.toMatchTypeOf<OperationId>();
  });
});
