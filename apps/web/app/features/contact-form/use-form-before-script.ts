import type { ContactFormInput } from "@app/shared";
import { SERVICE_TYPE_TITLES, serviceTypeBySlug } from "@app/shared/constants";
import { type RefObject, useEffect } from "react";
import type { UseFormReturn } from "react-hook-form";
import { addRequestedTitle } from "./requested-titles";

const TEXT_FIELDS = ["firstName", "lastName", "email", "company", "phone", "message"] as const;
const OTHER_COUNTRY_CODE = "otro";

/**
 * The form is a plain HTML form until its script runs, and people fill it meanwhile: once it runs,
 * the form's state starts from what the page holds (typed text, ticked services, the code chosen,
 * consent), so nothing done before is lost or undone.
 *
 * `/contacto?interes=<slug>` (a `Solicitar información` link followed as a plain link) makes that
 * service requested, as when the link's script runs (it is then flagged "Auto").
 */
export function useFormBeforeScript(form: RefObject<HTMLFormElement | null>, fields: UseFormReturn<ContactFormInput>) {
  const { getValues, setValue } = fields;
  useEffect(() => {
    const slug = new URLSearchParams(window.location.search).get("interes");
    const interest = slug ? serviceTypeBySlug(slug, SERVICE_TYPE_TITLES) : undefined;
    if (interest) addRequestedTitle(interest);

    const element = form.current;
    if (!element) return;
    const page = new FormData(element);
    const set = <K extends keyof ContactFormInput>(name: K, value: ContactFormInput[K]) =>
      setValue(name as never, value as never, { shouldDirty: true });
    for (const name of TEXT_FIELDS) {
      const value = page.get(name);
      if (typeof value === "string" && value !== getValues(name)) set(name, value);
    }
    const code = page.get("countryCode");
    if (typeof code === "string" && code !== OTHER_COUNTRY_CODE && code !== getValues("countryCode")) {
      set("countryCode", code);
    }
    const ticked = page
      .getAll("services")
      .map(String)
      .filter((title) => title !== interest && !getValues("services").includes(title));
    if (ticked.length > 0) set("services", [...getValues("services"), ...ticked]);
    if (page.has("consent") && !getValues("consent")) set("consent", true);
  }, [form, getValues, setValue]);
}
