import type { Db } from "../../db/client.ts";
import { markEmailBounced } from "../email/index.ts";
import type { DeliveryReport } from "./delivery-report.ts";
import { findReturnedEmail } from "./repo.ts";

/** What a delivery report did: the ledger's outcome and reason, and the message whose email bounced. */
export type BounceOutcome = { outcome: "bounce" | "set_aside"; reason: string; messageId?: number | undefined };

/**
 * Marks the email a delivery report returns `Rebotado`, with the reported recipient's reason, when
 * the report says delivery failed to the address that email went to. A report about another
 * address, or one that only says the email is late, changes nothing: anyone can write a report.
 */
export async function applyBounce(tx: Db, report: DeliveryReport): Promise<BounceOutcome> {
  const returned = await findReturnedEmail(tx, report.returnedId);
  if (!returned)
    return { outcome: "bounce", reason: "Informe de entrega de un correo que no es nuestro o ya no existe" };
  const sentTo = returned.toAddress.toLowerCase();
  const failed = report.recipients.find(
    (recipient) => recipient.action === "failed" && recipient.addresses.includes(sentTo),
  );
  if (!failed) {
    return {
      outcome: "set_aside",
      reason:
        "Informe de entrega que no dice que falló la entrega a la dirección del correo devuelto: no se marcó nada",
    };
  }
  // Only an email that went out: one queued again after `Reintentar` is not judged by an old report.
  if (!(await markEmailBounced(tx, returned.id, failed.reason)))
    return { outcome: "bounce", reason: `${failed.reason} (el correo no estaba enviado: no se marcó)` };
  return { outcome: "bounce", reason: failed.reason, messageId: returned.messageId ?? undefined };
}
