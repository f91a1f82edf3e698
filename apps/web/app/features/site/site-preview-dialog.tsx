import type { SitePreview } from "@app/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog } from "~/components/ui/dialog";

const WIDTHS = [
  { label: "Teléfono", width: 375 },
  { label: "Escritorio", width: 1280 },
] as const;

/** The size of the box the page is shown in, followed as the window changes (the box comes and goes with the dialog). */
function useBoxSize() {
  const [size, setSize] = useState({ width: 0, height: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((box: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!box) return;
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.current.observe(box);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, size] as const;
}

/**
 * `Vista previa`: the real page, rendered by the server with the editor's content, at a phone's and
 * a desktop's width (scaled down to fit). The frame runs no script: the page is its HTML and CSS,
 * which is how it first reaches every visitor.
 */
export function SitePreviewDialog({ preview, onClose }: { preview: SitePreview | null; onClose: () => void }) {
  const [width, setWidth] = useState<number>(WIDTHS[0].width);
  const [box, size] = useBoxSize();
  const scale = size.width > 0 ? Math.min(1, size.width / width) : 1;
  return (
    <Dialog open={preview !== null} onClose={onClose} labelledBy="vista-previa-titulo" className="w-full max-w-6xl">
      {preview && (
        <div className="flex h-[90svh] flex-col gap-3 p-4 md:p-6">
          <div>
            <h2 id="vista-previa-titulo" className="font-bold text-leaf-900 text-xl">
              Vista previa
            </h2>
            <p className="text-sm text-stone-700">
              Así se verá <strong>{preview.path}</strong> cuando publiques. Nada cambió aún para los visitantes; solo el
              personal que inició sesión ve esta vista.
            </p>
          </div>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Ancho de la vista previa</legend>
            {WIDTHS.map((option) => (
              <button
                key={option.width}
                type="button"
                aria-pressed={width === option.width}
                onClick={() => setWidth(option.width)}
                className={`${width === option.width ? buttonStyles.primary : buttonStyles.secondary} min-h-11`}
              >
                {option.label} ({option.width} px)
              </button>
            ))}
          </fieldset>
          <div ref={box} className="min-h-0 flex-1 overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-300">
            <iframe
              title={`Vista previa de ${preview.path} a ${width} px`}
              srcDoc={preview.html}
              // Same origin for its stylesheet and pictures; no script, no form, no navigation away.
              sandbox="allow-same-origin"
              style={{
                width,
                height: scale > 0 ? size.height / scale : size.height,
                transform: `scale(${scale})`,
                transformOrigin: "top left",
              }}
              className="border-0 bg-white"
            />
          </div>
          <div className="flex justify-end">
            <button type="button" onClick={onClose} className={`${buttonStyles.secondary} min-h-11`}>
              Cerrar
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
