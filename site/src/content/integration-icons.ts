/**
 * Brand marks for the integrations marquee: the Simple Icons slug of each integration that
 * has one (simple-icons, CC0; see site/THIRD_PARTY.md). The build writes only these into one
 * sprite (scripts/integration-sprite.ts); names without a mark keep a monogram tile.
 * Microsoft, Slack, Twilio, Salesforce and HighLevel marks are not in Simple Icons.
 */
export const INTEGRATION_ICON_SLUGS: Readonly<Record<string, string>> = {
  'Google Workspace': 'google',
  'Google Calendar': 'googlecalendar',
  'Google Meet': 'googlemeet',
  Airtable: 'airtable',
  HubSpot: 'hubspot',
  Calendly: 'calendly',
  Zoho: 'zoho',
  GitHub: 'github',
};

/** Where the site serves the sprite: one request, cached, no icon data in the JavaScript. */
export const INTEGRATION_SPRITE_PATH = '/integrations.svg';
