import { createHmac, hkdfSync } from "node:crypto";
import { isIPv4 } from "node:net";

// A tap counts once per visitor, product and day (Ecuador's). The visitor is their network: an
// IPv4 address, or the /64 of an IPv6 one (what one home or phone gets; the address's last 64 bits
// are theirs to change at will). Only a keyed hash of it is stored, made with the day, so a
// visitor's rows of two days cannot be linked and the address cannot be recovered by trying every
// IPv4 address without the server's key.

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The groups of one side of `::`; an embedded IPv4 address (last 32 bits) takes two. */
const groupsOf = (part: string) =>
  part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]));

/** The network a tap comes from: the IPv4 address, or the first four groups of an IPv6 one. */
export function visitorNetwork(ip: string) {
  const address = ip.replace(/%.*$/, "");
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped) return mapped;
  if (isIPv4(address) || !address.includes(":")) return address;
  const [head = "", tail] = address.split("::");
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = tail === undefined ? 0 : Math.max(0, 8 - left.length - right.length);
  const groups = [...left, ...Array<string>(zeros).fill("0"), ...right];
  const prefix = groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
  return `${prefix.join(":")}::/64`;
}

/** This server's key for the visitors' hashes, derived from its signing secret for this use alone. */
export const visitorHashKey = (secret: Uint8Array) =>
  Buffer.from(hkdfSync("sha256", secret, "", "floraprotect whatsapp-click visitor", 32));

/** What is stored about the visitor of a tap: 128 bits of HMAC of the day and their network. */
export const visitorHash = (key: Buffer, day: string, ip: string) =>
  createHmac("sha256", key)
    .update(`${day}\n${visitorNetwork(ip)}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
