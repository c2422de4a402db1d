export { api, ApiError, call, segment, type Answer } from './client.ts';
