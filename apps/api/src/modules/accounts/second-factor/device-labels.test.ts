import { describe, expect, it } from "vitest";
import { browserOf, networkOf } from "./device-labels.ts";

const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  samsungAndroid:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  operaMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  chromebook:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
};

describe("browserOf", () => {
  it("names the browser and the system as a person knows them", () => {
    expect(browserOf(UA.chromeWindows)).toBe("Chrome en Windows");
    expect(browserOf(UA.edgeWindows)).toBe("Edge en Windows");
    expect(browserOf(UA.safariIphone)).toBe("Safari en iOS");
    expect(browserOf(UA.chromeIphone)).toBe("Chrome en iOS");
    expect(browserOf(UA.firefoxLinux)).toBe("Firefox en Linux");
    expect(browserOf(UA.samsungAndroid)).toBe("Samsung Internet en Android");
    expect(browserOf(UA.operaMac)).toBe("Opera en macOS");
    expect(browserOf(UA.safariMac)).toBe("Safari en macOS");
    expect(browserOf(UA.chromebook)).toBe("Chrome en ChromeOS");
  });

  it("says what it can, and 'Navegador desconocido' without a User-Agent it can read", () => {
    expect(browserOf(undefined)).toBe("Navegador desconocido");
    expect(browserOf("")).toBe("Navegador desconocido");
    expect(browserOf("curl/8.5.0")).toBe("Navegador desconocido");
    expect(browserOf("Firefox/127.0")).toBe("Firefox");
    expect(browserOf("Something (Windows NT 10.0)")).toBe("Windows");
  });
});

describe("networkOf", () => {
  it("gives a public IPv4 address's /24", () => {
    expect(networkOf("190.152.14.77")).toBe("190.152.14.0/24");
    expect(networkOf("::ffff:186.46.9.3")).toBe("186.46.9.0/24");
  });

  it("calls private, loopback, link-local and carrier-grade addresses 'Red local'", () => {
    for (const ip of [
      "10.1.2.3",
      "192.168.0.10",
      "172.16.0.1",
      "172.31.255.255",
      "127.0.0.1",
      "169.254.1.1",
      "100.64.0.1",
      "100.127.255.255",
      "::ffff:192.168.1.5",
      "::1",
      "fe80::1",
      "fd12:3456::1",
      "FC00::1",
    ])
      expect(networkOf(ip), ip).toBe("Red local");
  });

  it("keeps the edges of the private ranges public", () => {
    expect(networkOf("172.15.0.1")).toBe("172.15.0.0/24");
    expect(networkOf("172.32.0.1")).toBe("172.32.0.0/24");
    expect(networkOf("100.63.0.1")).toBe("100.63.0.0/24");
    expect(networkOf("100.128.0.1")).toBe("100.128.0.0/24");
  });

  it("gives a public IPv6 address's /48, also when written short", () => {
    expect(networkOf("2800:370:5f:1::25")).toBe("2800:370:5f::/48");
    expect(networkOf("2800:0370:005F:0001:0000:0000:0000:0025")).toBe("2800:370:5f::/48");
  });

  it("says 'Red desconocida' without an address it can read", () => {
    expect(networkOf(undefined)).toBe("Red desconocida");
    expect(networkOf("")).toBe("Red desconocida");
    expect(networkOf("no-es-una-ip")).toBe("Red desconocida");
    expect(networkOf("999.1.1.1")).toBe("Red desconocida");
  });
});
