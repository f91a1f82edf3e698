import type {
  ContactDetails,
  FaqContent,
  LandingContent,
  NewSiteItem,
  PartnerContent,
  ProductContent,
  ServiceContent,
  SiteDraft,
  SiteItem,
  SitePreview,
  SitePreviewRequest,
  TestimonialContent,
} from "@app/shared";
import { SITE_MESSAGES, type SiteListKind } from "@app/shared/constants";
import { LoaderCircle } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { buttonStyles } from "~/components/ui/button-styles";
import { BlockedLeaveConfirm } from "~/components/ui/leave-confirm";
import { Notice } from "~/components/ui/notice";
import { ApiError } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { useLeaveGuard } from "~/lib/unsaved-changes";
import { useZodForm } from "~/lib/use-zod-form";
import { ContactDetailsFields } from "./contact-details-fields";
import { FaqFields } from "./faq-fields";
import { LandingFields } from "./landing-fields";
import { PartnerFields } from "./partner-fields";
import { ProductFields } from "./product-fields";
import { ServiceFields } from "./service-fields";
import { previewSiteContent } from "./site-api";
import { changedFields, formFieldOf } from "./site-changes";
import {
  CONTACT_DETAILS_FIELDS,
  contactDetailsFormSchema,
  contactDetailsFormValuesOf,
  EMPTY_FAQ,
  EMPTY_PARTNER,
  EMPTY_PRODUCT,
  EMPTY_SERVICE,
  EMPTY_TESTIMONIAL,
  FAQ_FIELDS,
  faqFormSchema,
  faqFormValuesOf,
  LANDING_FIELDS,
  landingFieldOf,
  landingFormSchema,
  landingFormValuesOf,
  PARTNER_FIELDS,
  PRODUCT_FIELDS,
  partnerFormSchema,
  partnerFormValuesOf,
  productFormSchema,
  productFormValuesOf,
  SERVICE_FIELDS,
  serviceFormSchema,
  serviceFormValuesOf,
  TESTIMONIAL_FIELDS,
  testimonialFormSchema,
  testimonialFormValuesOf,
} from "./site-form-schemas";
import { SitePreviewDialog } from "./site-preview-dialog";
import { TestimonialFields } from "./testimonial-fields";

/** What the editor asks its route to do (the route's clientAction runs it and reloads the item). */
export type SiteIntent =
  | { intent: "create"; item: NewSiteItem }
  | { intent: "save"; id: number; draft: SiteDraft }
  | { intent: "publish"; id: number; version: number }
  | { intent: "retire"; id: number; version: number }
  | { intent: "restore"; id: number; publicationId: number; version: number };

export type RunIntent = (intent: SiteIntent) => Promise<SiteItem>;

type Outcome = { tone: "success" | "problem"; text: string } | null;

const changeSummary = (fields: string[]) =>
  fields.length > 0
    ? `Cambió: ${fields.join(", ")}.`
    : "Cambió si está publicado o no, no su contenido. Tus cambios se guardarán sobre lo actual.";

/**
 * Puts the API's refusal under the fields it names (`fieldOf` turns its `content.<path>` into the
 * form's field); true when it named any of the form's.
 */
