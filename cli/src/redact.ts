const REDACTED = '[redacted]';

/** Replaces every secret (the token) in a line before it reaches a log or an error. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out.replace(/(authorization:\s*bearer\s+)\S+/gi, `$1${REDACTED}`);
}
