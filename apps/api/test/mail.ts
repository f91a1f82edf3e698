// Emails as a grower's mail program writes them, for the tests to drop into the shared mailbox.

export type RawEmailOptions = {
  from: string;
  to: string;
  subject: string;
  text?: string;
  /** An HTML body instead of `text`, as some mail programs send it: no text part at all. */
  html?: string;
  /**
   * What the mail servers on the way wrote above the sender's own headers (Received,
   * Authentication-Results), the last server's first.
   */
  trace?: string[];
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
    ...(options.trace ?? []),
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
    `Content-Type: ${options.html === undefined ? "text/plain" : "text/html"}; charset=utf-8`,
    "Content-Transfer-Encoding: base64",
    "",
    Buffer.from(options.html ?? options.text ?? "")
      .toString("base64")
      .replace(/.{76}/g, "$&\r\n"),
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

export type BounceOptions = {
  to: string;
  /** The Message-ID of the email returned. */
  returnedId: string;
  /** Whom the report says delivery failed to (its Final-Recipient). */
  recipient: string;
  /** `failed` (a bounce) or `delayed` (a warning that it is late). */
  action?: "failed" | "delayed";
  /** The returned email as its headers only (text/rfc822-headers) or whole (message/rfc822). */
  returned?: "headers" | "message";
};

/** A delivery report (RFC 3464) returning the email with `returnedId`, as Postfix writes one. */
export function bounceEmail(options: BounceOptions) {
  counter += 1;
  const boundary = `informe-${counter}`;
  const action = options.action ?? "failed";
  const returnedHeaders = [
    "From: FloraPro Ecuador <no-reply@florapro.test>",
    `To: ${options.recipient}`,
    `Message-ID: ${options.returnedId}`,
    "Subject: Respuesta a tu solicitud",
  ];
  return [
    "From: MAILER-DAEMON@correo.finca.test (Mail Delivery System)",
    `To: ${options.to}`,
    `Subject: ${action === "failed" ? "Undelivered Mail Returned to Sender" : "Delayed Mail (still being retried)"}`,
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
    `Action: ${action}`,
    action === "failed" ? "Status: 5.1.1" : "Status: 4.4.1",
    action === "failed"
      ? `Diagnostic-Code: smtp; 550 5.1.1 <${options.recipient}>: Recipient address rejected: User unknown`
      : "Diagnostic-Code: X-Postfix; connect to correo.finca.test: Connection timed out",
    "",
    `--${boundary}`,
    ...(options.returned === "message"
      ? ["Content-Type: message/rfc822", "", ...returnedHeaders, "", "Hola, le escribimos sobre su solicitud."]
      : ["Content-Type: text/rfc822-headers", "", ...returnedHeaders]),
    "",
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
