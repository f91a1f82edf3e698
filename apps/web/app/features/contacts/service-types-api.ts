import type { ServiceType } from "@app/shared";
import { useEffect, useState } from "react";
import { apiRequest } from "~/lib/api-client";

let cached: Promise<ServiceType[]> | undefined;

/** `GET /api/service-types` (ids and titles), asked once per page load; asked again after a failure. */
function loadServiceTypes() {
  cached ??= apiRequest<ServiceType[]>("/service-types").catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** The service types staff can attach to a message; null while loading or when the call failed. */
export function useServiceTypes() {
  const [types, setTypes] = useState<ServiceType[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    loadServiceTypes().then(
      (list) => active && setTypes(list),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, []);
  return { types, failed };
}
