/** The base URL the msw handlers answer on, matching the SDK's default. */
export const VAPI_MOCK_BASE_URL = 'https://api.vapi.ai';
