import "~/lib/zod-browser";
import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";

/**
 * The one form set-up: react-hook-form judged by a zod schema (the same one the API uses), with the
 * spec's rule that a field's error shows once it has been left, and after a submit (section 5:
 * `mode: "onTouched"`). Only the CRM, the password pages and the lazily loaded contact form use it:
 * importing it costs a page zod and react-hook-form.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, "resolver" | "mode"> = {},
) {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema), mode: "onTouched" });
}
