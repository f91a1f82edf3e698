import { REQUEST_NAVIGATION_DELAY_MS } from "@app/shared/constants";
import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { paths } from "~/lib/paths";
import { addRequestedTitle } from "./requested-titles";

/**
 * "Solicitar información": remembers the title and, after the spec's 200 ms (time for a dialog
 * to close), takes the person to the contact section of the home page.
 */
export function useRequestInformation() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (title: string) => {
      addRequestedTitle(title);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(paths.homeSection("contacto")), REQUEST_NAVIGATION_DELAY_MS);
    },
    [navigate],
  );
}
