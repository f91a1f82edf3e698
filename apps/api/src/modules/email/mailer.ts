import nodemailer from "nodemailer";
import type { Email } from "./templates.ts";

/** A rendered email and its recipients. */
export type OutgoingEmail = Email & { to: string; replyTo?: string | undefined };

export type Mailer = { send: (email: OutgoingEmail) => Promise<void>; close: () => void };

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
      await transport.sendMail({
        from,
        to: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
    },
    close: () => transport.close(),
  };
}
