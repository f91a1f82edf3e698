import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's default entry, with one change: hydration starts in the task after this module's
// evaluation. Evaluating React DOM (~200 KB) and starting the hydration in one go is a single long
// task on a phone's CPU, which blocks a tap for its whole length; two shorter ones do not.
setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
