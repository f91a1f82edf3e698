import { type ContactFormInput, type ContactFormValues, contactFormSchema, toContactRequest } from "@app/shared";
import {
  CONTACT_FIELD_ORDER,
  CONTACT_FORM_ACTION,
  CONTACT_FORM_TOKEN_FIELD,
  CONTACT_LIMITS,
  EMPTY_CONTACT_DETAILS,
  inlineMessage,
  SCROLL_TO_SUCCESS_DELAY_MS,
} from "@app/shared/constants";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { type ComponentProps, useCallback, useEffect, useRef, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { describedBy, Field, FieldError, hintId, inputStyles } from "~/components/ui/field";
import { site } from "~/content/site";
import { ApiError } from "~/lib/api-client";
import { paths } from "~/lib/paths";
import { useHydrated } from "~/lib/use-hydrated";
import { useZodForm } from "~/lib/use-zod-form";
import {
  type ContactDialogState,
  ContactDialogs,
  DEFAULT_ERROR_MESSAGE,
  DEFAULT_SUCCESS_MESSAGE,
} from "./contact-dialogs";
import { CountryCodeField } from "./country-code-field";
import { readRequestedTitles } from "./requested-titles";
import { sendContactRequest } from "./send-contact-request";
import { ServicePicker } from "./service-picker";
import { useFormBeforeScript } from "./use-form-before-script";
import { readFormToken, useFormToken } from "./use-form-token";
import { useServiceSelection } from "./use-service-selection";
import { useServiceTypeTitles } from "./use-service-types";
import { readVisitSource } from "./visit-source";

const EMPTY_FORM: ContactFormInput = {
  ...EMPTY_CONTACT_DETAILS,
  message: "",
  services: [],
  consent: false,
  website: "",
};

const summaryLines = (errors: FieldErrors<ContactFormInput>) =>
  CONTACT_FIELD_ORDER.map((field) => errors[field]?.message).filter((line): line is string => Boolean(line));

const newKey = () => crypto.randomUUID();

/** The contact form of spec sections 2, 4 and 5, sending `POST /api/client`. */
export default function ContactForm() {
  const form = useZodForm(contactFormSchema, { defaultValues: EMPTY_FORM });
  const hydrated = useHydrated();
  const { register, handleSubmit, formState, setValue, getValues, watch, reset, trigger } = form;
  const { errors, isSubmitting } = formState;
  const [customCountryCode, setCustomCountryCode] = useState(false);
  const [dialog, setDialog] = useState<ContactDialogState>({ kind: "none" });
  const [sent, setSent] = useState(false);
  const successRef = useRef<HTMLDivElement>(null);
  // One key per filled form: a retried submission is stored once (made when the form opens).
  const idempotencyKey = useRef(newKey());
  const openedAt = useRef(Date.now());

  const titles = useServiceTypeTitles();
  const formElement = useRef<HTMLFormElement>(null);
  useFormBeforeScript(formElement, form);
  useFormToken(formElement);
  const getSelected = useCallback(() => getValues("services"), [getValues]);
  const setSelected = useCallback(
    (next: string[]) =>
      setValue("services", next, {
        shouldDirty: true,
        shouldValidate: formState.isSubmitted || Boolean(errors.services),
      }),
    [setValue, formState.isSubmitted, errors.services],
  );
  const selection = useServiceSelection({ titles, getSelected, setSelected });

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(
      () => successRef.current?.scrollIntoView({ behavior: "smooth", block: "center" }),
      SCROLL_TO_SUCCESS_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [sent]);

  const onValid = async (values: ContactFormValues) => {
    setSent(false);
    const formToken = readFormToken(formElement.current);
    const body = toContactRequest(values, {
      fillTimeMs: Date.now() - openedAt.current,
      ...(formToken ? { formToken } : {}),
      source: {
        page: `${window.location.pathname}${window.location.hash}`.slice(0, CONTACT_LIMITS.sourceText),
        ...readVisitSource(),
        requested: readRequestedTitles()
          .map((entry) => entry.title.slice(0, CONTACT_LIMITS.sourceText))
          .slice(0, CONTACT_LIMITS.services),
      },
    });
    try {
      const answer = await sendContactRequest(body, idempotencyKey.current);
      setDialog({ kind: "success", message: answer?.message || DEFAULT_SUCCESS_MESSAGE });
      reset(EMPTY_FORM);
      setCustomCountryCode(false);
      // The sent services are done with: the chips and the requested-titles list start empty. Not
      // `clear`, which, after a refused try, would check the emptied list and show its error.
      selection.forget();
      idempotencyKey.current = newKey();
      openedAt.current = Date.now();
      setSent(true);
    } catch (error) {
      const message =
        error instanceof ApiError && error.status !== 0 && error.message ? error.message : DEFAULT_ERROR_MESSAGE;
      setDialog({ kind: "error", message });
    }
  };

  const field = (name: "firstName" | "lastName" | "email" | "phone" | "company" | "message") => ({
    id: `contact-${name}`,
    error: errors[name]?.message ? inlineMessage(errors[name].message) : undefined,
  });
  const messageLength = watch("message")?.length ?? 0;

  return (
    // Before or without its script, the form is sent as a plain HTML form: the server answers with
    // the thanks page or the form again with its errors (decision 036).
    <form
      ref={formElement}
      id="contact-form"
      method="post"
      action={CONTACT_FORM_ACTION}
      data-enhanced={hydrated || undefined}
      noValidate
      aria-label="Formulario de contacto"
      onSubmit={handleSubmit(onValid, (invalid) => setDialog({ kind: "validation", lines: summaryLines(invalid) }))}
      className="grid gap-5"
    >
      {/* Filled by the server when a form sent without JavaScript comes back with problems. */}
      <div
        id="contact-form-notice"
        role="alert"
        className="grid gap-2 rounded-2xl bg-red-50 p-4 text-red-900 text-sm ring-1 ring-red-200 empty:hidden [&_li]:ml-5 [&_li]:list-disc [&_p]:font-semibold"
      />
      {sent && (
        <div
          ref={successRef}
          role="status"
          className="flex items-start gap-3 rounded-2xl bg-leaf-50 p-4 text-leaf-900 ring-1 ring-leaf-200"
        >
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-leaf-600" aria-hidden="true" />
          <p>{DEFAULT_SUCCESS_MESSAGE}. Te responderemos en menos de 24 horas.</p>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Nombre" autoComplete="given-name" {...field("firstName")} {...register("firstName")} />
        <TextField label="Apellido" autoComplete="family-name" {...field("lastName")} {...register("lastName")} />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          {...field("email")}
          {...register("email")}
        />
        <TextField label="Empresa" autoComplete="organization" {...field("company")} {...register("company")} />
        <CountryCodeField
          value={watch("countryCode")}
          custom={customCountryCode}
          error={errors.countryCode?.message ? inlineMessage(errors.countryCode.message) : undefined}
          onChange={(code) =>
            setValue("countryCode", code, { shouldDirty: true, shouldValidate: Boolean(errors.countryCode) })
          }
          onBlur={() => trigger("countryCode")}
          onCustomChange={setCustomCountryCode}
        />
        <TextField
          label="Teléfono"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="0991234567"
          {...field("phone")}
          {...register("phone")}
        />
      </div>
      <ServicePicker
        titles={titles}
        selected={watch("services")}
        auto={selection.auto}
        error={errors.services?.message ? inlineMessage(errors.services.message) : undefined}
        onToggle={selection.toggle}
        onRemove={selection.remove}
        onClear={selection.clear}
        onClose={() => trigger("services")}
      />
      <Field
        id="contact-message"
        label="Mensaje"
        optional
        error={field("message").error}
        hint={`${messageLength}/${CONTACT_LIMITS.message} caracteres`}
      >
        <textarea
          id="contact-message"
          rows={5}
          maxLength={CONTACT_LIMITS.message}
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy("contact-message", { error: field("message").error, hint: true })}
          className={inputStyles(Boolean(errors.message))}
          {...register("message")}
        />
      </Field>
      {/*
        When the server served this form, signed (decision 046): the server writes the value into the
        HTML it sends, so React leaves it alone (no value here).
      */}
      <input type="hidden" name={CONTACT_FORM_TOKEN_FIELD} suppressHydrationWarning />
      {/* Honeypot: invisible to people and screen readers; bots that fill every field fill this one. */}
      <div aria-hidden="true" className="-left-[9999px] absolute h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Sitio web</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
      </div>
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id="contact-consent"
            type="checkbox"
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={errors.consent ? "contact-consent-error" : undefined}
            className="mt-1 size-5 shrink-0 accent-leaf-700"
            {...register("consent")}
          />
          <label htmlFor="contact-consent" className="text-sm text-stone-700">
            Acepto que {site.name} trate mis datos para responder esta solicitud, según el{" "}
            <Link to={paths.privacy} className="font-semibold text-leaf-800 underline underline-offset-2">
              aviso de privacidad
            </Link>
            .
          </label>
        </div>
        <FieldError
          id="contact-consent"
          error={errors.consent?.message ? inlineMessage(errors.consent.message) : undefined}
        />
      </div>
      <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-stone-600 text-xs" id={hintId("contact-submit")}>
          Te responderemos en menos de 24 horas.
        </p>
        <button
          type="submit"
          disabled={isSubmitting}
          aria-describedby={hintId("contact-submit")}
          className={buttonStyles.primary}
        >
          {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Enviar mensaje
        </button>
      </div>
      <p role="status" className="sr-only">
        {isSubmitting ? "Enviando tu mensaje…" : ""}
      </p>
      <ContactDialogs state={dialog} onClose={() => setDialog({ kind: "none" })} />
    </form>
  );
}

type TextFieldProps = ComponentProps<"input"> & { id: string; label: string; error: string | undefined };

function TextField({ id, label, error, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        type="text"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, { error })}
        className={inputStyles(Boolean(error))}
        {...input}
      />
    </Field>
  );
}
