import { COUNTRY_CODE_PRESETS, DEFAULT_COUNTRY_CODE } from "@app/shared/constants";
import { useEffect, useRef } from "react";
import { describedBy, errorId, FieldError, inputStyles } from "~/components/ui/field";
import { COUNTRY_NAMES } from "~/content/countries";

const OTHER_COUNTRY_CODE = "otro";

export type CountryCodeFieldProps = {
  value: string;
  custom: boolean;
  error: string | undefined;
  onChange: (code: string) => void;
  onBlur: () => void;
  /** Switches between the presets and the free field ("Otro" / "Volver"). */
  onCustomChange: (custom: boolean) => void;
};

/**
 * Spec section 2: a country code from the presets, or "Otro" to type one, with a "Volver" button
 * that goes back to the presets with +593.
 */
export function CountryCodeField({ value, custom, error, onChange, onBlur, onCustomChange }: CountryCodeFieldProps) {
  const customInput = useRef<HTMLInputElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const switched = useRef(false);

  // After switching, the keyboard continues where the person is working.
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    (custom ? customInput.current : select.current)?.focus();
  }, [custom]);

  if (custom) {
    return (
      <div className="grid content-start gap-1.5">
        <label htmlFor="contact-country-code-custom" className="font-semibold text-leaf-900 text-sm">
          Código de país personalizado
        </label>
        <div className="flex gap-2">
          <input
            ref={customInput}
            id="contact-country-code-custom"
            name="countryCode"
            type="text"
            inputMode="tel"
            autoComplete="tel-country-code"
            placeholder="+44"
            maxLength={5}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy("contact-country-code-custom", { error })}
            className={inputStyles(Boolean(error))}
          />
          <button
            type="button"
            onClick={() => {
              switched.current = true;
              onCustomChange(false);
              onChange(DEFAULT_COUNTRY_CODE);
            }}
            className="shrink-0 rounded-xl px-3 font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50"
          >
            Volver
          </button>
        </div>
        <FieldError id="contact-country-code-custom" error={error} />
      </div>
    );
  }

  return (
    <div className="country-code grid content-start gap-1.5">
      <label htmlFor="contact-country-code" className="font-semibold text-leaf-900 text-sm">
        Código de país
      </label>
      <select
        ref={select}
        id="contact-country-code"
        name="countryCode"
        value={value}
        autoComplete="tel-country-code"
        onChange={(event) => {
          if (event.target.value === OTHER_COUNTRY_CODE) {
            switched.current = true;
            onCustomChange(true);
            onChange("+");
          } else {
            onChange(event.target.value);
          }
        }}
        onBlur={onBlur}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId("contact-country-code") : undefined}
        className={inputStyles(Boolean(error))}
      >
        {COUNTRY_CODE_PRESETS.map((code) => (
          <option key={code} value={code}>
            {code} {COUNTRY_NAMES[code]}
          </option>
        ))}
        <option value={OTHER_COUNTRY_CODE}>Otro</option>
      </select>
      <FieldError id="contact-country-code" error={error} />
      {/* Without JavaScript, "Otro" cannot switch fields: this one appears instead (app.css). */}
      <div className="country-code-other gap-1.5">
        <label htmlFor="contact-country-code-other" className="font-semibold text-leaf-900 text-sm">
          Código de país personalizado
        </label>
        <input
          id="contact-country-code-other"
          name="countryCodeCustom"
          type="text"
          inputMode="tel"
          autoComplete="tel-country-code"
          placeholder="+44"
          maxLength={5}
          className={inputStyles(false)}
        />
      </div>
    </div>
  );
}
