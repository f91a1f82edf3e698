import { existsSync } from "node:fs";
import type { ExistsEvent } from "imapflow";
import { simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startImapServer, type TestImap } from "./imap.ts";

// The harness itself (test/imap.ts): a real Dovecot that later tests deliver mail into and break on purpose.

function message(subject: string, text: string, attachments: { filename: string; content: string }[] = []) {
  return new MailComposer({
    from: "Finca Rosaleda <compras@rosaleda.test>",
    to: "ventas@floricola.test",
    subject,
    text,
    attachments,
  })
    .compile()
    .build();
}

async function waitUntil(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("Dovecot test server", () => {
  let imap: TestImap;
  beforeAll(async () => {
    imap = await startImapServer();
  });
  afterAll(async () => {
    await imap?.stop();
  });

  it("describes itself with a URL that round-trips the address and the password", () => {
    const url = new URL(imap.url);
    expect(url.protocol).toBe("imap:");
    expect(url.hostname).toBe("127.0.0.1");
    expect(Number(url.port)).toBe(imap.port);
    expect(decodeURIComponent(url.username)).toBe("ventas@floricola.test");
    expect(decodeURIComponent(url.password)).toBe(imap.password);
    expect(imap.address).toBe("ventas@floricola.test");
    expect([143, 993]).not.toContain(imap.port);
  });

  // The tests share one server and run in any order: each counts from what the mailbox held before it.
  it("keeps what APPEND delivers, with increasing UIDs, and imapflow reads it back", async () => {
    const before = await imap.count();
    const first = await imap.append(await message("Cotización", "Hola"));
    const second = await imap.append(
      await message("Pedido de rosas: 40 cajas ✓ ñ", "Adjunto la orden.", [
        { filename: "orden.csv", content: "caja,tallos\n1,250\n" },
      ]),
      { flags: ["\\Seen"], date: new Date("2025-03-01T10:00:00Z") },
    );
    expect(second).toBeGreaterThan(first);
    expect(await imap.count()).toBe(before + 2);

    const client = await imap.client();
    try {
      const lock = await client.getMailboxLock("INBOX");
      try {
        const messages = await client.fetchAll("1:*", {
          uid: true,
          envelope: true,
          source: true,
          flags: true,
          internalDate: true,
        });
        const ours = messages.filter((m) => m.uid >= first);
        expect(ours.map((m) => m.uid)).toEqual([first, second]);
        const last = ours[1];
        expect(last?.envelope?.subject).toBe("Pedido de rosas: 40 cajas ✓ ñ");
        expect(last?.envelope?.from?.[0]?.address).toBe("compras@rosaleda.test");
        expect(last?.flags?.has("\\Seen")).toBe(true);
        expect(new Date(last?.internalDate ?? 0).toISOString()).toBe("2025-03-01T10:00:00.000Z");
        const parsed = await simpleParser(last?.source ?? Buffer.alloc(0));
        expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
          ["orden.csv", "caja,tallos\n1,250\n"],
        ]);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  });

  it("tells an IDLE connection of a message appended from another connection", async () => {
    const client = await imap.client();
    try {
      const before = (await client.mailboxOpen("INBOX")).exists;
      const exists = new Promise<ExistsEvent>((resolve) => client.once("exists", resolve));
      void client.idle();
      await waitUntil(() => client.idling);
      await imap.append(await message("Tercero", "Llega durante IDLE"));
      const event = await exists;
      expect(event).toMatchObject({ path: "INBOX", count: before + 1, prevCount: before });
    } finally {
      await client.logout();
    }
  });

  it("restart() keeps the mail and the port, and drops the clients connected before", async () => {
    const port = imap.port;
    await imap.append(await message("Antes del reinicio", "Se queda"));
    const before = await imap.count();
    const client = await imap.client();
    const closed = new Promise<void>((resolve) => client.once("close", resolve));
    await imap.restart();
    await closed;
    expect(imap.port).toBe(port);
    expect(await imap.count()).toBe(before);
  });

  it("kill() makes connections fail until restart(), even after a crash (SIGKILL)", async () => {
    await imap.append(await message("Antes de la caída", "Se queda"));
    const before = await imap.count();
    await imap.kill("SIGKILL");
    await expect(imap.count()).rejects.toThrow();
    await imap.restart();
    expect(await imap.count()).toBe(before);
    expect(await imap.append(await message("Cuarto", "Tras la caída"), { mailbox: "Archivo" })).toBe(1);
    expect(await imap.count("Archivo")).toBe(1);
  });

  it("stop() ends Dovecot and deletes its directory", async () => {
    // A server of its own: the others keep theirs.
    const own = await startImapServer();
    expect(existsSync(own.dir)).toBe(true);
    await own.stop();
    expect(existsSync(own.dir)).toBe(false);
    await expect(own.count()).rejects.toThrow();
  });
});
