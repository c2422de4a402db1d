import type { KyInstance } from 'ky';
import { appendQuery, fillPath, isFileData, readBody } from './http.ts';
import { operations, type Operation } from './operations.ts';
import {
  DEFAULT_BASE_URL,
  DEFAULT_TIMEOUT,
  checkOptions,
  checkRequestOptions,
  type QueryParams,
  type RequestOptions,
  type RetryOptions,
  type VapiOptions,
} from './options.ts';
import type { UploadResolver } from './upload.ts';

/** A request to any path, with the client's auth, retries, timeout and errors. */
export interface ApiRequest extends RequestOptions {
  /** GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS (any case). */
  method: string;
  /** Path below the base URL, starting with `/` (may carry its own `?query`). */
  path: string;
  /** JSON-encoded unless it is FormData, Blob, ArrayBuffer(View), ReadableStream or URLSearchParams. */
  body?: unknown;
}

type Body = RequestInit['body'];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const IDEMPOTENT = ['get', 'put', 'delete', 'head', 'options'];
// 408, 429 and every 5xx; Retry-After is honoured on all of them.
const RETRY_STATUS = [408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

const isRawBody = (body: unknown) =>
  isFileData(body) || body instanceof FormData || body instanceof URLSearchParams;

const asRetry = (retry: number | RetryOptions | undefined): RetryOptions =>
  typeof retry === 'number' ? { limit: retry } : (retry ?? {});

interface Send {
  where: string;
  method: string;
  path: string;
  query?: QueryParams | undefined;
  body?: Body | undefined;
  contentType?: string | undefined;
  auth: boolean;
  accept: string;
  options: RequestOptions;
}

/** The Vapi client: `request()` for any path plus a typed method per table operation. */
export class VapiClient {
  readonly #base: string;
  readonly #token: VapiOptions['token'];
  readonly #timeout: number;
  readonly #retry: RetryOptions;
  readonly #headers: Record<string, string>;
  readonly #fetch: typeof fetch | undefined;
  #ky: Promise<KyInstance> | undefined;
  /** Lets the Node entry accept file paths for uploads. */
  protected resolveUpload: UploadResolver | undefined;

  constructor(options?: VapiOptions) {
    const o = checkOptions(options);
    this.#base = (o.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.#token = o.token === '' ? undefined : o.token;
    this.#timeout = o.timeout ?? DEFAULT_TIMEOUT;
    this.#retry = asRetry(o.retry);
    this.#headers = { ...o.headers };
    this.#fetch = o.fetch;
    attachOperations(this);
  }

  /** Sends a request and returns the parsed body (JSON, text, or undefined when empty). */
  async request<T = unknown>(request: ApiRequest): Promise<T> {
    return (await readBody(await this.requestResponse(request))) as T;
  }

  /** Like `request()` but returns the raw `Response` (still throws a `VapiError` on non-2xx). */
  async requestResponse(request: ApiRequest): Promise<Response> {
    const where = 'vapi.request()';
    if (typeof request !== 'object' || request === null) {
      throw new TypeError(
        `${where}: expected { method, path, query?, body? }. Use e.g. { method: 'GET', path: '/assistant' }.`,
      );
    }
    const { method: rawMethod, path, body, ...options } = request;
    const method = typeof rawMethod === 'string' ? rawMethod.toUpperCase() : '';
    if (!METHODS.includes(method)) {
      throw new TypeError(
        `${where}: "method" must be one of ${METHODS.join(', ')} (got ${String(rawMethod)}).`,
      );
    }
    if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) {
      throw new TypeError(
        `${where}: "path" must start with "/" and stay on the API host (got ${String(path)}). Use e.g. '/assistant'.`,
      );
    }
    const opts = checkRequestOptions(where, options);
    if (body !== undefined && (method === 'GET' || method === 'HEAD')) {
      throw new TypeError(
        `${where}: a ${method} request cannot have a body. Send the fields as query instead.`,
      );
    }
    const json = body !== undefined && !isRawBody(body);
    return this.#send({
      where,
      method,
      path,
      body: json ? JSON.stringify(body) : (body as Body | undefined),
      contentType: json ? 'application/json' : undefined,
      auth: path.split('?')[0] !== '/credential/webhook',
      accept: 'application/json, */*;q=0.5',
      options: opts,
    });
  }

  /** Calls a table operation by id, e.g. `invoke('testSuites.runs.get', suiteId, runId)`. */
  async invoke(id: string, ...args: unknown[]): Promise<unknown> {
    const op = operations.find((o) => o.id === id);
    if (!op)
      throw new TypeError(`vapi.invoke(): unknown operation "${id}". See the exported \`operations\` table.`);
    return this.#invoke(op, args);
  }

  async #invoke(op: Operation, args: unknown[]): Promise<unknown> {
    const where = `vapi.${op.id}()`;
    const takesInput = op.body !== 'none' || op.query;
    const max = op.params.length + (takesInput ? 2 : 1);
    if (args.length > max) {
      const shape = [
        ...op.params,
        ...(takesInput ? [op.body === 'none' ? 'query?' : 'body'] : []),
        'options?',
      ];
      throw new TypeError(`${where} takes (${shape.join(', ')}) but got ${args.length} arguments.`);
    }
    const path = fillPath(where, op.path, op.params, args);
    const input = takesInput ? args[op.params.length] : undefined;
    const options = checkRequestOptions(where, args[op.params.length + (takesInput ? 1 : 0)]);
    if (
      op.query &&
      input !== undefined &&
      (typeof input !== 'object' || input === null || Array.isArray(input))
    ) {
      throw new TypeError(
        `${where}: the query must be an object (got ${String(input)}). Use e.g. { limit: 10 }.`,
      );
    }
    if (op.id === 'calls.createWeb') checkWebCall(input);
    let body: Body | undefined;
    if (op.body === 'json' && input !== undefined) body = JSON.stringify(input);
    if (op.body === 'multipart') {
      // Loaded on first upload, so apps that never upload do not ship it up front.
      const { toFormData } = await import('./upload.ts');
      body = await toFormData(where, input, this.resolveUpload);
    }
    const response = await this.#send({
      where,
      method: op.method,
      path,
      query: op.query ? (input as QueryParams | undefined) : undefined,
      body,
      contentType: op.body === 'json' && body !== undefined ? 'application/json' : undefined,
      auth: op.auth === 'bearer',
      accept: op.download ? '*/*' : 'application/json',
      options,
    });
    return op.download ? response : readBody(response);
  }

  async #send(s: Send): Promise<Response> {
    const url = new URL(this.#base + s.path);
    appendQuery(url, s.query);
    appendQuery(url, s.options.query);
    const headers = new Headers(this.#headers);
    headers.set('accept', s.accept);
    if (s.contentType) headers.set('content-type', s.contentType);
    if (s.auth) {
      const token = typeof this.#token === 'function' ? await this.#token() : this.#token;
      if (token !== undefined && typeof token !== 'string') {
        throw new TypeError(
          `${s.where}: the token function must return a string or undefined (got ${typeof token}).`,
        );
      }
      if (token) headers.set('authorization', `Bearer ${token}`);
    }
    for (const [name, value] of Object.entries(s.options.headers ?? {})) headers.set(name, value);
    const timeout = s.options.timeout ?? this.#timeout;
    try {
      const api = await (this.#ky ??= this.#createKy());
      return await api(url, {
        method: s.method,
        headers,
        body: s.body,
        timeout,
        retry: this.#retryFor(s.method, s.options.retry),
        ...(s.options.signal ? { signal: s.options.signal } : {}),
      });
    } catch (error) {
      // Error mapping loads on the first failure; successful calls never need it.
      const { toVapiError } = await import('./error-mapping.ts');
      throw await toVapiError(error, {
        method: s.method,
        path: s.path,
        url,
        timeout,
        signal: s.options.signal,
      });
    }
  }

  /**
   * ky is imported on the first request, not at import time: it touches fetch's globals,
   * which makes Node load its fetch implementation, a cost only requests need to pay.
   */
  async #createKy(): Promise<KyInstance> {
    const { default: ky } = await import('ky');
    return ky.create({
      credentials: 'same-origin',
      redirect: 'follow',
      referrerPolicy: 'no-referrer',
      throwHttpErrors: true,
      ...(this.#fetch ? { fetch: this.#fetch } : {}),
    });
  }

  /** Idempotent methods retry by default; any method retries when the request itself sets `retry`. */
  #retryFor(method: string, perRequest: number | RetryOptions | undefined) {
    const r = { ...this.#retry, ...asRetry(perRequest) };
    const methods = perRequest === undefined ? IDEMPOTENT : [...IDEMPOTENT, method.toLowerCase()];
    return {
      limit: r.limit ?? 2,
      methods,
      statusCodes: RETRY_STATUS,
      afterStatusCodes: RETRY_STATUS,
      maxRetryAfter: r.maxRetryAfter ?? 60_000,
      backoffLimit: r.backoffLimit ?? 10_000,
      // 0.5 s, 1 s, 2 s … with "equal jitter": half fixed, half random, so clients spread out.
      delay: (attempt: number) => 500 * 2 ** (attempt - 1),
      jitter: (delay: number) => delay / 2 + (Math.random() * delay) / 2,
    };
  }

  /** Shared with the resource builders. */
  static invokeOperation(client: VapiClient, op: Operation, args: unknown[]): Promise<unknown> {
    return client.#invoke(op, args);
  }
}

/** The spec's rule for web calls, checked before anything is sent. */
function checkWebCall(body: unknown): void {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (b.assistant == null && b.assistantId == null && b.squad == null && b.squadId == null) {
    throw new TypeError('Assistant or Squad must be provided.');
  }
}

/** Builds `client.assistants.create(…)` etc. from the table, plus `iterate` beside paged lists. */
function attachOperations(client: VapiClient): void {
  for (const op of operations) {
    const path = op.id.split('.');
    const name = path.pop() as string;
    let node = client as unknown as Record<string, Record<string, unknown>>;
    for (const part of path) node = (node[part] ??= {}) as Record<string, Record<string, unknown>>;
    const call = (...args: unknown[]) => VapiClient.invokeOperation(client, op, args);
    node[name] = call as never;
    if (op.paging) {
      const lead = op.params.length;
      node[name.replace('list', 'iterate')] = async function* (...args: unknown[]) {
        // Loaded on first use, like uploads: apps that never iterate do not ship it up front.
        const { iteratePages, iterateV1 } = await import('./paginate.ts');
        const query = (args[lead] ?? {}) as QueryParams;
        const page = (q: QueryParams) => call(...args.slice(0, lead), q, args[lead + 1]);
        yield* op.paging === 'v1' ? iterateV1(page, query) : iteratePages(page, query);
      } as never;
    }
  }
}
