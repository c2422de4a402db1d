/** One spelling per address: `Admin@X.com ` and `admin@x.com` are the same account. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
