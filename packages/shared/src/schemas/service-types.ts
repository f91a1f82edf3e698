import { z } from "zod";

const serviceTypeSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
});
export type ServiceType = z.infer<typeof serviceTypeSchema>;

export const serviceTypeListSchema = z.array(serviceTypeSchema);
