import {
  convertIPv4BinaryToString,
  convertIPv4MappedIPv6ToIPv4,
  convertIPv6BinaryToString,
  convertIPv6ToBinary,
  distinctRemoteAddr,
  isIPv4MappedIPv6,
} from 'hono/utils/ipaddr';

/**
 * The throttle's unit for an address: an IPv4 address as it is, an IPv6 address as its /64
 * (one subscriber usually holds a whole /64, so each of its 2^64 addresses must not be a fresh
 * bucket), an IPv4-mapped IPv6 address as its IPv4. Anything unparsable is kept as given.
 */
export function addressBucket(ip: string): string {
  if (distinctRemoteAddr(ip) !== 'IPv6') return ip;
  try {
    const binary = convertIPv6ToBinary(ip);
    if (isIPv4MappedIPv6(binary)) return convertIPv4BinaryToString(convertIPv4MappedIPv6ToIPv4(binary));
    return `${convertIPv6BinaryToString((binary >> 64n) << 64n)}/64`;
  } catch {
    return ip;
  }
}
