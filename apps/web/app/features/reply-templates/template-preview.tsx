export type TemplatePreviewProps = {
  id: string;
  /** The filled text, exactly as it will go in the reply. */
  text: string;
  title?: string;
};

/** A template as a reply will read once its variables are filled: lines kept, nothing editable. */
export function TemplatePreview({ id, text, title = "Vista previa" }: TemplatePreviewProps) {
  const titleId = `${id}-titulo`;
  return (
    <section
      aria-labelledby={titleId}
      className="grid content-start gap-1 rounded-xl bg-leaf-50 p-3 text-sm ring-1 ring-leaf-200"
    >
      <p id={titleId} className="font-semibold text-leaf-900">
        {title}
      </p>
      <p className="whitespace-pre-line break-words text-stone-800">
        {text || <span className="text-stone-600">(sin texto todavía)</span>}
      </p>
    </section>
  );
}
