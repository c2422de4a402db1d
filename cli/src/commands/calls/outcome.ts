/** Ended reasons that mean the call failed rather than finished (errors, failed connects). */
export const FAILED_REASON = /error|fail|fault|not-found|invalid|not-valid/;

export const endedBadly = (reason: unknown) => typeof reason === 'string' && FAILED_REASON.test(reason);
