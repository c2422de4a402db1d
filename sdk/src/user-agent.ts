/**
 * The headers that identify the SDK (see user-agent.runtime.ts). A browser build takes
 * user-agent.browser.ts, which sends none, as the runtime module does in a browser: fewer bytes.
 */
export { sdkHeaders } from '#user-agent';
