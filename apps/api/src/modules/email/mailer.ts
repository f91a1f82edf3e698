import nodemailer from "nodemailer";
import type { Email } from "./renderers.ts";
import type { ThreadHeaders } from "./threading.ts";

/** A rendered email, its recipients and its place in a conversation. */
export type OutgoingEmail = Email & { to: string } & ThreadHeaders;

/** `send` resolves with what the mail server answered on taking the email ("250 2.0.0 Ok: queued"). */
export type Mailer = { send: (email: OutgoingEmail) => Promise<string | undefined>; close: () => void };

/**
 * The Subject header, ready to send. Nodemailer passes a valid RFC 2047 encoded word through as it
 * is, so a visitor who types `=?UTF-8?Q?...=0D=0A...?=` as their name would have mail programs decode
 * it into other text (line breaks included). A subject with `=?` in it is therefore encoded whole,
 * in words of whole characters, and what they typed stays the text they typed.
 */
export function subjectHeader(subject: string): { prepared: true; value: string } | undefined {
  if (!subject.includes("=?")) return undefined;
  const words: string[] = [];
  let word = "";
  for (const char of subject) {
    // 45 bytes make 60 base64 characters: each encoded word stays within RFC 2047's 75.
    if (Buffer.byteLength(word + char) > 45) {
      words.push(word);
      word = "";
    }
    word += char;
  }
  if (word) words.push(word);
  const value = words.map((text) => `=?UTF-8?B?${Buffer.from(text).toString("base64")}?=`).join("\r\n ");
  return { prepared: true, value };
}

/** Real SMTP through nodemailer; `smtpUrl` is `smtp://user:pass@host:587` or `smtps://...:465`. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A mail server that stops answering must not hold the worker for long: the email is retried.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(email) {
      const preparedSubject = subjectHeader(email.subject);
      const info = await transport.sendMail({
        from,
        to: email.to,
        replyTo: email.replyTo,
        messageId: email.messageId,
        inReplyTo: email.inReplyTo,
        references: email.references,
        ...(preparedSubject ? { headers: { subject: preparedSubject } } : { subject: email.subject }),
        text: email.text,
        html: email.html,
        ...(email.attachments ? { attachments: email.attachments } : {}),
      });
      return typeof info.response === "string" ? info.response : undefined;
    },
    close: () => transport.close(),
  };
}
