/** The Vapi platform API's production base URL. */
export const DEFAULT_BASE_URL = 'https://api.vapi.ai';
