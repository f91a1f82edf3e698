import { SERVICE_TYPE_TITLES } from "@app/shared/constants";
import { useEffect, useState } from "react";
import { apiRequest } from "~/lib/api-client";

let cached: Promise<string[]> | undefined;

/** The titles from GET /api/service-types, asked once per page load; the built-in 18 if it fails. */
function loadServiceTypeTitles() {
  cached ??= apiRequest<{ id: number; title: string }[]>("/service-types")
    .then((list) => (list.length > 0 ? list.map((item) => item.title) : [...SERVICE_TYPE_TITLES]))
    .catch((error: unknown) => {
      console.warn("No se pudo cargar la lista de servicios; se usa la lista incluida.", error);
      cached = undefined;
      return [...SERVICE_TYPE_TITLES];
    });
  return cached;
}

/** The service types the form offers: the built-in list first (it is what the page was built with). */
export function useServiceTypeTitles(): string[] {
  const [titles, setTitles] = useState<string[]>([...SERVICE_TYPE_TITLES]);
  useEffect(() => {
    let active = true;
    loadServiceTypeTitles().then((loaded) => active && setTitles(loaded));
    return () => {
      active = false;
    };
  }, []);
  return titles;
}
