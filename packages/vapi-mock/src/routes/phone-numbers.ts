/** Importing a Twilio or Vonage number stores a phone number with that provider. */
import { readBody } from '../body.ts';
import type { RouteArgs, RouteDef } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { importRules } from '../resources.ts';
import { validate } from '../validate.ts';
import { created, store } from './records.ts';

export const phoneNumberRoutes: RouteDef[] = (['twilio', 'vonage'] as const).map((provider) => ({
  method: 'POST',
  path: `/phone-number/import/${provider}`,
  auth: true,
  handler: async (args: RouteArgs) => {
    const parsed = await readBody(args.request);
    if (!parsed.ok) return parsed.response;
    const messages = validate(parsed.value, importRules[provider], { whitelist: true });
    if (messages.length) return errorResponse(400, messages);
    const { twilioPhoneNumber, vonagePhoneNumber, ...rest } = parsed.value;
    const number = provider === 'twilio' ? twilioPhoneNumber : vonagePhoneNumber;
    return created(store(args.fake, '/phone-number', '/phone-number', { ...rest, provider, number }));
  },
}));
