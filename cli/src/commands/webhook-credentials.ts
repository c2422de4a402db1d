import type { HmacCredential, WebhookCredential } from '@voxdesk/sdk/webhooks';
import { UsageError } from '../errors.ts';
import { collect } from '../parse-flags.ts';
import { flag, type FlagOptions } from './define.ts';

/** `--secret` (repeatable) and the `--hmac-*` plan flags: a server-URL credential, as `listen` checks it and `webhooks simulate` signs with it. */
export const credentialFlags = (secretHelp: string) =>
  [
    flag('--secret <secret>', secretHelp, { parse: collect }),
    flag('--hmac-algorithm <name>', 'HMAC plan: algorithm (with --secret)', {
      choices: ['sha1', 'sha256', 'sha512'],
    }),
    flag('--hmac-signature-header <name>', 'HMAC plan: signature header (default x-signature)'),
    flag('--hmac-timestamp-header <name>', 'HMAC plan: timestamp header (default x-timestamp)'),
    flag('--hmac-no-timestamp', 'HMAC plan: includeTimestamp false'),
    flag('--hmac-prefix <prefix>', 'HMAC plan: signature prefix, e.g. sha256='),
    flag('--hmac-payload-format <format>', 'HMAC plan: payload format (default {timestamp}.{body})'),
    flag('--hmac-message-id-header <name>', 'HMAC plan: header of the {svix-id} message id'),
    flag('--hmac-encoding <encoding>', 'HMAC plan: signature encoding', { choices: ['hex', 'base64'] }),
    flag('--hmac-secret-base64', 'HMAC plan: the secret is base64 (secretIsBase64)'),
  ] as const;

export type CredentialFlags = FlagOptions<ReturnType<typeof credentialFlags>>;

/** The credentials the flags describe: bare secrets, or an HMAC plan per secret. */
export function credentialsFrom(
  options: CredentialFlags,
  secrets: string[],
): WebhookCredential[] | string[] | undefined {
  // Every declared flag is a key of the options: only the ones given count.
  const hmacFlags = Object.entries(options).filter(
    ([key, value]) => key.startsWith('hmac') && value !== undefined,
  );
  if (!secrets.length) {
    if (hmacFlags.length)
      throw new UsageError(
        '--hmac-* flags describe how to check the secret: give --secret (or set VAPI_WEBHOOK_SECRET) too.',
      );
    return undefined;
  }
  if (!hmacFlags.length) return secrets;
  return secrets.map((secretKey): HmacCredential => ({
    type: 'hmac',
    secretKey,
    algorithm: options.hmacAlgorithm ?? 'sha256',
    signatureHeader: options.hmacSignatureHeader,
    timestampHeader: options.hmacTimestampHeader,
    includeTimestamp: !options.hmacNoTimestamp,
    signaturePrefix: options.hmacPrefix,
    payloadFormat: options.hmacPayloadFormat,
    messageIdHeader: options.hmacMessageIdHeader,
    signatureEncoding: options.hmacEncoding,
    secretIsBase64: options.hmacSecretBase64,
  }));
}
