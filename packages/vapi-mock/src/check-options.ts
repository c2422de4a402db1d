/**
 * Up-front checks of the fake's options, so a typo fails at once with a message saying
 * what was wrong and how to fix it (JavaScript callers get no compile-time help).
 */
import type { Fault } from './faults.ts';

const SHARED_KEYS = [
  'token',
  'seed',
  'rateLimit',
  'orgId',
  'now',
  'operations',
  'sameMillisecond',
  'latencyMs',
  'callPace',
];
const PACE_KEYS = ['durationSeconds', 'ringAfterMs', 'answerAfterMs', 'transcript', 'toolCalls'];
const OPTION_KEYS = {
  createFakeVapi: ['baseUrl', ...SHARED_KEYS],
  startFakeVapiServer: ['port', ...SHARED_KEYS],
};
const SEED_KEYS = ['assistants', 'calls', 'tokens', 'phoneNumbers', 'files', 'collections'];
const FAULT_KEYS = [
  'status',
  'body',
  'headers',
  'delayMs',
  'networkError',
  'method',
  'path',
  'page',
  'after',
];

function unknownKeys(where: string, value: object, known: string[]): void {
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length) {
    throw new TypeError(
      `${where}: unknown ${unknown.map((k) => `"${k}"`).join(', ')}. Known: ${known.join(', ')}.`,
    );
  }
}

export function checkOptions(where: keyof typeof OPTION_KEYS, options: Record<string, unknown>): void {
  if (typeof options !== 'object' || options === null)
    throw new TypeError(`${where}: options must be an object.`);
  unknownKeys(`${where} options`, options, OPTION_KEYS[where]);
  const { baseUrl, token, seed, rateLimit, orgId, sameMillisecond, latencyMs, callPace } = options;
  if (callPace !== undefined && callPace !== false) {
    if (typeof callPace !== 'object' || callPace === null)
      throw new TypeError(`${where}: callPace must be an object like { durationSeconds: 20 } or false.`);
    unknownKeys(`${where} callPace`, callPace, PACE_KEYS);
    for (const key of ['durationSeconds', 'ringAfterMs', 'answerAfterMs']) {
      const value = (callPace as Record<string, unknown>)[key];
      if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
        throw new TypeError(`${where}: callPace.${key} must be a number ≥ 0, got ${String(value)}.`);
    }
  }
  if (
    latencyMs !== undefined &&
    !(typeof latencyMs === 'number' && Number.isFinite(latencyMs) && latencyMs >= 0)
  ) {
    throw new TypeError(`${where}: latencyMs must be a number of ms ≥ 0, got ${String(latencyMs)}.`);
  }
  if (
    sameMillisecond !== undefined &&
    !(typeof sameMillisecond === 'number' && Number.isInteger(sameMillisecond) && sameMillisecond >= 1)
  ) {
    throw new TypeError(
      `${where}: sameMillisecond must be an integer ≥ 1 (records stamped per millisecond), got ${String(sameMillisecond)}.`,
    );
  }
  if (baseUrl !== undefined && (typeof baseUrl !== 'string' || !URL.canParse(baseUrl))) {
    throw new TypeError(
      `${where}: baseUrl must be an absolute URL like https://api.vapi.ai, got "${String(baseUrl)}".`,
    );
  }
  if (token !== undefined && (typeof token !== 'string' || token === '')) {
    throw new TypeError(
      `${where}: token must be a non-empty string (or leave it out to accept any request).`,
    );
  }
  if (orgId !== undefined && (typeof orgId !== 'string' || orgId === '')) {
    throw new TypeError(`${where}: orgId must be a non-empty string.`);
  }
  if (rateLimit !== undefined) {
    const limit = rateLimit as { requests?: unknown; windowMs?: unknown };
    if (!(
      typeof limit.requests === 'number' &&
      limit.requests >= 0 &&
      typeof limit.windowMs === 'number' &&
      limit.windowMs > 0
    )) {
      throw new TypeError(
        `${where}: rateLimit needs { requests: number ≥ 0, windowMs: number > 0 }, e.g. { requests: 10, windowMs: 1000 }.`,
      );
    }
  }
  if (seed !== undefined) checkSeed(where, seed);
}

function checkSeed(where: string, seed: unknown): void {
  if (typeof seed !== 'object' || seed === null || Array.isArray(seed)) {
    throw new TypeError(`${where}: seed must be an object like { assistants: [{ name: 'Reception' }] }.`);
  }
  unknownKeys(`${where} seed`, seed, SEED_KEYS);
  const { collections, ...named } = seed as Record<string, unknown>;
  const lists = Object.entries(named);
  if (collections !== undefined) {
    if (typeof collections !== 'object' || collections === null) {
      throw new TypeError(
        `${where}: seed.collections must map paths to arrays, e.g. { '/squad': [{ name: 'Desk' }] }.`,
      );
    }
    for (const [path, records] of Object.entries(collections)) {
      if (!path.startsWith('/')) {
        throw new TypeError(`${where}: seed.collections keys are paths starting with "/", got "${path}".`);
      }
      lists.push([`collections['${path}']`, records]);
    }
  }
  for (const [name, records] of lists) {
    if (
      !Array.isArray(records) ||
      records.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))
    ) {
      throw new TypeError(`${where}: seed.${name} must be an array of objects (records).`);
    }
  }
}

export function checkFault(times: number, fault: Fault): void {
  if (!Number.isInteger(times) || times < 1) {
    throw new RangeError(`failNext: times must be a positive integer, got ${String(times)}.`);
  }
  if (typeof fault !== 'object' || fault === null) {
    throw new TypeError(
      'failNext: the fault must be an object like { status: 429, headers: { "retry-after": "1" } }.',
    );
  }
  unknownKeys('failNext fault', fault, FAULT_KEYS);
  if (
    fault.status !== undefined &&
    !(Number.isInteger(fault.status) && fault.status >= 100 && fault.status <= 599)
  ) {
    throw new RangeError(`failNext: status must be an HTTP status (100-599), got ${fault.status}.`);
  }
  if (fault.after !== undefined && !(Number.isInteger(fault.after) && fault.after >= 0)) {
    throw new RangeError(
      `failNext: after must be a whole number of requests to let through, got ${String(fault.after)}.`,
    );
  }
  if (fault.page !== undefined && fault.page !== 'repeat' && fault.page !== 'stale') {
    throw new TypeError(`failNext: page must be 'repeat' or 'stale', got ${JSON.stringify(fault.page)}.`);
  }
  if (fault.page !== undefined && (fault.status !== undefined || fault.networkError)) {
    throw new TypeError('failNext: page misbehaves on a normal answer; drop status and networkError.');
  }
  if (
    fault.status === undefined &&
    !fault.networkError &&
    fault.delayMs === undefined &&
    fault.page === undefined
  ) {
    throw new TypeError(
      "failNext: give a status, networkError: true, or delayMs (or page: 'repeat' | 'stale' for page lists).",
    );
  }
}
