import { BUSINESS_TIME_ZONE } from "@app/shared/constants";

// The business keeps Ecuador's time: due times, days of clicks, weeks and months of the figures. Ecuador (America/Guayaquil) has kept UTC-5
// all year since 1993, so a wall-clock time there is one instant, never two or none.

const OFFSET = "-05:00";

/** `2026-12-01T09:30` in Ecuador, as an instant. */
export const fromBusinessTime = (local: string) => new Date(`${local}:00${OFFSET}`);

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day in Ecuador, `YYYY-MM-DD`. */
export const businessDay = (instant: Date) => dayFormat.format(instant);
