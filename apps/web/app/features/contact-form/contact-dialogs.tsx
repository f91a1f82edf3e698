import { CONTACT_NOTICES } from "@app/shared/constants";
import { CircleAlert, CircleCheck, TriangleAlert } from "lucide-react";
import { NoticeDialog } from "~/components/ui/notice-dialog";

export const DEFAULT_SUCCESS_MESSAGE = "Hemos recibido tu mensaje";
export const DEFAULT_ERROR_MESSAGE = CONTACT_NOTICES.defaultFailure;

/** Which dialog the form shows, if any (spec section 4: validation, success, error). */
export type ContactDialogState =
  | { kind: "none" }
  | { kind: "validation"; lines: string[] }
  | { kind: "success"; message: string }
  | { kind: "error"; message: string };

export function ContactDialogs({ state, onClose }: { state: ContactDialogState; onClose: () => void }) {
  return (
    <>
      <NoticeDialog
        id="contacto-validacion-titulo"
        open={state.kind === "validation"}
        onClose={onClose}
        icon={<CircleAlert className="size-7 shrink-0 text-petal-600" aria-hidden="true" />}
        title={CONTACT_NOTICES.validationTitle}
        closeLabel="Entendido"
      >
        <p>{CONTACT_NOTICES.validationIntro}</p>
        <ul className="list-disc space-y-1 pl-5">
          {state.kind === "validation" && state.lines.map((line) => <li key={line}>{line}</li>)}
        </ul>
      </NoticeDialog>
      <NoticeDialog
        id="contacto-exito-titulo"
        open={state.kind === "success"}
        onClose={onClose}
        icon={<CircleCheck className="size-7 shrink-0 text-leaf-600" aria-hidden="true" />}
        title="¡Mensaje enviado!"
        closeLabel="Aceptar"
      >
        <p>{state.kind === "success" ? state.message : DEFAULT_SUCCESS_MESSAGE}</p>
      </NoticeDialog>
      <NoticeDialog
        id="contacto-error-titulo"
        open={state.kind === "error"}
        onClose={onClose}
        icon={<TriangleAlert className="size-7 shrink-0 text-red-700" aria-hidden="true" />}
        title={CONTACT_NOTICES.failureTitle}
        closeLabel="Cerrar"
      >
        <p>{state.kind === "error" ? state.message : DEFAULT_ERROR_MESSAGE}</p>
        <p className="text-sm">
          Verifica tu conexión a internet o intenta nuevamente más tarde. {CONTACT_NOTICES.keptText}
        </p>
      </NoticeDialog>
    </>
  );
}
