import { ShieldAlert } from "lucide-react";

/** What staff without the role see on a screen of administrators (or of `who`). */
export function NoPermission({ what, who = "los administradores" }: { what: string; who?: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-2xl bg-petal-50 p-5 text-leaf-900 ring-1 ring-petal-100"
    >
      <ShieldAlert className="mt-0.5 size-6 shrink-0 text-petal-700" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">No tienes permiso para ver esta página.</p>
        <p>
          Solo {who} pueden {what}. Si necesitas acceso, pídeselo a un administrador.
        </p>
      </div>
    </div>
  );
}
