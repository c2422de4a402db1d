// @vitest-environment node
// Issue 24: the honest floor of "exactly once". A sender killed (SIGKILL) between the SMTP
// server's 250 and marking the message sent leaves it claimed; once the lease lapses, another
// sender delivers it again with the same Message-ID, and nothing else is sent twice.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '@voxdesk/auth';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_LEASE_MS, OutboxSender } from '../mail/sender.ts';
import { leadMessages } from '../mail/settings.ts';
import { testSmtp, type TestSmtp } from './smtp-fixture.ts';

const SCRIPT = join(import.meta.dirname, 'fixtures', 'die-before-mark-sent.ts');
let dir: string;
let smtp: TestSmtp;
afterEach(async () => {
  await smtp?.down();
  rmSync(dir, { recursive: true, force: true });
});

it('kill -9 between the 250 and mark-sent: sent again once, with the same Message-ID', async () => {
  dir = mkdtempSync(join(tmpdir(), 'voxdesk-crash-'));
  const path = join(dir, 'voxdesk.db');
  smtp = await testSmtp({ start: true });
  const store = new SqliteStore(path);
  const lead = {
    name: 'Bo Contact',
    email: 'bo@example.com',
    company: null,
    phone: null,
    message: null,
    slot: null,
    timeZone: null,
    language: 'en' as const,
    sourcePage: '/',
  };
  await store.leads.createLead(
    lead,
    Date.now(),
    leadMessages(lead, { from: 'x@voxdesk.test', notifyTo: 'owner@example.com' }, true),
  );

  const child = spawn(process.execPath, ['--conditions=source', SCRIPT, path, smtp.url], {
    stdio: 'inherit',
  });
  const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, s) => resolve(s)),
  );
  expect(signal).toBe('SIGKILL');
  expect(smtp.received).toHaveLength(1);
  const [firstId] = [...smtp.copies().keys()];

  // Both messages are still claimed by the dead sender (one batch): nobody may take them
  // until its lease lapses.
  const log = () => {};
  const early = new OutboxSender({
    outbox: store.outbox,
    smtpUrl: smtp.url,
    from: 'Voxdesk <leads@voxdesk.test>',
    log,
  });
  expect(await early.runOnce()).toEqual({ sent: 0, retry: 0, failed: 0 });
  expect(smtp.received).toHaveLength(1);
  await early.stop();

  const later = new OutboxSender({
    outbox: store.outbox,
    smtpUrl: smtp.url,
    from: 'Voxdesk <leads@voxdesk.test>',
    log,
    now: () => Date.now() + DEFAULT_LEASE_MS + 1_000,
  });
  expect(await later.runOnce()).toEqual({ sent: 2, retry: 0, failed: 0 });
  expect(await later.runOnce()).toEqual({ sent: 0, retry: 0, failed: 0 });
  await later.stop();
  await store.close();

  // Three deliveries of two messages: the interrupted one twice under one Message-ID.
  expect(smtp.received).toHaveLength(3);
  expect(smtp.copies().get(firstId!)).toBe(2);
  expect([...smtp.copies().values()].sort()).toEqual([1, 2]);
  expect(firstId).toMatch(/^<msg_[0-9a-f]{32}@voxdesk\.test>$/);
});
