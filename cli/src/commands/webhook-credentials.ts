import { Option, type Command } from 'commander';
import type { HmacCredential, WebhookCredential } from '@voxdesk/sdk/webhooks';
import { UsageError } from '../errors.ts';
import { collect } from '../parse-flags.ts';

/** The flags naming a server-URL credential, as `listen` checks it and `webhooks simulate` signs with it. */
export interface CredentialFlags {
  secret?: string[];
  hmacAlgorithm?: HmacCredential['algorithm'];
  hmacSignatureHeader?: string;
  hmacTimestampHeader?: string;
  hmacNoTimestamp?: boolean;
  hmacPrefix?: string;
  hmacPayloadFormat?: string;
  hmacMessageIdHeader?: string;
  hmacEncoding?: 'hex' | 'base64';
  hmacSecretBase64?: boolean;
}

/** `--secret` (repeatable) and the `--hmac-*` plan flags. */
export function addCredentialOptions(command: Command, secretHelp: string): Command {
  return command
    .option('--secret <secret>', secretHelp, collect)
    .addOption(
      new Option('--hmac-algorithm <name>', 'HMAC plan: algorithm (with --secret)').choices([
        'sha1',
        'sha256',
        'sha512',
      ]),
    )
    .option('--hmac-signature-header <name>', 'HMAC plan: signature header (default x-signature)')
    .option('--hmac-timestamp-header <name>', 'HMAC plan: timestamp header (default x-timestamp)')
    .option('--hmac-no-timestamp', 'HMAC plan: includeTimestamp false')
    .option('--hmac-prefix <prefix>', 'HMAC plan: signature prefix, e.g. sha256=')
    .option('--hmac-payload-format <format>', 'HMAC plan: payload format (default {timestamp}.{body})')
    .option('--hmac-message-id-header <name>', 'HMAC plan: header of the {svix-id} message id')
    .addOption(
      new Option('--hmac-encoding <encoding>', 'HMAC plan: signature encoding').choices(['hex', 'base64']),
    )
    .option('--hmac-secret-base64', 'HMAC plan: the secret is base64 (secretIsBase64)');
}

/** The credentials the flags describe: bare secrets, or an HMAC plan per secret. */
export function credentialsFrom(
  options: CredentialFlags,
  secrets: string[],
): WebhookCredential[] | string[] | undefined {
  const hmacFlags = Object.keys(options).filter((key) => key.startsWith('hmac'));
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
