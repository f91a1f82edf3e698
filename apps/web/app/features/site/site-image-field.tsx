import { SITE_IMAGE_LIMITS, SITE_IMAGE_MESSAGES, SITE_LIMITS } from "@app/shared/constants";
import { ImagePlus, LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { buttonStyles } from "~/components/ui/button-styles";
import { FieldError } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { errorMessage } from "~/lib/error-message";
import { uploadSiteImage } from "./site-api";

type Props = {
  /** The picture's address, or "" for none. */
  src: string;
  onChange: (src: string) => void;
  /** The alt text's field, shown with a picture: its id, its error and the form's registration. */
  alt: { id: string; error: string | undefined; input: UseFormRegisterReturn };
  /** What the site does without a picture, said where it would be. */
  withoutImage: string;
};

const ACCEPTED: readonly string[] = SITE_IMAGE_LIMITS.types;

/**
 * A product's or a service's picture: upload a JPEG, PNG or WebP (checked here for type and size, then by the
 * server, which makes its copies), replace it, or take it away. Its alt text is required with it.
 */
export function SiteImageField({ src, onChange, alt, withoutImage }: Props) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    if (file.type === "image/svg+xml") return setProblem(SITE_IMAGE_MESSAGES.svg);
    if (!ACCEPTED.includes(file.type)) return setProblem(SITE_IMAGE_MESSAGES.notAnImage);
    if (file.size > SITE_IMAGE_LIMITS.maxBytes) return setProblem(SITE_IMAGE_MESSAGES.tooBig);
    setUploading(true);
    try {
      onChange((await uploadSiteImage(file)).src);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <fieldset className="grid gap-3" aria-describedby={problem ? `${id}-error` : undefined}>
      <legend className="font-semibold text-leaf-900 text-sm">Imagen</legend>
      {src ? (
        <div className="grid gap-3 md:grid-cols-[8rem_1fr] md:items-start">
          <img src={src} alt="" className="aspect-square w-32 rounded-xl object-cover ring-1 ring-stone-200" />
          <TextField
            id={alt.id}
            label="Texto alternativo de la imagen"
            hint="Lo que muestra la imagen, en español: lo leen quienes no la ven."
            error={alt.error}
            maxLength={SITE_LIMITS.imageAlt}
            {...alt.input}
          />
        </div>
      ) : (
        <p className="text-sm text-stone-600">{withoutImage}</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={`${buttonStyles.secondary} min-h-11 cursor-pointer focus-within:ring-2 focus-within:ring-leaf-600`}
        >
          {uploading ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <ImagePlus className="size-4" aria-hidden="true" />
          )}
          {src ? "Cambiar imagen" : "Subir imagen"}
          <input
            type="file"
            accept={ACCEPTED.join(",")}
            className="sr-only"
            disabled={uploading}
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
        {src && (
          <button type="button" className={`${buttonStyles.ghost} min-h-11`} onClick={() => onChange("")}>
            Quitar imagen
          </button>
        )}
        <span aria-live="polite" className="text-sm text-stone-600">
          {uploading
            ? "Subiendo la imagen…"
            : `JPEG, PNG o WebP de hasta 15 MB; el texto alternativo es obligatorio (hasta ${SITE_LIMITS.imageAlt} caracteres).`}
        </span>
      </div>
      <FieldError id={id} error={problem} />
    </fieldset>
  );
}