function showOnFields<V extends FieldValues>(
  form: UseFormReturn<V, unknown, unknown>,
  error: unknown,
  fields: readonly string[],
  fieldOf: (path: string) => string,
) {
  if (!(error instanceof ApiError) || error.details.length === 0) return false;
  let shown = false;
  for (const { path, message } of error.details) {
    const field = fieldOf(path);
    if (!fields.includes(field.split(".")[0] ?? "")) continue;
    form.setError(field as Path<V>, { message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

const isChangedMeanwhile = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.details.length === 0;

type EditorProps = {
  /** The item as stored (null: a new one, not saved yet, of `newKind`). */
  item: SiteItem | null;
  newKind: SiteListKind;
  run: RunIntent;
  /** After a new product's first save: its own address. */
  onCreated: (item: SiteItem) => void;
};

/**
 * The editor of one item of the site: `Guardar borrador` keeps the change for later (visitors see
 * nothing), `Publicar` puts it on the site. A change someone else saved meanwhile is never
 * overwritten unseen: the 409 says which fields they changed, and the person chooses.
 */
export function SiteItemEditor({ item, newKind, run, onCreated }: EditorProps) {
  if (item?.kind === "contact-details") return <ContactDetailsEditor item={item} run={run} />;
  if (item?.kind === "landing") return <LandingEditor item={item} run={run} />;
  const props = { run, onCreated };
  switch (item?.kind ?? newKind) {
    case "service":
      return <ServiceEditor item={item as ItemOf<"service">} {...props} />;
    case "testimonial":
      return <TestimonialEditor item={item as ItemOf<"testimonial">} {...props} />;
    case "faq":
      return <FaqEditor item={item as ItemOf<"faq">} {...props} />;
    case "partner":
      return <PartnerEditor item={item as ItemOf<"partner">} {...props} />;
    default:
      return <ProductEditor item={item as ItemOf<"product">} {...props} />;
  }
}

type ItemOf<K extends SiteListKind> = Extract<SiteItem, { kind: K }> | null;

type ListEditorProps<K extends SiteListKind> = {
  item: ItemOf<K>;
  run: RunIntent;
  onCreated: (item: SiteItem) => void;
};

type ContentOf<K extends SiteListKind> = Extract<NewSiteItem, { kind: K }>["content"];

/**
 * What the editor of any list kind does with its content: the first save of a new item creates it,
 * later ones save a draft of it; `Vista previa` shows it in place of what it replaces.
 */
function listItemActions<K extends SiteListKind>(kind: K, { item, run, onCreated }: ListEditorProps<K>) {
  const id = (item as SiteItem | null)?.id;
  return {
    item,
    run,
    onSaved: onCreated,
    save: (content: ContentOf<K>, version: number) =>
      run(
        (id !== undefined
          ? { intent: "save", id, draft: { kind, version, content } }
          : { intent: "create", item: { kind, content } }) as SiteIntent,
      ),
    previewOf: (content: ContentOf<K>) =>
      ({ kind, ...(id !== undefined ? { id } : {}), content }) as SitePreviewRequest,
  };
}

function ProductEditor(props: ListEditorProps<"product">) {
  const form = useZodForm(productFormSchema, {
    defaultValues: props.item ? productFormValuesOf(props.item.draft) : EMPTY_PRODUCT,
  });
  return (
    <EditorForm
      label="Producto"
      form={form}
      fields={PRODUCT_FIELDS}
      valuesOf={(content) => productFormValuesOf(content as ProductContent)}
      {...listItemActions("product", props)}
    >
      <ProductFields
        register={form.register}
        errors={form.formState.errors}
        imageSrc={form.watch("imageSrc")}
        onImageChange={(src) => form.setValue("imageSrc", src, { shouldDirty: true })}
      />
    </EditorForm>
  );
}

function ServiceEditor(props: ListEditorProps<"service">) {
  const form = useZodForm(serviceFormSchema, {
    defaultValues: props.item ? serviceFormValuesOf(props.item.draft) : EMPTY_SERVICE,
  });
  return (
    <EditorForm
      label="Servicio"
      form={form}
      fields={SERVICE_FIELDS}
      valuesOf={(content) => serviceFormValuesOf(content as ServiceContent)}
      {...listItemActions("service", props)}
    >
      <ServiceFields
        register={form.register}
        errors={form.formState.errors}
        imageSrc={form.watch("imageSrc")}
        onImageChange={(src) => form.setValue("imageSrc", src, { shouldDirty: true })}
      />
    </EditorForm>
  );
}

function TestimonialEditor(props: ListEditorProps<"testimonial">) {
  const form = useZodForm(testimonialFormSchema, {
    defaultValues: props.item ? testimonialFormValuesOf(props.item.draft) : EMPTY_TESTIMONIAL,
  });
  return (
    <EditorForm
      label="Testimonio"
      form={form}
      fields={TESTIMONIAL_FIELDS}
      valuesOf={(content) => testimonialFormValuesOf(content as TestimonialContent)}
      {...listItemActions("testimonial", props)}
    >
      <TestimonialFields register={form.register} errors={form.formState.errors} />
    </EditorForm>
  );
}

function FaqEditor(props: ListEditorProps<"faq">) {
  const form = useZodForm(faqFormSchema, { defaultValues: props.item ? faqFormValuesOf(props.item.draft) : EMPTY_FAQ });
  return (
    <EditorForm
      label="Pregunta frecuente"
      form={form}
      fields={FAQ_FIELDS}
      valuesOf={(content) => faqFormValuesOf(content as FaqContent)}
      {...listItemActions("faq", props)}
    >
      <FaqFields register={form.register} errors={form.formState.errors} />
    </EditorForm>
  );
}

function PartnerEditor(props: ListEditorProps<"partner">) {
  const form = useZodForm(partnerFormSchema, {
    defaultValues: props.item ? partnerFormValuesOf(props.item.draft) : EMPTY_PARTNER,
  });
  return (
    <EditorForm
      label="Socio"
      form={form}
      fields={PARTNER_FIELDS}
      valuesOf={(content) => partnerFormValuesOf(content as PartnerContent)}
      {...listItemActions("partner", props)}
    >
      <PartnerFields register={form.register} errors={form.formState.errors} />
    </EditorForm>
  );
}

function LandingEditor({ item, run }: { item: Extract<SiteItem, { kind: "landing" }>; run: RunIntent }) {
  const form = useZodForm(landingFormSchema, { defaultValues: landingFormValuesOf(item.draft) });
  return (
    <EditorForm
      label="Página de inicio"
      form={form}
      fields={LANDING_FIELDS}
      fieldOf={landingFieldOf}
      item={item}
      run={run}
      valuesOf={(content) => landingFormValuesOf(content as LandingContent)}
      save={(content, version) => run({ intent: "save", id: item.id, draft: { kind: "landing", version, content } })}
      previewOf={(content) => ({ kind: "landing", content })}
    >
      <LandingFields register={form.register} errors={form.formState.errors} control={form.control} />
    </EditorForm>
  );
}

function ContactDetailsEditor({ item, run }: { item: Extract<SiteItem, { kind: "contact-details" }>; run: RunIntent }) {
  const form = useZodForm(contactDetailsFormSchema, { defaultValues: contactDetailsFormValuesOf(item.draft) });
  return (
    <EditorForm
      label="Datos de contacto"
      form={form}
      fields={CONTACT_DETAILS_FIELDS}
      item={item}
      run={run}
      valuesOf={(content) => contactDetailsFormValuesOf(content as ContactDetails)}
      save={(content, version) =>
        run({ intent: "save", id: item.id, draft: { kind: "contact-details", version, content } })
      }
      previewOf={(content) => ({ kind: "contact-details", content })}
    >
      <ContactDetailsFields register={form.register} errors={form.formState.errors} />
    </EditorForm>
  );
}

type EditorFormProps<V extends FieldValues, C> = {
  label: string;
  form: UseFormReturn<V, unknown, C>;
  fields: readonly string[];
  /** The form field an API error's path is about (`content.image.alt` -> `imageAlt` unless said). */
  fieldOf?: (path: string) => string;
  item: SiteItem | null;
  run: RunIntent;
  valuesOf: (content: SiteItem["draft"]) => V;
  save: (content: C, version: number) => Promise<SiteItem>;
  /** What `Vista previa` asks the server to render with the form's values. */
  previewOf: (content: C) => SitePreviewRequest;
  /** A new item was stored (its first save). */
  onSaved?: (item: SiteItem) => void;
  children: ReactNode;
};

function EditorForm<V extends FieldValues, C>({
  label,
  form,
  fields,
  fieldOf = formFieldOf,
  item,
  run,
  valuesOf,
  save,
  previewOf,
  onSaved,
  children,
}: EditorFormProps<V, C>) {
  // The version this form's values were loaded at: what a save or a publish says it changes.
  const [base, setBase] = useState(item ? { version: item.version, draft: item.draft } : null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Someone saved meanwhile: the route has loaded the item again (`item`), the form keeps its values.
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState<"save" | "publish" | "preview" | null>(null);
  const [preview, setPreview] = useState<SitePreview | null>(null);
  const { handleSubmit, reset } = form;
  // Read while rendering: react-hook-form only keeps up to date what a render has read.
  const { isDirty } = form.formState;
  // Leaving (`Volver a Sitio web`, the menu, the back button) with unsaved changes asks first.
  const dirtyNow = useRef(isDirty);
  dirtyNow.current = isDirty;
  const { question, allow } = useLeaveGuard(() => dirtyNow.current);

  /** The item as the server has it now: the form shows it and builds on it. */
  const adopt = (saved: SiteItem) => {
    setBase({ version: saved.version, draft: saved.draft });
    reset(valuesOf(saved.draft));
  };

  const refused = async (error: unknown) => {
    if (isChangedMeanwhile(error)) {
      setConflict(true);
      return;
    }
    if (showOnFields(form, error, fields, fieldOf)) return;
    setOutcome({ tone: "problem", text: errorMessage(error) });
  };

  const submit = (publish: boolean) =>
    handleSubmit(async (content) => {
      setOutcome(null);
      setConflict(false);
      setBusy(publish ? "publish" : "save");
      try {
        // Publishing what is saved already needs no save first.
        let saved = item && base && !isDirty ? null : await save(content, base?.version ?? 1);
        if (saved) adopt(saved);
        const stored = saved ?? item;
        if (publish && stored) {
          saved = await run({ intent: "publish", id: stored.id, version: saved?.version ?? base?.version ?? 1 });
          adopt(saved);
        }
        if (!item && saved) {
          // The new item's own address: nothing is unsaved any more.
          allow();
          onSaved?.(saved);
        }
        setOutcome({
          tone: "success",
          text: publish
            ? "Publicado: es lo que ven los visitantes."
            : "Borrador guardado. Los visitantes siguen viendo lo publicado hasta que lo publiques.",
        });
      } catch (error) {
        await refused(error);
      } finally {
        setBusy(null);
      }
    });

  // The page with the form's values as they are, saved or not; checked by the same rules first.
  const showPreview = handleSubmit(async (content) => {
    setOutcome(null);
    setBusy("preview");
    try {
      setPreview(await previewSiteContent(previewOf(content)));
    } catch (error) {
      await refused(error);
    } finally {
      setBusy(null);
    }
  });

  return (
    <form noValidate aria-label={label} aria-busy={busy !== null} onSubmit={submit(false)} className="grid gap-6">
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      {conflict && item && base && (
        <Notice tone="problem">
          <p>{SITE_MESSAGES.changedMeanwhile}</p>
          <p>{changeSummary(changedFields(base.draft, item.draft))}</p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={`${buttonStyles.secondary} min-h-11`}
              onClick={() => {
                adopt(item);
                setConflict(false);
              }}
            >
              Ver su versión
            </button>
            <button
              type="button"
              className={`${buttonStyles.secondary} min-h-11`}
              onClick={() => {
                // Their change is seen: the next save replaces it with this form's values.
                setBase({ version: item.version, draft: item.draft });
                setConflict(false);
              }}
            >
              Mantener mis cambios
            </button>
          </div>
        </Notice>
      )}
      {children}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy !== null} className={`${buttonStyles.secondary} min-h-12`}>
          {busy === "save" && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Guardar borrador
        </button>
        <button
          type="button"
          disabled={busy !== null}
          onClick={showPreview}
          className={`${buttonStyles.secondary} min-h-12`}
        >
          {busy === "preview" && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Vista previa
        </button>
        <button
          type="button"
          disabled={busy !== null}
          onClick={submit(true)}
          className={`${buttonStyles.primary} min-h-12`}
        >
          {busy === "publish" && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Publicar
        </button>
      </div>
      <SitePreviewDialog preview={preview} onClose={() => setPreview(null)} />
      <BlockedLeaveConfirm question={question} />
    </form>
  );
}
