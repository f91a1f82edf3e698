import {
  RICH_TEXT_MESSAGES,
  SERVICE_PLACEMENT_LABELS,
  SERVICE_PLACEMENTS,
  SITE_LIMITS,
  SITE_VIDEO_NAMES,
  SITE_VIDEOS,
} from "@app/shared/constants";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import type { ServiceFormValues } from "./site-form-schemas";
import { SiteImageField } from "./site-image-field";

type Props = {
  register: UseFormRegister<ServiceFormValues>;
  errors: FieldErrors<ServiceFormValues>;
  imageSrc: string;
  onImageChange: (src: string) => void;
};

const id = (field: string) => `servicio-${field}`;

/** A service's fields: its panel or slide on `/servicios`, and its title in the contact form. */
export function ServiceFields({ register, errors, imageSrc, onImageChange }: Props) {
  return (
    <div className="grid gap-4">
      <TextField
        id={id("title")}
        label="Nombre del servicio"
        hint="Es también su nombre en la lista de productos y servicios del formulario de contacto."
        error={errors.title?.message}
        maxLength={SITE_LIMITS.title}
        {...register("title")}
      />
      <Field id={id("placement")} label="Dónde se muestra" error={errors.placement?.message}>
        <select id={id("placement")} className={inputStyles(Boolean(errors.placement))} {...register("placement")}>
          {SERVICE_PLACEMENTS.map((placement) => (
            <option key={placement} value={placement}>
              {SERVICE_PLACEMENT_LABELS[placement]}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        id={id("eyebrow")}
        label="Antetítulo"
        hint="Una línea corta sobre el nombre, por ejemplo «Tratamiento de agua»."
        error={errors.eyebrow?.message}
        maxLength={SITE_LIMITS.eyebrow}
        {...register("eyebrow")}
      />
      <TextAreaField
        id={id("description")}
        label="Descripción"
        hint={RICH_TEXT_MESSAGES.hint(SITE_LIMITS.serviceDescription)}
        error={errors.description?.message}
        rows={5}
        {...register("description")}
      />
      <TextAreaField
        id={id("highlights")}
        label="Puntos destacados"
        hint={`Uno por línea, hasta ${SITE_LIMITS.highlights}.`}
        error={errors.highlights?.message}
        rows={3}
        {...register("highlights")}
      />
      <Field
        id={id("video")}
        label="Video"
        hint="Un panel puede mostrar uno de los videos del sitio en lugar de la imagen."
        error={errors.video?.message}
      >
        <select
          id={id("video")}
          aria-describedby={describedBy(id("video"), { error: errors.video?.message, hint: true })}
          className={inputStyles(Boolean(errors.video))}
          {...register("video")}
        >
          <option value="">Ninguno</option>
          {SITE_VIDEO_NAMES.map((name) => (
            <option key={name} value={name}>
              {SITE_VIDEOS[name].label}
            </option>
          ))}
        </select>
      </Field>
      <SiteImageField
        src={imageSrc}
        onChange={onImageChange}
        alt={{ id: id("imageAlt"), error: errors.imageAlt?.message, input: register("imageAlt") }}
        withoutImage="Sin imagen: el sitio muestra el servicio sin ella."
      />
    </div>
  );
}
