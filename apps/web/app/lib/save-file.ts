import type { DownloadedFile } from "./api-client";

/**
 * Hands a file the API sent (fetched with the staff token, which a plain link cannot carry) to the
 * browser's downloads, under the name the server gave.
 */
export function saveFile({ blob, filename }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; give it a moment before freeing the memory.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
