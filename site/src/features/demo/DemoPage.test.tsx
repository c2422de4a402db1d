import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_ENDED_MESSAGE, CALL_STARTED_MESSAGE, WELCOME_MESSAGE } from './call-state.ts';
import * as demoRoute from './route.tsx';
import type { FakeVapi } from './testing/fake-vapi.ts';
import { CONSENT_LINE, PREVIEW_TITLE, RECEPTIONISTS } from '../../content/demo.ts';
import {
  MICROPHONE_DENIED_MESSAGE,
  NO_MICROPHONE_MESSAGE,
  VOICE_SERVICE_UNREACHABLE_MESSAGE,
} from './voice-error.ts';
import { fetchSessionUser } from '../../shared/session/index.ts';
import { realAdmin, realClient, serveRealSiteApi } from '../../../test/real-site-api.ts';

const vapis = vi.hoisted(() => [] as FakeVapi[]);
/** What the next SDK's start() does (the SDK is created when Start is pressed, so tests set this first). */
const startBehaviour = vi.hoisted(() => ({
  next: undefined as undefined | ((vapi: FakeVapi, assistantId: string) => Promise<unknown>),
}));

vi.mock('@vapi-ai/web', async () => {
  const { EventEmitter } = await import('node:events');
  class Vapi extends EventEmitter {
    // Like the real SDK: a start failure is emitted as 'error', and EventEmitter throws
    // "Unhandled error" when nobody listens — so the page must listen before start().
    start = vi.fn(async (assistantId: string) =>
      startBehaviour.next ? startBehaviour.next(this as unknown as FakeVapi, assistantId) : { id: 'call_1' },
    );
    stop = vi.fn();
    inCall = false;
    setMuted = vi.fn((_muted: boolean) => {
      if (!this.inCall) throw new Error('Call object is not available.');
    });
    override emit(event: string, ...args: unknown[]) {
      if (event === 'call-start') this.inCall = true;
      if (event === 'call-end') this.inCall = false;
      return super.emit(event, ...args);
    }
    constructor(
      public publicKey: string,
      public apiBaseUrl?: string,
      public dailyCallConfig?: { avoidEval?: boolean },
    ) {
      super();
      vapis.push(this as unknown as FakeVapi);
    }
  }
  return { default: Vapi };
});

/** The preview engine needs Web Audio (Chromium covers it: tests/e2e/demo-preview.spec.ts); here, its seat. */
const previews = vi.hoisted(() => [] as { start: ReturnType<typeof vi.fn> }[]);
vi.mock('./preview-voice-client.ts', async () => {
  const { EventEmitter } = await import('node:events');
  class PreviewVoiceClient extends EventEmitter {
    start = vi.fn(async (receptionist: string) => ({ id: `preview-${receptionist}`, preview: true }));
    stop = vi.fn();
    setMuted = vi.fn();
    constructor() {
      super();
      previews.push(this);
    }
  }
  return { PreviewVoiceClient };
});

// The chunks the page loads on demand (Start, a live call, its end, a preview), compiled once
// here under a limit of its own: cold, the first test to need them paid their transforms and
// took 22.8-25.2 s of its 20 s at load 17-25 (2 of 30 runs). Each lazy() still suspends once,
// so the tests still wait for what a browser waits for.
beforeAll(
  () =>
    Promise.all([
      import('./call-engine.ts'),
      import('./voice-client.ts'),
      import('@vapi-ai/web'),
      import('./preview-voice-client.ts'),
      import('./CallTimer.tsx'),
      import('./CallSummary.tsx'),
      import('./PreviewNotice.tsx'),
    ]),
  120_000,
);

/** The browser's microphone request; granted unless a test says otherwise. */
let getUserMedia: ReturnType<typeof vi.fn>;
const api = serveRealSiteApi({ publicConfig: { vapiPublicKey: 'pk_test', vapiAssistantId: 'asst_demo' } });
beforeEach(async () => {
  vapis.length = 0;
  previews.length = 0;
  startBehaviour.next = undefined;
  await api.signIn(realClient);
  getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: () => {} }] }));
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
});

