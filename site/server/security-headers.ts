import { secureHeaders } from 'hono/secure-headers';

/**
 * The Content Security Policy. React hydrates from files (no inline scripts), styles allow
 * inline `style` attributes. `/demo` needs Vapi (REST + websocket) and Daily (the call
 * machine bundle from c.daily.co, its API and media websockets); `/chatbot` frames YouTube's
 * no-cookie player after a click; analytics scripts come from this origin (/_vercel/*).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://c.daily.co'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: [
    "'self'",
    'https://api.vapi.ai',
    'wss://api.vapi.ai',
    'https://*.daily.co',
    'wss://*.daily.co',
  ],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ['https://www.youtube-nocookie.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    // The demo needs the microphone of this origin only.
    permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [], payment: [] },
    // Only meaningful over https; browsers ignore it on http.
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    // Set by hand where needed: embedding YouTube and Daily's CDN must keep working.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
  });
