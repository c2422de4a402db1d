/** E.164: a plus, a country code that does not start with 0, up to 15 digits. */
const E164 = /^\+[1-9]\d{6,14}$/;

export const E164_MESSAGE =
  'must be an E.164 phone number such as +61400000000 (plus, country code, number; no spaces)';

export function isE164(text: string): boolean {
  return E164.test(text);
}

/** `calls transfer <number>`: an E.164 number, or a SIP URI (`sip:user@host`). */
export function transferDestination(
  text: string,
): { type: 'number'; number: string } | { type: 'sip'; sipUri: string } | undefined {
  if (/^sips?:/i.test(text))
    return /^sips?:[^\s@]+@[^\s@]+$/i.test(text) ? { type: 'sip', sipUri: text } : undefined;
  return isE164(text) ? { type: 'number', number: text } : undefined;
}
