/**
 * Writes src/generated/webhooks.ts from Vapi's OpenAPI document:
 *   node scripts/generate-webhook-types.ts [path-to-vapi-openapi.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DOCUMENT_PATH, OUTPUT_PATH, webhookTypesSource } from './webhook-types.ts';

const doc = JSON.parse(readFileSync(process.argv[2] ?? DOCUMENT_PATH, 'utf8'));
writeFileSync(new URL(`../${OUTPUT_PATH}`, import.meta.url), webhookTypesSource(doc));
console.log(`wrote ${OUTPUT_PATH}`);
