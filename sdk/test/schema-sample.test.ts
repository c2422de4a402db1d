import { describe, expect, it } from 'vitest';
import { makeResolver, sample, type Schema } from './schema-sample.ts';

// The contract test trusts this generator; these cases are the document's hard corners in small.
const doc = {
  components: {
    schemas: {
      // A cycle through an optional property (like the document's 29-schema one).
      Node: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, child: { $ref: '#/components/schemas/Node' } },
      },
      // A cycle through a required property: nothing finite satisfies it; the walk must still end.
      Endless: {
        type: 'object',
        required: ['next'],
        properties: { next: { $ref: '#/components/schemas/Endless' } },
      },
      Cat: { type: 'object', properties: { lives: { type: 'integer', minimum: 9 } } },
      Dog: { type: 'object', properties: { bark: { type: 'string', enum: ['woof'] } } },
    } as Record<string, Schema>,
  },
};
const resolve = makeResolver(doc);
const all = () => true;

describe('schema sample generator', () => {
  it('is deterministic', () => {
    const schema = { $ref: '#/components/schemas/Node' };
    expect(JSON.stringify(sample(schema, resolve, all))).toBe(JSON.stringify(sample(schema, resolve, all)));
  });

  it('ends reference cycles, optional or required', () => {
    const node = sample({ $ref: '#/components/schemas/Node' }, resolve, all);
    expect(node).toMatchObject({ name: 'sample', child: { name: 'sample' } });
    let depth = 0;
    for (let n = node as { child?: unknown }; n.child; n = n.child as { child?: unknown }) depth++;
    expect(depth).toBeLessThan(30);
    expect(() => sample({ $ref: '#/components/schemas/Endless' }, resolve, all)).not.toThrow();
  });

  it('honours enum, format, bounds and patterns; leaves out an optional property no value fits', () => {
    const value = sample(
      {
        type: 'object',
        required: ['id', 'count'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          count: { type: 'integer', minimum: 3, maximum: 5 },
          kind: { type: 'string', enum: ['a', 'b'] },
          slug: { type: 'string', pattern: '^org-[a-z0-9-]+$' },
          // Written as the document writes some: regex slashes inside the pattern, so nothing matches.
          name: { type: 'string', pattern: '/^[a-z]+$/' },
        },
      },
      resolve,
      all,
    );
    expect(value).toEqual({
      id: '3f0e6c1a-5b7d-4c2e-9a8f-1b2c3d4e5f60',
      count: 3,
      kind: 'a',
      slug: 'org-sample',
    });
  });

  it('takes the first oneOf branch the validator accepts, and names a discriminated branch', () => {
    const oneOf = [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }];
    const rejectCats = (_: Schema, value: unknown) => !(value as { lives?: number }).lives;
    expect(sample({ oneOf }, resolve, rejectCats)).toEqual({ bark: 'woof' });
    const discriminated = {
      oneOf,
      discriminator: {
        propertyName: 'pet',
        mapping: { dog: '#/components/schemas/Dog', cat: '#/components/schemas/Cat' },
      },
    };
    expect(sample(discriminated, resolve, all)).toEqual({ bark: 'woof', pet: 'dog' });
  });
});
