import { describe, expect, it } from 'vitest';
import { diffValues, envName, ordered } from '../src/gitops/convert.ts';

describe('diffValues (file values: the account first, the folder second)', () => {
  it('reports items added to or removed from the end of a list one by one', () => {
    expect(diffValues('assistants', { tools: ['a'] }, { tools: ['a', 'b', 'c'] })).toEqual([
      { path: ['tools', 1], after: 'b' },
      { path: ['tools', 2], after: 'c' },
    ]);
    expect(diffValues('assistants', { tools: ['a', 'b'] }, { tools: ['b'] })).toEqual([
      { path: ['tools', 0], before: 'a', after: 'b' },
      { path: ['tools', 1], before: 'b' },
    ]);
  });

  it('ignores a field only the account has when it is the schema default, not otherwise', () => {
    expect(
      diffValues('assistants', { name: 'A', firstMessageInterruptionsEnabled: false }, { name: 'A' }),
    ).toEqual([]);
    expect(
      diffValues('assistants', { name: 'A', firstMessageInterruptionsEnabled: true }, { name: 'A' }),
    ).toEqual([{ path: ['firstMessageInterruptionsEnabled'], before: true }]);
  });

  it('does not count a secret the account does not return', () => {
    const local = { provider: 'twilio', twilioAuthToken: '${TOKEN}' };
    expect(diffValues('phoneNumbers', { provider: 'twilio' }, local)).toEqual([]);
  });

  it('compares nested objects field by field, in any key order', () => {
    expect(
      diffValues(
        'assistants',
        { model: { provider: 'openai', model: 'gpt-4o', temperature: 0.2 } },
        { model: { model: 'gpt-4o', temperature: 0.5, provider: 'openai' } },
      ),
    ).toEqual([{ path: ['model', 'temperature'], before: 0.2, after: 0.5 }]);
  });
});

describe('ordered and envName', () => {
  it('orders keys as the schema does, through unions, with file-only keys next to the field they replace', () => {
    const value = ordered('assistants', {
      name: 'A',
      tools: ['t'],
      zzz: 1,
      model: { temperature: 1, model: 'gpt-4o', provider: 'openai' },
      firstMessage: 'Hi',
    });
    expect(Object.keys(value)).toEqual(['model', 'tools', 'firstMessage', 'name', 'zzz']);
    expect(Object.keys(value.model as object)).toEqual(['provider', 'model', 'temperature']);
  });

  it('names a placeholder after the file and the field', () => {
    expect(envName('sydney-line', ['twilioAuthToken'])).toBe('SYDNEY_LINE_TWILIO_AUTH_TOKEN');
    expect(envName('book', ['server', 'headers', 0, 'apiKey'])).toBe('BOOK_SERVER_HEADERS_API_KEY');
  });
});

describe('validateResource', () => {
  it('explains a union through the branch its tag picks, or lists the tags it takes', async () => {
    const { validateResource } = await import('../src/gitops/schema.ts');
    expect(validateResource('assistants', { voice: { voiceId: 'Elliot' } })).toEqual([
      { path: ['voice'], message: 'needs the field provider' },
    ]);
    expect(
      validateResource('assistants', {
        model: { provider: 'openai', model: 'gpt-4o', messages: [{ role: 'robot', content: 'x' }] },
      }),
    ).toEqual([
      {
        path: ['model', 'messages', 0, 'role'],
        message: 'must be one of: assistant, function, system, tool, user',
      },
    ]);
    const [problem, ...rest] = validateResource('assistants', { serverMessages: ['nope'] });
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      path: ['serverMessages', 0],
      message: expect.stringMatching(/^must be one of: /),
    });
    expect(validateResource('tools', { type: 'functon' })).toEqual([
      { path: ['type'], message: expect.stringMatching(/^must be one of: apiRequest, .*\bfunction\b/) },
    ]);
    // The first call compiles every ajv validator: a second alone, several on a loaded machine.
  }, 30_000);
});
