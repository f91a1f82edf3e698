import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, type DownloadedFile, filenameOf } from "./api-client";

describe("files from the API", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the name from Content-Disposition", () => {
    expect(filenameOf('attachment; filename="contactos-2026-11-22.csv"')).toBe("contactos-2026-11-22.csv");
    expect(filenameOf("attachment; filename*=UTF-8''datos%20de%20Ana.json")).toBe("datos de Ana.json");
    expect(filenameOf("attachment")).toBeUndefined();
    expect(filenameOf(null)).toBeUndefined();
  });

  it("returns the body as a file, byte for byte (the BOM included)", async () => {
    const body = '\uFEFF"Nombre"\r\n';
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, { headers: { "content-disposition": 'attachment; filename="x.csv"' } })),
    );
    const file = await apiRequest<DownloadedFile>("/client-message/export", { file: true });
    expect(file.filename).toBe("x.csv");
    expect(new Uint8Array(await file.blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("still throws the API's error for a refused file", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "No existe ese contacto." }), { status: 404 })),
    );
    await expect(apiRequest("/clients/9/data-export", { file: true })).rejects.toEqual(
      new ApiError(404, "No existe ese contacto."),
    );
  });
});
