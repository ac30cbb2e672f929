/**
 * Which addresses `web` must not reach: the box itself and its networks (loopback, private,
 * link-local, shared/CGNAT, unspecified, multicast, reserved) and cloud metadata services. IPv6
 * forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that IPv4 address.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type BlockedKind =
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'shared'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'metadata';

/** Metadata services (AWS/GCP/Azure/OpenStack, AWS ECS, Alibaba, AWS over IPv6), by address and by name. */
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200']);
const METADATA_V6 = ['fd00:ec2::254'];
export const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog']);

type Range = readonly [prefix: readonly number[], bits: number, kind: BlockedKind];

const V4_RANGES: readonly Range[] = [
  [[0], 8, 'unspecified'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'shared'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link_local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'reserved'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'],
  [[198, 51, 100], 24, 'reserved'],
  [[203, 0, 113], 24, 'reserved'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

/** IPv6 ranges as 16-bit groups. */
const V6_RANGES: readonly Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 128, 'unspecified'],
  [[0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback'],
  [[0x100], 64, 'reserved'],
  [[0x2001, 0xdb8], 32, 'reserved'],
  [[0xfc00], 7, 'private'],
  [[0xfe80], 10, 'link_local'],
  [[0xfec0], 10, 'private'],
  [[0xff00], 8, 'multicast'],
];

function inRange(parts: readonly number[], width: number, prefix: readonly number[], bits: number): boolean {
  for (let i = 0; bits > 0; i += 1, bits -= width) {
    const mask = bits >= width ? (1 << width) - 1 : ((1 << width) - 1) ^ ((1 << (width - bits)) - 1);
    if (((parts[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The eight 16-bit groups of an IPv6 address (`::` and a trailing dotted IPv4 part allowed). */
function ipv6Groups(address: string): number[] {
  const bare = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  let text = bare;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${bare.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIPv4(groups: readonly number[]): string | undefined {
  const quad = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroTo = (end: number) => groups.slice(0, end).every((g) => g === 0);
  if (zeroTo(5) && g5 === 0xffff) return quad(g6, g7); // ::ffff:a.b.c.d
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return quad(g6, g7); // ::a.b.c.d (not :: or ::1)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return quad(g6, g7);
  if (g0 === 0x2002) return quad(g1, g2);
  return undefined;
}

/** Why `web` must not connect to `address` (an IPv4 or IPv6 literal), or undefined when it may. */
export function blockedKind(address: string): BlockedKind | undefined {
  if (isIPv4(address)) {
    if (METADATA_V4.has(address)) return 'metadata';
    const parts = address.split('.').map(Number);
    return V4_RANGES.find(([prefix, bits]) => inRange(parts, 8, prefix, bits))?.[2];
  }
  if (!isIPv6(address)) return 'reserved'; // not an address at all: never connect
  const groups = ipv6Groups(address);
  const v4 = embeddedIPv4(groups);
  if (v4) return blockedKind(v4);
  if (METADATA_V6.some((m) => ipv6Groups(m).every((g, i) => g === groups[i]))) return 'metadata';
  return V6_RANGES.find(([prefix, bits]) => inRange(groups, 16, prefix, bits))?.[2];
}

/** A host name as compared with the allow-list: lower case, no IPv6 brackets, no trailing dot. */
export function normalizeHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  let name = trimmed;
  try {
    // The URL parser gives IP literals one spelling (0x7f.1 → 127.0.0.1, [0::1] → [::1]).
    name = new URL(`http://${isIPv6(trimmed) ? `[${trimmed}]` : trimmed}/`).hostname;
  } catch {
    // Not a valid host: compare as written.
  }
  return name.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** Whether `host` is in `safety.web_allow_hosts` (exact names or IPs, or `*.suffix` for subdomains). */
export function isAllowedHost(host: string, allowHosts: readonly string[]): boolean {
  const name = normalizeHost(host);
  return allowHosts.some((entry) => {
    const wanted = entry.trim().toLowerCase();
    if (wanted.startsWith('*.')) return name.endsWith(`.${normalizeHost(wanted.slice(2))}`);
    return name === normalizeHost(wanted);
  });
}
