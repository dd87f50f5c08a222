import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-check";

describe("the addresses a webhook may reach", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "not an address",
    // IPv4-compatible (::/96), with the IPv4 address written either way, private inside or not: never a real receiver.
    "::127.0.0.1",
    "::7f00:1",
    "0:0:0:0:0:0:7f00:1",
    "::a9fe:a9fe",
    "::10.0.0.1",
    "::8.8.8.8",
    // IPv4-translated (::ffff:0:0/96).
    "::ffff:0:7f00:1",
    "::ffff:0:127.0.0.1",
    "::ffff:0:808:808",
    "0:0:0:0:ffff:0:a9fe:a9fe",
    // 6to4 (2002::/16), which carries an IPv4 address in its second and third groups.
    "2002:7f00:1::",
    "2002:a9fe:a9fe::1",
    "2002:808:808::1",
    // Teredo (2001::/32), which carries the server's and the client's IPv4 addresses.
    "2001::1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe",
    "2001:0000:7f00:0001::",
    // NAT64, documentation, unique local, site-local, discard-only.
    "64:ff9b::7f00:1",
    "64:ff9b::8.8.8.8",
    "2001:db8::1",
    "fc00::1",
    "fec0::1",
    "100::1",
    // The IPv6 documentation range of RFC 9637 and the deprecated 6to4 relay anycast (RFC 7526).
    "3fff::1",
    "3fff:fff:ffff::1",
    "192.88.99.1",
    "::ffff:192.88.99.2",
    // Benchmarking (RFC 5180), ORCHID and ORCHIDv2 (RFC 4843, 7343), SRv6 segment ids (RFC 9602): never on the open
    // internet (review of issue 53).
    "2001:2::1",
    "2001:2:0:ffff::1",
    "2001:10::1",
    "2001:2f:ffff::1",
    "5f00::1",
    "5f00:ffff::1",
    // Brackets are the URL's, never an address's.
    "[::1]",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "1.1.1.1",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001:80b::200e",
    "2001:1::1",
    "2001:3::1",
    "2001:4:112::1",
    "2003::1",
    "5eff::1",
    "5f01::1",
    "3ffe:ffff::1",
    "3fff:1000::1",
    "192.88.98.1",
    "192.88.100.1",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
  ])("allows %s", (address) => expect(isPublicAddress(address)).toBe(true));
});
