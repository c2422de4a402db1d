import { ApiError } from '../../../shared/api/index.ts';

/** Spec §8 banner texts. */
export const MESSAGES = {
  loadFailed: 'Failed to load clients',
  addFailed: 'Failed to add client',
  deleteFailed: 'Failed to delete client',
  added: 'Client added successfully',
  deleted: 'Client deleted successfully',
  passwordSet: 'Password updated. The client was signed out everywhere.',
  passwordFailed: 'Failed to set the password',
} as const;

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this client?';

export interface Banner {
  kind: 'success' | 'error';
  text: string;
  /** The server's own explanation (e.g. the 409 for a taken email), shown under the text. */
  detail?: string;
}

/** The server's explanation of a refusal; nothing for a dropped connection or a proxy's page. */
export const detailOf = (error: unknown) =>
  error instanceof ApiError && error.fromServer ? error.message : undefined;
