import { describe, expect, it } from "vitest";
import { conversationAddress, domainOf, tokenOf } from "./conversation-address.ts";
import { keyOf, messageIdOf } from "./threading.ts";

describe("conversation addresses and Message-IDs", () => {
  const mailbox = "ventas@empresa.ec";
  it("puts the token in a plus address, or leaves the mailbox alone where plus addressing is off", () => {
    expect(conversationAddress({ address: mailbox, plusAddressing: true }, "0123456789abcdef")).toBe(
      "ventas+0123456789abcdef@empresa.ec",
    );
    expect(conversationAddress({ address: mailbox, plusAddressing: false }, "0123456789abcdef")).toBe(mailbox);
  });

  it("finds the token only in the mailbox's own plus addresses", () => {
    expect(tokenOf("Ventas+0123456789ABCDEF@Empresa.ec", mailbox)).toBe("0123456789abcdef");
    expect(tokenOf("ventas@empresa.ec", mailbox)).toBeUndefined();
    expect(tokenOf("ventas+0123456789abcdef@otra.ec", mailbox)).toBeUndefined();
    expect(tokenOf("otro+0123456789abcdef@empresa.ec", mailbox)).toBeUndefined();
    expect(tokenOf("ventas+corto@empresa.ec", mailbox)).toBeUndefined();
  });

  it("makes Message-IDs from outbox keys and reads the key back, and nothing else", () => {
    const key = "0f0e0d0c-0b0a-4908-8706-050403020100";
    expect(messageIdOf(key, domainOf("FloraPro <no-reply@FloraPro.ec>"))).toBe(`<${key}@florapro.ec>`);
    expect(keyOf(`<${key}@florapro.ec>`)).toBe(key);
    expect(keyOf("<CAF=abc@mail.gmail.com>")).toBeUndefined();
  });
});
