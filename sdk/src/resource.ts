import type { APIPromise } from './api-promise.ts';
import type { SendRequest, VapiClient } from './client.ts';
import type { QueryParams } from './options.ts';
// The upload methods' encoder comes from here, before the pager, rather than from files.ts: a
// bundle of every resource then holds it after the client's code, which it resembles (15 B less
// gzipped than among the resources).
import { multipart } from './multipart.ts';
import { paginate } from './paginate.ts';
import { path } from './path.ts';

/** What the generated upload methods pass to `send` as `multipart` (see multipart.ts). */
export { multipart };

/** Base of the generated resource classes: each method sends through this client. */
export class APIResource {
  declare protected readonly client: VapiClient;

  constructor(client: VapiClient) {
    this.client = client;
  }

  /**
   * The start every path of the class shares (`/assistant`), which a generated class names once
   * (a getter, so a resource's only own key stays `client`); none here.
   */
  protected get basePath(): string {
    return '';
  }

  /**
   * The `path` tag with `basePath` before the template: in `Assistants`,
   * ``this.pathOf`/${id}` `` is ``path`/assistant/${id}` ``, the same string, checks and messages.
   */
  protected pathOf(strings: TemplateStringsArray, ...values: string[]): string {
    // path() reads the strings alone (never `raw`); a copy, as fast as the template itself
    // (`[base + first, ...strings.slice(1)]` took four times as long).
    const full = [...strings];
    full[0] = this.basePath + full[0];
    return path(full as readonly string[] as TemplateStringsArray, ...values);
  }

  /** What each generated method calls: the client's `send`, spelled once here. */
  protected send<T>(request: SendRequest): APIPromise<T> {
    return this.client.send<T>(request);
  }

  /** Every item of a paged list, page after page: what each `iterate` method returns. */
  protected paginate<T>(
    kind: 'v1' | 'pages',
    fetchPage: (query: QueryParams) => Promise<unknown>,
    query: object | undefined,
  ): AsyncGenerator<T> {
    return paginate<T>(kind, fetchPage, { ...query });
  }
}
