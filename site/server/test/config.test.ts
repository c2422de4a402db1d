// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ADMIN_EMAIL, loadConfig } from '../config.ts';
import { DEFAULT_MAIL_FROM } from '../mail/settings.ts';
import { DEFAULT_SITE_CONFIG } from '../site-config.ts';

describe('loadConfig', () => {
  it('has working defaults: 127.0.0.1:3000, SQLite under ./.data, no proxy', () => {
    expect(loadConfig({}, '/srv/voxdesk')).toEqual({
      host: '127.0.0.1',
      port: 3000,
      store: { kind: 'sqlite', path: '/srv/voxdesk/.data/voxdesk.db' },
      dataDir: '/srv/voxdesk/.data',
      admin: { email: DEFAULT_ADMIN_EMAIL },
      trustProxy: false,
      demoCallsPerDay: 10,
      demoCallMaxSeconds: 300,
      mail: { from: DEFAULT_MAIL_FROM },
      site: DEFAULT_SITE_CONFIG,
      vapi: {},
    });
  });

  it('reads the mail settings; the owner defaults to ADMIN_EMAIL', () => {
    const env = {
      SMTP_URL: 'smtps://leads%40example.com:app-password@smtp.example.com:465',
      MAIL_FROM: 'Voxdesk <leads@example.com>',
      LEADS_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/x',
      SITE_URL: 'https://voxdesk.example.com',
      MAIL_RETRY_SECONDS: '10',
      ADMIN_EMAIL: 'boss@example.com',
    };
    expect(loadConfig(env, '/srv').mail).toEqual({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      notifyTo: 'boss@example.com',
      webhookUrl: env.LEADS_WEBHOOK_URL,
      siteUrl: env.SITE_URL,
      retryBaseMs: 10_000,
    });
    expect(loadConfig({ ...env, LEADS_NOTIFY_TO: 'sales@example.com' }, '/srv').mail.notifyTo).toBe(
      'sales@example.com',
    );
    expect(() =>
      loadConfig({ SMTP_URL: 'http://smtp.example.com', MAIL_FROM: 'nobody', LEADS_NOTIFY_TO: 'x' }, '/srv'),
    ).toThrow(
      /SMTP_URL: must be smtp:\/\/.*\n.*MAIL_FROM: must be an address.*\n.*LEADS_NOTIFY_TO: must be one email address/s,
    );
  });

  it('reads every variable, treating empty values as unset', () => {
    const config = loadConfig(
      {
        HOST: '0.0.0.0',
        PORT: '0',
        VOXDESK_DB: 'db/users.db',
        SESSION_SECRET: 's'.repeat(32),
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'long enough for twelve',
        TRUST_PROXY: 'true',
        LEADS_PER_HOUR: '40',
        VAPI_PUBLIC_KEY: 'pk',
        VAPI_ASSISTANT_ID: 'asst',
        VAPI_ASSISTANT_ID_LAW_FIRMS: 'asst_law',
        VAPI_ASSISTANT_ID_HOME_SERVICES: ' ',
        VAPI_PRIVATE_KEY: '',
        VAPI_BASE_URL: 'http://127.0.0.1:9999',
        VAPI_WEBHOOK_SECRET: ' whsec-0123456789abcdef ',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      store: { kind: 'sqlite', path: '/srv/db/users.db' },
      dataDir: '/srv/db',
      sessionSecret: 's'.repeat(32),
      admin: { email: 'boss@example.com', password: 'long enough for twelve' },
      trustProxy: true,
      leadsPerHour: 40,
      vapi: {
        publicKey: 'pk',
        assistantId: 'asst',
        receptionists: { 'law-firms': 'asst_law' },
        baseUrl: 'http://127.0.0.1:9999',
        webhookSecret: 'whsec-0123456789abcdef',
      },
    });
    expect(config.vapi).not.toHaveProperty('privateKey');
  });

  it('lists every problem with the variable name and the fix', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        SESSION_SECRET: 'short',
        ADMIN_EMAIL: 'not-an-email',
        ADMIN_PASSWORD: 'short',
        TRUST_PROXY: 'yes',
        AIRTABLE_TOKEN: 'pat',
        VAPI_WEBHOOK_SECRET: 'guessable',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('Invalid configuration (environment variables):');
    expect(message).toContain('PORT: must be a port number');
    expect(message).toContain('SESSION_SECRET: must be at least 32 characters (try: openssl rand -hex 32)');
    expect(message).toContain('ADMIN_EMAIL: must be an email address');
    expect(message).toContain('ADMIN_PASSWORD: Use at least 12 characters');
    expect(message).toContain('TRUST_PROXY: must be true or false');
    expect(message).toContain(
      'VAPI_WEBHOOK_SECRET: must be at least 16 characters (try: openssl rand -hex 32), the same secret as the credential of the server URL in Vapi',
    );
    expect(message).toContain('AIRTABLE_TOKEN is set but AIRTABLE_BASE_ID, AIRTABLE_TABLE_ID are missing');
  });

  it('reads LEADS_PER_HOUR as a whole number of at least 1', () => {
    expect(() => loadConfig({ LEADS_PER_HOUR: 'many' })).toThrow(
      'LEADS_PER_HOUR: must be a whole number of leads (e.g. 5)',
    );
    expect(() => loadConfig({ LEADS_PER_HOUR: '2.5' })).toThrow('LEADS_PER_HOUR: must be a whole number');
    expect(() => loadConfig({ LEADS_PER_HOUR: '0' })).toThrow(
      'LEADS_PER_HOUR: must be at least 1 (the form would refuse every visitor)',
    );
    expect(loadConfig({ LEADS_PER_HOUR: ' ' })).not.toHaveProperty('leadsPerHour');
  });

  it('refuses ports out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT: must be between 0 and 65535');
    expect(() => loadConfig({ PORT: '3000.5' })).toThrow('PORT: must be a whole number');
  });

  it('selects PostgreSQL with DATABASE_URL, and then requires a shared SESSION_SECRET', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://voxdesk@db/voxdesk',
        DATABASE_POOL_SIZE: '5',
        SESSION_SECRET: 's'.repeat(32),
      },
      '/srv/voxdesk',
    );
    expect(config.store).toEqual({
      kind: 'postgres',
      url: 'postgres://voxdesk@db/voxdesk',
      poolSize: 5,
      statementTimeoutMs: 1_200,
    });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://voxdesk@db/voxdesk' })).toThrow(
      'SESSION_SECRET: must be set with DATABASE_URL: every instance on the database has to sign cookies with the same secret',
    );
    expect(() =>
      loadConfig({
        DATABASE_URL: 'postgres://db/x',
        DATABASE_POOL_SIZE: 'many',
        SESSION_SECRET: 's'.repeat(32),
      }),
    ).toThrow('DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "many").');
  });
});
