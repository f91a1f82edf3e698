import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { siteImages, siteImageVariants } from "../../db/schema/index.ts";
import type { ProcessedImage } from "./images.ts";

/** Stores an upload and its copies together: a picture is served whole or not at all. */
export async function insertImage(db: Db, original: Buffer, image: ProcessedImage, userId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siteImages)
      .values({ original, contentType: image.type, width: image.width, height: image.height, uploadedBy: userId })
      .returning({ id: siteImages.id });
    if (!row) throw new Error("insert returned no row");
    await tx.insert(siteImageVariants).values(image.variants.map((variant) => ({ imageId: row.id, ...variant })));
    return row.id;
  });
}

/** One stored copy, or undefined. */
export async function findVariant(db: Db, imageId: number, width: number, format: "avif" | "webp") {
  const [row] = await db
    .select({ content: siteImageVariants.content })
    .from(siteImageVariants)
    .where(
      and(
        eq(siteImageVariants.imageId, imageId),
        eq(siteImageVariants.width, width),
        eq(siteImageVariants.format, format),
      ),
    );
  return row?.content;
}
