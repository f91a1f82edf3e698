import { describe, expect, it } from "vitest";
import { visitorHash, visitorHashKey, visitorNetwork } from "./visitor.ts";

describe("the visitor of a WhatsApp tap", () => {
  it("is the IPv4 address, or the /64 of an IPv6 one however it is written", () => {
    expect(visitorNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(visitorNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(visitorNetwork("2001:db8:aa:1::1")).toBe("2001:db8:aa:1::/64");
    expect(visitorNetwork("2001:0DB8:00aa:0001:1:2:3:4")).toBe("2001:db8:aa:1::/64");
    expect(visitorNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(visitorNetwork("::1")).toBe("0:0:0:0::/64");
    expect(visitorNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(visitorNetwork("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("is stored as a keyed hash of the day and the network, never the address", () => {
    const key = visitorHashKey(Buffer.from("una-clave-de-firma-de-pruebas-0123456789"));
    const today = visitorHash(key, "2026-11-27", "203.0.113.9");
    expect(today).toMatch(/^[\w-]{22}$/);
    expect(visitorHash(key, "2026-11-27", "::ffff:203.0.113.9")).toBe(today);
    expect(visitorHash(key, "2026-11-28", "203.0.113.9")).not.toBe(today);
    expect(visitorHash(key, "2026-11-27", "203.0.113.10")).not.toBe(today);
    const otherKey = visitorHashKey(Buffer.from("otra-clave-de-firma-de-pruebas-987654321"));
    expect(visitorHash(otherKey, "2026-11-27", "203.0.113.9")).not.toBe(today);
  });
});
