import type { VapiClient } from './client.ts';
import type { QueryParams } from './options.ts';
import { paginate } from './paginate.ts';

/** Base of the generated resource classes: each method sends through this client. */
export class APIResource {
  declare protected readonly client: VapiClient;

  constructor(client: VapiClient) {
    this.client = client;
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
