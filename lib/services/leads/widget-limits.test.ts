import { describe, expect, it } from "vitest";
import { leadIpKey, leadNetworkKey } from "./widget-limits";

describe("the widget lead form's per-visitor key", () => {
  it("groups an IPv6 client by its /64, however the address is written", () => {
    const key = leadIpKey("2001:db8:85a3:42::1");
    expect(leadIpKey("2001:db8:85a3:42:ffff:ffff:ffff:fffe")).toBe(key);
    expect(leadIpKey("2001:0db8:85a3:0042:0:0:0:2")).toBe(key);
    expect(leadIpKey("2001:DB8:85A3:42::3%eth0")).toBe(key);
    expect(key).toBe("2001:db8:85a3:42::/64");
  });

  it("keeps neighbouring /64s, IPv4 clients and IPv6 ones that carry an IPv4 apart", () => {
    expect(leadIpKey("2001:db8:85a3:43::1")).not.toBe(leadIpKey("2001:db8:85a3:42::1"));
    expect(leadIpKey("::1")).toBe("0:0:0:0::/64");
    expect(leadIpKey("203.0.113.7")).toBe("203.0.113.7");
    expect(leadIpKey("64:ff9b::203.0.113.7")).not.toBe(leadIpKey("64:ff9b::203.0.113.8"));
    expect(leadIpKey("unknown")).toBe("unknown");
  });
});

describe("the widget lead form's per-network key", () => {
  it("groups an IPv4 client by its /24 and an IPv6 one by its /48", () => {
    expect(leadNetworkKey("203.0.113.7")).toBe("203.0.113.0/24");
    expect(leadNetworkKey("203.0.113.250")).toBe(leadNetworkKey("203.0.113.7"));
    expect(leadNetworkKey("203.0.114.7")).not.toBe(leadNetworkKey("203.0.113.7"));
    expect(leadNetworkKey("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(leadNetworkKey("2001:db8:85a3:42::1")).toBe("2001:db8:85a3::/48");
    expect(leadNetworkKey("2001:0DB8:85a3:ffff:1:2:3:4%eth0")).toBe("2001:db8:85a3::/48");
    expect(leadNetworkKey("2001:db8:85a4::1")).not.toBe(leadNetworkKey("2001:db8:85a3::1"));
  });
});
