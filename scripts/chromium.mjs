// The one description of how we start Debian's Chromium, shared by the browser tests and the
// benchmarks: never a downloaded browser (`npx playwright install` fails without internet and is never
// needed), no background traffic on a closed network.
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
