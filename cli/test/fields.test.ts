import { describe, expect, it } from 'vitest';
import { buildFields, parseKey, toQuery } from '../src/input/fields.ts';

const raw = (pair: string) => ({ kind: 'raw', pair }) as const;
const typed = (pair: string) => ({ kind: 'typed', pair }) as const;

const sources = {
  readStdin: async () => 'from stdin\n',
  readFile: async (path: string) => `contents of ${path}`,
};

describe('-f / -F fields', () => {
  it('keeps -f values as strings and types -F values', async () => {
    const fields = await buildFields(
      [
        raw('name=42'),
        typed('limit=42'),
        typed('ratio=0.5'),
        typed('on=true'),
        typed('off=false'),
        typed('gone=null'),
        typed('word=hello'),
        typed('prompt=@system.txt'),
        typed('piped=@-'),
      ],
      sources,
    );
    expect(fields).toEqual({
      name: '42',
      limit: 42,
      ratio: 0.5,
      on: true,
      off: false,
      gone: null,
      word: 'hello',
      prompt: 'contents of system.txt',
      piped: 'from stdin',
    });
  });

  it('nests key[sub] and appends key[]', async () => {
    const fields = await buildFields(
      [
        raw('model[provider]=openai'),
        raw('model[model]=gpt-4o'),
        raw('toolIds[]=a'),
        raw('toolIds[]=b'),
        typed('voice[speed][rate]=1.2'),
      ],
      sources,
    );
    expect(fields).toEqual({
      model: { provider: 'openai', model: 'gpt-4o' },
      toolIds: ['a', 'b'],
      voice: { speed: { rate: 1.2 } },
    });
    expect(toQuery(fields)).toEqual([
      ['model[provider]', 'openai'],
      ['model[model]', 'gpt-4o'],
      ['toolIds[]', 'a'],
      ['toolIds[]', 'b'],
      ['voice[speed][rate]', '1.2'],
    ]);
  });

  it('keeps "=" inside values', async () => {
    expect(await buildFields([raw('filter=a=b')], sources)).toEqual({ filter: 'a=b' });
  });

  it('explains malformed fields', async () => {
    await expect(buildFields([raw('novalue')], sources)).rejects.toThrow(
      '-f/--raw-field expects key=value, got "novalue"',
    );
    expect(() => parseKey('a[b')).toThrow('invalid field name "a[b"');
    await expect(buildFields([raw('a=1'), raw('a[b]=2')], sources)).rejects.toThrow(
      'conflicts with an earlier field',
    );
    await expect(buildFields([typed('x=@/no/such/file')], { readStdin: sources.readStdin })).rejects.toThrow(
      'cannot read @/no/such/file: ENOENT',
    );
  });
});
