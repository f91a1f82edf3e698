import type { ContactDetails, Quote } from "@app/shared";
import { BRAND, PAYMENT_TERMS_LABELS } from "@app/shared/constants";
import PDFDocument from "pdfkit";
import { longDate, plain, unitPrice, usd } from "./document-format.ts";

// The quote as a commercial document (`Descargar PDF`, and the email's attachment): the supplier
// with its RUC and how to reach it, the client's company and RUC, the lines, subtotal, IVA per
// rate and total, validity, payment terms and the owner's name as signature. Made by pdfkit in the
// server (no browser), with its built-in Helvetica, whose encoding has every Spanish letter.

const GREEN = "#245c3a";
const GREY = "#5b6660";
const MARGIN = 48;

export type QuotePdfInput = {
  quote: Quote;
  supplier: ContactDetails;
  /** The day it is issued (Ecuador's), printed under the number. */
  issuedOn: string;
};

/** The PDF's bytes. */
export function renderQuotePdf({ quote, supplier, issuedOn }: QuotePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `Cotización ${quote.number ?? "(borrador)"}`,
      Author: BRAND.legalName,
      Subject: `Cotización para ${quote.company?.name || quote.client.company || quote.client.name}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  // Who offers.
  doc.font("Helvetica-Bold").fontSize(18).fillColor(GREEN).text(BRAND.legalName, MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(9).fillColor(GREY);
  doc.text(`RUC ${BRAND.ruc}`);
  doc.text(
    `${supplier.address.street}, ${supplier.address.city}, ${supplier.address.region}, ${supplier.address.country}`,
  );
  doc.text(`Teléfono ${supplier.phone} · WhatsApp ${supplier.whatsapp} · ${supplier.email}`);

  // What this is.
  const title = quote.number ? `COTIZACIÓN ${quote.number}` : "COTIZACIÓN (BORRADOR, SIN NÚMERO)";
  doc.moveDown(1.2).font("Helvetica-Bold").fontSize(14).fillColor("#1c2b22").text(title);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(GREY)
    .text(`Emitida el ${longDate(issuedOn)}`);

  // For whom.
  doc.moveDown(0.8).font("Helvetica-Bold").fontSize(10).fillColor("#1c2b22").text("Cliente");
  doc.font("Helvetica").fontSize(10);
  const company = quote.company?.name || quote.client.company;
  if (company) doc.text(company);
  if (quote.company?.ruc) doc.text(`RUC ${quote.company.ruc}`);
  doc.text(`Atención: ${quote.client.name} · ${quote.client.email}`);

  // The lines.
  const columns = [
    { label: "Producto", width: width * 0.4, align: "left" as const },
    { label: "Cantidad", width: width * 0.12, align: "right" as const },
    { label: "Precio unitario", width: width * 0.16, align: "right" as const },
    { label: "Descuento", width: width * 0.12, align: "right" as const },
    { label: "Subtotal", width: width * 0.2, align: "right" as const },
  ];
  const drawRow = (cells: string[], bold = false) => {
    const top = doc.y;
    let x = MARGIN;
    let bottom = top;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(9)
      .fillColor("#1c2b22");
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      doc.text(cell, x + 2, top, { width: column.width - 4, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    doc.y = bottom + 4;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + width, doc.y - 2)
      .lineWidth(0.5)
      .strokeColor("#d6d3cb")
      .stroke();
  };
  doc.moveDown(1);
  drawRow(
    columns.map((column) => column.label),
    true,
  );
  for (const line of quote.lines) {
    if (doc.y > doc.page.height - 200) doc.addPage();
    const iva = Number(line.ivaPercent) === 0 ? " (IVA 0 %)" : "";
    drawRow([
      `${line.description}${iva}`,
      plain(line.quantity),
      unitPrice(line.unitPrice),
      Number(line.discountPercent) === 0 ? "—" : `${plain(line.discountPercent)} %`,
      usd(line.subtotal),
    ]);
  }

  // The totals, right-aligned under the lines.
  const totalsX = MARGIN + width * 0.5;
  const totalsWidth = width * 0.5;
  const total = (label: string, value: string, bold = false) => {
    const top = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 11 : 10);
    doc.text(label, totalsX, top, { width: totalsWidth * 0.6 });
    doc.text(value, totalsX + totalsWidth * 0.6, top, { width: totalsWidth * 0.4, align: "right" });
    doc.moveDown(0.2);
  };
  doc.moveDown(0.6);
  if (quote.discount !== "0.00") total("Descuentos", `- ${usd(quote.discount)}`);
  total("Subtotal", usd(quote.subtotal));
  for (const base of quote.ivaBases) {
    total(`IVA ${plain(base.ivaPercent)} % sobre ${usd(base.base)}`, usd(base.iva));
  }
  total("Total", usd(quote.total), true);

  // The terms and the signature.
  doc.x = MARGIN;
  doc.moveDown(1.2).font("Helvetica").fontSize(10).fillColor("#1c2b22");
  doc.text(`Válida hasta: ${longDate(quote.validUntil)}`, MARGIN, doc.y, { width });
  doc.text(`Condiciones de pago: ${PAYMENT_TERMS_LABELS[quote.paymentTerms]}`, { width });
  doc.text("Precios en dólares de los Estados Unidos de América.", { width });
  if (quote.deliveryNotes) doc.moveDown(0.4).text(`Entrega: ${quote.deliveryNotes}`, { width });
  doc.moveDown(2.5);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + 200, doc.y)
    .lineWidth(0.8)
    .strokeColor("#1c2b22")
    .stroke();
  doc.moveDown(0.3).font("Helvetica-Bold").text(quote.ownerName, MARGIN, doc.y, { width });
  doc.font("Helvetica").fillColor(GREY).text(BRAND.legalName, { width });
  doc.end();
  return done;
}
