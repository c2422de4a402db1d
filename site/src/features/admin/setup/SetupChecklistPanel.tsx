import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api/index.ts';
import type { Settled } from '../../../shared/settle.ts';
import { sendTestMail, type SetupChecklist } from './setup-api.ts';

type TestMail = { state: 'idle' | 'sending' } | { state: 'sent' } | { state: 'failed'; reason: string };

const reasonOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The request did not reach the server. Try again.';

/** The one status line under "Send test email". */
function testMailLine(test: TestMail): string {
  if (test.state === 'sending') return 'Sending a test email…';
  if (test.state === 'sent') return 'Test email sent: the mail server accepted it. Check your inbox.';
  if (test.state === 'failed') return `Test email not sent: ${test.reason}`;
  return '';
}

/**
 * The admin setup checklist: each setting still missing or a default, with the exact variable
 * to change; folded away once everything is set. "Send test email" checks SMTP end to end.
 */
export function SetupChecklistPanel({ checklist }: { checklist: Promise<Settled<SetupChecklist>> }) {
  const [settled, setSettled] = useState<Settled<SetupChecklist>>();
  const [test, setTest] = useState<TestMail>({ state: 'idle' });
  useEffect(() => {
    let live = true;
    void checklist.then((value) => live && setSettled(value));
    return () => {
      live = false;
    };
  }, [checklist]);

  if (!settled) return null;
  if (!settled.ok) {
    return (
      <section className="admin-setup" aria-labelledby="admin-setup-title">
        <h2 id="admin-setup-title">Setup checklist</h2>
        <p role="alert">Failed to load the setup checklist: {reasonOf(settled.error)}</p>
      </section>
    );
  }

  const { items } = settled.value;
  const done = items.filter((item) => item.ok).length;
  const sendTest = async () => {
    setTest({ state: 'sending' });
    try {
      await sendTestMail();
      setTest({ state: 'sent' });
    } catch (error) {
      setTest({ state: 'failed', reason: reasonOf(error) });
    }
  };

  return (
    <section className="admin-setup" aria-labelledby="admin-setup-title">
      <h2 id="admin-setup-title">Setup checklist</h2>
      <details open={done < items.length}>
        <summary>
          {done} of {items.length} set{done === items.length ? ': everything is configured' : ''}
        </summary>
        <ul className="admin-setup-items">
          {items.map((item) => (
            <li key={item.id} className={item.ok ? 'admin-setup-ok' : 'admin-setup-todo'}>
              <span className="admin-setup-mark">{item.ok ? 'Done' : 'To do'}</span>
              <span>
                <strong>{item.title}</strong> <code>{item.setting}</code>
                <br />
                {item.detail}
              </span>
            </li>
          ))}
        </ul>
        <div className="admin-setup-test">
          <button type="button" onClick={() => void sendTest()} disabled={test.state === 'sending'}>
            Send test email
          </button>
          <p role="status">{testMailLine(test)}</p>
        </div>
      </details>
    </section>
  );
}
