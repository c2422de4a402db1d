import type { QueryValue } from './options.ts';

/**
 * Query types for lists the public OpenAPI document does not describe, written from Vapi's
 * API reference. Dates may be `Date` objects (sent as ISO strings).
 */

/** A time bound: an ISO 8601 string or a `Date`. */
export type DateBound = string | Date;

/** Time bounds on `createdAt` / `updatedAt` (greater/less than, or equal). */
export type DateFilters = {
  createdAtGt?: DateBound;
  createdAtLt?: DateBound;
  createdAtGe?: DateBound;
  createdAtLe?: DateBound;
  updatedAtGt?: DateBound;
  updatedAtLt?: DateBound;
  updatedAtGe?: DateBound;
  updatedAtLe?: DateBound;
};

/** A v1 list: newest first, at most `limit` (≤ 1000, default 100) items. */
export type V1ListQuery = DateFilters & {
  limit?: number;
};

/** A page-based list answering `{ results, metadata }`. */
export type PageListQuery = DateFilters & {
  /** 1-based page number. */
  page?: number;
  sortOrder?: 'ASC' | 'DESC';
  /** Items per page. */
  limit?: number;
};

/** A time window for reports (`/metrics`, `/v2/call/metadata`). */
export type DateRangeQuery = {
  rangeStart?: DateBound;
  rangeEnd?: DateBound;
  /** IANA time zone, e.g. `Europe/Berlin`. */
  timezone?: string;
};

/** Filters of `GET /log` and `GET /logs`. */
export type LogQuery = PageListQuery & {
  type?: 'API' | 'Webhook' | 'Call' | 'Provider';
  webhookType?: string;
  assistantId?: string;
  phoneNumberId?: string;
  customerId?: string;
  squadId?: string;
  callId?: string;
};

/** Filters of `DELETE /log` and `DELETE /logs`. */
export type LogDeleteQuery = {
  type?: LogQuery['type'];
  assistantId?: string;
  phoneNumberId?: string;
  customerId?: string;
  squadId?: string;
  callId?: string;
};

/** Filters of `GET /voice-library/{provider}`. */
export type VoiceLibraryQuery = {
  page?: number;
  keyword?: string;
  language?: string;
  accent?: string;
  gender?: string;
  limit?: number;
};

/** Filters of `GET /{provider}/workflows`. */
export type ProviderWorkflowsQuery = {
  locationId?: string;
};

/** Filters of `GET /{provider}/voices/search` and `GET /{provider}/voice/search`. */
export type VoiceSearchQuery = {
  name?: string;
};

/**
 * A document query type as the SDK takes it: `Date` also stands for a `createdAt…` /
 * `updatedAt…` value, and parameters the document leaves untyped take any query value.
 */
export type WithDates<Q> = {
  [K in keyof Q]: K extends `${'createdAt' | 'updatedAt'}${string}`
    ? Q[K] | Date
    : unknown extends Q[K]
      ? QueryValue
      : Q[K];
};

/** The item type of a list response: an array's element, or a page's `results` element. */
export type ItemOf<T> = T extends readonly (infer I)[]
  ? I
  : T extends { results?: readonly (infer I)[] | undefined }
    ? I
    : never;
