import { describe, expect, it } from 'vitest';
import { buildFields, parseKey, toQuery } from '../src/input/fields.ts';

const sources = {
  readStdin: async () => 'from stdin\n',
  readFile: async (path: string) => `contents of ${path}`,
};

describe('-f / -F fields', () => {
  it('keeps -f values as strings and types -F values', async () => {
    const fields = await buildFields(
      [
        { kind: 'raw', pair: 'name=42' },
        { kind: 'typed', pair: 'limit=42' },
        { kind: 'typed', pair: 'ratio=0.5' },
        { kind: 'typed', pair: 'on=true' },
        { kind: 'typed', pair: 'off=false' },
        { kind: 'typed', pair: 'gone=null' },
        { kind: 'typed', pair: 'word=hello' },
        { kind: 'typed', pair: 'prompt=@system.txt' },
        { kind: 'typed', pair: 'piped=@-' },
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
        { kind: 'raw', pair: 'model[provider]=openai' },
        { kind: 'raw', pair: 'model[model]=gpt-4o' },
        { kind: 'raw', pair: 'toolIds[]=a' },
        { kind: 'raw', pair: 'toolIds[]=b' },
        { kind: 'typed', pair: 'voice[speed][rate]=1.2' },
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
    expect(await buildFields([{ kind: 'raw', pair: 'filter=a=b' }], sources)).toEqual({ filter: 'a=b' });
  });

  it('explains malformed fields', async () => {
    await expect(buildFields([{ kind: 'raw', pair: 'novalue' }], sources)).rejects.toThrow(
      '-f/--raw-field expects key=value, got "novalue"',
    );
    expect(() => parseKey('a[b')).toThrow('invalid field name "a[b"');
    await expect(
      buildFields(
        [
          { kind: 'raw', pair: 'a=1' },
          { kind: 'raw', pair: 'a[b]=2' },
        ],
        sources,
      ),
    ).rejects.toThrow('conflicts with an earlier field');
    await expect(
      buildFields([{ kind: 'typed', pair: 'x=@/no/such/file' }], { readStdin: sources.readStdin }),
    ).rejects.toThrow('cannot read @/no/such/file: ENOENT');
  });
});
