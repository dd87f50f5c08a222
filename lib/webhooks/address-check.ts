import { BlockList, isIP } from "node:net";

/**
 * Addresses a webhook must never reach (SSRF): private, loopback, link-local, carrier-grade NAT, multicast, reserved,
 * documentation and unspecified ranges, and the IPv6 forms that carry an IPv4 address (IPv4-compatible and
 * IPv4-translated, NAT64, 6to4, Teredo): none of those is a real CRM's address, so their whole ranges are refused.
 * Only IPv4-mapped addresses (`::ffff:a.b.c.d`, how a dual-stack socket writes an IPv4 peer) are judged by the IPv4
 * address inside them.
 */
const blocked = new BlockList(); // IPv4 only: an IPv6 range here would also catch IPv4 addresses
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  // The 6to4 relay anycast (deprecated, RFC 7526).
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
/** IPv6 ranges as [network, prefix length]. */
const BLOCKED_V6: [string, number][] = [
  // IPv4-compatible (::a.b.c.d), with the unspecified and loopback addresses inside it.
  ["::", 96],
  // IPv4-translated (::ffff:0:a.b.c.d).
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  // Teredo, benchmarking (RFC 5180), ORCHID and ORCHIDv2 (RFC 4843, 7343), and the documentation range.
  ["2001::", 32],
  ["2001:2::", 48],
  ["2001:10::", 28],
  ["2001:20::", 28],
  ["2001:db8::", 32],
  // 6to4.
  ["2002::", 16],
  // The second documentation range (RFC 9637).
  ["3fff::", 20],
  // Segment identifiers of SRv6 (RFC 9602): a network's own routing, not an internet address.
  ["5f00::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

/** An IPv6 address (as `isIP` takes it, zone left out) as its eight 16-bit groups. */
function groupsOf(address: string): number[] {
  const [text = ""] = address.split("%");
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  const hex = dotted
    ? text.slice(0, dotted.index) +
      [(+dotted[1]! << 8) | +dotted[2]!, (+dotted[3]! << 8) | +dotted[4]!].map((n) => n.toString(16)).join(":")
    : text;
  const [head = "", tail] = hex.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const [first, last] = [parse(head), parse(tail ?? "")];
  return tail === undefined ? first : [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

const valueOf = (groups: number[]) => groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
const ALL = (1n << 128n) - 1n;
const blockedV6 = BLOCKED_V6.map(([network, prefix]) => {
  const mask = ALL ^ ((1n << BigInt(128 - prefix)) - 1n);
  return { network: valueOf(groupsOf(network)) & mask, mask };
});

/** Whether an IP address (v4 or v6, without brackets) is one a webhook may be sent to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, "ipv4");
  const groups = groupsOf(address.toLowerCase());
  if (groups.length !== 8) return false;
  // IPv4-mapped: ::ffff:a.b.c.d.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return !blocked.check([high >> 8, high & 255, low >> 8, low & 255].join("."), "ipv4");
  }
  const value = valueOf(groups);
  return !blockedV6.some(({ network, mask }) => (value & mask) === network);
}
