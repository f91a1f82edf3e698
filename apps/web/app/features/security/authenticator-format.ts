// How the authenticator app's set-up is shown: the secret readable aloud, the server's QR code as an image.

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP": groups of four are easier to type into an app. */
export const groupSecret = (secret: string) => (secret.replace(/\s/g, "").match(/.{1,4}/g) ?? []).join(" ");

/**
 * The server's SVG as a `data:` URL for an <img>: an image cannot run scripts nor touch the page,
 * which inserting the markup (innerHTML) could. Base64 of its UTF-8 bytes, as `btoa` wants Latin-1.
 */
export function svgDataUrl(svg: string) {
  let binary = "";
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}
