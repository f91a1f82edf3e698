import { useEffect, useRef } from "react";
import { deferredComponent } from "~/lib/deferred-component";

// The form's code (react-hook-form, zod, the form itself: ~45 KB gzip) would push the landing page
// past its JS budget, and most visitors never scroll to it. The prerendered HTML already contains
// the form; its code is fetched when the form comes near the viewport or is touched, and React
// hydrates it in place. See docs/decisions/009-contact-form-loads-on-approach.md.
const contactForm = deferredComponent(
  async () => {
    // Evaluating the libraries and the form in one go is one long task on a phone's CPU (a tap
    // waits for all of it): zod (one file, vite.config.ts), the rules (the form's schemas), the
    // form set-up (react-hook-form) and the form, each in a task of its own with a pause for input
    // between.
    const pause = () => new Promise((resume) => setTimeout(resume));
    await import("~/lib/zod-browser");
    await pause();
    await import("./contact-form-rules");
    await pause();
    await import("./contact-form-libraries");
    await pause();
    return import("./contact-form");
  },
  {
    fallback: (
      <p role="status" className="grid min-h-96 place-items-center text-stone-600">
        Cargando el formulario…
      </p>
    ),
  },
);

/** Starts loading the form's code now (idempotent). */
const loadContactForm = contactForm.start;

/** How far below the viewport the form starts loading: a fast scroll still finds it ready. */
const APPROACH_MARGIN = "800px 0px";

export function ContactFormSlot() {
  const slot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      loadContactForm();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadContactForm();
      },
      { rootMargin: APPROACH_MARGIN },
    );
    observer.observe(element);
    // A tap, a click or the keyboard reaching the form loads it at once.
    element.addEventListener("pointerdown", loadContactForm);
    element.addEventListener("focusin", loadContactForm);
    return () => {
      observer.disconnect();
      element.removeEventListener("pointerdown", loadContactForm);
      element.removeEventListener("focusin", loadContactForm);
    };
  }, []);

  return (
    <div ref={slot}>
      <contactForm.Component />
    </div>
  );
}
