/** Structured outputs: CRUD as the document has it, with the PATCH's required `schemaOverride` query. */
import { describe, expect, it } from 'vitest';
import { api, useFakeVapi } from './helpers.ts';

const fake = useFakeVapi();
const outcomes = () => fake.state.collections.get('/structured-output') ?? new Map();
const badRequest = (message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const SCHEMA = { type: 'object', properties: { booked: { type: 'boolean' } } };

describe('/structured-output', () => {
  it('creates, reads, lists in pages, updates and deletes', async () => {
    const created = await api('POST', '/structured-output', {
      body: { name: 'Call outcome', schema: SCHEMA },
    });
    expect(created.status).toBe(201);
    // What Vapi fills in: the type defaults to ai, no assistants linked yet.
    expect(created.body).toMatchObject({
      name: 'Call outcome',
      schema: SCHEMA,
      type: 'ai',
      assistantIds: [],
    });
    const id = created.body.id as string;
    expect((await api('GET', `/structured-output/${id}`)).body).toEqual(created.body);
    const page = await api('GET', '/structured-output?limit=10');
    expect(page.body.results.map((record: { id: string }) => record.id)).toEqual([id]);
    expect(page.body.metadata).toMatchObject({ totalItems: 1, currentPage: 1 });

    const updated = await api('PATCH', `/structured-output/${id}?schemaOverride=true`, {
      body: { assistantIds: ['a-1'], schema: { type: 'string' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      assistantIds: ['a-1'],
      schema: { type: 'string' },
      name: 'Call outcome',
    });
    expect((await api('DELETE', `/structured-output/${id}`)).status).toBe(200);
    expect(outcomes().size).toBe(0);
  });

  it('refuses a PATCH without the schemaOverride query, changing nothing', async () => {
    const { body } = await api('POST', '/structured-output', {
      body: { name: 'Call outcome', schema: SCHEMA },
    });
    const answer = await api('PATCH', `/structured-output/${body.id}`, { body: { name: 'Renamed' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(
      badRequest(['schemaOverride should not be empty', 'schemaOverride must be a string']),
    );
    expect(outcomes().get(body.id)?.name).toBe('Call outcome');
  });

  it('refuses bad bodies: missing name and schema, unknown fields, wrong types and lengths', async () => {
    const missing = await api('POST', '/structured-output', { body: { description: 'x' } });
    expect(missing.body).toEqual(
      badRequest([
        'name should not be empty',
        'name must be a string',
        'schema should not be empty',
        'schema must be an object',
      ]),
    );
    const wrong = await api('POST', '/structured-output', {
      body: { name: 'x'.repeat(41), schema: SCHEMA, type: 'llm', assistantIds: 'a-1', colour: 'blue' },
    });
    expect(wrong.body).toEqual(
      badRequest([
        'property colour should not exist',
        'type must be one of the following values: ai, regex',
        'name must be shorter than or equal to 40 characters',
        'assistantIds must be an array',
      ]),
    );
    const { body } = await api('POST', '/structured-output', {
      body: { name: 'Call outcome', schema: SCHEMA },
    });
    const patch = await api('PATCH', `/structured-output/${body.id}?schemaOverride=false`, {
      body: { schema: 'object' },
    });
    expect(patch.body).toEqual(badRequest(['schema must be an object']));
    expect(outcomes().size).toBe(1);
  });

  it('answers 404 for unknown ids', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await api('GET', `/structured-output/${id}`)).body).toEqual({
      message: 'Structured output not found',
      error: 'Not Found',
      statusCode: 404,
    });
    const patch = await api('PATCH', `/structured-output/${id}?schemaOverride=false`, {
      body: { name: 'x' },
    });
    expect(patch.status).toBe(404);
    expect((await api('DELETE', `/structured-output/${id}`)).status).toBe(404);
  });
});
