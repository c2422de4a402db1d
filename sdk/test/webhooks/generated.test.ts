import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requestMessageTypes, serverMessageTypes } from '@voxdesk/sdk/webhooks';
import {
  DOCUMENT_PATH,
  messageSchemas,
  OUTPUT_PATH,
  webhookTypesSource,
} from '../../scripts/webhook-types.ts';

const doc = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8'));

describe('generated server-message types', () => {
  it(`${OUTPUT_PATH} is what the generator makes from the document now`, () => {
    const committed = readFileSync(new URL(`../../${OUTPUT_PATH}`, import.meta.url), 'utf8');
    expect(committed, 'stale: run `npm run generate -w @voxdesk/sdk`').toBe(webhookTypesSource(doc));
  });

  it('covers every ServerMessage* schema of the document and pairs every ServerMessageResponse*', () => {
    const names = Object.keys(doc.components.schemas);
    const messages = names.filter((n) => /^ServerMessage(?!Response)/.test(n) && n !== 'ServerMessage');
    const responses = names.filter(
      (n) => n.startsWith('ServerMessageResponse') && n !== 'ServerMessageResponse',
    );
    const schemas = messageSchemas(doc);
    expect(schemas.map((s) => s.name).sort()).toEqual(messages.sort());
    expect(schemas.flatMap((s) => (s.response ? [s.response] : [])).sort()).toEqual(responses.sort());
    expect(messages).toHaveLength(27);
    expect(responses).toHaveLength(7);
    expect(serverMessageTypes).toContain('end-of-call-report');
    expect(new Set(serverMessageTypes).size).toBe(serverMessageTypes.length);
    expect([...requestMessageTypes].sort()).toEqual(
      [
        'assistant-request',
        'call.endpointing.request',
        'handoff-destination-request',
        'knowledge-base-request',
        'tool-calls',
        'transfer-destination-request',
        'voice-request',
      ].sort(),
    );
  });

  it('refuses a document whose response names no message', () => {
    const broken = structuredClone(doc);
    broken.components.schemas.ServerMessageResponse.properties.messageResponse.oneOf.push({
      $ref: '#/components/schemas/ServerMessageResponseNothing',
    });
    expect(() => messageSchemas(broken)).toThrow(/ServerMessageResponseNothing answers no message/);
  });
});
