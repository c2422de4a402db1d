/** The two roles a user record can hold; new records default to `Client` (spec §3). */
export type Role = 'Admin' | 'Client';

export const DEFAULT_ROLE: Role = 'Client';