function renderDemo() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/login', element: <p>Login page</p> },
      { path: '/demo', ...demoRoute },
    ],
    { initialEntries: ['/demo'] },
  );
  const view = render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { router, ...view };
}

const status = () => screen.getByText((_, el) => el?.classList.contains('demo-status') ?? false);
const transcript = () => screen.getByRole('log', { name: 'Conversation transcript' });
const startButton = () => screen.getByRole('button', { name: 'Start Conversation' });

/** Renders /demo and waits until the page is ready (the SDK is not loaded yet). */
async function renderReady() {
  const view = renderDemo();
  await waitFor(() => expect(status()).toHaveTextContent('Ready'));
  return view;
}

/** Presses Start and returns the SDK instance it created (loaded on that press). */
async function pressStart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(startButton());
  await waitFor(() => expect(vapis.length).toBeGreaterThan(0));
  return vapis.at(-1)!;
}

/** What every start carries: the server's signed attribution and the duration cap. */
const grant = (receptionist: string) => ({
  metadata: expect.objectContaining({
    voxdeskAttribution: expect.stringMatching(/^[\w-]+\.[\w-]{43}$/),
    receptionist,
  }),
  maxDurationSeconds: 300,
});

const emit = (vapi: FakeVapi, event: string, ...args: unknown[]) => act(() => void vapi.emit(event, ...args));

