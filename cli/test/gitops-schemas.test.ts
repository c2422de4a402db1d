import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, OUTPUT } from '../scripts/gitops-schemas.ts';

// The schemas pull/diff/apply validate against come from Vapi's OpenAPI document; after
// editing sdk/api/vapi-openapi.json, run `npm run generate -w @voxdesk/cli`.
describe('src/gitops/generated/schemas.json', () => {
  const data = JSON.parse(generate()) as {
    kinds: Record<
      string,
      { discriminator?: string; variants: Record<string, { create: string; serverOwned: string[] }> }
    >;
    secretFields: string[];
  };

  it('is what the generator writes from the document (not stale)', () => {
    expect(readFileSync(OUTPUT, 'utf8') === generate(), 'stale: run npm run generate -w @voxdesk/cli').toBe(
      true,
    );
  });

  it('derives server-owned fields from the response schemas, not a hand list', () => {
    expect(data.kinds.assistants!.variants['']).toEqual({
      create: 'CreateAssistantDTO',
      serverOwned: ['id', 'orgId', 'createdAt', 'updatedAt'],
    });
    // A Vapi number is given by the server; an imported Twilio number is not.
    expect(data.kinds.phoneNumbers!.variants.vapi!.serverOwned).toContain('number');
    expect(data.kinds.phoneNumbers!.variants.twilio!.serverOwned).not.toContain('number');
    expect(data.kinds.tools!.discriminator).toBe('type');
    expect(Object.keys(data.kinds.tools!.variants)).toContain('function');
  });

  it('marks credential fields as secrets, and ids of stored credentials not', () => {
    expect(data.secretFields).toEqual(
      expect.arrayContaining(['twilioAuthToken', 'apiKey', 'secretKey', 'password']),
    );
    expect(data.secretFields).not.toContain('credentialId');
    expect(data.secretFields).not.toContain('maxTokens');
  });
});
