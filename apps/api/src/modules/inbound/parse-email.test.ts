import { describe, expect, it } from "vitest";
import { bounceEmail, rawEmail } from "../../../test/mail.ts";
import { ATTACHMENT_MAX_BYTES, parseEmail } from "./parse-email.ts";
import { foldQuoted } from "./quoted-text.ts";

describe("a received email read for the CRM", () => {
  it("keeps the new words and folds what Gmail, Outlook and plain quoting carry below", () => {
    expect(
      foldQuoted(
        "Sí, 20 cajas.\n\nEl mié, 25 nov 2026 a las 18:40, FloraPro\n<ventas@x.ec> escribió:\n> ¿Cuántas cajas?",
      ),
    ).toEqual({
      text: "Sí, 20 cajas.",
      quoted: "El mié, 25 nov 2026 a las 18:40, FloraPro\n<ventas@x.ec> escribió:\n> ¿Cuántas cajas?",
    });
    expect(
      foldQuoted("Listo.\r\n\r\nDe: FloraPro <ventas@x.ec>\r\nEnviado: martes\r\nPara: Ana\r\n\r\nTexto anterior").text,
    ).toBe("Listo.");
    expect(foldQuoted("Gracias\n-----Mensaje original-----\nHola").quoted).toBe("-----Mensaje original-----\nHola");
    expect(foldQuoted("Perfecto\n\n> línea 1\n> línea 2\n").text).toBe("Perfecto");
    // A line that merely starts like an attribution stays.
    expect(foldQuoted("El producto llegó bien.\nGracias.")).toEqual({
      text: "El producto llegó bien.\nGracias.",
      quoted: null,
    });
    // Nothing but a quote: kept whole.
    expect(foldQuoted("> solo cita").text).toBe("> solo cita");
  });

  it("keeps the answers written between quoted lines, folding only the quote that ends the text", () => {
    const answer = [
      "El mié, 25 nov 2026 a las 18:40, FloraPro <ventas@x.ec> escribió:",
      "> ¿Cuántas cajas?",
      "20 cajas.",
      "> ¿Para qué fecha?",
      "El lunes.",
      "> Saludos,",
      "> Ana",
    ].join("\n");
    expect(foldQuoted(answer)).toEqual({
      text: answer.split("\n").slice(0, 5).join("\n"),
      quoted: "> Saludos,\n> Ana",
    });
  });

  it("reads the sender, the thread and the files; a file over 10 MB is listed without content", async () => {
    const big = Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 2);
    const { raw, id } = rawEmail({
      from: "María José Pérez <Maria@Finca.EC>",
      to: "ventas+0123456789abcdef@floricola.test",
      subject: "Re: cotización",
      inReplyTo: "<a@x>",
      references: ["<z@x>", "<a@x>"],
      text: "Adjunto la orden.",
      attachments: [
        { filename: "orden.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4") },
        { filename: "video.mp4", contentType: "video/mp4", content: big },
      ],
    });
    const email = await parseEmail(Buffer.from(raw));
    expect(email).toMatchObject({
      kind: "message",
      messageId: id,
      from: { address: "maria@finca.ec", name: "María José Pérez" },
      recipients: ["ventas+0123456789abcdef@floricola.test"],
      thread: ["<a@x>", "<z@x>"],
      subject: "Re: cotización",
      text: "Adjunto la orden.",
    });
    expect(email.attachments.map(({ content, ...file }) => ({ ...file, kept: content !== null }))).toEqual([
      { filename: "orden.pdf", contentType: "application/pdf", size: 8, skippedReason: null, kept: true },
      {
        filename: "video.mp4",
        contentType: "video/mp4",
        size: big.length,
        skippedReason: "Supera el máximo de 10 MB",
        kept: false,
      },
    ]);
  });

  it("turns an HTML-only email into text, and reads ISO-8859-1", async () => {
    const html = [
      "From: a@finca.test",
      "To: ventas@floricola.test",
      "Subject: HTML",
      "MIME-Version: 1.0",
      "Content-Type: text/html; charset=iso-8859-1",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "<p>Buen d=EDa,</p><script>alert(1)</script><p>necesito <b>Chrysal</b></p>",
    ].join("\r\n");
    const email = await parseEmail(Buffer.from(html, "latin1"));
    expect(email.text).toContain("Buen día,");
    expect(email.text).toContain("necesito Chrysal");
    expect(email.text).not.toContain("<");
  });

  it("turns the HTML of an HTML-only email that carries files into text", async () => {
    const { raw } = rawEmail({
      from: "María Quishpe <maria@rosasdelvalle.ec>",
      to: "ventas@floricola.test",
      subject: "Foto del cultivo",
      html: '<div dir="ltr"><p>Buenos días,</p><p>adjunto la <b>foto</b> de las rosas con botrytis.</p></div>',
      attachments: [{ filename: "rosas.jpg", contentType: "image/jpeg", content: Buffer.from([0xff, 0xd8, 0xff]) }],
    });
    const email = await parseEmail(Buffer.from(raw));
    expect(email.text).toBe("Buenos días,\n\nadjunto la foto de las rosas con botrytis.");
    expect(email.attachments.map((file) => file.filename)).toEqual(["rosas.jpg"]);
  });

  it("recognises automatic answers and RFC 3464 bounces, the returned email as headers or whole", async () => {
    const away = rawEmail({
      from: "a@finca.test",
      to: "ventas@floricola.test",
      subject: "Fuera de la oficina",
      text: "Vuelvo el lunes",
    });
    expect((await parseEmail(Buffer.from(away.raw))).kind).toBe("auto_reply");
    const bulk = rawEmail({
      from: "a@finca.test",
      to: "v@x.test",
      subject: "Hola",
      text: "x",
      headers: { Precedence: "bulk" },
    });
    expect((await parseEmail(Buffer.from(bulk.raw))).kind).toBe("auto_reply");
    const returnedId = "<0f0e0d0c-0b0a-4908-8706-050403020100@florapro.test>";
    for (const returned of ["headers", "message"] as const) {
      const bounce = await parseEmail(
        Buffer.from(bounceEmail({ to: "ventas@floricola.test", returnedId, recipient: "X@y.test", returned })),
      );
      expect(bounce.kind).toBe("bounce");
      expect(bounce.bounce).toEqual({
        returnedId,
        recipients: [
          {
            addresses: ["x@y.test"],
            action: "failed",
            reason: "550 5.1.1 <X@y.test>: Recipient address rejected: User unknown",
          },
        ],
      });
    }
  });

  it("believes only a delivery report's own fields: a bounce-like email is an email", async () => {
    const returnedId = "<0f0e0d0c-0b0a-4908-8706-050403020100@florapro.test>";
    // The tester's fake: a bounce's subject and words, naming one of our Message-IDs in its text.
    const fake = rawEmail({
      from: "Soporte de correo <extrano@attacker.example>",
      to: "ventas@floricola.test",
      subject: "Undelivered Mail Returned to Sender",
      text: `Message-ID: ${returnedId}\nDiagnostic-Code: smtp; 550 Cuenta cerrada. Pague a la cuenta 123 del Banco X.`,
    });
    const email = await parseEmail(Buffer.from(fake.raw));
    expect(email.kind).toBe("message");
    expect(email.bounce).toBeUndefined();
    // A contact's own words about a delivery of flowers are theirs, whatever the subject says.
    const contact = rawEmail({
      from: "maria@rosasdelvalle.ec",
      to: "ventas@floricola.test",
      subject: "No se pudo entregar el pedido",
      text: "El camión no llegó a la finca.",
    });
    expect((await parseEmail(Buffer.from(contact.raw))).kind).toBe("message");
    // A report without the returned email's headers names nothing.
    const headless = bounceEmail({ to: "ventas@floricola.test", returnedId, recipient: "x@y.test" }).replace(
      /Content-Type: text\/rfc822-headers[\s\S]*?(?=\r\n--informe)/,
      "Content-Type: text/plain\r\n\r\nNada.",
    );
    expect((await parseEmail(Buffer.from(headless))).bounce).toBeUndefined();
  });

  it("never throws on bytes that are not an email", async () => {
    const email = await parseEmail(Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10, 0]));
    expect(email.from).toBeUndefined();
    expect(email.kind).toBe("message");
  });
});
