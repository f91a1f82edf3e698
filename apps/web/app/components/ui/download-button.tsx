import { Download, LoaderCircle } from "lucide-react";
import { useState } from "react";
import type { DownloadedFile } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { saveFile } from "~/lib/save-file";
import { buttonStyles } from "./button-styles";

export type DownloadButtonProps = {
  label: string;
  /** Fetches the file with the staff token (a plain link cannot carry it). */
  download: () => Promise<DownloadedFile>;
};

/** A button that downloads a file from the API (`Exportar CSV`), saying so when it cannot. */
export function DownloadButton({ label, download }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const start = async () => {
    setBusy(true);
    setProblem("");
    try {
      saveFile(await download());
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-grid gap-1">
      <button type="button" onClick={start} disabled={busy} className={`${buttonStyles.secondary} min-h-11`}>
        {busy ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Download className="size-4" aria-hidden="true" />
        )}
        {label}
      </button>
      <span role="status" className="text-red-700 text-sm empty:hidden">
        {problem}
      </span>
    </span>
  );
}
