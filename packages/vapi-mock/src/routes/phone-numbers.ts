/** Importing a Twilio or Vonage number stores a phone number with that provider. */
import type { RouteArgs, RouteDef } from '../context.ts';
import { importRules } from '../resources.ts';
import { checkedBody, created, store } from './records.ts';

export const phoneNumberRoutes: RouteDef[] = (['twilio', 'vonage'] as const).map((provider) => ({
  method: 'POST',
  path: `/phone-number/import/${provider}`,
  auth: true,
  handler: async (args: RouteArgs) => {
    const outcome = await checkedBody(args, importRules[provider], { whitelist: true });
    if (!outcome.ok) return outcome.response;
    const { twilioPhoneNumber, vonagePhoneNumber, ...rest } = outcome.body;
    const number = provider === 'twilio' ? twilioPhoneNumber : vonagePhoneNumber;
    return created(store(args.fake, '/phone-number', '/phone-number', { ...rest, provider, number }));
  },
}));
