import type { VapiClient } from './client.ts';

/** Base of the generated resource classes: each method sends through this client. */
export class APIResource {
  protected readonly client: VapiClient;

  constructor(client: VapiClient) {
    this.client = client;
  }
}
