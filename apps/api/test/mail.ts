// Emails as a grower's mail program writes them, for the tests to drop into the shared mailbox.

export type RawEmailOptions = {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  headers?: Record<string, string>;
  /** Files, sent base64 like every mail program does. */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

let counter = 0;

/** A MIME email (RFC 5322): text/plain in UTF-8, multipart/mixed when it carries files. */
export function rawEmail(options: RawEmailOptions) {
  counter += 1;
  const id = options.messageId ?? `<prueba-${Date.now()}-${counter}@finca.test>`;
  const head = [
    `From: ${options.from}`,
    `To: ${options.to}`,
    `Subject: =?UTF-8?B?${Buffer.from(options.subject).toString("base64")}?=`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: ${id}`,
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`] : []),
    ...(options.references?.length ? [`References: ${options.references.join(" ")}`] : []),
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    "MIME-Version: 1.0",
  ];
  const textPart = [
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    Buffer.from(options.text).toString("base64").replace(/.{76}/g, "$&\r\n"),
  ];
  if (!options.attachments?.length) return { id, raw: [...head, ...textPart].join("\r\n") };
  const boundary = `limite-${counter}`;
  const parts = [
    textPart.join("\r\n"),
    ...options.attachments.map((file) =>
      [
        `Content-Type: ${file.contentType}; name="${file.filename}"`,
        `Content-Disposition: attachment; filename="${file.filename}"`,
        "Content-Transfer-Encoding: base64",
        "",
        file.content.toString("base64").replace(/.{76}/g, "$&\r\n"),
      ].join("\r\n"),
    ),
  ];
  const body = parts.map((part) => `--${boundary}\r\n${part}`).join("\r\n");
  return {
    id,
    raw: [...head, `Content-Type: multipart/mixed; boundary="${boundary}"`, "", body, `--${boundary}--`, ""].join(
      "\r\n",
    ),
  };
}

/** A delivery report (RFC 3464) returning the email with `returnedId`, as Postfix writes one. */
export function bounceEmail(options: { to: string; returnedId: string; recipient: string }) {
  counter += 1;
  const boundary = `informe-${counter}`;
  return [
    "From: MAILER-DAEMON@correo.finca.test (Mail Delivery System)",
    `To: ${options.to}`,
    "Subject: Undelivered Mail Returned to Sender",
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <rebote-${counter}@correo.finca.test>`,
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "I'm sorry to have to inform you that your message could not be delivered.",
    "",
    `--${boundary}`,
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; correo.finca.test",
    "",
    `Final-Recipient: rfc822; ${options.recipient}`,
    "Action: failed",
    "Status: 5.1.1",
    `Diagnostic-Code: smtp; 550 5.1.1 <${options.recipient}>: Recipient address rejected: User unknown`,
    "",
    `--${boundary}`,
    "Content-Type: text/rfc822-headers",
    "",
    "From: FloraPro Ecuador <no-reply@florapro.test>",
    `To: ${options.recipient}`,
    `Message-ID: ${options.returnedId}`,
    "Subject: Respuesta a tu solicitud",
    "",
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
