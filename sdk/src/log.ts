/**
 * `@voxdesk/sdk/log`: request logging as `onRequest`/`onResponse` hooks, with credentials
 * redacted. Node, Deno and Bun get it from the `logger`/`logLevel` options and `VAPI_LOG`; a
 * browser bundle spreads `logHooks()` into the options, so the core never ships it.
 * @example
 * ```ts
 * import { Vapi } from '@voxdesk/sdk';
 * import { logHooks } from '@voxdesk/sdk/log';
 *
 * const hooks = logHooks({ logger: console, logLevel: 'info' });
 * const vapi = new Vapi({ token: process.env.VAPI_TOKEN, baseUrl: process.env.VAPI_BASE_URL, ...hooks });
 * const assistants = await vapi.assistants.list(); // [vapi] GET …/assistant → 200 in 3 ms (attempt 1)
 * console.log(assistants.length);
 * ```
 * @module @voxdesk/sdk/log
 */
export {
  LOG_LEVELS,
  logHooks,
  redactHeaders,
  withLogging,
  type Logger,
  type LogLevel,
  type LogOptions,
  type RequestEvent,
  type ResponseEvent,
} from './log-hooks.ts';
