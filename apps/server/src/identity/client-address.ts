import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a throttle counts a caller by: an IPv4 address as it is, an IPv6 address by its
 * /64 network (one subscriber usually holds a whole /64, so single addresses are free to
 * change), an IPv4-mapped IPv6 address as the IPv4 one.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
