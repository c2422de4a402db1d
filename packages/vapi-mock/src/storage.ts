/**
 * The fake's object storage: downloads and uploaded files are served from presigned-style
 * URLs on the fake's own origin (`/__storage/<key>?X-Amz-…`), like Vapi's S3 links.
 */
import type { RouteArgs, RouteDef } from './context.ts';
import type { FakeVapiState, StoredObject } from './state.ts';

export const STORAGE_PREFIX = '/__storage/';
const EXPIRES_SECONDS = 300;

/** Keep an object and return a signed URL for it. */
export function presign(state: FakeVapiState, publicBase: string, key: string, object: StoredObject): string {
  const signature = crypto.randomUUID().replace(/-/g, '');
  state.objects.set(key, { ...object, signature });
  const query = new URLSearchParams({
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Expires': String(EXPIRES_SECONDS),
    'X-Amz-Signature': signature,
  });
  return `${publicBase}${STORAGE_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}?${query}`;
}

/** `GET /__storage/*`: the object, or S3's AccessDenied for an unknown key or bad signature. */
export const storageRoute: RouteDef = {
  method: 'GET',
  path: '/__storage/*',
  auth: false,
  handler: ({ url, fake }: RouteArgs) => {
    const key = decodeURIComponent(
      url.pathname.slice(url.pathname.indexOf(STORAGE_PREFIX) + STORAGE_PREFIX.length),
    );
    const object = fake.state.objects.get(key);
    if (!object || object.signature !== url.searchParams.get('X-Amz-Signature')) {
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
      return new Response(xml, { status: 403, headers: { 'content-type': 'application/xml' } });
    }
    return new Response(object.body.slice(), {
      status: 200,
      headers: {
        'content-type': object.contentType,
        'content-length': String(object.body.byteLength),
        'content-disposition': `attachment; filename="${object.filename}"`,
      },
    });
  },
};
