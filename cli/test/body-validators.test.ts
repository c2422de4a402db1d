import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, OUTPUT } from '../scripts/body-validators.ts';

// The CLI runs ajv's precompiled code; after `npm run generate -w @voxdesk/cli` changes
// schemas.json, the validators must be regenerated with it.
describe('src/gitops/generated/validators.cjs', () => {
  it(
    'is what ajv compiles from schemas.json (not stale)',
    () => {
      const fresh = generate();
      expect(readFileSync(OUTPUT, 'utf8') === fresh, 'stale: run npm run generate -w @voxdesk/cli').toBe(
        true,
      );
    },
    // Compiling some 400 schemas takes seconds of CPU; CI runs this beside other files.
    120_000,
  );

  it('is regenerated from schemas.json, not kept by hand', () => {
    const js = generate(
      JSON.stringify({
        kinds: {},
        bodies: { 'things.create': { variants: { '': 'Thing' } } },
        schemas: { Thing: { type: 'object', properties: { name: { type: 'string' } } } },
      }),
    );
    expect(js).toContain('exports.Thing');
    expect(js).not.toContain('CreateAssistantDTO');
  });
});
