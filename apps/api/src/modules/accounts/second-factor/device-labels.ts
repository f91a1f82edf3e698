import { isIP } from "node:net";

// How `Sesiones activas` and the new-device email name a device: the browser and system from the
// User-Agent, and the IP's network. No place names: that needs a geolocation database from outside
// the product (decision 035); a network is what a person can recognise ("the office's").

const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, "Edge"],
  [/OPR\//, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Chrome en Windows"; "Navegador desconocido" without a User-Agent we can read. */
export function browserOf(userAgent: string | undefined) {
  if (!userAgent) return "Navegador desconocido";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? "Navegador desconocido";
}

const PRIVATE_V4 = [
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^127\./,
  /^169\.254\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

/** The IP's network: "190.152.14.0/24", "2800:370:5f::/48", or "Red local" (LAN, this machine). */
export function networkOf(ip: string | undefined) {
  if (!ip) return "Red desconocida";
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(address) === 4) {
    if (PRIVATE_V4.some((pattern) => pattern.test(address))) return "Red local";
    return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  }
  if (isIP(address) === 6) {
    const lower = address.toLowerCase();
    // Loopback, link-local fe80::/10, unique-local fc00::/7.
    if (lower === "::1" || /^fe[89ab]/.test(lower) || /^f[cd]/.test(lower)) return "Red local";
    const groups = expandV6(lower)
      .slice(0, 3)
      .map((group) => group.replace(/^0+(?=.)/, ""));
    return `${groups.join(":")}::/48`;
  }
  return "Red desconocida";
}

function expandV6(address: string) {
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  return [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
}
