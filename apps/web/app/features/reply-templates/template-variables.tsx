import { TEMPLATE_VARIABLES } from "@app/shared/constants";

export type TemplateVariablesProps = {
  id: string;
  /** When given, each variable is a button that writes it where the cursor is. */
  onInsert?: (token: string) => void;
};

/** The variables a template may use, each with what it becomes (the editor's help text). */
export function TemplateVariables({ id, onInsert }: TemplateVariablesProps) {
  const titleId = `${id}-titulo`;
  return (
    <section aria-labelledby={titleId} className="grid gap-2 text-sm">
      <p id={titleId} className="font-semibold text-leaf-900">
        Variables
      </p>
      <p className="text-stone-700">
        Se reemplazan por los datos del contacto al elegir la plantilla. Si un dato falta, la variable desaparece.
      </p>
      <dl className="grid gap-2">
        {TEMPLATE_VARIABLES.map(({ name, description }) => {
          const token = `{${name}}`;
          return (
            <div key={name} className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:items-center">
              <dt>
                {onInsert ? (
                  <button
                    type="button"
                    aria-label={`Insertar ${token}`}
                    onClick={() => onInsert(token)}
                    className="min-h-11 rounded-xl px-3 font-mono text-leaf-800 ring-1 ring-leaf-200 hover:bg-leaf-50"
                  >
                    {token}
                  </button>
                ) : (
                  <code className="font-mono text-leaf-800">{token}</code>
                )}
              </dt>
              <dd className="text-stone-700">{description}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
