/**
 * How long to wait, as a person reads it: "1 segundo", "45 segundos", "1 minuto", "3 minutos".
 * The API's 429 sentences and the browser's own (when a 429 came without a message) both use it,
 * so a person reads the same words whichever side wrote them. Part seconds round up.
 */
export function waitText(seconds: number) {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} ${whole === 1 ? "segundo" : "segundos"}`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
}
