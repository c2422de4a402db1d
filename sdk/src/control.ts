/**
 * Live call control: messages POSTed to a call's `monitor.controlUrl` (Vapi's "Live Call
 * Control"). The URL is on another host than the API, and takes no API key: Vapi's OpenAPI
 * document (`MonitorPlan.controlAuthenticationEnabled`) says it needs
 * `Authorization: Bearer <public key>` only when the assistant turns control authentication
 * on. So the private key is never sent; a `publicKey`, when given, is. Each message is one
 * request through the client's transport (timeout, signal, typed errors), never retried: a
 * `say` sent twice is said twice.
 *
 * @module @voxdesk/sdk/control
 *
 * Its own entry (`@voxdesk/sdk/control`), not a method of `vapi.calls`: as a method it cost
 * 415 B min+gz in every `new Vapi()` bundle (measured: 9,986 → 10,401 B for
 * `assistants.list()`, over the 10,000 B budget).
 */
import type { VapiCore } from './client.ts';
import { VapiArgumentError } from './errors.ts';
import type { components } from './generated/openapi.ts';
import type { RequestOptions } from './options.ts';
import { path } from './path.ts';

type Schemas = components['schemas'];
/** Any message the control URL accepts (Vapi's `ClientInboundMessage`). */
export type ControlMessage = NonNullable<Schemas['ClientInboundMessage']['message']>;
/** A transfer destination: a phone number or a SIP URI. */
export type TransferDestination = NonNullable<Schemas['ClientInboundMessageTransfer']['destination']>;
/** A message added to the conversation (`add-message`). */
export type ConversationMessage = Schemas['ClientInboundMessageAddMessage']['message'];

/** A call, or what of it control needs: its `monitor.controlUrl` (and its id for errors). */
export interface ControllableCall {
  id?: string | undefined;
  monitor?: { controlUrl?: string | undefined } | undefined;
}

/** Options of `vapi.calls.control()` and `ctx.control`. */
export interface CallControlOptions extends Pick<RequestOptions, 'signal' | 'timeout' | 'headers'> {
  /**
   * Your public key, sent as `Authorization: Bearer <publicKey>`: needed only when the
   * assistant's `monitorPlan.controlAuthenticationEnabled` is on. Without it no key is sent.
   */
  publicKey?: string | undefined;
}

/** Who `mute`/`unmute` act on. */
export type CallParty = 'assistant' | 'customer';

/** Options of `say`, as Vapi's `say` message names them. */
export interface SayOptions {
  /** Hang up once it is said. */
  endCallAfterSpoken?: boolean;
  /** Whether the customer can interrupt it. */
  interruptionsEnabled?: boolean;
  /** Replace what the assistant is saying now. */
  interruptAssistantEnabled?: boolean;
}

/** Sends control messages to one live call. Every method resolves once the call accepted the message. */
export interface CallControl {
  /** The call's `monitor.controlUrl` (the call is fetched once, on first use, when given an id). */
  controlUrl(): Promise<string>;
  /** Any control message, as Vapi's `ClientInboundMessage.message` types it. */
  send(message: ControlMessage, options?: Pick<RequestOptions, 'signal' | 'timeout'>): Promise<void>;
  /** The assistant says `text` now; `endCallAfterSpoken` hangs up after it. */
  say(text: string, options?: SayOptions): Promise<void>;
  /** Adds a message to the conversation; `triggerResponse: false` adds it silently (default: the assistant answers). */
  addMessage(message: ConversationMessage, options?: { triggerResponse?: boolean }): Promise<void>;
  /** Mutes the assistant (it stops speaking) or the customer (the assistant stops hearing them). */
  mute(party: CallParty): Promise<void>;
  /** Undoes `mute` for that party. */
  unmute(party: CallParty): Promise<void>;
  /** Transfers the call to a number or SIP URI; `content` is said first. */
  transfer(destination: TransferDestination, options?: { content?: string }): Promise<void>;
  /** Ends the call now. */
  endCall(): Promise<void>;
}

/**
 * Live control of one call: `say`, `addMessage`, `mute`/`unmute`, `transfer`, `endCall`, `send`,
 * posted to its `monitor.controlUrl`.
 *
 * ```ts
 * import { callControl } from '@voxdesk/sdk/control';
 * const control = callControl(vapi, callId); // the call is fetched once, on the first message
 * await control.say('One moment, I am checking.', { endCallAfterSpoken: false });
 * ```
 * @param core the client whose transport sends (`new Vapi()`, any `VapiCore`; its token is never
 *   sent to the control URL), or a function giving it
 * @param call the call (with its `monitor`), its id, or a function fetching it
 */
export function callControl(
  core: VapiCore | (() => Promise<VapiCore>),
  call: string | ControllableCall | (() => Promise<ControllableCall>),
  { publicKey, ...defaults }: CallControlOptions = {},
): CallControl {
  const client = async () => (typeof core === 'function' ? core() : core);
  const fetchCall =
    typeof call === 'string'
      ? async () => (await client()).send<ControllableCall>({ path: path`/call/${call}` })
      : call;
  let url: Promise<string> | undefined;
  const controlUrl = () =>
    (url ??= (async () => {
      const found = typeof fetchCall === 'function' ? await fetchCall() : fetchCall;
      const value = found?.monitor?.controlUrl;
      if (value && URL.canParse(value)) return value;
      url = undefined;
      throw new VapiArgumentError(
        `call ${found?.id} has no monitor.controlUrl: not live, or monitorPlan.controlEnabled is false`,
      );
    })());
  const send: CallControl['send'] = async (body, options) => {
    const to = await controlUrl();
    await (
      await client()
    ).send({
      method: 'POST',
      url: to,
      path: '/control',
      body,
      auth: false,
      headers: publicKey ? { authorization: `Bearer ${publicKey}` } : undefined,
      returns: 'any',
      // Never retried: the first attempt may have been acted on.
      options: { ...defaults, ...options, retry: 0 },
    });
  };
  const control = (action: string) => (party: CallParty) =>
    party === 'assistant' || party === 'customer'
      ? send({ type: 'control', control: `${action}-${party}` as 'mute-customer' })
      : Promise.reject(new VapiArgumentError(`party must be 'assistant' or 'customer', not ${party}`));
  return {
    controlUrl,
    send,
    say: (content, options) => send({ type: 'say', content, ...options }),
    addMessage: (message, options) =>
      send({ type: 'add-message', message, triggerResponseEnabled: options?.triggerResponse }),
    mute: control('mute'),
    unmute: control('unmute'),
    transfer: (destination, options) => send({ type: 'transfer', destination, ...options }),
    endCall: () => send({ type: 'end-call' }),
  };
}
