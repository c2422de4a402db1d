import { useEffect, useRef, type SyntheticEvent } from 'react';
import { useFetcher } from 'react-router';
import type { ClientActionResult, ClientIntent } from './client-actions.ts';

/** The one fetcher every form of the Clients tab submits through: one change at a time. */
const CLIENT_CHANGE = 'admin-client-change';

/**
 * The Clients tab's change in flight and its answer (`clientsAction`). `onSubmit` lets a form's
 * submission through only when no change is under way, so a double click sends one request
 * (the disabled button comes a render later than the second click); `confirm` may veto it.
 */
export function useClientChange() {
  const fetcher = useFetcher<ClientActionResult>({ key: CLIENT_CHANGE });
  const sending = useRef(false);
  const busy = fetcher.state !== 'idle';
  useEffect(() => {
    if (fetcher.state === 'idle') sending.current = false;
  }, [fetcher.state]);

  function onSubmit(event: SyntheticEvent<HTMLFormElement>, confirm?: () => boolean) {
    if (sending.current || busy || (confirm && !confirm())) {
      event.preventDefault();
      return;
    }
    sending.current = true;
  }

  /** Whether this change (and this client's, when `id` is given) is the one under way. */
  const pending = (intent: ClientIntent, id?: string) =>
    busy &&
    fetcher.formData?.get('intent') === intent &&
    (id === undefined || fetcher.formData.get('id') === id);

  return { Form: fetcher.Form, state: fetcher.state, result: fetcher.data, busy, pending, onSubmit };
}