describe('/demo', () => {
  it('greets the user, adds the welcome message once and creates the SDK with the public key at Start', async () => {
    const user = userEvent.setup();
    await renderReady();
    expect(screen.getByRole('heading', { name: 'Welcome, Carl Client!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Client Management' })).not.toBeInTheDocument();
    // Nothing of the SDK before Start: a visitor who only looks never loads it.
    expect(vapis).toHaveLength(0);
    expect(within(transcript()).getAllByText(WELCOME_MESSAGE)).toHaveLength(1);
    expect(startButton()).toBeEnabled();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    const vapi = await pressStart(user);
    expect(vapi.publicKey).toBe('pk_test');
    // Daily must load its call machine as a <script>: the site's CSP has no 'unsafe-eval'.
    expect(vapi.dailyCallConfig).toEqual({ avoidEval: true });
  });

  it("shows the welcome message's time without making an Intl.DateTimeFormat", async () => {
    // A page's first Intl.DateTimeFormat loads the locale's data: ~0.2 s of Lighthouse's phone
    // inside the render that paints /demo (site/common/date-time.ts reads 'time' off the Date).
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      await renderReady();
      const welcome = within(transcript()).getByText(WELCOME_MESSAGE).closest('.transcript-message')!;
      expect(welcome.querySelector('time')).toHaveTextContent(/^\d{1,2}:\d{2} [ap]m$/);
      expect(dateTimeFormat).not.toHaveBeenCalled();
    } finally {
      dateTimeFormat.mockRestore();
    }
  });

  it('asks for the setup once, from the route loader beside the session check (StrictMode mounts twice)', async () => {
    api.requests.length = 0;
    await renderReady();
    expect(api.requests).toEqual(['GET /api/session', 'GET /api/config']);
    expect(vapis).toHaveLength(0);
  });

  it('a visitor without a session goes to /login without the setup being asked for', async () => {
    localStorage.clear();
    api.requests.length = 0;
    renderDemo();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('without Vapi keys: a labelled preview plays the picked sample, asks for no microphone, names no settings', async () => {
    const user = userEvent.setup();
    api.reconfigure({ publicConfig: { vapiAssistantId: 'asst_demo' } });
    await renderReady();
    // The notice loads with the setup (a chunk of its own: the live demo never needs it).
    expect(await screen.findByRole('heading', { name: PREVIEW_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Voice call (preview)' })).toHaveTextContent('Preview');
    expect(screen.getByRole('link', { name: /Book a Call/ })).toHaveAttribute('target', '_blank');
    expect(document.body).not.toHaveTextContent('VAPI_');
    const picker = screen.getByRole('group', { name: 'Pick a receptionist to talk to' });
    await user.click(within(picker).getByLabelText(new RegExp(RECEPTIONISTS['home-services'].name)));
    await user.click(startButton());
    await waitFor(() =>
      expect(previews.at(-1)?.start).toHaveBeenCalledWith('home-services', grant('home-services')),
    );
    await waitFor(() => expect(status()).toHaveTextContent('Call initialized...'));
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(vapis).toHaveLength(0);
  });

  it('renders once, complete: the notice, the three receptionists and Ready are in its first paint', async () => {
    api.reconfigure({ publicConfig: {} });
    // Each DOM change is seen before anything later can run: what the first commit of the page
    // showed is what a phone paints first. Content arriving after it pushed the picker down.
    const firstPage: { notice: boolean; receptionists: number; status: string }[] = [];
    const observer = new MutationObserver(() => {
      if (firstPage.length || !document.querySelector('.demo-page h1')) return;
      firstPage.push({
        notice: document.querySelector('.demo-preview h2')?.textContent === PREVIEW_TITLE,
        receptionists: document.querySelectorAll('.receptionist-picker input[type=radio]').length,
        status: document.querySelector('.demo-status')?.textContent ?? '',
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      await renderReady();
    } finally {
      observer.disconnect();
    }
    expect(firstPage).toEqual([{ notice: true, receptionists: 3, status: expect.stringContaining('Ready') }]);
  });

  it('an Admin also sees which settings would make it live (the server sends them to Admins only)', async () => {
    await api.signIn(realAdmin);
    api.reconfigure({ publicConfig: {} });
    renderDemo();
    expect(await screen.findByRole('heading', { name: PREVIEW_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/Admins only: to make the demo live, set these settings/)).toHaveTextContent(
      'VAPI_PUBLIC_KEY, VAPI_ASSISTANT_ID',
    );
  });

  it('says before Start that the call may be recorded, with the privacy policy; not during the call', async () => {
    const user = userEvent.setup();
    await renderReady();
    expect(screen.getByText(CONSENT_LINE, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    const vapi = await pressStart(user);
    emit(vapi, 'call-start');
    expect(screen.queryByText(CONSENT_LINE, { exact: false })).toBeNull();
  });

  it("shows 'Failed to initialize Vapi' when setup fails", async () => {
    api.cutNetwork('/api/config');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDemo();
    await waitFor(() => expect(status()).toHaveTextContent('Failed to initialize Vapi'));
    expect(startButton()).toBeDisabled();
  });

  it('drives status, Live badge, transcript, volume and mute from every SDK event', async () => {
    const user = userEvent.setup();
    await renderReady();
    let answer!: (call: unknown) => void;
    let listenedForErrors = false;
    startBehaviour.next = (vapi) => {
      listenedForErrors = vapi.listenerCount('error') > 0;
      return new Promise((resolve) => (answer = resolve));
    };

    const vapi = await pressStart(user);
    expect(listenedForErrors).toBe(true);
    expect(status()).toHaveTextContent('Starting call...');
    expect(startButton()).toBeDisabled();
    expect(vapi.start).toHaveBeenCalledWith('asst_demo', grant('health-clinics'));
    await act(async () => answer({ id: 'call_1' }));
    expect(status()).toHaveTextContent('Call initialized...');

    emit(vapi, 'call-start');
    expect(status()).toHaveTextContent('Call started');
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(transcript()).toHaveTextContent(CALL_STARTED_MESSAGE);

    emit(vapi, 'speech-start');
    expect(status()).toHaveTextContent('AI is speaking...');
    emit(vapi, 'speech-end');
    expect(status()).toHaveTextContent('AI finished speaking');

    emit(vapi, 'volume-level', 0.42);
    expect(screen.getByTestId('volume-fill')).toHaveStyle({ width: '42%' });
    emit(vapi, 'volume-level', 7);
    expect(screen.getByTestId('volume-fill')).toHaveStyle({ width: '100%' });

    emit(vapi, 'message', {
      type: 'transcript',
      role: 'user',
      transcriptType: 'partial',
      transcript: 'I need',
    });
    expect(transcript()).toHaveTextContent('I need');
    emit(vapi, 'message', {
      type: 'transcript',
      role: 'user',
      transcriptType: 'final',
      transcript: 'I need an appointment',
    });
    emit(vapi, 'message', { type: 'assistant-message', content: 'Sure, which day suits you?' });
    emit(vapi, 'message', { type: 'status-update', status: 'in-progress' });
    const lines = within(transcript())
      .getAllByText((_, el) => el?.tagName === 'P')
      .map((p) => p.textContent);
    expect(lines).toEqual([
      WELCOME_MESSAGE,
      CALL_STARTED_MESSAGE,
      'I need an appointment',
      'Sure, which day suits you?',
    ]);

    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(vapi.setMuted).toHaveBeenLastCalledWith(true);
    expect(status()).toHaveTextContent('Microphone muted');
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(vapi.setMuted).toHaveBeenLastCalledWith(false);
    expect(status()).toHaveTextContent('Microphone unmuted');

    await user.click(screen.getByRole('button', { name: 'End Call' }));
    expect(vapi.stop).toHaveBeenCalledTimes(1);
    expect(status()).toHaveTextContent('Ending call...');

    emit(vapi, 'call-end');
    expect(status()).toHaveTextContent('Call ended');
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    expect(transcript()).toHaveTextContent(CALL_ENDED_MESSAGE);
    expect(screen.getByTestId('volume-fill')).toHaveStyle({ width: '0%' });
    expect(startButton()).toBeEnabled();
  });

  it('turns an SDK error into the status and one error entry, and allows a new start', async () => {
    const user = userEvent.setup();
    await renderReady();
    startBehaviour.next = async (vapi) => {
      // The real SDK reports a failed /call/web twice, with the parsed body as the message.
      const error = { message: { message: 'Invalid Key. Hot tip, you may be using the private key.' } };
      vapi.emit('error', { type: 'daily-call-join-error', error });
      vapi.emit('error', { type: 'start-method-error', error });
      return null;
    };
    await pressStart(user);
    const text = 'Error: Invalid Key. Hot tip, you may be using the private key.';
    expect(status()).toHaveTextContent(text);
    expect(within(transcript()).getAllByText(text)).toHaveLength(1);
    expect(startButton()).toBeEnabled();
  });

  it('explains a denied microphone and how to fix it', async () => {
    const user = userEvent.setup();
    await renderReady();
    startBehaviour.next = async (vapi) => {
      vapi.emit('error', {
        type: 'start-method-error',
        error: { name: 'NotAllowedError', message: 'Permission denied' },
      });
      return null;
    };
    await pressStart(user);
    await waitFor(() => expect(status()).toHaveTextContent(`Error: ${MICROPHONE_DENIED_MESSAGE}`));
    expect(MICROPHONE_DENIED_MESSAGE).toMatch(/Allow the microphone/);
  });

  it("reports a start that throws as 'Failed to start call: …'", async () => {
    const user = userEvent.setup();
    await renderReady();
    startBehaviour.next = () => Promise.reject(new Error('Assistant or Squad must be provided.'));
    await pressStart(user);
    await waitFor(() =>
      expect(status()).toHaveTextContent('Failed to start call: Assistant or Squad must be provided.'),
    );
    expect(startButton()).toBeEnabled();
  });

  it('offers three receptionists and calls the one picked', async () => {
    const user = userEvent.setup();
    api.reconfigure({
      publicConfig: {
        vapiPublicKey: 'pk_test',
        vapiAssistantId: 'asst_default',
        receptionists: { 'law-firms': 'asst_law' },
      },
    });
    await renderReady();
    const picker = screen.getByRole('group', { name: 'Pick a receptionist to talk to' });
    const radios = within(picker).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(radios[0]).toBeChecked();
    expect(picker).toHaveTextContent(RECEPTIONISTS['health-clinics'].tryThis);
    await user.click(within(picker).getByLabelText(new RegExp(RECEPTIONISTS['law-firms'].name)));
    const vapi = await pressStart(user);
    await waitFor(() => expect(vapi.start).toHaveBeenCalledWith('asst_law', grant('law-firms')));
    emit(vapi, 'call-start');
    expect(picker).toBeDisabled();
  });

  it('shows the call card states, a timer while live and a summary after the call', async () => {
    const user = userEvent.setup();
    await renderReady();
    const card = () =>
      screen.getByRole('heading', {
        level: 2,
        name: /Ready|Connecting|Live call|Ending|Call ended|Call failed/,
      });
    expect(card()).toHaveTextContent('Ready');
    let answer!: (call: unknown) => void;
    startBehaviour.next = () => new Promise((resolve) => (answer = resolve));
    const vapi = await pressStart(user);
    expect(card()).toHaveTextContent('Connecting…');
    await waitFor(() => expect(vapi.start).toHaveBeenCalled());
    await act(async () => answer({ id: 'call_1' }));
    // The clock stands still from the answer on, so the timer must read 0:00 however long its
    // chunk takes to load (it is lazy: when no earlier test went live, nothing has loaded it yet).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      emit(vapi, 'call-start');
      expect(card()).toHaveTextContent('Live call');
      expect(await screen.findByLabelText('Call time 0:00')).toBeInTheDocument();
      emit(vapi, 'message', {
        type: 'transcript',
        role: 'user',
        transcriptType: 'final',
        transcript: 'Book me in',
      });
      emit(vapi, 'message', { type: 'assistant-message', content: 'Booked for Thursday at 10.' });
      vi.setSystemTime(Date.now() + 65_000);
      emit(vapi, 'call-end');
    } finally {
      vi.useRealTimers();
    }
    expect(card()).toHaveTextContent('Call ended');
    // The summary is a lazy chunk too.
    expect(
      await screen.findByText(/1:05 on the line: you spoke 1 time, the receptionist 1 time\./),
    ).toBeInTheDocument();
    expect(screen.getByText('Booked for Thursday at 10.', { selector: 'blockquote' })).toBeInTheDocument();
  });

  it.each([
    [
      'a refused microphone',
      new DOMException('Permission denied', 'NotAllowedError'),
      'Microphone blocked',
      MICROPHONE_DENIED_MESSAGE,
    ],
    [
      'no microphone',
      new DOMException('Requested device not found', 'NotFoundError'),
      'No microphone',
      NO_MICROPHONE_MESSAGE,
    ],
  ])('%s: its own message before Vapi is called, and Try again', async (_name, refusal, title, message) => {
    const user = userEvent.setup();
    await renderReady();
    getUserMedia.mockRejectedValueOnce(refusal);
    await user.click(startButton());
    // The refusal comes after the call engine's chunk loaded: cold, that outlasts the click.
    const card = await screen.findByRole('region', { name: /Call failed/ });
    await waitFor(() => expect(card).toHaveTextContent(title));
    // One status surface: the message appears once in the card (and once in the transcript log).
    expect(within(card).getAllByText(message, { exact: false })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Call failed' })).toBeInTheDocument();
    // Refused before anything else: the SDK was not even loaded.
    expect(vapis).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(vapis.at(-1)?.start).toHaveBeenCalledWith('asst_demo', grant('health-clinics')),
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a network failure says so and offers Try again', async () => {
    const user = userEvent.setup();
    await renderReady();
    startBehaviour.next = () => Promise.reject(new TypeError('Failed to fetch'));
    await pressStart(user);
    const card = await screen.findByRole('region', { name: /Call failed/ });
    expect(card).toHaveTextContent('Network problem');
    expect(card).toHaveTextContent(VOICE_SERVICE_UNREACHABLE_MESSAGE);
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('keeps the newest message in view', async () => {
    const user = userEvent.setup();
    await renderReady();
    const vapi = await pressStart(user);
    const panel = transcript();
    Object.defineProperty(panel, 'scrollHeight', { configurable: true, value: 1234 });
    emit(vapi, 'message', { type: 'assistant-message', content: 'Another line' });
    expect(panel.scrollTop).toBe(1234);
  });

  it('logs out on both sides and goes to /login', async () => {
    const user = userEvent.setup();
    const { router } = await renderReady();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(await fetchSessionUser()).toBeUndefined();
  });

  it('stops a live call when the page goes away', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderReady();
    const vapi = await pressStart(user);
    emit(vapi, 'call-start');
    unmount();
    expect(vapi.stop).toHaveBeenCalled();
    expect(vapi.listenerCount('call-start')).toBe(0);
  });
});
