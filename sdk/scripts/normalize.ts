/**
 * The one fix-up of Vapi's OpenAPI document that both the generator and the contract test
 * apply: a few `type: object` schemas list string `enum`s (BackoffPlan.type, TransferPlan.sipVerb,
 * AudioFormat.format, VoiceLibrary.provider). They are strings; openapi-typescript rejects them
 * as written, and a validator would refuse every real value.
 */
export function normalize(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(normalize);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (
    schema.type === 'object' &&
    Array.isArray(schema.enum) &&
    schema.enum.every((v) => typeof v === 'string')
  )
    schema.type = 'string';
  Object.values(schema).forEach(normalize);
}
