import { createServer } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { mail: ParsedMail; raw: string; envelopeTo: string[] };

export type TestSmtp = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` emails have arrived (or fails after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

/** A port nothing listens on (yet): a mail server that is down. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A real SMTP server (the smtp-server package) on loopback that keeps what it receives. */
export async function startSmtpServer(port = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          mail: await simpleParser(raw),
          raw,
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const started = Date.now();
      while (received.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`only ${received.length} of ${count} emails arrived`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
